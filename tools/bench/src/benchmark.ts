/** A named benchmark; `run` prints its own report and returns when done. */
export interface Benchmark {
  name: string;
  description: string;
  run(options: BenchOptions): Promise<void>;
}

export interface BenchOptions {
  /** Directory for synthetic repositories; reused across runs when the seed matches. */
  workDir: string;
  /** Timed runs per side. */
  runs: number;
  /** Scale factor for the synthetic workload (1 = the size the issue names). */
  scale: number;
  /** `--ink`: other ink releases (`7.1.1`, `8.0.0+incremental`) the triage benchmark also measures. */
  ink?: readonly string[];
}
