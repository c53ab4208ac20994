import { readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSurfaceRequest, ApiSymbol } from '../libs/boundver/src/api-surface/api-surface-types.js';
import { createTypescriptApiProvider } from '../libs/boundver/src/api-surface/typescript-api.js';
import { type TempRepo, createTempRepo } from './support/temp-repo.js';

/*
 * The typescript-api provider on libraries the real `@nx/js:library` generator (the installed
 * 23.2.1) writes into a TS-solution workspace shaped like `create-nx-workspace --preset=ts`:
 * `packages/calc` with bundler tsc (package.json points at ./dist, with the workspace's custom
 * `@ws/source` condition at ./src/index.ts) and `packages/money` with bundler none (package.json
 * points at ./src/index.ts). The generator runs in-process, offline, in well under a second; the
 * generated files are committed, and the provider reads them through a snapshot map, never the disk.
 */

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

interface GeneratorTree {
  listChanges(): unknown[];
}
interface NxTreeModule {
  FsTree: new (root: string, verbose: boolean) => GeneratorTree;
  flushChanges(root: string, changes: unknown[]): void;
}
type LibraryGenerator = (tree: GeneratorTree, options: Record<string, unknown>) => Promise<unknown>;

const WORKSPACE = {
  'package.json': `${JSON.stringify({ name: '@ws/source', version: '0.0.0', private: true, workspaces: ['packages/*'], devDependencies: { '@nx/js': '23.2.1', nx: '23.2.1', typescript: '5.9.3' } }, null, 2)}\n`,
  'nx.json': `${JSON.stringify({ plugins: [{ plugin: '@nx/js/typescript', options: { typecheck: { targetName: 'typecheck' }, build: { targetName: 'build', configName: 'tsconfig.lib.json' } } }] }, null, 2)}\n`,
  'tsconfig.base.json': `${JSON.stringify(
    {
      compilerOptions: {
        composite: true,
        declarationMap: true,
        emitDeclarationOnly: true,
        importHelpers: true,
        isolatedModules: true,
        lib: ['es2022'],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        target: 'es2022',
        customConditions: ['@ws/source'],
      },
    },
    null,
    2,
  )}\n`,
  'tsconfig.json': `${JSON.stringify({ extends: './tsconfig.base.json', compileOnSave: false, files: [], references: [] }, null, 2)}\n`,
  '.gitignore': 'node_modules\ndist\n',
};

let repo: TempRepo;
/** The committed snapshot: repository-relative path → text. */
let snapshot: Record<string, string>;
let generateMs = 0;

beforeAll(async () => {
  repo = createTempRepo(WORKSPACE);
  // The workspace's own typescript (and the generator's dependencies), as an installed workspace has them.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(repo.dir, 'node_modules'), 'dir');
  const started = performance.now();
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  const { FsTree, flushChanges } = require('nx/src/generators/tree') as NxTreeModule;
  const { libraryGenerator } = require('@nx/js') as { libraryGenerator: LibraryGenerator };
  for (const [directory, bundler] of [
    ['packages/calc', 'tsc'],
    ['packages/money', 'none'],
  ] as const) {
    const tree = new FsTree(repo.dir, false);
    // skipPackageJson: no root dependency changes, so the generator schedules no npm install.
    await libraryGenerator(tree, { directory, bundler, unitTestRunner: 'none', linter: 'none', skipFormat: true, skipPackageJson: true, useProjectJson: false });
    flushChanges(repo.dir, tree.listChanges());
  }
  generateMs = performance.now() - started;
  repo.commit('nx g @nx/js:lib');
  snapshot = Object.fromEntries(
    repo
      .git('ls-files')
      .split('\n')
      .map((path) => [path, readFileSync(join(repo.dir, ...path.split('/')), 'utf8')]),
  );
});
afterAll(() => repo?.dispose());

function request(tree: Record<string, string>, componentPath: string): ApiSurfaceRequest {
  return {
    componentName: componentPath.split('/').pop()!,
    componentPath,
    entries: [],
    files: Object.keys(tree)
      .filter((path) => path.startsWith(`${componentPath}/`))
      .map((path) => path.slice(componentPath.length + 1))
      .sort(),
    options: null,
    repoRoot: repo.dir,
    read: async (path) => (path in tree ? new TextEncoder().encode(tree[path]) : undefined),
  };
}

