import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxWorkspace, createNxWorkspace } from './nx-workspace.js';
import { GIT_TEST_ENV, type TempRepo, createTempRepo } from './support/temp-repo.js';

// A workspace whose installed compiler is TypeScript 7 (the native one, no JavaScript compiler
// API), installed for real from the registry once for this file: discovery and the Nx component
// generator propose `signatures` for TypeScript entry points and say why in one line, and verify
// of a typescript-api lock leads with the one cause instead of four derived mismatches.

const BIN = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

function bv(cwd: string, args: string[]): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

let cache: string;
const typescript7 = () => join(cache, 'node_modules', 'typescript');

/** Replaces the workspace's `typescript` (a link to ours, or nothing) with the installed 7.0.2. */
function installTypescript7(dir: string): void {
  rmSync(join(dir, 'node_modules', 'typescript'), { recursive: true, force: true });
  cpSync(typescript7(), join(dir, 'node_modules', 'typescript'), { recursive: true });
}

beforeAll(() => {
  cache = mkdtempSync(join(tmpdir(), 'driftgate-ts7-'));
  writeFileSync(join(cache, 'package.json'), '{ "name": "ts7-cache", "private": true }\n');
  const install = spawnSync('npm', ['i', 'typescript@7.0.2', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: cache, encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`npm i typescript@7.0.2 failed:\n${install.stdout}${install.stderr}`);
  expect(JSON.parse(readFileSync(join(typescript7(), 'package.json'), 'utf8')).version).toBe('7.0.2');
}, 120_000);
afterAll(() => rmSync(cache, { recursive: true, force: true }));

const FILES = {
  'package.json': `${JSON.stringify({ name: 'ws', private: true, devDependencies: { typescript: '7.0.2' } }, null, 2)}\n`,
  '.gitignore': 'node_modules\n',
  'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
  'libs/calc/package.json': '{ "name": "@ws/calc", "version": "1.0.0" }\n',
  'libs/calc/src/index.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
};

describe('boundver in a TypeScript 7 workspace', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = createTempRepo(FILES);
  });
  afterAll(() => repo?.dispose());

  it('init --discover proposes signatures for a TypeScript entry point and says why in one line', () => {
    installTypescript7(repo.dir);
    const run = bv(repo.dir, ['init', '--discover']);
    expect(run.status, run.out).toBe(0);
    const config = JSON.parse(readFileSync(join(repo.dir, 'boundary.config.json'), 'utf8'));
    expect(config.components['@ws/calc']).toEqual({ path: 'libs/calc', version_source: { file: 'package.json', field: 'version' }, boundary: { provider: 'signatures', paths: ['src/index.ts'] } });
    const why = run.out.split('\n').filter((line) => line.includes('typescript-api'));
    expect(why).toEqual(["Note: proposed the signatures provider for @ws/calc, not typescript-api: the workspace's typescript 7.0.2 has no compiler API (typescript-api needs typescript 5.x or 6.x)."]);
    rmSync(join(repo.dir, 'boundary.config.json'));
  });

  it('verify of a typescript-api lock leads with the one cause, not four derived mismatches', () => {
    writeFileSync(join(repo.dir, 'boundary.config.json'), `${JSON.stringify({ project: 'ws', components: { calc: { path: 'libs/calc', boundary: { provider: 'typescript-api', paths: ['src/index.ts'] } } } }, null, 2)}\n`);
    // The lock as a TypeScript 5 workspace wrote it; then the workspace moves to TypeScript 7.
    rmSync(join(repo.dir, 'node_modules'), { recursive: true, force: true });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(repo.dir, 'node_modules'), 'dir');
    const generated = bv(repo.dir, ['generate', '--source', 'working-tree']);
    expect(generated.status, generated.out).toBe(0);
    repo.commit('typescript-api lock');
    rmSync(join(repo.dir, 'node_modules'));
    installTypescript7(repo.dir);

    const run = bv(repo.dir, ['verify']);
    expect(run.status, run.out).toBe(2);
    expect(run.out).toContain('CANNOT VERIFY (1 issue):');
    expect(run.out).toContain("CURRENT DIGEST ERROR calc: the workspace's typescript package (7.0.2) has no compiler API");
    expect(run.out).not.toMatch(/METADATA MISMATCH|lockfile=\{'|current=None/);
    const [issues, observations] = run.out.split('NON-GATING DRIFT:');
    expect(issues).not.toContain('MISMATCH calc.');
    expect(observations).toMatch(/^ {2}MISMATCH calc\.boundary: lockfile=[0-9a-f]{12}\.\.\. current=none follows from the CURRENT DIGEST ERROR above \(and its status, metadata, errors\); fix that and it is compared again$/m);
  });
});

describe('nx g @driftgate/nx:component in a TypeScript 7 workspace', () => {
  let ws: NxWorkspace;
  beforeAll(() => {
    ws = createNxWorkspace({
      ...FILES,
      'package.json': `${JSON.stringify({ name: 'ws', version: '0.0.0', private: true, devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1', typescript: '7.0.2' } }, null, 2)}\n`,
      'nx.json': '{}\n',
      '.gitignore': 'node_modules/\n.nx/\n',
      'libs/calc/project.json': `${JSON.stringify({ name: 'calc', projectType: 'library' }, null, 2)}\n`,
    });
    installTypescript7(ws.dir);
  }, 120_000);
  afterAll(() => ws?.dispose());

  it('proposes signatures with the version source discovery proposes, and says why', { timeout: 120_000 }, () => {
    const run = ws.nx('g', '@driftgate/nx:component', 'calc', '--no-interactive');
    expect(run.status, run.output).toBe(0);
    expect(JSON.parse(ws.read('boundary.config.json')).components.calc).toEqual({
      path: 'libs/calc',
      version_source: { file: 'package.json', field: 'version' },
      boundary: { provider: 'signatures', paths: ['src/index.ts'] },
    });
    expect(run.output).toContain("proposed the signatures provider for calc, not typescript-api: the workspace's typescript 7.0.2 has no compiler API (typescript-api needs typescript 5.x or 6.x)");
  });
});
