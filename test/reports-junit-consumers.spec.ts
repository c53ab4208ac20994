import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateLock } from '@driftgate/boundver';
import { loadWorkspace, runVerify } from '@driftgate/surf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { junitSchemaCheck } from './reports-validate.test-helpers.js';
import { dornyJavaFrame, javaFrameParts, readAsDorny, readAsDornyJavaJunit, readAsGitlab, readAsJenkins, readAsMikepenz, type Annotation, annotationProblem, dornyFrame, parseXml } from './support/junit-consumers.js';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

// The JUnit files the built CLIs write for a real repository, read the way each CI dashboard
// reads them (test/support/junit-consumers.ts): every gating problem must count as failed and be
// annotated at a file and line that exist, and no reader may merge two cases. The repository
// holds two claims on one symbol in one hub, an unresolvable claim, a claim whose sites span two
// files, and a boundver drift. Needs `npm run build` first, as `.ci/run` does.

const SURF = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));
const BOUNDVER = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));

const CALC = `export function add(a: number, b: number): number {
  return a + b;
}

export function sub(a: number, b: number): number {
  return a - b;
}
`;

const FORMAT = `export function format(n: number): string {
  return n.toFixed(2);
}
`;

const HUB = `---
summary: How the calculator adds, subtracts and formats.
anchors:
  - claim: Adding two numbers returns their sum.
    at: packages/calc/src/lib/calc.ts > add
  - claim: Addition never rounds its result.
    at: packages/calc/src/lib/calc.ts > add
  - claim: A difference is shown with two decimals.
    at:
      - packages/calc/src/lib/calc.ts > sub
      - packages/calc/src/lib/format.ts > format
  - claim: Multiplying is repeated addition (like add, in packages/calc/src/lib/calc.ts:1:1)
    at: packages/calc/src/lib/calc.ts > mul
---
# Calculator

The calculator package owns the arithmetic and its display. Sums and differences are exact, and
formatting is the only place where a number is rounded for people to read it.
`;

const CONFIG = {
  project: 'ws',
  components: { calc: { path: 'packages/calc', boundary: { provider: 'path-hash', paths: ['src/lib/calc.ts'] } } },
};

const CLOCK = { now: () => new Date('2026-01-02T03:04:05Z'), nowNs: () => 1_767_323_045_000_000_000n };

let repo: TempRepo;
let tracked: Set<string>;
const xml: Record<'claims' | 'lint' | 'boundary', string> = { claims: '', lint: '', boundary: '' };

function run(bin: string, args: string[]): number | null {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: repo.dir, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV, SURF_WORKERS: '0' } });
  if (result.error !== undefined) throw result.error;
  return result.status;
}

beforeAll(async () => {
  repo = createTempRepo({
    'surf.toml': 'hubs = ["hubs/*.md"]\n',
    'packages/calc/src/lib/calc.ts': CALC,
    'packages/calc/src/lib/format.ts': FORMAT,
    'hubs/ws-calc.md': HUB,
    'boundary.config.json': `${JSON.stringify(CONFIG, null, 2)}\n`,
  });
  await runVerify(await loadWorkspace(repo.dir), { clock: CLOCK });
  await generateLock({ cwd: repo.dir, source: 'working-tree' });
  repo.commit('stamp and lock');
  repo.write({
    'packages/calc/src/lib/calc.ts': CALC.replace('return a + b;', 'return Math.round(a + b);'),
    'packages/calc/src/lib/format.ts': FORMAT.replace('toFixed(2)', 'toFixed(3)'),
  });
  repo.commit('round sums, three decimals');
  tracked = new Set(repo.git('ls-files').split('\n'));
  expect(run(SURF, ['check', '--report', 'junit=reports/claims.xml'])).toBe(1);
  expect(run(SURF, ['lint', '--report', 'junit=reports/lint.xml'])).toBe(1);
  expect(run(BOUNDVER, ['verify', '--source', 'head', '--report', 'junit=reports/boundary.xml'])).toBe(4);
  for (const name of ['claims', 'lint', 'boundary'] as const) xml[name] = readFileSync(join(repo.dir, 'reports', `${name}.xml`), 'utf8');
});

afterAll(() => repo?.dispose());

/** A file of the repository and a line it has. */
function expectExistingPlace(where: Annotation | undefined, label: string): void {
  expect(annotationProblem(repo.dir, where), label).toBeUndefined();
}

/** How many gating problems each report holds. */
const GATING = {
  // Two changed claims on `add`, the two-file claim (format changed), the unresolvable `mul`.
  claims: 4,
  // `mul` points at nothing.
  lint: 1,
  // calc's exact and boundary facets drifted.
  boundary: 2,
} as const;

