import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIT_TEST_ENV, type TempRepo, createTempRepo } from './support/temp-repo.js';

// A typescript-api component re-exporting from an installed package (what libs/syntax does with
// `web-tree-sitter`) and from modules missing from the snapshot (a relative file, a tsconfig
// `paths` target): the two causes are told apart and each is said as it is, through the built CLI.
// The lock's bytes stay what they were: `unresolved:<digest of the re-export as written>`.

const BIN = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

function bv(cwd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const INDEX = 'packages/calc/src/index.ts';
const FILES: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: 'ws', private: true, devDependencies: { typescript: '5.9.3' }, dependencies: { 'tiny-query': '1.0.0' } }, null, 2)}\n`,
  '.gitignore': 'node_modules\n',
  'tsconfig.base.json': `${JSON.stringify({ compilerOptions: { paths: { '@ws/shared': ['packages/shared/src/index.ts'] } } }, null, 2)}\n`,
  'packages/calc/package.json': '{ "name": "@ws/calc", "version": "1.0.0" }\n',
  'packages/types/package.json': '{ "name": "@ws/types", "version": "1.0.0", "types": "src/index.ts" }\n',
  'packages/types/src/index.ts': 'export interface Money {\n  readonly cents: number;\n}\n',
  [INDEX]: 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  'boundary.config.json': `${JSON.stringify({ project: 'ws', components: { calc: { path: 'packages/calc', boundary: { provider: 'typescript-api', paths: ['src/index.ts'] } } } }, null, 2)}\n`,
};

const INSTALLED =
  "`src/index.ts#* from \"tiny-query\"`, `src/index.ts#Query` are re-exported from the installed package 'tiny-query': installed packages are outside the snapshot, so the API digest covers the re-export as written, not the package's declarations (nothing to add to git; to have their shape gated, declare them in the component instead of re-exporting them)";
const MISSING = '`src/index.ts#extra`, `src/index.ts#share` does not resolve: its module is not in the snapshot (`git add` a new file before generating, or fix the path)';

let repo: TempRepo;
let base: string;

