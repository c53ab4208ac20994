import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIT_TEST_ENV, type TempRepo, createTempRepo } from './support/temp-repo.js';

// An exported-API change is a finding of the boundary facet: every format puts the symbols that
// were added, removed or changed on the `boundary` case, first, and none on `exact` (whose
// digest moves with any byte). Real repository, the built bins.

const BOUNDVER = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));
const SURF = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));

function run(bin: string, cwd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const done = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV, CI: 'true' } });
  return { status: done.status, stdout: done.stdout, stderr: done.stderr };
}

const BEFORE = `export function parseAmount(text: string): number {
  return Number(text);
}

export function legacyTotal(amounts: number[]): number {
  return amounts.reduce((sum, amount) => sum + amount, 0);
}
`;
const AFTER = `export function parseAmount(text: string, radix = 10): number {
  return Number.parseInt(text, radix);
}

export function parseMoney(text: string): number {
  return Math.round(Number(text) * 100);
}
`;
const API = 'API CHANGE @ws/pricing: added `src/index.ts#parseMoney`; removed `src/index.ts#legacyTotal`; changed `src/index.ts#parseAmount`';

let repo: TempRepo;
beforeAll(() => {
  repo = createTempRepo({
    'surf.toml': '',
    'packages/pricing/package.json': '{ "name": "@ws/pricing", "version": "1.0.0" }\n',
    'packages/pricing/src/index.ts': BEFORE,
  });
  expect(run(BOUNDVER, repo.dir, ['init', '--discover']).status).toBe(0);
  repo.commit('components');
  expect(run(BOUNDVER, repo.dir, ['generate']).status).toBe(0);
  repo.commit('lock');
  repo.write({ 'packages/pricing/src/index.ts': AFTER });
  repo.commit('pricing parses money');
});
afterAll(() => repo?.dispose());

function verify(format: string): string {
  const done = run(BOUNDVER, repo.dir, ['verify', '--format', format]);
  expect(done.status, done.stderr).toBe(4);
  return done.stdout;
}

describe('an API change belongs to the boundary facet', () => {
  it('JUnit: on the boundary failure, in its message and first in its body; not on exact', () => {
    const junit = verify('junit');
    const cases = junit.split('<testcase ').slice(1);
    const boundary = cases.find((c) => c.includes('name="boundary"'))!;
    const exact = cases.find((c) => c.includes('name="exact"'))!;
    expect(boundary).toContain(`message="${API}`);
    expect(boundary).toContain(`<![CDATA[api change: ${API}\n`);
    expect(exact).not.toContain('API CHANGE');
  });

  it('SARIF, github and markdown name the symbols on the boundary result only', () => {
    const sarif = JSON.parse(verify('sarif')) as any;
    const results = sarif.runs[0].results as any[];
    const boundary = results.find((r) => r.ruleId === 'boundver/boundary');
    expect(boundary.message.text.startsWith(API)).toBe(true);
    expect(results.find((r) => r.ruleId === 'boundver/exact').message.text).not.toContain('API CHANGE');

    const github = verify('github').split('\n');
    expect(github.find((l) => l.includes('title=boundver/boundary'))).toContain(`::${API}`);
    expect(github.find((l) => l.includes('title=boundver/exact'))).not.toContain('API CHANGE');

    const markdown = verify('markdown');
    const sections = markdown.split('<details>').slice(1);
    expect(sections.find((s) => s.includes('boundver/boundary: @ws/pricing'))).toContain('parseMoney');
    expect(sections.find((s) => s.includes('boundver/exact: @ws/pricing'))).not.toContain('API CHANGE');
  });

  it('codequality names the symbols in the boundary issue', () => {
    const issues = JSON.parse(verify('codequality')) as any[];
    expect(issues.find((i) => i.check_name === 'boundver/boundary').description.startsWith(API)).toBe(true);
    expect(issues.find((i) => i.check_name === 'boundver/exact').description).not.toContain('API CHANGE');
  });

  it('surf triage --boundary (piped) shows the API change first under BOUNDARY', () => {
    const done = run(SURF, repo.dir, ['triage', '--boundary']);
    expect(done.status, done.stderr).toBe(1);
    const lines = done.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'BOUNDARY',
      `  ${API}`,
      '    MISMATCH @ws/pricing.boundary: ' + lines[2]!.split('MISMATCH @ws/pricing.boundary: ')[1],
    ]);
    expect(lines.filter((l) => l.includes('API CHANGE'))).toHaveLength(1);
  });
});
