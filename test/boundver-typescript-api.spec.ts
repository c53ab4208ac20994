import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSurfaceRequest, ApiSymbol } from '../libs/boundver/src/api-surface/api-surface-types.js';
import { createTypescriptApiProvider } from '../libs/boundver/src/typescript-api/typescript-api.js';
import { generateNxTsLibraries } from './support/nx-ts-libraries.js';
import type { TempRepo } from './support/temp-repo.js';

/*
 * The typescript-api provider on libraries the real `@nx/js:library` generator (the installed
 * 23.2.1) writes into a TS-solution workspace shaped like `create-nx-workspace --preset=ts`:
 * `packages/calc` with bundler tsc (package.json points at ./dist, with the workspace's custom
 * `@ws/source` condition at ./src/index.ts) and `packages/money` with bundler none (package.json
 * points at ./src/index.ts). The generator runs in-process, offline, in well under a second; the
 * generated files are committed, and the provider reads them through a snapshot map, never the disk.
 */

let repo: TempRepo;
/** The committed snapshot: repository-relative path → text. */
let snapshot: Record<string, string>;
let generateMs = 0;

beforeAll(async () => {
  const started = performance.now();
  repo = await generateNxTsLibraries([
    ['packages/calc', 'tsc'],
    ['packages/money', 'none'],
  ]);
  generateMs = performance.now() - started;
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
