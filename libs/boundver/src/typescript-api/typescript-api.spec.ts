import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ApiSurfaceRequest, ApiSymbol } from '../api-surface/api-surface-types.js';
import { type TypescriptApiProvider, createTypescriptApiProvider } from './typescript-api.js';

// The workspace root: where this repository's own typescript is installed.
const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** Repository-relative path → text: the snapshot a request reads. No disk. */
type Tree = Record<string, string>;

function request(tree: Tree, componentPath: string, entries: readonly string[] = [], repoRoot = REPO_ROOT): ApiSurfaceRequest {
  const prefix = `${componentPath}/`;
  const files = Object.keys(tree)
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length))
    .sort();
  return {
    componentName: componentPath.split('/').pop()!,
    componentPath,
    entries,
    files,
    options: null,
    repoRoot,
    read: async (path) => (path in tree ? new TextEncoder().encode(tree[path]) : undefined),
  };
}

async function symbols(tree: Tree, componentPath = 'packages/calc', provider: TypescriptApiProvider = createTypescriptApiProvider()): Promise<ApiSymbol[]> {
  const result = await provider.surface(request(tree, componentPath));
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return [...result.symbols];
}

/** What changed between two surfaces, by `entry:name`. */
async function apiDiff(before: Tree, after: Tree) {
  const [a, b] = await Promise.all([symbols(before), symbols(after)]);
  const key = (symbol: ApiSymbol) => `${symbol.entry}:${symbol.name}`;
  const left = new Map(a.map((symbol) => [key(symbol), symbol.text]));
  const right = new Map(b.map((symbol) => [key(symbol), symbol.text]));
  return {
    added: [...right.keys()].filter((name) => !left.has(name)),
    removed: [...left.keys()].filter((name) => !right.has(name)),
    changed: [...left.keys()].filter((name) => right.has(name) && right.get(name) !== left.get(name)),
  };
}

const NO_CHANGE = { added: [], removed: [], changed: [] };

// The shape `nx g @nx/js:lib packages/calc --bundler=tsc` writes in a TS-solution workspace
// (test/boundver-typescript-api.spec.ts runs the real generator), with a richer lib file.
const CALC = `import { round } from './round.js';

/** Splits an amount into equal parts. */
export function splitEvenly(total: number, parts: number): number[] {
  const share = round(total / parts);
  return Array.from({ length: parts }, () => share);
}

export function add(a: number, b = 1) {
  return a + b;
}

export function parse(text: string): number;
export function parse(text: string, radix: number): number;
export function parse(text: string, radix?: number): number {
  return Number.parseInt(text, radix);
}

class Base {}

export class Calculator extends Base {
  static readonly PRECISION = 2;
  private secret = 1;
  #hidden = 2;
  /** @internal */
  debug(): void {}
  protected scale = 3;
  total = 0;
  constructor(public readonly label: string, private seed: number) {
    super();
  }
  add(value: number) {
    this.total += value + this.secret + this.#hidden + this.seed;
    return this;
  }
  get value(): number {
    return this.total;
  }
}

export interface Money {
  readonly cents: number;
  currency?: 'EUR' | 'USD';
}

export type Amount = number | Money;

export const DEFAULT_PARTS = 3;

export const format = (value: number) => value.toFixed(2);

export enum Rounding {
  Down,
  Up = 1 << 2,
  Named = 'named',
}

/** @internal */
export function internalHelper(): void {}

export namespace Units {
  export const cent = 1;
  export function euro(): number {
    return 100;
  }
}

function helper() {
  return 1;
}
`;

const NX_LIB: Tree = {
  'packages/calc/package.json': `${JSON.stringify(
    {
      name: '@ws/calc',
      version: '0.0.1',
      type: 'module',
      main: './dist/index.js',
      module: './dist/index.js',
      types: './dist/index.d.ts',
      exports: { './package.json': './package.json', '.': { '@ws/source': './src/index.ts', types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' } },
    },
    null,
    2,
  )}\n`,
  'packages/calc/src/index.ts': "export * from './lib/calc.js';\n",
  'packages/calc/src/lib/calc.ts': CALC,
  'packages/calc/src/lib/round.ts': 'export function round(value: number): number {\n  return Math.floor(value);\n}\n',
};

