import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { verifyLock } from '@driftgate/boundver';
import { fromSurfCheck } from '@driftgate/report';
import { runCheck } from '@driftgate/surf';
import { REPORT_EXTENSIONS, REPORT_FORMAT_NAMES, fromBoundverVerify, renderReport } from '@driftgate/report';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoRun, runDemo } from './reports-demo.test-helpers.js';
import { type HostileRun, runHostile } from './reports-hostile-goldens.test-helpers.js';
import type { ReportFormat } from '@driftgate/report';

// Goldens of every format for the demo repository. Regenerate with UPDATE_GOLDENS=1; otherwise a
// difference fails with vitest's diff. A second, independently built copy of the repository in
// another temp directory must render byte-identically (no time, host or absolute path leaks).

const GOLDENS = fileURLToPath(new URL('../fixtures/report-goldens/', import.meta.url));
const UPDATE = process.env.UPDATE_GOLDENS === '1';

let first: DemoRun;
let second: DemoRun;

beforeAll(async () => {
  first = await runDemo();
  second = await runDemo();
});

afterAll(() => {
  first?.repo.dispose();
  second?.repo.dispose();
});

describe('report goldens of the demo repository', () => {
  it('the demo holds every case the goldens are meant to show', () => {
    expect(first.check.divergences.map((d) => d.kind)).toEqual(['changed', 'unverified', 'unresolvable', 'referenced_stale']);
    expect(first.check.divergences[0]!.magnitude).toBeDefined();
    expect(first.verify.exitCode).toBe(4);
    expect(first.verify.issues).toEqual(
      expect.arrayContaining([expect.stringMatching(/^MISMATCH pricing\.boundary: /), expect.stringMatching(/^MISMATCH ledger\.exact: /)]),
    );
  });

  it('surf-lint as human: a hub-level finding names the hub alone, without an empty anchor after ::', () => {
    const human = renderReport(first.reports['surf-lint'], 'human').out;
    expect(human).toContain('warning: hubs/pricing.md\n');
    expect(human).not.toMatch(/ :: $/m);
  });

  for (const name of ['surf-check', 'surf-lint', 'boundver-verify'] as const) {
    for (const format of REPORT_FORMAT_NAMES) {
      it(`${name} as ${format}`, () => {
        const actual = renderReport(first.reports[name], format).out;
        expect(renderReport(second.reports[name], format).out).toBe(actual);
        expect(actual).not.toContain(first.repo.dir);
        expectGolden(`${GOLDENS}${name}.${REPORT_EXTENSIONS[format]}`, actual);
      });
    }
  }
});

