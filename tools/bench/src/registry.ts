import type { Benchmark } from './benchmark.js';
import { boundverApiBenchmark } from './benchmarks/boundver-api.js';
import { boundverBenchmark } from './benchmarks/boundver.js';
import { gitBenchmark } from './benchmarks/git.js';
import { nxBenchmark } from './benchmarks/nx.js';
import { remoteCacheBenchmark } from './benchmarks/remote-cache.js';
import { surfHistoryBenchmark } from './benchmarks/surf-history.js';
import { surfLspBenchmark } from './benchmarks/surf-lsp.js';
import { surfLintBenchmark, surfRealCodeBenchmark } from './benchmarks/surf-lint-verify.js';
import { surfBenchmark } from './benchmarks/surf.js';
import { surfGrowthBenchmark } from './benchmarks/surf-growth.js';
import { surfWarmBenchmark } from './benchmarks/surf-warm.js';
import { triageBenchmark } from './benchmarks/triage.js';
import { mutationBenchmark } from './mutation/mutation-benchmark.js';
import { coverageBenchmark } from './surface/coverage-benchmark.js';

/** The single list of benchmarks `npm run bench -- <name>` knows. */
export const benchmarks: ReadonlyMap<string, Benchmark> = new Map<string, Benchmark>([
  [gitBenchmark.name, gitBenchmark],
  [boundverBenchmark.name, boundverBenchmark],
  [boundverApiBenchmark.name, boundverApiBenchmark],
  [surfBenchmark.name, surfBenchmark],
  [surfWarmBenchmark.name, surfWarmBenchmark],
  [surfGrowthBenchmark.name, surfGrowthBenchmark],
  [surfHistoryBenchmark.name, surfHistoryBenchmark],
  [surfLspBenchmark.name, surfLspBenchmark],
  [surfLintBenchmark.name, surfLintBenchmark],
  [surfRealCodeBenchmark.name, surfRealCodeBenchmark],
  [nxBenchmark.name, nxBenchmark],
  [remoteCacheBenchmark.name, remoteCacheBenchmark],
  [mutationBenchmark.name, mutationBenchmark],
  [coverageBenchmark.name, coverageBenchmark],
  [triageBenchmark.name, triageBenchmark],
]);
