import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Commands run through process-guard.mjs, each as its own process group, asynchronously (so a
 * vitest timeout can fire while one runs). Whatever a command starts ends with it; a command
 * that overruns its deadline is killed with its whole group; and if this process dies first,
 * each guard notices within a second and kills its group. `stopAllGuarded` (and this process's
 * exit) kills every group still running.
 */

const GUARD = fileURLToPath(new URL('./process-guard.mjs', import.meta.url));

/** The outcome of one command. */
export interface GuardedResult {
  /** Exit code (128 + n when signal n ended it), or null when the guard itself was killed. */
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr interleaved in arrival order. */
  readonly output: string;
  readonly ms: number;
  /** The deadline passed before the command ended. */
  readonly timedOut: boolean;
}

export interface GuardedOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Deadline for the command and everything it starts. */
  readonly timeoutMs: number;
  /** Called with each chunk of output as it arrives (progress logs). */
  readonly onOutput?: (chunk: string) => void;
}

/** A long-running command (a server): its process group id and a way to end it. */
export interface GuardedProcess {
  readonly pid: number;
  /** Resolves with the result when the command has ended. */
  readonly done: Promise<GuardedResult>;
  /** Output so far. */
  output(): string;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves when the guard has exited. */
  stop(graceMs?: number): Promise<GuardedResult>;
}

const live = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone
  }
}

process.once('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});

/** Starts `command` under a guard; returns at once. */
export function startGuarded(command: string, args: readonly string[], options: GuardedOptions): GuardedProcess {
  const started = Date.now();
  const child = spawn(process.execPath, [GUARD, String(options.timeoutMs), command, ...args], {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let stdout = '';
  let stderr = '';
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    output += chunk;
    options.onOutput?.(chunk);
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    output += chunk;
    options.onOutput?.(chunk);
  });
  const done = new Promise<GuardedResult>((resolve) => {
    let finished = false;
    const finish = (status: number | null) => {
      if (finished) return;
      finished = true;
      live.delete(child);
      // Anything that escaped the guard's own cleanup (the guard was killed) goes now.
      killGroup(child, 'SIGKILL');
      const ms = Date.now() - started;
      resolve({ status, stdout, stderr, output, ms, timedOut: ms >= options.timeoutMs });
    };
    child.once('error', (error) => {
      output += `\n${error.message}\n`;
      finish(null);
    });
    child.once('close', (code) => finish(code));
    // A process that left the group could hold the pipes open: do not wait for it past a moment.
    child.once('exit', (code) =>
      setTimeout(() => {
        child.stdout!.destroy();
        child.stderr!.destroy();
        finish(code);
      }, 2_000).unref(),
    );
  });
  return {
    pid: child.pid!,
    done,
    output: () => output,
    async stop(graceMs = 5_000) {
      if (live.has(child)) {
        killGroup(child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
        try {
          return await done;
        } finally {
          clearTimeout(timer);
        }
      }
      return done;
    },
  };
}

/** Runs `command` under a guard to completion. */
export function runGuarded(command: string, args: readonly string[], options: GuardedOptions): Promise<GuardedResult> {
  return startGuarded(command, args, options).done;
}

/** Kills every guarded command still running (SIGKILL to each group) and waits for them to end. */
export async function stopAllGuarded(): Promise<void> {
  const pending = [...live];
  for (const child of pending) killGroup(child, 'SIGKILL');
  await Promise.all(pending.map((child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('close', () => resolve())))));
}

/** Whether a process group still has members (signal 0 probes without sending). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
