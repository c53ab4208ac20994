import { type CheckResult, type LintFinding, type LintResult, loadWorkspace, runCheck, runVerify } from '@driftgate/surf';
import { SARIF_LIMITS, fromSurfCheck, fromSurfLint, renderReport } from '@driftgate/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoRun, runDemo } from './reports-demo.test-helpers.js';
import { createTempRepo, type TempRepo } from './support/temp-repo.js';
import { changedDivergence, checkResultOf } from './support/synthetic-divergences.js';

// SARIF that gates: GitHub code scanning fails a check only on `error` results (its default), so
// everything that fails the gate is an error whatever its advisory magnitude or facet, and only
// advisory findings are warnings or notes. Locations, categories and limits follow what GitHub
// and diff-filtering tools read.

const sarifOf = (report: Parameters<typeof renderReport>[0]): any => JSON.parse(renderReport(report, 'sarif').out);

const PRICING = `export function price(base: number, rate: number): number {
  return base * rate;
}
`;
const LEDGER = `def post(entry):
    return entry["amount"]
`;
const HUB = `---
summary: Prices and the ledger.
anchors:
  - claim: A price is the base amount multiplied by the rate.
    at: packages/pricing/index.ts > price
  - claim: The ledger books exactly the price it is given.
    at:
      - services/ledger/api.py > post
      - packages/pricing/index.ts > price
---
# Pricing

The pricing package computes every amount and the ledger books whatever pricing returns, so the
two agree on rounding; these claims say how, and they are re-read whenever the code moves.
`;
const CLOCK = { now: () => new Date('2026-01-02T03:04:05Z'), nowNs: () => 1_767_323_045_000_000_000n };

describe('SARIF levels and locations from a real check', () => {
  let repo: TempRepo;
  let check: CheckResult;
  let log: any;
  beforeAll(async () => {
    repo = createTempRepo({ 'surf.toml': 'hubs = ["hubs/*.md"]\nrecipe = 2\n', 'packages/pricing/index.ts': PRICING, 'services/ledger/api.py': LEDGER, 'hubs/pricing.md': HUB });
    await runVerify(await loadWorkspace(repo.dir), { clock: CLOCK });
    repo.commit('stamp');
    // One token changes: the smallest advisory magnitude, still a gate failure.
    repo.write({ 'packages/pricing/index.ts': PRICING.replace('base * rate', 'base + rate') });
    const workspace = await loadWorkspace(repo.dir);
    check = await runCheck(workspace, { workers: 0 });
    log = sarifOf(fromSurfCheck(check, { version: '0', project: 'pricing', workspace }));
  });
  afterAll(() => repo?.dispose());

  it('a gating divergence of small magnitude is an error, with the magnitude in properties and the message only', () => {
    const single = check.divergences.find((d) => d.sites.length === 1)!;
    expect(single).toMatchObject({ kind: 'changed', magnitude: 'small' });
    const result = log.runs[0].results.find((r: any) => r.properties.testcase.endsWith(':: packages/pricing/index.ts > price'));
    expect(result.level).toBe('error');
    expect(result.properties).toMatchObject({ gating: true, status: 'failed', magnitude: 'small' });
    expect(result.message.text).toContain('magnitude small');
    expect(result.message.text).toContain('advisory');
  });

  it('a multi-site claim is located on the span of the site that changed, with the hub line and every other site as related locations', () => {
    const multi = check.divergences.find((d) => d.sites.length === 2)!;
    expect(multi.kind).toBe('changed');
    expect(multi.changedSites).toEqual([1]);
    expect(multi.hubLine).toBeGreaterThan(4);
    const result = log.runs[0].results.find((r: any) => r.properties.testcase.includes('  +  '));
    expect(result.level).toBe('error');
    expect(result.locations).toEqual([
      { physicalLocation: { artifactLocation: { uri: 'packages/pricing/index.ts' }, region: { startLine: 1, startColumn: 8, endLine: 3, endColumn: 2 } } },
    ]);
    expect(result.relatedLocations).toEqual([
      { id: 1, physicalLocation: { artifactLocation: { uri: 'hubs/pricing.md' }, region: { startLine: multi.hubLine! } }, message: { text: 'the claim, in its hub' } },
      {
        id: 2,
        physicalLocation: { artifactLocation: { uri: 'services/ledger/api.py' }, region: { startLine: 1, startColumn: 1, endLine: 2, endColumn: 27 } },
        // Compared with the commit the claim was verified at, as a single-site claim's old code.
        message: { text: `site 1 of 2: services/ledger/api.py > post (unchanged since ${multi.oldCodeFrom!.slice(0, 12)})` },
      },
    ]);
  });

  it('one category per tool and command, and fingerprints that do not name the project', async () => {
    const workspace = await loadWorkspace(repo.dir);
    const other = sarifOf(fromSurfCheck(check, { version: '0', project: 'ledger', workspace }));
    expect(log.runs[0].automationDetails.id).toBe('driftgate/surf-check/');
    expect(other.runs[0].automationDetails.id).toBe(log.runs[0].automationDetails.id);
    expect(other.runs[0].results.map((r: any) => r.partialFingerprints)).toEqual(log.runs[0].results.map((r: any) => r.partialFingerprints));
    expect(JSON.stringify(log)).not.toContain('"pricing/"');
  });
});

