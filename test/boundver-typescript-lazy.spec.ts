import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIT_TEST_ENV, type TempRepo, createTempRepo } from './support/temp-repo.js';

// The workspace's TypeScript is loaded only for a component whose boundary is typescript-api:
// with the workspace's typescript package broken (an install cut short), verifying a path-hash
// component still passes, and only the typescript-api one says it cannot load the compiler.

const BIN = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));
const TYPESCRIPT = fileURLToPath(new URL('../node_modules/typescript', import.meta.url));

function bv(cwd: string, args: string[]): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

let repo: TempRepo;
beforeAll(() => {
  repo = createTempRepo({
    'package.json': `${JSON.stringify({ name: 'acme', version: '0.0.0', private: true }, null, 2)}\n`,
    '.gitignore': 'node_modules/\n',
    'boundary.config.json': `${JSON.stringify(
      {
        project: 'acme',
        components: {
          plain: { path: 'libs/plain', boundary: { provider: 'path-hash', paths: ['src/index.ts'] } },
          typed: { path: 'libs/typed', boundary: { provider: 'typescript-api', paths: ['src/index.ts'] } },
        },
      },
      null,
      2,
    )}\n`,
    'libs/plain/src/index.ts': 'export const plain = 1;\n',
    'libs/typed/src/index.ts': 'export function typed(value: number): number {\n  return value;\n}\n',
  });
  mkdirSync(join(repo.dir, 'node_modules'));
  symlinkSync(TYPESCRIPT, join(repo.dir, 'node_modules', 'typescript'));
  const generated = bv(repo.dir, ['generate']);
  expect(generated.status, generated.out).toBe(0);
  repo.commit('boundary lock');
  // The package is there but does not load.
  rmSync(join(repo.dir, 'node_modules', 'typescript'));
  mkdirSync(join(repo.dir, 'node_modules', 'typescript'));
  writeFileSync(join(repo.dir, 'node_modules', 'typescript', 'package.json'), '{"name":"typescript","version":"5.9.3","main":"index.js"}\n');
  writeFileSync(join(repo.dir, 'node_modules', 'typescript', 'index.js'), "throw new Error('half-installed');\n");
}, 60_000);
afterAll(() => repo?.dispose());

describe('boundver loads TypeScript only for typescript-api components', () => {
  it('verifies a path-hash component without touching the compiler', () => {
    const run = bv(repo.dir, ['verify', '--components', 'plain']);
    expect(run.status, run.out).toBe(0);
  });

  it('fails only the typescript-api component, saying why', () => {
    const run = bv(repo.dir, ['verify', '--components', 'typed']);
    expect(run.status, run.out).toBe(2);
    expect(run.out).toContain('half-installed');
  });
});
