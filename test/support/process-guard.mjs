// Runs one command so that nothing it starts can outlive it: `node process-guard.mjs <deadline-ms>
// <command> [args...]`, started as the leader of a new process group (spawn with `detached`). The
// command runs in that group with the guard's stdout and stderr. The whole group is killed
//   - when the command exits (anything it left behind in the group; the count goes to stderr),
//   - when the deadline passes (SIGTERM, then SIGKILL after a grace period),
//   - when the process that started the guard is gone (the guard is re-parented), e.g. a test
//     worker killed before its cleanup ran.
// The guard exits with the command's exit code, or 128 + the signal number that ended it.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { constants } from 'node:os';

const GRACE_MS = 3_000;
const [deadlineArg, command, ...args] = process.argv.slice(2);
const deadlineMs = Number(deadlineArg);
if (!command || !Number.isFinite(deadlineMs) || deadlineMs <= 0) {
  process.stderr.write('usage: process-guard.mjs <deadline-ms> <command> [args...]\n');
  process.exit(2);
}
const parent = process.ppid;
const group = process.pid;

/** Members of this process group other than the guard (Linux /proc; empty elsewhere). */
function others() {
  const pids = [];
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === group) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command name: state, ppid, pgrp, ...
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === group) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

function signalOthers(signal) {
  for (const pid of others()) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** SIGTERM to every other member, then SIGKILL to the whole group (the guard included) after the grace period. */
function abort(reason) {
  process.stderr.write(`\nprocess-guard: ${reason}; stopping ${command} and everything it started\n`);
  signalOthers('SIGTERM');
  setTimeout(() => process.kill(-group, 'SIGKILL'), GRACE_MS).unref();
}

// A SIGTERM or SIGINT sent to the group reaches the command directly; the guard stays to clean up.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => abort(`received ${signal}`));

const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
child.on('error', (error) => {
  process.stderr.write(`process-guard: cannot start ${command}: ${error.message}\n`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  const left = others();
  if (left.length > 0) {
    process.stderr.write(`\nprocess-guard: ${command} exited and left ${left.length} process(es) in its group; killing them\n`);
    signalOthers('SIGKILL');
  }
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});

setTimeout(() => abort(`deadline of ${Math.round(deadlineMs / 1000)} s passed`), deadlineMs).unref();
setInterval(() => {
  if (process.ppid !== parent) abort('its owner is gone');
}, 1_000).unref();