describe('SARIF levels of boundver and lint', () => {
  let demo: DemoRun;
  beforeAll(async () => {
    demo = await runDemo();
  });
  afterAll(() => demo?.repo.dispose());

  it('a gated exact drift is an error, like every gated facet', () => {
    const results = sarifOf(demo.reports['boundver-verify']).runs[0].results;
    const exact = results.filter((r: any) => r.ruleId === 'boundver/exact');
    expect(exact.length).toBeGreaterThan(0);
    for (const result of exact) expect(result).toMatchObject({ level: 'error', properties: { gating: true } });
    for (const result of results) expect(result.level === 'error').toBe(result.properties.gating);
    expect(sarifOf(demo.reports['boundver-verify']).runs[0].automationDetails.id).toBe('driftgate/boundver-verify/');
  });

  it('only gating findings are errors: a lint warning is a warning', () => {
    const lint: LintResult = {
      findings: [finding('warn', 'hub has little prose'), finding('block', 'no symbol `nope` found at this path')],
      blocks: 1,
      warnings: 1,
      passed: false,
    };
    const results = sarifOf(fromSurfLint(lint, { version: '0' })).runs[0].results;
    expect(results.map((r: any) => [r.level, r.properties.gating])).toEqual([
      ['warning', false],
      ['error', true],
    ]);
  });
});

function finding(severity: LintFinding['severity'], message: string, n = 0): LintFinding {
  return { severity, hub: `hubs/h${n}.md`, at: `src/m${n}.ts > f`, message, claim: 'c', hubLine: 4 };
}

describe('GitHub upload limits', () => {
  it(`keeps at most ${SARIF_LIMITS.resultsPerRun} results per run, gating first, and ends with a note counting the rest`, () => {
    // 3,000 advisory warnings listed before 3,000 blocking findings: the blocking ones must all stay.
    const findings = [
      ...Array.from({ length: 3000 }, (_, n) => finding('warn', 'hub has little prose', n)),
      ...Array.from({ length: 3000 }, (_, n) => finding('block', 'no symbol `nope` found at this path', 3000 + n)),
    ];
    const log = sarifOf(fromSurfLint({ findings, blocks: 3000, warnings: 3000, passed: false }, { version: '0' }));
    expect(log.runs.length).toBeLessThanOrEqual(SARIF_LIMITS.runsPerFile);
    const results = log.runs[0].results;
    expect(results).toHaveLength(SARIF_LIMITS.resultsPerRun);
    expect(results.filter((r: any) => r.level === 'error')).toHaveLength(3000);
    expect(results.filter((r: any) => r.level === 'warning')).toHaveLength(SARIF_LIMITS.resultsPerRun - 1 - 3000);
    const last = results.at(-1);
    expect(last).toMatchObject({ ruleId: 'surf/results-omitted', level: 'note', properties: { omitted: 1001, omittedGating: 0 } });
    expect(last.message.text).toMatch(/^1001 more finding\(s\) left out of this log \(0 of them failing the gate\)/);
    expect(log.runs[0].tool.driver.rules[last.ruleIndex].id).toBe('surf/results-omitted');
    expect(last.locations).toHaveLength(1);
  });

  it('a surf check over the limit keeps the first gating divergences and counts the others', () => {
    const divergences = Array.from({ length: SARIF_LIMITS.resultsPerRun + 1 }, (_, n) => changedDivergence(n, 1));
    const log = sarifOf(fromSurfCheck(checkResultOf(divergences), { version: '0' }));
    const results = log.runs[0].results;
    expect(results).toHaveLength(SARIF_LIMITS.resultsPerRun);
    expect(results.at(-2).properties.testcase).toBe(`hubs/h${SARIF_LIMITS.resultsPerRun - 2}.md :: src/f${SARIF_LIMITS.resultsPerRun - 2}-0.ts > f`);
    expect(results.at(-1)).toMatchObject({ level: 'note', properties: { omitted: 2, omittedGating: 2 } });
    // Within the limit nothing is dropped and no note is added.
    const within = sarifOf(fromSurfCheck(checkResultOf(divergences.slice(0, 10)), { version: '0' }));
    expect(within.runs[0].results.map((r: any) => r.ruleId)).toEqual(Array(10).fill('surf/changed'));
    expect(within.runs[0].tool.driver.rules.map((r: any) => r.id)).not.toContain('surf/results-omitted');
  });

  it(`keeps at most ${SARIF_LIMITS.locationsPerResult} locations per result and says how many related ones were left out`, () => {
    const result = sarifOf(fromSurfCheck(checkResultOf([changedDivergence(0, 1200)]), { version: '0' })).runs[0].results[0];
    expect(result.locations).toHaveLength(1);
    expect(result.relatedLocations).toHaveLength(SARIF_LIMITS.locationsPerResult - 1);
    expect(result.relatedLocations[0].physicalLocation.artifactLocation.uri).toBe('hubs/h0.md');
    // 1,199 other sites and the hub line: 1,200 related, 999 kept.
    expect(result.message.text).toContain('related: 201 more location(s) not listed');
  });
});
