import { Worker } from 'node:worker_threads';

/** Bytes of the current input kept for the hang report (the rest is cut). */
const INPUT_BYTES = 64 * 1024;

/**
 * A parser stuck in a loop never returns to the event loop, so no timer on its thread can fire
 * and the test runner's own timeout never triggers. The watchdog is a second thread that sees
 * progress through shared memory; when one call outlives the limit it writes the target, seed,
 * input number (a fast-check replay path) and the input itself straight to stderr, then kills
 * the process, so a hang fails the suite in seconds instead of stalling it.
 */
export interface HangWatchdog {
  /** Marks the start of one call; `path` replays the input with the seed. */
  enter(target: string, seed: number, path: string, input: unknown): void;
  /** Marks the end of the call. */
  leave(): void;
  /** Stops the watchdog thread. */
  stop(): Promise<void>;
}

// Plain JavaScript: the thread must start without the TypeScript toolchain of the test runner.
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const state = new Int32Array(workerData.state);
const bytes = new Uint8Array(workerData.text);
let seen = -1;
let since = Date.now();
setInterval(() => {
  const call = Atomics.load(state, 1);
  if (Atomics.load(state, 0) === 0 || call !== seen) {
    seen = call;
    since = Date.now();
    return;
  }
  if (Date.now() - since < workerData.limitMs) return;
  const report = new TextDecoder().decode(bytes.slice(0, Atomics.load(state, 2)));
  writeSync(2, '\\nfuzz: one call has not returned after ' + workerData.limitMs + ' ms (a hang): ' + report + '\\n');
  process.kill(process.pid, 'SIGKILL');
}, 250);
`;

/** Starts a watchdog that kills the process when one call runs longer than `limitMs`. */
export function startHangWatchdog(limitMs: number): HangWatchdog {
  const stateBuffer = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const textBuffer = new SharedArrayBuffer(INPUT_BYTES);
  const state = new Int32Array(stateBuffer);
  const bytes = new Uint8Array(textBuffer);
  const encoder = new TextEncoder();
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: { state: stateBuffer, text: textBuffer, limitMs } });
  worker.unref();
  return {
    enter(target, seed, path, input) {
      const report = JSON.stringify({ target, seed, replay: `npm run fuzz -- --target ${target} --seed ${seed} --path ${path}`, input: printable(input) });
      Atomics.store(state, 2, encoder.encodeInto(report, bytes).written);
      Atomics.add(state, 1, 1);
      Atomics.store(state, 0, 1);
    },
    leave() {
      Atomics.store(state, 0, 0);
    },
    async stop() {
      await worker.terminate();
    },
  };
}

/** Inputs are strings, byte arrays or records of them; JSON shows their escapes. */
function printable(input: unknown): unknown {
  if (input instanceof Uint8Array) return `bytes ${Buffer.from(input).toString('hex')}`;
  return input;
}
