import type { Divergence } from '@driftgate/surf';
import { describe, expect, it } from 'vitest';
import { fromSurfCheck } from '../adapt/from-surf-check.js';
import { fromSurfLint } from '../adapt/from-surf-lint.js';
import { mergeSarif } from './merge-sarif.js';
import { SARIF_LIMITS, renderSarif } from '../render/render-sarif.js';
import { ReportError } from './report-error.js';
import { changedClaim, checkResultOf } from '../../../../test/support/synthetic-divergences.js';

// Inputs are logs our renderer writes for check results as `surf check` returns them, scoped to
// one project each, as the Nx plugin's verify-claims targets write them.

const sarif = (divergences: Divergence[], project: string, version = '1.0.0'): string => renderSarif(fromSurfCheck(checkResultOf(divergences), { version, project })).out;
const cross = changedClaim('shared', ['packages/a/index.ts', 'packages/b/index.ts']);
const projectA = sarif([cross, changedClaim('a-only', ['packages/a/index.ts'])], 'a');
const projectB = sarif([cross, changedClaim('b-only', ['packages/b/index.ts'])], 'b');
const lint = renderSarif(fromSurfLint({ findings: [], blocks: 0, warnings: 0, passed: true }, { version: '1.0.0' })).out;

describe('mergeSarif', () => {
  it('one run per tool and category; the claim both projects report is one result', () => {
    const merged = mergeSarif([
      { file: 'reports/driftgate/a/verify-claims.sarif', text: projectA },
      { file: 'reports/driftgate/b/verify-claims.sarif', text: projectB },
    ]);
    const log = JSON.parse(merged.out);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const [run] = log.runs;
    expect(run.automationDetails.id).toBe('driftgate/surf-check/');
    expect(run.results.map((r: any) => r.message.text.split('\n')[0])).toEqual(
      JSON.parse(projectA)
        .runs[0].results.concat(JSON.parse(projectB).runs[0].results.slice(1))
        .map((r: any) => r.message.text.split('\n')[0]),
    );
    expect(run.results).toHaveLength(3);
    expect(merged).toMatchObject({ runs: 1, results: 3, duplicates: 1, omitted: 0, conflicts: [] });
    // Rules: the tool's table once, sorted by id; every ruleIndex points at its rule.
    const ids = run.tool.driver.rules.map((rule: any) => rule.id);
    expect(ids).toEqual([...JSON.parse(projectA).runs[0].tool.driver.rules.map((rule: any) => rule.id)].sort());
    for (const result of run.results) expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
  });

  it('is deterministic and idempotent, and keeps runs of other categories apart (sorted)', () => {
    const inputs = [
      { file: 'a.sarif', text: projectA },
      { file: 'b.sarif', text: projectB },
      { file: 'lint.sarif', text: lint },
    ];
    const merged = mergeSarif(inputs);
    expect(mergeSarif(inputs).out).toBe(merged.out);
    expect(JSON.parse(merged.out).runs.map((run: any) => run.automationDetails.id)).toEqual(['driftgate/surf-check/', 'driftgate/surf-lint/']);
    expect(mergeSarif([{ file: 'merged.sarif', text: merged.out }]).out).toBe(merged.out);
    expect(mergeSarif([{ file: 'again.sarif', text: merged.out }, { file: 'b.sarif', text: projectB }]).out).toBe(merged.out);
  });

  it('reports a rule defined differently by two inputs and keeps the first definition', () => {
    const other = JSON.parse(projectB);
    other.runs[0].tool.driver.rules[0].help.text = 'something else';
    const merged = mergeSarif([
      { file: 'a.sarif', text: projectA },
      { file: 'b.sarif', text: JSON.stringify(other) },
    ]);
    const ruleId = other.runs[0].tool.driver.rules[0].id;
    expect(merged.conflicts).toEqual([{ tool: 'surf', automationId: 'driftgate/surf-check/', ruleId, kept: 'a.sarif', dropped: 'b.sarif' }]);
    const rule = JSON.parse(merged.out).runs[0].tool.driver.rules.find((r: any) => r.id === ruleId);
    expect(rule).toEqual(JSON.parse(projectA).runs[0].tool.driver.rules[0]);
  });

  it(`keeps at most ${SARIF_LIMITS.resultsPerRun} results per run, errors first, and ends with a note counting the rest`, () => {
    const half = SARIF_LIMITS.resultsPerRun / 2 + 60;
    const many = (prefix: string): string =>
      sarif(Array.from({ length: half }, (_, n) => changedClaim(`${prefix}${n}`, [`packages/${prefix}/f${n}.ts`])), prefix);
    const warnings = JSON.parse(many('w'));
    for (const result of warnings.runs[0].results.slice(0, 100)) result.level = 'warning';
    const merged = mergeSarif([
      { file: 'w.sarif', text: JSON.stringify(warnings) },
      { file: 'x.sarif', text: many('x') },
    ]);
    const [run] = JSON.parse(merged.out).runs;
    expect(run.results).toHaveLength(SARIF_LIMITS.resultsPerRun);
    const note = run.results.at(-1);
    const left = 2 * half - (SARIF_LIMITS.resultsPerRun - 1);
    expect(note).toMatchObject({ ruleId: 'surf/results-omitted', level: 'note', properties: { omitted: left, omittedGating: left - 100 } });
    expect(run.tool.driver.rules[note.ruleIndex].id).toBe('surf/results-omitted');
    // The 100 warnings were the ones left out (with the latest errors).
    expect(run.results.filter((r: any) => r.level === 'warning')).toEqual([]);
    expect(merged).toMatchObject({ omitted: left, results: SARIF_LIMITS.resultsPerRun });
  });

  it('refuses what is not a SARIF 2.1.0 log, naming the file', () => {
    const bad = (text: string): ReportError => {
      try {
        mergeSarif([{ file: 'a.sarif', text: projectA }, { file: 'reports/x/bad.sarif', text }]);
      } catch (error) {
        return error as ReportError;
      }
      throw new Error('no error');
    };
    for (const [text, why] of [
      ['{ not json', 'is not JSON'],
      ['[]', 'not a JSON object'],
      [JSON.stringify({ version: '2.0.0', runs: [] }), '"2.0.0", not "2.1.0"'],
      [JSON.stringify({ version: '2.1.0' }), 'no "runs" array'],
      [JSON.stringify({ version: '2.1.0', runs: [{ tool: {} }] }), 'runs[0] has no tool.driver'],
      [JSON.stringify({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x', rules: [{}] } } }] }), 'rules is not a list'],
    ] as const) {
      const error = bad(text);
      expect(error).toBeInstanceOf(ReportError);
      expect(error.code).toBe('REPORT_BAD_SARIF');
      expect(error.message).toContain('reports/x/bad.sarif is not a SARIF 2.1.0 log');
      expect(error.message).toContain(why);
    }
  });

  it(`refuses more than ${SARIF_LIMITS.runsPerFile} categories instead of dropping runs`, () => {
    const base = JSON.parse(lint);
    const inputs = Array.from({ length: SARIF_LIMITS.runsPerFile + 1 }, (_, n) => {
      const log = structuredClone(base);
      log.runs[0].automationDetails.id = `driftgate/other-${String(n).padStart(2, '0')}/`;
      return { file: `${n}.sarif`, text: JSON.stringify(log) };
    });
    expect(() => mergeSarif(inputs)).toThrow(expect.objectContaining({ code: 'REPORT_SARIF_LIMIT' }));
    expect(JSON.parse(mergeSarif(inputs.slice(1)).out).runs).toHaveLength(SARIF_LIMITS.runsPerFile);
  });
});