const edit = (tree: Tree, path: string, change: (text: string) => string): Tree => ({ ...tree, [path]: change(tree[path]!) });
const editCalc = (change: (text: string) => string) => edit(NX_LIB, 'packages/calc/src/lib/calc.ts', change);

describe('typescript-api: the surface of an Nx-style library', () => {
  it('has one symbol per export, followed through export *, with bodies, private and @internal parts left out', async () => {
    const surface = await symbols(NX_LIB);
    expect(surface.map(({ entry, name, kind }) => `${entry} ${kind} ${name}`)).toEqual([
      'src/index.ts type Amount',
      'src/index.ts class Calculator',
      'src/index.ts variable DEFAULT_PARTS',
      'src/index.ts interface Money',
      'src/index.ts enum Rounding',
      'src/index.ts namespace Units',
      'src/index.ts function add',
      'src/index.ts variable format',
      'src/index.ts function parse',
      'src/index.ts function splitEvenly',
    ]);
    const text = Object.fromEntries(surface.map((symbol) => [symbol.name, symbol.text]));
    expect(text['splitEvenly']).toBe('function splitEvenly(total: number, parts: number): number[];');
    expect(text['add']).toBe('function add(a: number, b?: number): number;');
    expect(text['parse']).toBe('function parse(text: string): number;\nfunction parse(text: string, radix: number): number;');
    expect(text['Calculator']).toBe(
      [
        'class Calculator extends Base {',
        '    static readonly PRECISION: 2;',
        '    protected scale: number;',
        '    total: number;',
        '    constructor(public readonly label: string, seed: number);',
        '    add(value: number): this;',
        '    get value(): number;',
        '}',
        // Its non-exported base class: consumers see its public members through Calculator.
        'class Base {',
        '}',
      ].join('\n'),
    );
    expect(text['Money']).toBe('interface Money {\n    readonly cents: number;\n    currency?: "EUR" | "USD";\n}');
    expect(text['Amount']).toBe('type Amount = Money | number;');
    expect(text['DEFAULT_PARTS']).toBe('const DEFAULT_PARTS: 3;');
    expect(text['format']).toBe('const format: (value: number) => string;');
    expect(text['Rounding']).toBe('enum Rounding {\n    Down = 0,\n    Up = 4,\n    Named = "named"\n}');
    expect(text['Units']).toBe('namespace Units {\n    const cent: 1;\n    function euro(): number;\n}');
    for (const symbol of surface) {
      expect(symbol.text).not.toMatch(/secret|#hidden|debug|internalHelper|helper\(|return |\/\*\*/);
    }
  });

  it('is deterministic: two operations and either request order give the same symbols', async () => {
    const other: Tree = { 'packages/other/src/index.ts': "export const pick = (flag: boolean) => (flag ? 'a' : 1);\n" };
    const tree = { ...NX_LIB, ...other };
    const first = createTypescriptApiProvider();
    const [calcFirst, otherFirst] = await Promise.all([first.surface(request(tree, 'packages/calc')), first.surface(request(tree, 'packages/other'))]);
    const second = createTypescriptApiProvider();
    const [otherSecond, calcSecond] = await Promise.all([second.surface(request(tree, 'packages/other')), second.surface(request(tree, 'packages/calc'))]);
    expect(calcSecond).toEqual(calcFirst);
    expect(otherSecond).toEqual(otherFirst);
    expect(otherFirst).toEqual({ ok: true, symbols: [{ entry: 'src/index.ts', name: 'pick', kind: 'variable', text: 'const pick: (flag: boolean) => "a" | 1;' }] });
  });

  it('TypeScript 6.0 (what a fresh Nx workspace installs) gives the same surface as 5.9, React components included', async () => {
    // A workspace whose own typescript is 6.0: its node_modules/typescript is the 6.0 package.
    const workspace = mkdtempSync(join(tmpdir(), 'driftgate-ts6-'));
    try {
      writeFileSync(join(workspace, 'package.json'), '{"private": true}\n');
      mkdirSync(join(workspace, 'node_modules'));
      symlinkSync(join(REPO_ROOT, 'node_modules', 'typescript-6'), join(workspace, 'node_modules', 'typescript'), 'dir');
      const tree: Tree = {
        ...NX_LIB,
        'packages/calc/src/index.ts': `${NX_LIB['packages/calc/src/index.ts']}export * from './lib/page';\n`,
        'packages/calc/src/lib/page.tsx': 'export interface PageProps {\n  title: string;\n}\nexport function Page(props: PageProps) {\n  return <h1>{props.title}</h1>;\n}\n',
      };
      const on5 = await createTypescriptApiProvider().surface(request(tree, 'packages/calc'));
      const on6 = await createTypescriptApiProvider().surface(request(tree, 'packages/calc', [], workspace));
      expect(on5.ok && on5.symbols.map((symbol) => symbol.name)).toEqual(expect.arrayContaining(['Page', 'PageProps', 'splitEvenly']));
      expect(on6).toEqual(on5);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('builds one program for components requested together, and reuses it for roots it already holds', async () => {
    const tree: Tree = { ...NX_LIB };
    for (const name of ['a', 'b', 'c', 'd']) tree[`packages/${name}/src/index.ts`] = `export const ${name} = 1;\n`;
    const provider = createTypescriptApiProvider();
    const names = ['calc', 'a', 'b', 'c', 'd'];
    const results = await Promise.all(names.map((name) => provider.surface(request(tree, `packages/${name}`))));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(provider.stats.programs).toBe(1);
    // A component asked again (or one whose entry the program already has) costs no new program.
    await provider.surface(request(tree, 'packages/a'));
    expect(provider.stats.programs).toBe(1);
  });
});

describe('typescript-api: what changes the texts', () => {
  it('a new export is added, and nothing else changes', async () => {
    expect(await apiDiff(NX_LIB, editCalc((text) => `${text}\nexport function fromCents(cents: number): number {\n  return cents / 100;\n}\n`))).toEqual({
      ...NO_CHANGE,
      added: ['src/index.ts:fromCents'],
    });
  });

  it('a removed export is removed', async () => {
    expect(await apiDiff(NX_LIB, editCalc((text) => text.replace('export const DEFAULT_PARTS = 3;', 'const DEFAULT_PARTS = 3;')))).toEqual({
      ...NO_CHANGE,
      removed: ['src/index.ts:DEFAULT_PARTS'],
    });
  });

  it('a changed parameter type changes exactly that symbol', async () => {
    expect(await apiDiff(NX_LIB, editCalc((text) => text.replace('splitEvenly(total: number, parts: number)', 'splitEvenly(total: number, parts: bigint)').replace('round(total / parts)', 'round(total / Number(parts))')))).toEqual({
      ...NO_CHANGE,
      changed: ['src/index.ts:splitEvenly'],
    });
  });

  it('a changed return type changes exactly that symbol, declared or inferred', async () => {
    expect(await apiDiff(NX_LIB, editCalc((text) => text.replace('parts: number): number[] {', 'parts: number): readonly number[] {')))).toEqual({
      ...NO_CHANGE,
      changed: ['src/index.ts:splitEvenly'],
    });
    expect(await apiDiff(NX_LIB, editCalc((text) => text.replace('return a + b;', 'return `${a + b}`;')))).toEqual({ ...NO_CHANGE, changed: ['src/index.ts:add'] });
  });

  it('a public class member changes the class; a private one does not', async () => {
    expect(await apiDiff(NX_LIB, editCalc((text) => text.replace('  total = 0;', '  total = 0;\n  reset(): void {}')))).toEqual({ ...NO_CHANGE, changed: ['src/index.ts:Calculator'] });
    expect(await apiDiff(NX_LIB, editCalc((text) => text.replace('  private secret = 1;', '  private secret = "one";\n  private other(): number { return 2; }')))).toEqual(NO_CHANGE);
  });

  it('a body edit, a comment, a non-exported helper and reformatting change nothing', async () => {
    const body = editCalc((text) => text.replace('return Array.from({ length: parts }, () => share);', 'const result = [];\n  for (let i = 0; i < parts; i += 1) result.push(share);\n  return result;'));
    expect(await apiDiff(NX_LIB, body)).toEqual(NO_CHANGE);
    const comment = editCalc((text) => text.replace('/** Splits an amount into equal parts. */', '/**\n * Splits an amount into equal parts, rounding down.\n * @param total the amount\n */').replace('export type Amount', '// an amount\nexport type Amount'));
    expect(await apiDiff(NX_LIB, comment)).toEqual(NO_CHANGE);
    const helper = editCalc((text) => `${text}\nfunction anotherHelper(value: string): string {\n  return value.trim();\n}\n`);
    expect(await apiDiff(NX_LIB, helper)).toEqual(NO_CHANGE);
    const reformatted = editCalc((text) =>
      text
        .replace('export function splitEvenly(total: number, parts: number): number[] {', 'export function splitEvenly(\n  total: number,\n  parts: number,\n): number[]\n{')
        .replace("currency?: 'EUR' | 'USD';", 'currency?: "USD" | "EUR"')
        .replace('readonly cents: number;', 'readonly cents : number ,')
        .replace('export type Amount = number | Money;', 'export type Amount =\n  | Money\n  | number;')
        .replace('  Named = \'named\',', '  Named = "named"'),
    );
    expect(await apiDiff(NX_LIB, reformatted)).toEqual(NO_CHANGE);
    // A private helper the public function calls is not API, even when its signature changes.
    const privateSignature = edit(NX_LIB, 'packages/calc/src/lib/round.ts', () => 'export function round(value: number, digits = 0): number {\n  return Math.floor(value * 10 ** digits) / 10 ** digits;\n}\n');
    expect(await apiDiff(NX_LIB, privateSignature)).toEqual(NO_CHANGE);
  });

  it('a type an export refers to but the entry does not export is part of that export', async () => {
    const tree: Tree = {
      'packages/calc/src/index.ts': "export { split } from './split.js';\n",
      'packages/calc/src/split.ts': "import type { Options } from './options.js';\nexport function split(total: number, options: Options): number[] {\n  return [total / options.parts];\n}\n",
      'packages/calc/src/options.ts': 'export interface Options {\n  parts: number;\n}\n',
    };
    expect((await symbols(tree)).map((symbol) => symbol.text)).toEqual(['function split(total: number, options: Options): number[];\ninterface Options {\n    parts: number;\n}']);
    const changed = edit(tree, 'packages/calc/src/options.ts', (text) => text.replace('parts: number;', 'parts: number;\n  round?: boolean;'));
    expect(await apiDiff(tree, changed)).toEqual({ ...NO_CHANGE, changed: ['src/index.ts:split'] });
    // Once the entry exports it, it is a symbol of its own and no longer repeated.
    const exported = edit(tree, 'packages/calc/src/index.ts', (text) => `${text}export type { Options } from './options.js';\n`);
    expect((await symbols(exported)).map((symbol) => `${symbol.name}: ${symbol.text}`)).toEqual(['Options: interface Options {\n    parts: number;\n}', 'split: function split(total: number, options: Options): number[];']);
  });

  it('follows a re-export chain index → a → b, renames included', async () => {
    const chain: Tree = {
      'packages/calc/src/index.ts': "export * from './a.js';\nexport { total as sum } from './a.js';\n",
      'packages/calc/src/a.ts': "export * from './b';\nexport { total } from './b.js';\n",
      'packages/calc/src/b.ts': 'export function total(values: number[]): number {\n  return values.reduce((sum, value) => sum + value, 0);\n}\nexport interface Totals { count: number }\n',
    };
    const surface = await symbols(chain);
    expect(surface.map((symbol) => `${symbol.name}: ${symbol.text}`)).toEqual([
      'Totals: interface Totals {\n    count: number;\n}',
      'sum: function sum(values: number[]): number;',
      'total: function total(values: number[]): number;',
    ]);
    const changed = edit(chain, 'packages/calc/src/b.ts', (text) => text.replace('values: number[]', 'values: readonly number[]'));
    expect(await apiDiff(chain, changed)).toEqual({ ...NO_CHANGE, changed: ['src/index.ts:sum', 'src/index.ts:total'] });
  });
});

describe('typescript-api: every kind of export', () => {
  const EDGE = `
export default function (a: number) { return a; }
export { helper as renamed, type Alias as "string name" };
function helper<T extends object = {}>(value: T, ...rest: string[]): Promise<T> { return Promise.resolve(value); }
type Alias = { a: 1 };
export * as ns from './other.js';
export { thing } from 'external-pkg';
export * from 'external-star';
export function merged(): void {}
export namespace merged { export const extra = 1; }
export abstract class Shape<T> implements Iterable<T> {
  abstract area(): number;
  [key: string]: unknown;
  static { }
  get size() { return 1; }
  set size(value: number) {}
  protected constructor() {}
  *[Symbol.iterator](): Iterator<T> {}
  accessor count = 0;
  optional?: string;
  override toString() { return ''; }
  async load(url: string) { return url.length; }
  isString(x: unknown) { return typeof x === 'string'; }
}
export const { first, second = 'b' } = { first: 1, second: 'a' };
export let mutable: string | undefined;
export declare const declared: ReadonlyArray<string>;
export const enum Flags { A = 1, B = A | 2 }
export interface Merged { a: number; /** @internal */ hidden: string; pair: [number, string] }
export interface Merged { b(): void }
export function assertIt(value: unknown): asserts value is string {}
export const guard = (x: unknown) => typeof x === 'number';
`;
  const tree: Tree = { 'packages/edge/src/index.ts': EDGE, 'packages/edge/src/other.ts': 'export const o = 1;\nexport type O = string;\n' };

  it('prints each kind without bodies, under its exported name', async () => {
    const surface = await symbols(tree, 'packages/edge');
    const text = Object.fromEntries(surface.map((symbol) => [symbol.name, `${symbol.kind}: ${symbol.text}`]));
    expect(Object.keys(text)).toEqual([
      '* from "external-star"',
      'Flags',
      'Merged',
      'Shape',
      'assertIt',
      'declared',
      'default',
      'first',
      'guard',
      'merged',
      'mutable',
      'ns',
      'renamed',
      'second',
      'string name',
      'thing',
    ]);
    expect(text).toEqual({
      '* from "external-star"': 'unresolved: export * from "external-star";',
      Flags: 'enum: const enum Flags {\n    A = 1,\n    B = 3\n}',
      Merged: 'interface: interface Merged {\n    a: number;\n    pair: [\n        number,\n        string\n    ];\n}\ninterface Merged {\n    b(): void;\n}',
      Shape: [
        'class: abstract class Shape<T> implements Iterable<T> {',
        '    abstract area(): number;',
        '    [key: string]: unknown;',
        '    get size(): number;',
        '    set size(value: number);',
        '    protected constructor();',
        '    [Symbol.iterator](): Iterator<T>;',
        '    accessor count: number;',
        '    optional?: string;',
        '    toString(): string;',
        '    load(url: string): Promise<number>;',
        '    isString(x: unknown): x is string;',
        '}',
      ].join('\n'),
      assertIt: 'function: function assertIt(value: unknown): asserts value is string;',
      declared: 'variable: const declared: ReadonlyArray<string>;',
      default: 'function: function default(a: number): number;',
      first: 'variable: const first: number;',
      guard: 'variable: const guard: (x: unknown) => x is number;',
      merged: 'function: function merged(): void;\nnamespace merged {\n    const extra: 1;\n}',
      mutable: 'variable: let mutable: string | undefined;',
      ns: 'namespace: namespace ns {\n    type O = string;\n    const o: 1;\n}',
      renamed: 'function: function renamed<T extends object = {}>(value: T, ...rest: string[]): Promise<T>;',
      second: 'variable: const second: "a" | "b";',
      'string name': 'type: type string name = {\n    a: 1;\n};',
      thing: 'unresolved: export { thing as thing } from "external-pkg";',
    });
  });

  it('an external export * behind a relative export * chain is a symbol too', async () => {
    // How an Nx library's index reaches its modules: `export * from './lib/….js'`.
    const chained: Tree = {
      'packages/chain/src/index.ts': "export * from './lib/calc.js';\n",
      'packages/chain/src/lib/calc.ts': "export * from 'external-star';\nexport const rate = 2;\n",
    };
    expect((await symbols(chained, 'packages/chain')).map((symbol) => `${symbol.name}: ${symbol.text}`)).toEqual([
      '* from "external-star": export * from "external-star";',
      'rate: const rate: 2;',
    ]);
  });

  it('a namespace re-export of the module itself terminates', async () => {
    const circular: Tree = { 'packages/loop/src/index.ts': "export * as self from './index.js';\nexport const value = 1;\n" };
    expect((await symbols(circular, 'packages/loop')).map((symbol) => symbol.text)).toEqual(['namespace self {\n    namespace self { }\n    const value: 1;\n}', 'const value: 1;']);
  });

  it('a tuple or object type reformatted, or union members reordered, prints the same', async () => {
    const reformatted = edit(tree, 'packages/edge/src/index.ts', (text) =>
      text.replace('pair: [number, string] }', 'pair: [\n    number,\n    string,\n  ];\n}').replace('export let mutable: string | undefined;', 'export let mutable: undefined | string;'),
    );
    expect(await symbols(reformatted, 'packages/edge')).toEqual(await symbols(tree, 'packages/edge'));
  });
});

describe('typescript-api: entry points', () => {
  it('uses the declared entries when boundary.paths names them', async () => {
    const provider = createTypescriptApiProvider();
    const result = await provider.surface(request(NX_LIB, 'packages/calc', ['src/lib/round.ts', 'README.md']));
    expect(result).toEqual({ ok: true, symbols: [{ entry: 'src/lib/round.ts', name: 'round', kind: 'function', text: 'function round(value: number): number;' }] });
  });

  it('reads every exports subpath and nested conditions, and maps build outputs to their sources', async () => {
    const tree: Tree = {
      'packages/multi/package.json': JSON.stringify({
        name: 'multi',
        exports: { '.': { import: { types: './dist/index.d.ts', default: './dist/index.js' } }, './extra': './dist/extra.js', './*': './dist/*.js', './package.json': './package.json' },
      }),
      'packages/multi/src/index.ts': 'export const main = 1;\n',
      'packages/multi/src/extra.ts': 'export const extra = "x";\n',
    };
    expect((await symbols(tree, 'packages/multi')).map((symbol) => `${symbol.entry} ${symbol.name}`)).toEqual(['src/extra.ts extra', 'src/index.ts main']);
    const mainOnly: Tree = { 'packages/old/package.json': '{"name":"old","main":"./dist/index.js"}', 'packages/old/src/index.ts': 'export const old = true;\n' };
    expect((await symbols(mainOnly, 'packages/old')).map((symbol) => symbol.text)).toEqual(['const old: true;']);
    const typesOnly: Tree = { 'packages/typed/package.json': '{"name":"typed","types":"./src/api.ts","main":"./src/other.ts"}', 'packages/typed/src/api.ts': 'export type Id = string;\n', 'packages/typed/src/other.ts': 'export const other = 1;\n' };
    expect((await symbols(typesOnly, 'packages/typed')).map((symbol) => symbol.text)).toEqual(['type Id = string;']);
  });

  it('says what it looked for when no entry point can be found', async () => {
    const tree: Tree = { 'packages/empty/package.json': '{"name":"empty","main":"./dist/main.js"}', 'packages/empty/lib/other.ts': 'export const x = 1;\n' };
    const result = await createTypescriptApiProvider().surface(request(tree, 'packages/empty'));
    expect(result.ok).toBe(false);
    const [error] = result.ok ? [] : result.errors;
    expect(error).toContain('component empty: no TypeScript entry point found');
    expect(error).toContain('main/module → ./dist/main.js');
    expect(error).toContain('src/index.ts');
    expect(error).toContain('boundary.paths');
  });

  it('says how to install typescript when the workspace does not have it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'typescript-api-'));
    try {
      writeFileSync(join(root, 'package.json'), '{"name":"bare"}\n');
      const result = await createTypescriptApiProvider().surface(request(NX_LIB, 'packages/calc', [], root));
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.errors[0]).toMatch(/install typescript in the workspace: npm i -D typescript .*signatures provider works without it/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('typescript-api on components wrapped in memo() and forwardRef()', () => {
  const tree = (source: string): Tree => ({
    'packages/calc/package.json': '{ "name": "calc", "types": "./src/index.tsx" }\n',
    'packages/calc/src/index.tsx': source,
  });

  it('records each call with its type arguments as written and the wrapped signature, not the `any` react cannot give', async () => {
    const found = await symbols(
      tree(`import * as React from 'react';
import { forwardRef, memo } from 'react';
export interface Props { label: string }
export const Input = forwardRef<HTMLInputElement, Props>((props, ref) => null);
export const Badge = React.memo(function Badge(props: { count: number }): null { return null; });
export function Card(props: Props): null { return null; }
export const Nested = memo(forwardRef<HTMLInputElement, Props>(function Inner(props: Props, ref): null { return null; }));
export const ByName = memo(Card, (a, b) => a.label === b.label);
`),
    );
    const text = (name: string) => found.find((symbol) => symbol.name === name)?.text;
    expect(text('Input')).toBe('const Input: forwardRef<HTMLInputElement, Props> & {\n    (props: any, ref: any): null;\n};');
    expect(text('Badge')).toBe('const Badge: React.memo & {\n    (props: {\n        count: number;\n    }): null;\n};');
    expect(text('Nested')).toBe('const Nested: memo & forwardRef<HTMLInputElement, Props> & {\n    (props: Props, ref: any): null;\n};');
    expect(text('ByName')).toBe('const ByName: memo & {\n    (props: Props): null;\n};');
  });

  it('notes a not-gated wrapped component inside an exported namespace under the namespace', async () => {
    const files: Tree = {
      'packages/calc/package.json': '{ "name": "calc", "types": "./src/index.ts" }\n',
      'packages/calc/src/index.ts': "export * as ui from './ui.js';\n",
      'packages/calc/src/ui.tsx': "import { memo } from 'react';\nimport { Fancy } from 'ui-kit';\nexport const F = memo(Fancy);\n",
    };
    const result = await createTypescriptApiProvider().surface(request(files, 'packages/calc'));
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.notes?.map((note) => note.message)).toEqual([expect.stringMatching(/^calc: ui\.F wraps `Fancy`, which the snapshot cannot resolve, so its API is not gated/)]);
  });

  it('a `memo` the repository declares itself is typed by the checker, not taken for React', async () => {
    const found = await symbols(tree(`function memo<T>(f: () => T): () => T { return f; }\nexport const cached = memo(() => 42);\n`));
    expect(found.map((symbol) => symbol.text)).toEqual(['const cached: () => number;']);
  });

  it('records `export default memo(...)` the same way', async () => {
    const found = await symbols(tree(`import { memo } from 'react';\nexport default memo(function Tag(props: { name: string }): null { return null; });\n`));
    expect(found.map((symbol) => symbol.text)).toEqual(['const default: memo & {\n    (props: {\n        name: string;\n    }): null;\n};']);
  });

  it('a wrapped identifier the snapshot cannot resolve is recorded as written, with a note that its API is not gated', async () => {
    const result = await createTypescriptApiProvider().surface(request(tree(`import { memo } from 'react';\nimport { Fancy } from 'ui-kit';\nexport const FancyMemo = memo(Fancy);\n`), 'packages/calc'));
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.symbols.map((symbol) => symbol.text)).toEqual(['const FancyMemo: memo & typeof Fancy;']);
    expect(result.notes).toEqual([
      {
        file: 'packages/calc/src/index.tsx',
        kind: 'not-gated',
        message: 'calc: FancyMemo wraps `Fancy`, which the snapshot cannot resolve, so its API is not gated: only the wrapping call is recorded; give FancyMemo a type annotation or wrap a function of the repository',
      },
    ]);
  });
});
