import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxWorkspace, createNxWorkspace } from './nx-workspace.js';
import { type Annotation, annotationProblem, parseXml, readAsDorny, readAsGitlab, readAsJenkins, readAsMikepenz } from './support/junit-consumers.js';

// The JUnit files one workspace run writes (`nx run-many -t verify-claims verify-boundary`, one
// file per target), read together the way each CI dashboard reads a job's reports: GitLab keys
// every case of the job by classname and name, dorny and mikepenz list every file's cases. The
// workspace holds a claim whose sites span two projects, two claims on one symbol, an
// unresolvable claim, a component drift and lock-wide findings: each must be listed once in the
// whole run, fail, and point at a file and line that exist. Built plugin: `npm run build` first.

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

const ADD = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
const FORMAT = 'export function format(n: number): string {\n  return n.toFixed(2);\n}\n';

const HUB = `---
type: concept
title: Totals
summary: How totals are added and shown.
anchors:
  - claim: Adding returns the exact sum.
    at: libs/calc/src/add.ts > add
  - claim: Addition never rounds.
    at: libs/calc/src/add.ts > add
  - claim: A total is added, then shown with two decimals.
    at:
      - libs/calc/src/add.ts > add
      - libs/format/src/format.ts > format
refs: []
---

# Totals
`;

const component = (path: string) => ({ path, ecosystem: 'npm', version_source: { file: 'package.json', field: 'version' }, boundary: { provider: 'path-hash', paths: ['src'] } });
const CONFIG = {
  project: 'totals',
  components: { calc: { ...component('libs/calc'), consumers: ['format'] }, format: component('libs/format'), gone: component('libs/gone') },
  slices: { display: { closure_of: 'calc', mode: 'boundary' } },
};

