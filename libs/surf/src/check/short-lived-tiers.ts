import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { preferBaselineWasm } from '@driftgate/syntax';
import type { PoolTask } from '../pool/pool-task.js';

/** At most this many bytes to parse on the main thread count as "a few small files" for `CheckOptions.shortLived`. */
export const BASELINE_WASM_MAX_BYTES = 512 * 1024;

/**
 * At most this many bytes to parse in a short-lived check are parsed and hashed with V8's
 * optimising JavaScript compiler off: on so little work its background compile jobs cost more
 * than they save (an 80 KB file: about 70 ms less CPU, 20–40 ms less wall time; even at 118 KB;
 * at 235 KB 60 ms more wall time).
 */
export const NO_OPTIMIZER_MAX_BYTES = 96 * 1024;

/** Runs the parsing and hashing of a check under the tiers chosen for it. */
export type ParseRunner = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * V8's tiers for the parsing of a process that ends after it (a one-shot `surf check` parsing
 * on its main thread only), from the bytes `tasks` will parse: the baseline WebAssembly compiler
 * only (`preferBaselineWasm`, process-wide) up to {@link BASELINE_WASM_MAX_BYTES}, and the
 * optimising JavaScript compiler off during the parse up to {@link NO_OPTIMIZER_MAX_BYTES}
 * (back on after it, so a report over every claim is optimised as usual). Anything else runs as is.
 */
export async function shortLivedTiers(root: string, tasks: readonly PoolTask[], eligible: boolean): Promise<ParseRunner> {
  const asIs: ParseRunner = (work) => work();
  if (!eligible) return asIs;
  const bytes = await bytesToParse(root, tasks);
  if (bytes <= BASELINE_WASM_MAX_BYTES) preferBaselineWasm();
  // A process started with its own say on the JIT keeps it.
  const given = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  if (bytes > NO_OPTIMIZER_MAX_BYTES || given.some((arg) => /^--(?:no-opt|no-turbofan|jitless|turbofan|opt)\b/.test(arg))) return asIs;
  return async (work) => {
    setFlagsFromString('--no-opt');
    try {
      return await work();
    } finally {
      setFlagsFromString('--opt');
    }
  };
}

/** The bytes of the files the tasks parse, as they are on disk now (an unreadable file counts nothing). */
async function bytesToParse(root: string, tasks: readonly PoolTask[]): Promise<number> {
  const sizes = await Promise.all(tasks.map((task) => stat(join(root, ...task.file.split('/'))).then((s) => s.size, () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}