async function surface(tree: Record<string, string>, componentPath = 'packages/calc'): Promise<Map<string, ApiSymbol>> {
  const result = await createTypescriptApiProvider().surface(request(tree, componentPath));
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return new Map(result.symbols.map((symbol) => [symbol.name, symbol]));
}

async function diff(edits: Record<string, (text: string) => string>) {
  const after = { ...snapshot };
  for (const [path, edit] of Object.entries(edits)) after[path] = edit(after[path] ?? '');
  const [left, right] = await Promise.all([surface(snapshot), surface(after)]);
  return {
    added: [...right.keys()].filter((name) => !left.has(name)),
    removed: [...left.keys()].filter((name) => !right.has(name)),
    changed: [...left.keys()].filter((name) => right.has(name) && right.get(name)!.text !== left.get(name)!.text),
  };
}

const LIB = 'packages/calc/src/lib/calc.ts';
const NONE = { added: [], removed: [], changed: [] };

describe('typescript-api on libraries nx g @nx/js:lib generated', () => {
  it('the generator wrote the shapes the provider reads', () => {
    expect(generateMs).toBeLessThan(60_000);
    expect(snapshot['packages/calc/src/index.ts']).toBe("export * from './lib/calc.js';\n");
    const calc = JSON.parse(snapshot['packages/calc/package.json']!);
    expect(calc.exports['.']).toEqual({ '@ws/source': './src/index.ts', types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' });
    expect(JSON.parse(snapshot['packages/money/package.json']!).exports['.']).toEqual({ types: './src/index.ts', import: './src/index.ts', default: './src/index.ts' });
  });

  it('finds the entry point from package.json and follows export * to the generated function', async () => {
    const provider = createTypescriptApiProvider();
    const [calc, money] = await Promise.all([provider.surface(request(snapshot, 'packages/calc')), provider.surface(request(snapshot, 'packages/money'))]);
    expect(calc).toEqual({ ok: true, symbols: [{ entry: 'src/index.ts', name: 'calc', kind: 'function', text: 'function calc(): string;' }] });
    expect(money).toEqual({ ok: true, symbols: [{ entry: 'src/index.ts', name: 'money', kind: 'function', text: 'function money(): string;' }] });
    expect(provider.stats.programs).toBe(1);
  });

  it('a new export, a removed export, a changed parameter type and a changed return type name the symbol', async () => {
    expect(await diff({ [LIB]: (text) => `${text}\nexport function fromCents(cents: number): number {\n  return cents / 100;\n}\n` })).toEqual({ ...NONE, added: ['fromCents'] });
    expect(await diff({ [LIB]: (text) => text.replace('export function calc', 'function calc') })).toEqual({ ...NONE, removed: ['calc'] });
    expect(await diff({ [LIB]: (text) => text.replace('calc(): string', 'calc(name = "calc"): string').replace("return 'calc';", 'return name;') })).toEqual({ ...NONE, changed: ['calc'] });
    expect(await diff({ [LIB]: (text) => text.replace('calc(): string', 'calc(): string | undefined') })).toEqual({ ...NONE, changed: ['calc'] });
  });

  it('a body edit, a comment, a private function and reformatting change nothing', async () => {
    expect(await diff({ [LIB]: (text) => text.replace("return 'calc';", "return ['c', 'a', 'l', 'c'].join('');") })).toEqual(NONE);
    expect(await diff({ [LIB]: (text) => `/** The library's name. */\n// more\n${text}` })).toEqual(NONE);
    expect(await diff({ [LIB]: (text) => `${text}\nfunction privateHelper(value: string): string {\n  return value;\n}\n` })).toEqual(NONE);
    expect(await diff({ [LIB]: (text) => text.replace("export function calc(): string {\n  return 'calc';\n}", 'export function calc (  ) : string { return "calc" }') })).toEqual(NONE);
  });

  it('follows a re-export chain index → lib/calc → lib/inner', async () => {
    const chain = {
      [LIB]: (text: string) => `export * from './inner.js';\n${text}`,
      'packages/calc/src/lib/inner.ts': () => 'export function inner(value: number): number {\n  return value;\n}\n',
    };
    expect(await diff(chain)).toEqual({ ...NONE, added: ['inner'] });
  });
});
