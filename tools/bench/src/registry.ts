import type { Benchmark } from './benchmark.js';

/** The single list of benchmarks `npm run bench -- <name>` knows. */
export const benchmarks: ReadonlyMap<string, Benchmark> = new Map<string, Benchmark>([]);
