import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { DEFAULT_SEED } from '../mutation/campaign.js';
import { discoverCorpora } from '../mutation/corpus.js';
import { campaignSeed } from '../mutation/mutation-benchmark.js';
import { type CoverageResult, formatCoverageReport, runCoverageCampaign } from './coverage-campaign.js';

const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * `npm run bench -- coverage`: the addressable-surface campaign over every corpus found on this
 * machine, 400 files per language at scale 1 (seed from `DRIFTGATE_MUTATION_SEED`, default
 * {@link DEFAULT_SEED}), then the per-language table.
 */
export const coverageBenchmark: Benchmark = {
  name: 'coverage',
  description: 'addressable-surface campaign on real code: public items (tree-sitter queries) that resolve, before and after the extended rules, and that suggest offers',
  async run(options: BenchOptions): Promise<void> {
    const seed = campaignSeed();
    const results: CoverageResult[] = [];
    for (const corpus of discoverCorpora(workspaceRoot)) {
      if (process.stderr.isTTY) process.stderr.write(`coverage: ${corpus.name}…\n`);
      results.push(await runCoverageCampaign(corpus, { seed, filesPerLanguage: Math.max(1, Math.round(400 * options.scale)) }));
    }
    process.stdout.write(formatCoverageReport(results, seed));
  },
};
