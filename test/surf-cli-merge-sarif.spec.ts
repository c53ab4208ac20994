// Black-box tests of `surf merge-sarif`: the built bins (`npm run build` first) write the SARIF
// files an Nx workspace's verify-claims and verify-boundary targets write, one per project, into a
// real temporary git repository, and `surf merge-sarif` turns them into one log.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubSarifProblems, sarifSchemaErrors } from './reports-validate.test-helpers.js';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

const SURF = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));
const BOUNDVER = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(bin: string, cwd: string, ...args: string[]): Run {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const A_V1 = 'export function total(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0);\n}\n';
const B_V1 = 'export function show(n: number): string {\n  return `${n}`;\n}\n';

const HUB = `---
summary: Totals and how they are shown.
anchors:
  - claim: A total is shown exactly as computed.
    at:
      - packages/a/index.ts > total
      - packages/b/index.ts > show
  - claim: A total adds every number.
    at: packages/a/index.ts > total
  - claim: A shown number has no unit.
    at: packages/b/index.ts > show
---
# Totals
`;

const CONFIG = {
  project: 'merge-demo',
  components: {
    a: { path: 'packages/a', boundary: { provider: 'path-hash', paths: ['index.ts'] } },
    b: { path: 'packages/b', boundary: { provider: 'path-hash', paths: ['index.ts'] } },
  },
};

let repo: TempRepo;
const REPORTS = 'reports/driftgate';

beforeAll(() => {
  if (!existsSync(join(SURF, '..', '..', 'dist', 'surf-cli.js'))) throw new Error('tools/surf is not built: run `npm run build` first');
  repo = createTempRepo({
    'surf.toml': 'hubs = ["hubs/*.md"]\n',
    'packages/a/index.ts': A_V1,
    'packages/b/index.ts': B_V1,
    'hubs/totals.md': HUB,
    'boundary.config.json': `${JSON.stringify(CONFIG, null, 2)}\n`,
  });
  expect(run(SURF, repo.dir, 'verify').code).toBe(0);
  expect(run(BOUNDVER, repo.dir, 'generate', '--source', 'working-tree').code).toBe(0);
  repo.commit('stamp and lock');
  repo.write({ 'packages/a/index.ts': A_V1.replace('0);', '1);'), 'packages/b/index.ts': B_V1.replace('`${n}`', '`${n} units`') });
  // What each project's targets write: surf check scoped to the project's files, boundver verify
  // of the project's component, each into the project's own report directory.
  for (const project of ['a', 'b']) {
    const claims = run(SURF, repo.dir, 'check', '--files', `packages/${project}/**`, '--format', 'json', '--report', `sarif=${REPORTS}/${project}/verify-claims.sarif`);
    expect(claims.code, claims.stderr).toBe(1);
    const boundary = run(BOUNDVER, repo.dir, 'verify', '--source', 'working-tree', '--components', project, '--report', `sarif=${REPORTS}/${project}/verify-boundary.sarif`);
    expect(boundary.code, boundary.stderr).not.toBe(0);
  }
});

afterAll(() => repo?.dispose());

const read = (path: string): any => JSON.parse(readFileSync(join(repo.dir, path), 'utf8'));

describe('surf merge-sarif', () => {
  it('merges a workspace of per-project reports into one valid log: one run per tool and command, the cross-project claim once', () => {
    const single = (project: string, kind: string): any => read(`${REPORTS}/${project}/${kind}.sarif`).runs[0];
    // The claim over both projects is in both projects' reports.
    const shared = (r: any): boolean => r.message.text.includes('exactly as computed');
    expect(single('a', 'verify-claims').results.filter(shared)).toHaveLength(1);
    expect(single('b', 'verify-claims').results.filter(shared)).toHaveLength(1);

    const merged = run(SURF, repo.dir, 'merge-sarif', REPORTS, '--out', 'reports/driftgate.sarif');
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toBe('');
    expect(merged.stderr).toBe('surf merge-sarif: 4 file(s) → reports/driftgate.sarif: 2 run(s), 7 result(s), 1 duplicate(s) dropped\n');
    const log = read('reports/driftgate.sarif');
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubSarifProblems(log)).toEqual([]);
    expect(log.runs.map((r: any) => [r.tool.driver.name, r.automationDetails.id])).toEqual([
      ['boundver', 'driftgate/boundver-verify/'],
      ['surf', 'driftgate/surf-check/'],
    ]);
    const [boundary, claims] = log.runs;
    expect(claims.results).toHaveLength(3);
    expect(claims.results.filter(shared)).toHaveLength(1);
    // Both components' findings sit in the one boundver run.
    const components = new Set(boundary.results.map((r: any) => r.properties.testcase.split(' :: ')[0]));
    expect(components).toEqual(new Set(['a', 'b']));
    expect(boundary.results.length).toBe(single('a', 'verify-boundary').results.length + single('b', 'verify-boundary').results.length);
    expect(JSON.stringify(log)).not.toContain(repo.dir);
  });

  it('prints to stdout with --out - (or without --out), the same bytes, and does not merge its own output again', () => {
    const file = run(SURF, repo.dir, 'merge-sarif', REPORTS, 'reports', '--out', 'reports/driftgate.sarif');
    expect(file.code, file.stderr).toBe(0);
    const dash = run(SURF, repo.dir, 'merge-sarif', `${REPORTS}/b`, `${REPORTS}/a`, '--out', '-');
    const none = run(SURF, repo.dir, 'merge-sarif', REPORTS);
    expect(dash).toEqual({ code: 0, stdout: readFileSync(join(repo.dir, 'reports/driftgate.sarif'), 'utf8'), stderr: '' });
    expect(none).toEqual(dash);
  });

  it('refuses a file that is not SARIF 2.1.0 with exit 2, naming it, and writes nothing', () => {
    mkdirSync(join(repo.dir, 'bad/c'), { recursive: true });
    writeFileSync(join(repo.dir, 'bad/c/verify-claims.sarif'), '{"version": "2.0.0", "runs": []}\n');
    const result = run(SURF, repo.dir, 'merge-sarif', REPORTS, 'bad', '--out', 'out/merged.sarif');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('bad/c/verify-claims.sarif is not a SARIF 2.1.0 log');
    expect(existsSync(join(repo.dir, 'out'))).toBe(false);
    writeFileSync(join(repo.dir, 'bad/notes.txt'), 'ignored: not *.sarif\n');
    writeFileSync(join(repo.dir, 'bad/c/verify-claims.sarif'), 'not json\n');
    const notJson = run(SURF, repo.dir, 'merge-sarif', 'bad');
    expect(notJson.code).toBe(2);
    expect(notJson.stdout).toBe('');
    expect(notJson.stderr).toMatch(/^surf: bad\/c\/verify-claims\.sarif is not a SARIF 2\.1\.0 log: it is not JSON/);
  });

  it('exits 2 when the merged log cannot be written', () => {
    const result = run(SURF, repo.dir, 'merge-sarif', REPORTS, '--out', 'surf.toml/merged.sarif');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^surf: cannot write report surf\.toml\/merged\.sarif: /);
  });

  it('exits 2 naming the paths searched when there is no SARIF file, or a path does not exist', () => {
    mkdirSync(join(repo.dir, 'empty/deep'), { recursive: true });
    const none = run(SURF, repo.dir, 'merge-sarif', 'empty', 'packages', '--out', 'out/merged.sarif');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^surf: no \*\.sarif file found in empty, packages;/);
    const missing = run(SURF, repo.dir, 'merge-sarif', 'nowhere');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^surf: nowhere does not exist;/);
    expect(run(SURF, repo.dir, 'merge-sarif').code).toBe(2);
    expect(readdirSync(repo.dir)).not.toContain('out');
  });
});