const TREE = {
  'package.json': json({ name: 'totals', version: '0.0.0', private: true, devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1' } }),
  'nx.json': json({ cacheDirectory: '.nx/cache', plugins: [{ plugin: '@driftgate/nx/plugin', options: { formats: ['junit'] } }] }),
  '.gitignore': 'node_modules\n.nx\nreports\n',
  'surf.toml': 'hubs = ["hubs/*.md"]\n',
  'hubs/totals.md': HUB,
  'libs/calc/package.json': json({ name: 'calc', version: '1.0.0', private: true }),
  'libs/calc/project.json': json({ name: 'calc', projectType: 'library' }),
  'libs/calc/src/add.ts': ADD,
  'libs/format/package.json': json({ name: 'format', version: '1.0.0', private: true }),
  'libs/format/project.json': json({ name: 'format', projectType: 'library' }),
  'libs/format/src/format.ts': FORMAT,
  'libs/gone/package.json': json({ name: 'gone', version: '1.0.0', private: true }),
  'libs/gone/project.json': json({ name: 'gone', projectType: 'library' }),
  'libs/gone/src/index.ts': 'export const gone = true;\n',
  'boundary.config.json': json(CONFIG),
};

let ws: NxWorkspace;
let files: string[];
let xml: string[];
let tracked: Set<string>;

beforeAll(() => {
  ws = createNxWorkspace(TREE);
  const setup = ws.nx('run-many', '-t', 'stamp-claims', 'generate-boundary');
  if (setup.status !== 0) throw new Error(`setup failed:\n${setup.output}`);
  ws.commit('stamped and locked');
  // A logic edit in each project (so calc's and format's components drift, and the display
  // slice with them), and `gone` leaves the config (REMOVED, config digest): lock-wide findings.
  const { gone: _gone, ...components } = CONFIG.components;
  // The stamped hub gains a claim on a symbol that does not exist.
  const hub = ws.read('hubs/totals.md').replace('refs: []', '  - claim: Multiplying is repeated addition.\n    at: libs/calc/src/add.ts > mul\nrefs: []');
  ws.write({
    'hubs/totals.md': hub,
    'libs/calc/src/add.ts': ADD.replace('a + b', 'Math.round(a + b)'),
    'libs/format/src/format.ts': FORMAT.replace('toFixed(2)', 'toFixed(3)'),
    'boundary.config.json': json({ ...CONFIG, components }),
  });
  ws.commit('round sums, three decimals, drop gone');
  tracked = new Set(ws.git('ls-files').split('\n'));
  const run = ws.nx('run-many', '-t', 'verify-claims', 'verify-boundary', '--outputStyle=static');
  expect(run.status, run.output).not.toBe(0);
  const dir = join(ws.dir, 'reports');
  files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.xml'))
    .map((entry) => join(entry.parentPath, entry.name).slice(ws.dir.length + 1))
    .sort();
  xml = files.map((file) => readFileSync(join(ws.dir, file), 'utf8'));
}, 240_000);
afterAll(() => ws?.dispose());

/** A file of the repository and a line it has. */
function expectExistingPlace(where: Annotation | undefined, label: string): void {
  expect(annotationProblem(ws.dir, where), label).toBeUndefined();
}

/** Every gating problem of the run: four claims (two on `add`, the two-project one, `mul`), two components, three lock-wide findings. */
const FAILURES = [
  'surf/hubs/totals-md :: libs/calc/src/add.ts > add',
  'surf/hubs/totals-md :: libs/calc/src/add.ts > add #2',
  'surf/hubs/totals-md :: libs/calc/src/add.ts > add  +  libs/format/src/format.ts > format',
  'surf/hubs/totals-md :: libs/calc/src/add.ts > mul',
  'boundver/calc :: exact',
  'boundver/calc :: boundary',
  'boundver/format :: exact',
  'boundver/format :: boundary',
  'boundver/boundary-lock-json :: metadata',
  'boundver/boundary-lock-json :: removed components',
  'boundver/slices :: display',
].sort();

describe('the JUnit reports of one workspace run', () => {
  it('are one file per target that has something to check', () => {
    expect(files).toEqual([
      'reports/driftgate/libs/calc/verify-boundary.xml',
      'reports/driftgate/libs/calc/verify-claims.xml',
      'reports/driftgate/libs/format/verify-boundary.xml',
      'reports/driftgate/verify-boundary.xml',
    ]);
  });

  it('GitLab (one job, every file): no pair dropped, each problem once and failed', () => {
    const report = readAsGitlab(xml);
    expect(report.dropped).toEqual([]);
    expect(report.cases.length).toBe(xml.flatMap((text) => parseXml(text).children.flatMap((suite) => suite.children)).length);
    expect(report.cases.filter((c) => c.status === 'failed').map((c) => `${c.suite} :: ${c.name}`).sort()).toEqual(FAILURES);
    expect(report.cases.filter((c) => c.status === 'error')).toEqual([]);
  });

  it('dorny/test-reporter: each problem once across the files, failed, annotated at a tracked file and line', () => {
    const failed = xml.flatMap((text) => readAsDorny(text, tracked).cases.filter((c) => c.result === 'failed'));
    expect(failed).toHaveLength(FAILURES.length);
    for (const c of failed) expectExistingPlace(c.annotation, `dorny ${c.name}`);
  });

  it('mikepenz/action-junit-report: each problem once, annotated from its file and line attributes', () => {
    const failed = xml.flatMap((text) => readAsMikepenz(text).filter((c) => c.result === 'failed'));
    expect(failed).toHaveLength(FAILURES.length);
    for (const c of failed) {
      expect(c.fileFrom, c.name).toBe('attribute');
      expectExistingPlace(c.annotation, `mikepenz ${c.name}`);
    }
  });

  it('Jenkins: no class split at a file extension, no case twice', () => {
    const cases = xml.flatMap((text) => readAsJenkins(text));
    expect(cases.filter((c) => c.failed)).toHaveLength(FAILURES.length);
    expect(new Set(cases.map((c) => c.packageName))).toEqual(new Set(['(root)']));
    const pairs = cases.map((c) => `${c.className}#${c.name}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});