describe('the run behind the reports', () => {
  it('holds the cases the readers are tested on', () => {
    const claims = parseXml(xml.claims);
    const cases = claims.children.flatMap((suite) => suite.children);
    expect(cases.map((c) => c.attributes.name)).toEqual([
      'packages/calc/src/lib/calc.ts > add',
      'packages/calc/src/lib/calc.ts > add #2',
      'packages/calc/src/lib/calc.ts > sub  +  packages/calc/src/lib/format.ts > format',
      'packages/calc/src/lib/calc.ts > mul',
    ]);
    expect(cases.map((c) => c.children.find((child) => child.name === 'failure')?.attributes.type)).toEqual(['surf/changed', 'surf/changed', 'surf/changed', 'surf/unresolvable']);
    // A divergence is annotated at its code, a multi-site claim at one of its sites; an unresolvable claim at its hub line.
    expect(cases.map((c) => c.attributes.file)).toEqual(['packages/calc/src/lib/calc.ts', 'packages/calc/src/lib/calc.ts', expect.stringMatching(/^packages\/calc\/src\/lib\/(calc|format)\.ts$/), 'hubs/ws-calc.md']);
    expect(xml.boundary).toMatch(/type="boundver\/boundary"/);
    // Claim text that ends like a frame does not end like one in the body.
    expect(xml.claims).toContain('claim: Multiplying is repeated addition (like add, in packages/calc/src/lib/calc.ts:1:1).\n');
    for (const report of Object.values(xml)) {
      expect(report).not.toContain('<error');
      expect(report).not.toContain(repo.dir);
      expect(junitSchemaCheck(report).valid).toBe(true);
    }
  });
});