beforeAll(() => {
  repo = createTempRepo(FILES);
  // An installed workspace: its own typescript, and a tiny package with types written here.
  mkdirSync(join(repo.dir, 'node_modules/tiny-query'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules/typescript'), join(repo.dir, 'node_modules/typescript'), 'dir');
  writeFileSync(join(repo.dir, 'node_modules/tiny-query/package.json'), '{ "name": "tiny-query", "version": "1.0.0", "types": "index.d.ts" }\n');
  writeFileSync(join(repo.dir, 'node_modules/tiny-query/index.d.ts'), 'export interface Query {\n  readonly text: string;\n}\n');
  // A workspace package of the repository, linked as npm workspaces link them.
  mkdirSync(join(repo.dir, 'node_modules/@ws'));
  symlinkSync('../../packages/types', join(repo.dir, 'node_modules/@ws/types'), 'dir');
  expect(bv(repo.dir, ['generate']).status).toBe(0);
  base = repo.commit('boundary lock');
});
afterAll(() => repo?.dispose());

describe('boundver on a re-export from an installed package', () => {
  it('says an installed package is outside the snapshot, and a missing module is to be added to git', () => {
    repo.git('reset', '-q', '--hard', base);
    writeFileSync(
      join(repo.dir, INDEX),
      `${readFileSync(join(repo.dir, INDEX), 'utf8')}export type { Query } from 'tiny-query';\nexport type { Money } from '@ws/types';\nexport * from 'tiny-query';\nexport { share } from '@ws/shared';\nexport { extra } from './extra.js';\n`,
    );
    repo.commit('re-exports');

    const verify = bv(repo.dir, ['verify']);
    expect(verify.status, verify.stdout).toBe(4);
    expect(verify.stdout).toContain(INSTALLED);
    expect(verify.stdout).toContain(MISSING);
    expect(verify.stdout).toContain(
      "`src/index.ts#Money` is re-exported from '@ws/types', a package of this repository linked into node_modules from packages/types: the snapshot does not follow node_modules, so the API digest covers the re-export as written, not its declarations (nothing to add to git; to have them followed, map '@ws/types' to its entry point in the root tsconfig's `paths`)",
    );
    // The installed package's names are never in the `git add` advice.
    expect(verify.stdout).not.toMatch(/Query`[^;]*does not resolve/);

    const why = bv(repo.dir, ['why', 'calc']);
    expect(why.stdout).toContain(
      "+ src/index.ts#Query  (added; re-exported from the installed package 'tiny-query', which the snapshot does not read: only the re-export as written is in the API digest)",
    );
    expect(why.stdout).toContain('+ src/index.ts#share  (added; it does not resolve: its module is not in the snapshot (`git add` a new file before generating, or fix the path))');
    const json = JSON.parse(bv(repo.dir, ['why', 'calc', '--format', 'json']).stdout);
    expect(why.stdout).toContain("+ src/index.ts#Money  (added; re-exported from '@ws/types', linked into node_modules from packages/types, which the snapshot does not follow: only the re-export as written is in the API digest)");
    expect(json.api_changes.unresolved_now).toEqual(['src/index.ts#* from "tiny-query"', 'src/index.ts#Money', 'src/index.ts#Query', 'src/index.ts#extra', 'src/index.ts#share']);
    expect(json.api_changes.unresolved_causes).toEqual([
      { symbol: 'src/index.ts#* from "tiny-query"', cause: 'package', specifier: 'tiny-query', package: 'tiny-query', installed: true, file: INDEX },
      { symbol: 'src/index.ts#Money', cause: 'package', specifier: '@ws/types', package: '@ws/types', installed: true, linked: 'packages/types', file: INDEX },
      { symbol: 'src/index.ts#Query', cause: 'package', specifier: 'tiny-query', package: 'tiny-query', installed: true, file: INDEX },
      { symbol: 'src/index.ts#extra', cause: 'module', specifier: './extra.js', file: INDEX },
      { symbol: 'src/index.ts#share', cause: 'module', specifier: '@ws/shared', file: INDEX },
    ]);

    // Generating says it once, as a note; the lock records the re-export exactly as before.
    const generated = bv(repo.dir, ['generate']);
    expect(generated.status, generated.stderr).toBe(0);
    expect(generated.stderr).toContain(
      "boundver: note: calc: packages/calc/src/index.ts re-exports `*`, `Query` from the installed package 'tiny-query'; installed packages are outside the snapshot, so the lock records the re-export as written, not the package's declarations: a change inside the package is not a boundary change. Nothing to add to git; to have their shape gated, declare them in the component instead of re-exporting them",
    );
    expect(generated.stderr).toContain(
      "boundver: note: calc: packages/calc/src/index.ts re-exports `Money` from '@ws/types', a package of this repository linked into node_modules from packages/types; the snapshot does not follow node_modules, so the lock records the re-export as written, not its declarations. Nothing to add to git; to have them followed, map '@ws/types' to its entry point in the root tsconfig's `paths`",
    );
    expect(generated.stderr).not.toContain('git add');
    const symbols = JSON.parse(readFileSync(join(repo.dir, 'boundary.lock.json'), 'utf8')).components.calc.boundary_metadata.api_symbols;
    const unresolved = (text: string) => `unresolved:${createHash('sha256').update(`unresolved\n${text}`).digest('hex').slice(0, 16)}`;
    expect(symbols['src/index.ts#Query']).toBe(unresolved('export { Query as Query } from "tiny-query";'));
    expect(symbols['src/index.ts#* from "tiny-query"']).toBe(unresolved('export * from "tiny-query";'));
    expect(symbols['src/index.ts#share']).toBe(unresolved('export { share as share } from "@ws/shared";'));
    // Verify after generate is clean and quiet about the package: nothing changed.
    const clean = bv(repo.dir, ['verify', '--source', 'working-tree']);
    expect(clean.status, clean.stdout).toBe(0);
    expect(clean.stderr).not.toContain('tiny-query');
  });

  it('names a package that is not installed as such', () => {
    repo.git('reset', '-q', '--hard', base);
    writeFileSync(join(repo.dir, INDEX), `${readFileSync(join(repo.dir, INDEX), 'utf8')}export { thing } from '@nowhere/pkg/sub';\n`);
    repo.commit('re-export from a package not installed');
    const verify = bv(repo.dir, ['verify']);
    expect(verify.status, verify.stdout).toBe(4);
    expect(verify.stdout).toContain(
      "`src/index.ts#thing` is re-exported from the package '@nowhere/pkg', which is not installed: packages are outside the snapshot, so the API digest covers the re-export as written (install it, or fix the specifier; nothing to add to git)",
    );
  });

  it('following the advice for a linked workspace package (map it in `paths`) is not sent to git either', () => {
    repo.git('reset', '-q', '--hard', base);
    writeFileSync(join(repo.dir, INDEX), `${readFileSync(join(repo.dir, INDEX), 'utf8')}export type { Money } from '@ws/types';\n`);
    repo.commit('re-export a workspace package');
    expect(bv(repo.dir, ['generate']).status).toBe(0);
    repo.commit('its lock, with the re-export unresolved');
    const tsconfig = { compilerOptions: { paths: { '@ws/shared': ['packages/shared/src/index.ts'], '@ws/types': ['packages/types/src/index.ts'] } } };
    writeFileSync(join(repo.dir, 'tsconfig.base.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
    repo.commit('map @ws/types');
    const verify = bv(repo.dir, ['verify']);
    expect(verify.status, verify.stdout).toBe(4);
    expect(verify.stdout).toContain(
      "changed `src/index.ts#Money`; the lock recorded `src/index.ts#Money` as unresolved ('@ws/types' is mapped by the tsconfig `paths` now; when the lock was generated it was not, or its file was not in the snapshot)",
    );
    expect(verify.stdout).not.toContain('git');
    const why = bv(repo.dir, ['why', 'calc']);
    expect(why.stdout).toContain("~ src/index.ts#Money  (signature changed; the lock recorded it unresolved: '@ws/types' is mapped by the tsconfig `paths` now;");
  });
});
