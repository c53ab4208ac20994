import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORT_EXTENSIONS } from '@driftgate/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoRun, runDemo } from './reports-demo.test-helpers.js';
import { GIT_TEST_ENV } from './support/temp-repo.js';

// The built CLIs route `--format` and `--report <format>=<path>` through the report format map:
// stdout in one format, any number of files in others, all byte-identical to the goldens (which
// the engines rendered directly). Needs `npm run build` first, as `.ci/run` does.

const SURF = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));
const BOUNDVER = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));
const golden = (name: string): string => readFileSync(fileURLToPath(new URL(`../fixtures/report-goldens/${name}`, import.meta.url)), 'utf8');

/** The goldens were rendered for project `report-demo`; the CLIs know no project, and SARIF names none, so the bytes are the same. */

let demo: DemoRun;

beforeAll(async () => {
  demo = await runDemo();
});

afterAll(() => demo?.repo.dispose());

function run(bin: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: demo.repo.dir, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV, SURF_WORKERS: '0' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const file = (path: string): string => readFileSync(join(demo.repo.dir, path), 'utf8');

describe('surf check / lint and boundver verify with --format and --report', () => {
  it('surf check prints JUnit and writes SARIF, JUnit and JSON files in one run', () => {
    const result = run(SURF, ['check', '--format', 'junit', '--report', 'sarif=reports/claims.sarif', '--report', 'junit=reports/claims.xml', '--report', 'json=out/check.json']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(golden('surf-check.xml'));
    expect(file('reports/claims.xml')).toBe(result.stdout);
    expect(file('reports/claims.sarif')).toBe(golden('surf-check.sarif'));
    expect(file('out/check.json')).toBe(golden('surf-check.json'));
    expect(readdirSync(join(demo.repo.dir, 'reports')).sort()).toEqual(['claims.sarif', 'claims.xml']);
  });

  it('--format json and human stay the tools’ own output', () => {
    expect(run(SURF, ['check', '--format', 'json']).stdout).toBe(golden('surf-check.json'));
    const human = run(SURF, ['check']);
    expect(human.stdout).toBe(golden('surf-check.txt'));
    expect(human.stderr).toContain('magnitude is advisory');
    expect(run(SURF, ['lint', '--format', 'json']).stdout).toBe(golden('surf-lint.json'));
    expect(run(BOUNDVER, ['verify', '--source', 'working-tree']).stdout).toBe(golden('boundver-verify.txt'));
    expect(run(BOUNDVER, ['verify', '--source', 'working-tree', '--format', 'human']).stdout).toBe(golden('boundver-verify.txt'));
  });

  it('surf lint prints SARIF', () => {
    const result = run(SURF, ['lint', '--format', 'sarif', '--report', 'human=reports/lint.txt']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(golden('surf-lint.sarif'));
    expect(file('reports/lint.txt')).toBe(golden('surf-lint.txt'));
  });

  it('boundver verify keeps its graded exit code and writes JUnit and SARIF', () => {
    const result = run(BOUNDVER, ['verify', '--source', 'working-tree', '--format', 'sarif', '--report', 'junit=reports/boundary.xml', '--report', 'json=reports/boundary.json']);
    expect(result.status).toBe(4);
    expect(result.stdout).toBe(golden('boundver-verify.sarif'));
    expect(file('reports/boundary.xml')).toBe(golden('boundver-verify.xml'));
    expect(file('reports/boundary.json')).toBe(golden('boundver-verify.json'));
  });

  for (const format of ['github', 'markdown', 'codequality'] as const) {
    const ext = REPORT_EXTENSIONS[format];
    it(`--format ${format} and --report ${format}=<path> for surf check and boundver verify`, () => {
      const check = run(SURF, ['check', '--format', format, '--report', `${format}=reports/claims.${ext}`]);
      expect(check.status).toBe(1);
      expect(check.stdout).toBe(golden(`surf-check.${ext}`));
      expect(file(`reports/claims.${ext}`)).toBe(check.stdout);
      const verify = run(BOUNDVER, ['verify', '--source', 'working-tree', '--format', format, '--report', `${format}=reports/boundary.${ext}`]);
      expect(verify.status).toBe(4);
      expect(verify.stdout).toBe(golden(`boundver-verify.${ext}`));
      expect(file(`reports/boundary.${ext}`)).toBe(verify.stdout);
    });
  }

  it('a bad --report or --format is a usage error (exit 2); an unwritable file too, after the gate output', () => {
    const unknown = run(SURF, ['check', '--report', 'xml=out.xml']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown report format "xml"');
    expect(run(SURF, ['lint', '--report', 'junit']).stderr).toContain('names no file; write it as junit=<path>');
    const format = run(SURF, ['check', '--format', 'xml']);
    expect(format.status).toBe(2);
    expect(format.stderr).toContain('Allowed choices are human, json, junit, sarif, github, markdown, codequality');
    expect(run(BOUNDVER, ['verify', '--report', 'pdf=x']).status).toBe(2);
    const unwritable = run(SURF, ['check', '--report', 'junit=surf.toml/x.xml']);
    expect(unwritable.status).toBe(2);
    expect(unwritable.stdout).toBe(golden('surf-check.txt'));
    expect(unwritable.stderr).toContain('surf: cannot write report surf.toml/x.xml');
    expect(existsSync(join(demo.repo.dir, 'out.xml'))).toBe(false);
  });
});
