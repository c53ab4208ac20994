import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { DEFAULT_SEED, runCorpusCampaign } from './campaign.js';
import { discoverCorpora } from './corpus.js';
import { formatCampaignReport } from './report.js';

const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The seed from `DRIFTGATE_MUTATION_SEED`, else the fixed default, so runs repeat exactly. */
export function campaignSeed(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['DRIFTGATE_MUTATION_SEED'];
  const seed = raw === undefined || raw === '' ? DEFAULT_SEED : Number(raw);
  if (!Number.isInteger(seed)) throw new Error(`DRIFTGATE_MUTATION_SEED must be an integer (got ${raw})`);
  return seed;
}

/**
 * `npm run bench -- mutation`: the campaign over every corpus found on this machine, about 3000
 * mutations and 1000 neutral edits per language at scale 1, then the per-language table.
 */
export const mutationBenchmark: Benchmark = {
  name: 'mutation',
  description: 'recipe-3 mutation campaign on real code (Python, Go and Rust stdlib, node_modules TS/JS): one-token logic edits must change the digest, neutral edits must not',
  async run(options: BenchOptions): Promise<void> {
    const seed = campaignSeed();
    const corpora = discoverCorpora(workspaceRoot);
    const campaign = {
      seed,
      mutationsPerLanguage: Math.max(1, Math.round(3000 * options.scale)),
      neutralPerLanguage: Math.max(1, Math.round(1000 * options.scale)),
    };
    const results = [];
    for (const corpus of corpora) {
      if (process.stderr.isTTY) process.stderr.write(`mutation: ${corpus.name}…\n`);
      results.push(await runCorpusCampaign(corpus, campaign));
    }
    process.stdout.write(formatCampaignReport(results, seed));
  },
};