describe.each(['claims', 'lint', 'boundary'] as const)('%s.xml', (name) => {
  it('dorny/test-reporter: numeric times, every gating case failed, annotated from the first frame at a tracked file, the body\'s last line', () => {
    const report = readAsDorny(xml[name], tracked);
    expect(report.name).toMatch(/^(surf check|surf lint|boundver verify)$/);
    for (const time of [report.timeMs, ...report.suites.map((s) => s.timeMs), ...report.cases.map((c) => c.timeMs)]) expect(time).toBe(0);
    const failed = report.cases.filter((c) => c.result === 'failed');
    expect(failed).toHaveLength(GATING[name]);
    for (const c of failed) expectExistingPlace(c.annotation, `dorny ${c.name}`);
    // The frame is the body's last line and the only one that looks like a frame.
    for (const failure of parseXml(xml[name]).children.flatMap((suite) => suite.children).flatMap((c) => c.children.filter((child) => child.name === 'failure'))) {
      const lines = failure.text.split('\n');
      expect(lines.at(-1)).toMatch(/^at \S+ \(.+:\d+:\d+\)$/);
      expect(lines.filter((line) => /\(.*:\d+:\d+\)$/.test(line))).toHaveLength(1);
      // The line before it, when there is one of ours, is the java-junit form of the same place.
      if (/^at [\w$-]+(\.[\w$-]+)*\.[A-Z]\w*\.\w+\([^()]+:\d+\)$/.test(lines.at(-2) ?? '')) expect(lines.at(-2)).not.toMatch(/:\d+:\d+\)$/);
      expect(dornyFrame(lines.at(-1)!, tracked)).toEqual(dornyFrame(failure.text, tracked));
    }
  });

  it('dorny/test-reporter with `reporter: java-junit`: every failure on a file in a directory annotated at its place; root files (the lock) not', () => {
    const cases = readAsDornyJavaJunit(xml[name], tracked);
    const failed = cases.filter((c) => c.result === 'failed');
    expect(failed).toHaveLength(GATING[name]);
    const files = parseXml(xml[name]).children.flatMap((suite) => suite.children).filter((c) => c.children.some((child) => child.name === 'failure'));
    failed.forEach((c, i) => {
      const file = files[i]!.attributes.file!;
      if (file.includes('/')) {
        expect(c.annotation, `java-junit ${c.name}`).toEqual({ file, line: Number(files[i]!.attributes.line) });
      } else {
        // java-junit needs a package (a parent directory) to find a file: docs/ci.md says to use jest-junit.
        expect(c.annotation).toBeUndefined();
      }
    });
    if (name !== 'boundary') expect(failed.every((c) => c.annotation !== undefined)).toBe(true);
  });

  it('mikepenz/action-junit-report: every failure annotated from file/line attributes at a real line', () => {
    const cases = readAsMikepenz(xml[name]);
    const failed = cases.filter((c) => c.result === 'failed');
    expect(failed).toHaveLength(GATING[name]);
    for (const c of failed) {
      expect(c.fileFrom, c.name).toBe('attribute');
      expectExistingPlace(c.annotation, `mikepenz ${c.name}`);
    }
  });

  it('GitLab: classname as the suite, no case dropped, every gating case failed', () => {
    const report = readAsGitlab(xml[name]);
    expect(report.dropped).toEqual([]);
    expect(report.cases).toHaveLength(parseXml(xml[name]).children.flatMap((suite) => suite.children).length);
    expect(report.cases.filter((c) => c.status === 'failed')).toHaveLength(GATING[name]);
    expect(report.cases.filter((c) => c.status === 'error')).toEqual([]);
    for (const c of report.cases) {
      expect(c.suite).toMatch(/^(surf|boundver)\/[^.]+$/);
      expect(c.executionTime).toBe(0);
    }
  });

  it('Jenkins: one class per hub or component, in no package split at a file extension', () => {
    const cases = readAsJenkins(xml[name]);
    expect(cases.filter((c) => c.failed)).toHaveLength(GATING[name]);
    expect(new Set(cases.map((c) => c.packageName))).toEqual(new Set(['(root)']));
    const classes = [...new Set(cases.map((c) => c.className))].sort();
    expect(classes).toEqual(name === 'boundary' ? ['boundver/boundary-lock-json', 'boundver/calc'] : ['surf/hubs/ws-calc-md']);
    const pairs = cases.map((c) => `${c.packageName}.${c.className}#${c.name}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});

describe('the readers see the problems of the old report shape', () => {
  // The shape the reports had before: no times, dotted classnames, a repeated pair, an <error>,
  // a `location:` line instead of a frame.
  const OLD = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="3" failures="1" errors="1">
  <testsuite name="hubs/ws-calc.md" tests="3" failures="1" errors="1" skipped="0">
    <testcase classname="hubs/ws-calc.md" name="packages/calc/src/lib/calc.ts > add">
      <failure message="changed" type="surf/changed"><![CDATA[kind: changed
location: packages/calc/src/lib/calc.ts:1-3]]></failure>
    </testcase>
    <testcase classname="hubs/ws-calc.md" name="packages/calc/src/lib/calc.ts > add">
      <failure message="changed" type="surf/changed"><![CDATA[kind: changed]]></failure>
    </testcase>
    <testcase classname="hubs/ws-calc.md" name="packages/calc/src/lib/calc.ts > mul">
      <error message="unresolvable" type="surf/unresolvable"><![CDATA[location: hubs/ws-calc.md:14]]></error>
    </testcase>
  </testsuite>
</testsuites>
`;

  it('dorny: no name, NaN times, the <error> passes, no annotation', () => {
    const report = readAsDorny(OLD, new Set(['packages/calc/src/lib/calc.ts', 'hubs/ws-calc.md']));
    expect(report.name).toBeUndefined();
    expect(report.timeMs).toBeNaN();
    expect(report.cases.map((c) => c.result)).toEqual(['failed', 'failed', 'success']);
    expect(report.cases.every((c) => c.annotation === undefined)).toBe(true);
  });

  it('mikepenz: a file guessed from the classname that does not exist', () => {
    const cases = readAsMikepenz(OLD);
    expect(cases.map((c) => [c.fileFrom, c.annotation.file])).toEqual([
      ['classname', 'md'],
      ['classname', 'md'],
      ['classname', 'md'],
    ]);
  });

  it('GitLab drops the repeated pair; Jenkins splits at the extension', () => {
    expect(readAsGitlab(OLD).dropped.map((c) => c.name)).toEqual(['packages/calc/src/lib/calc.ts > add']);
    expect(readAsJenkins(OLD)[0]).toMatchObject({ packageName: 'hubs/ws-calc', className: 'md' });
  });

  it('a frame must name a tracked file and end its line', () => {
    const files = new Set(['a.ts']);
    expect(dornyFrame('at x (a.ts:3:4)', files)).toEqual({ file: 'a.ts', line: 3, column: 4 });
    expect(dornyFrame('at x (b.ts:3:4)', files)).toBeUndefined();
    expect(dornyFrame('at x (a.ts:3:4) more', files)).toBeUndefined();
    expect(dornyFrame('location: a.ts:3-4', files)).toBeUndefined();
  });

  it('java-junit takes `path:line` of a (path:line:column) frame as the file name, so only the Java form resolves', () => {
    const files = new Set(['src/lib/a.ts', 'a.ts']);
    expect(javaFrameParts('at surf/changed (src/lib/a.ts:3:4)')).toEqual({ trace: 'surf/changed ', fileName: 'src/lib/a.ts:3', line: 4 });
    expect(dornyJavaFrame('at surf/changed (src/lib/a.ts:3:4)', files)).toBeUndefined();
    expect(dornyJavaFrame('at src.lib.Surf.changed(a.ts:3)', files)).toEqual({ file: 'src/lib/a.ts', line: 3 });
    // The package must be the file's parent directories; a root file has none.
    expect(dornyJavaFrame('at other.Surf.changed(a.ts:3)', files)).toBeUndefined();
    expect(dornyJavaFrame('at Surf.changed(a.ts:3)', files)).toBeUndefined();
  });
});
