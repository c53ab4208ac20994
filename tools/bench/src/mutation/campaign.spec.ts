import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LanguageResult, runCorpusCampaign } from './campaign.js';
import { discoverCorpora } from './corpus.js';
import { campaignSeed } from './mutation-benchmark.js';
import { formatCampaignReport, formatFinding, summarize } from './report.js';

const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const seed = campaignSeed();

describe('recipe 3 mutation campaign on real code', () => {
  let results: LanguageResult[] = [];

  beforeAll(async () => {
    const options = { seed, mutationsPerLanguage: 250, neutralPerLanguage: 100 };
    for (const corpus of discoverCorpora(workspaceRoot)) results.push(await runCorpusCampaign(corpus, options));
  });

  it('samples Python and TypeScript/JavaScript, which are always installed', () => {
    const valid = (name: string): number => {
      const r = results.find((x) => x.corpus === name);
      return r?.installed ? summarize(r).valid : 0;
    };
    expect(valid('python'), formatCampaignReport(results, seed)).toBeGreaterThanOrEqual(150);
    expect(valid('typescript') + valid('javascript'), formatCampaignReport(results, seed)).toBeGreaterThanOrEqual(150);
    for (const r of results.filter((x) => x.installed)) {
      expect(summarize(r).neutralTried, `${r.corpus} neutral edits`).toBeGreaterThanOrEqual(100);
    }
  });

  it('sees every valid one-token logic edit (no misses)', () => {
    const misses = results.flatMap((r) => r.misses);
    expect(misses.map(formatFinding), `recipe 3 missed ${misses.length} mutation(s)`).toEqual([]);
  });

  it('never changes a digest on a comment, whitespace, blank-line or CRLF edit (no false positives)', () => {
    const falsePositives = results.flatMap((r) => r.falsePositives);
    expect(falsePositives.map(formatFinding), `recipe 3 changed ${falsePositives.length} digest(s) on neutral edits`).toEqual([]);
  });

  it('reports a language whose corpus is missing as not installed', () => {
    const missing = results.filter((r) => !r.installed);
    const report = formatCampaignReport(results, seed);
    for (const r of missing) expect(report).toMatch(new RegExp(`^${r.corpus}\\s+not installed`, 'm'));
  });
});

describe('the report', () => {
  it('shows a corpus that is absent as "not installed", never as a pass', async () => {
    const absent = await runCorpusCampaign({ name: 'rust', installed: false, source: 'Rust standard library', files: [] }, { seed, mutationsPerLanguage: 10, neutralPerLanguage: 10 });
    const report = formatCampaignReport([absent], seed);
    expect(report).toMatch(/^rust\s+not installed/m);
    expect(report).not.toMatch(/100\.00%/);
  });
});