/** Compares with the golden file, or writes it under UPDATE_GOLDENS=1. */
function expectGolden(file: string, actual: string): void {
  if (UPDATE) {
    mkdirSync(GOLDENS, { recursive: true });
    writeFileSync(file, actual);
  }
  expect(existsSync(file), `missing golden ${file}; run with UPDATE_GOLDENS=1`).toBe(true);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

/** The CI-facing formats that carry untrusted text into workflow logs, summaries and merge requests. */
const HOSTILE_GOLDEN_FORMATS: readonly ReportFormat[] = ['github', 'markdown', 'codequality'];

describe('report goldens of hostile claim text, code, paths and component names', () => {
  let hostile: HostileRun;
  let hostileAgain: HostileRun;
  beforeAll(async () => {
    hostile = await runHostile();
    hostileAgain = await runHostile();
  });
  afterAll(() => {
    hostile?.repo.dispose();
    hostileAgain?.repo.dispose();
  });

  for (const name of ['hostile-surf-check', 'hostile-boundver-verify'] as const) {
    for (const format of HOSTILE_GOLDEN_FORMATS) {
      it(`${name} as ${format}`, () => {
        const actual = renderReport(hostile.reports[name], format).out;
        expect(renderReport(hostileAgain.reports[name], format).out).toBe(actual);
        expect(actual).not.toContain(hostile.repo.dir);
        expectGolden(`${GOLDENS}${name}.${REPORT_EXTENSIONS[format]}`, actual);
      });
    }
  }
});

describe('boundver results and cases', () => {
  it('SARIF locations point at the component or slice entry in the lock', () => {
    const lock = readFileSync(join(first.repo.dir, 'boundary.lock.json'), 'utf8').split('\n');
    const log = JSON.parse(renderReport(first.reports['boundver-verify'], 'sarif').out);
    const seen = log.runs[0].results.map((result: any) => {
      const [suite] = result.properties.testcase.split(' :: ');
      const line = lock[result.locations[0].physicalLocation.region.startLine - 1];
      expect(line).toBe(`    "${suite === 'slices' ? 'money' : suite}": {`);
      return suite;
    });
    expect(new Set(seen)).toEqual(new Set(['pricing', 'ledger', 'slices']));
  });

  it('maps an unavailable gated facet to a JUnit failure (never an <error>) and a non-gating observation to a skipped case', async () => {
    const result = await verifyLock({ cwd: first.repo.dir, source: 'working-tree', facets: ['compat', 'exact'] });
    expect(result.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^UNAVAILABLE FACET pricing\.compat: /)]));
    expect(result.observations).toEqual(expect.arrayContaining([expect.stringMatching(/^MISMATCH pricing\.boundary: /)]));
    const report = fromBoundverVerify(result, { version: '0' });
    const pricing = report.suites.find((suite) => suite.name === 'pricing')!;
    const byName = Object.fromEntries(pricing.cases.map((c) => [c.name, c]));
    expect(byName.compat).toMatchObject({ status: 'error', ruleId: 'boundver/unavailable-facet', level: 'error', gating: true });
    expect(byName.boundary).toMatchObject({ status: 'skipped', ruleId: 'boundver/boundary', level: 'none', gating: false });
    expect(byName.exact).toMatchObject({ status: 'failed', ruleId: 'boundver/exact' });
    const xml = renderReport(report, 'junit').out;
    expect(xml).toMatch(/<testcase classname="boundver\/pricing" name="compat" time="0" file="boundary\.lock\.json" line="\d+">\s*<failure message="UNAVAILABLE FACET pricing\.compat: [^"]*" type="boundver\/unavailable-facet"><!\[CDATA\[verdict: not evaluated /);
    expect(xml).not.toContain('<error');
    expect(xml).toMatch(/<testcase classname="boundver\/pricing" name="boundary" time="0" file="boundary\.lock\.json" line="\d+">\s*<skipped\/>\s*<system-out><!\[CDATA\[MISMATCH pricing\.boundary: [^\]]*\nobservation \(non-gating\): MISMATCH pricing\.boundary/);
    const sarif = JSON.parse(renderReport(report, 'sarif').out).runs[0].results;
    // A non-gating observation is advisory: a SARIF note (never an error, which would fail a code-scanning check).
    const observation = sarif.find((r: any) => r.ruleId === 'boundver/boundary');
    expect(observation).toMatchObject({ level: 'note', properties: { gating: false, status: 'skipped' } });
    expect(observation.kind).toBeUndefined();
    expect(sarif.find((r: any) => r.ruleId === 'boundver/unavailable-facet')).toMatchObject({ level: 'error' });
  });
});

describe('surf check cases', () => {
  it('lists passing claims only when the run was not scoped (the result names no clean in-scope claims)', async () => {
    const full = first.reports['surf-check'].suites.flatMap((suite) => suite.cases);
    expect(full.filter((c) => c.status === 'passed').map((c) => c.name)).toEqual(['packages/pricing/index.ts > discount']);
    const scoped = await runCheck(first.workspace, { files: ['packages/**'], workers: 0 });
    const cases = fromSurfCheck(scoped, { version: '0', workspace: first.workspace }).suites.flatMap((suite) => suite.cases);
    expect(cases.map((c) => `${c.name} ${c.status}`).sort()).toEqual(
      scoped.divergences.map((d) => `${d.kind === 'referenced_stale' ? `refs: ${d.at}` : d.at} ${d.kind === 'unresolvable' ? 'error' : 'failed'}`).sort(),
    );
  });
});
