import { DEFAULT_FUZZ_RUNS, DEFAULT_FUZZ_SEED, DEFAULT_TIME_BOUND_MS } from './run-fuzz.js';

/** How the suite fuzzes: CI's fixed defaults, or what `npm run fuzz` passes through the environment. */
export interface FuzzSettings {
  readonly runs: number;
  readonly seed: number;
  readonly path: string | undefined;
  readonly timeBoundMs: number;
  /** How long one call may run before the watchdog calls it a hang and kills the process. */
  readonly hangMs: number;
  /** Target names to run; empty means all. */
  readonly targets: readonly string[];
}

function integer(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${JSON.stringify(text)}`);
  return value;
}

/** Reads FUZZ_RUNS, FUZZ_SEED, FUZZ_PATH, FUZZ_TIME_BOUND_MS, FUZZ_HANG_MS and FUZZ_TARGET (comma-separated). */
export function fuzzSettings(): FuzzSettings {
  const targets = (process.env['FUZZ_TARGET'] ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
  const path = process.env['FUZZ_PATH'];
  return {
    runs: integer('FUZZ_RUNS', DEFAULT_FUZZ_RUNS),
    seed: integer('FUZZ_SEED', DEFAULT_FUZZ_SEED),
    path: path === undefined || path === '' ? undefined : path,
    timeBoundMs: integer('FUZZ_TIME_BOUND_MS', DEFAULT_TIME_BOUND_MS),
    hangMs: integer('FUZZ_HANG_MS', 30_000),
    targets,
  };
}
