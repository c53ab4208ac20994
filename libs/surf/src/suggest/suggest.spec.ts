import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { SurfError } from '../errors.js';
import { compareUtf8, suggest } from './suggest.js';

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.dispose();
  repo = undefined;
});

function workspace(files: TreeSpec, hubs: readonly string[] = ['hubs/*.md']): { root: string; hubs: readonly string[]; bundles: readonly string[] } {
  repo = createTempRepo({ 'surf.toml': '', ...files }, { commit: false });
  return { root: repo.dir, hubs, bundles: [] };
}

const hub = (...ats: string[]): string =>
  `---\nanchors:\n${ats.map((at) => `  - claim: c\n    at: ${at}\n`).join('')}---\n`;

const ats = (result: Awaited<ReturnType<typeof suggest>>): string[] => result.suggestions.map((s) => s.at);

describe('suggest (spec §7.3)', () => {
  it('lists unanchored public symbols with file, symbol and at', async () => {
    const config = workspace({
      'src/m.rs': 'pub fn a() {}\npub fn b() {}\nfn c() {}\n',
      'hubs/a.md': hub('src/m.rs > a'),
    });
    const result = await suggest(config, { globs: ['src/*.rs'] });
    // `a` is anchored and `c` private: only `b` is left.
    expect(result.suggestions).toEqual([{ file: 'src/m.rs', symbol: 'b', at: 'src/m.rs > b' }]);
    expect(result.globs).toEqual([{ pattern: 'src/*.rs', filesMatched: 1, supportedMatched: 1 }]);
    expect(result.allGlobsEmpty).toBe(false);
  });

  it('keys coverage on the whole path without @N, so siblings stay listed', async () => {
    const config = workspace({
      'src/api.py': 'class Client:\n    def fetch(self):\n        pass\n    def send(self):\n        pass\n',
      'src/dup.ts': 'export function f(a: string): void;\nexport function f(a: string) {}\nexport function g() {}\n',
      'hubs/a.md': hub('src/api.py > Client > fetch', 'src/dup.ts > f @2'),
    });
    expect(ats(await suggest(config, { globs: ['src/*'] }))).toEqual(['src/api.py > Client > send', 'src/dup.ts > g']);
  });

  it('proposes names ambiguous to lint with every @N that resolves, not without it', async () => {
    const config = workspace({
      // Overloads without `@N` are ambiguous to lint; `twice` is bound by two top-level declarations.
      'src/o.ts': 'export function o(a: string): void;\nexport function o(a: unknown) {}\nexport function p() {}\n',
      'src/c.js': 'function twice() {}\nvar twice;\nfunction once() {}\nmodule.exports = { twice, once };\n',
    });
    expect(ats(await suggest(config, { globs: ['src/*'] }))).toEqual([
      'src/c.js > once',
      'src/c.js > twice @1',
      'src/c.js > twice @2',
      'src/o.ts > o @1',
      'src/o.ts > o @2',
      'src/o.ts > p',
    ]);
  });

  it('offers the items only the extended rules name, in every language', async () => {
    const config = workspace({
      'src/p.rs': "pub struct Parser<'a> { input: &'a str }\nimpl<'a> Parser<'a> { pub fn parse(&self) -> usize { 0 } fn private(&self) {} }\npub trait Shape { fn area(&self) -> f64; }\npub struct Circle;\nimpl Circle { pub fn r(&self) {} }\n",
      'src/c.ts': 'export class Account { balance = 0; static limit = 100; private hidden = 1; }\nexport interface Store { size: number; get(): void; }\nexport namespace Money { export function round(n: number) { return n; } }\n',
      'src/c.js': 'exports.add = function (a, b) { return a + b; };\nvar res = Object.create(null);\nmodule.exports = res;\nres.send = function send() {};\n;(function () { function baseEach() {} }.call(this));\n',
      'src/r.go': 'package r\n\ntype Reader interface { Read(p []byte) (int, error) }\ntype Point struct { X int; y int }\n',
      'm.py': 'LOW, HIGH = 1, 10\nclass Cfg:\n    a, b = 1, 2\n',
    });
    expect(ats(await suggest(config, { globs: ['src/*', 'm.py'] }))).toEqual([
      'src/c.js > add',
      'src/c.js > baseEach',
      'src/c.js > res > send',
      'src/c.ts > Money > round',
      'src/c.ts > Store > get',
      'src/p.rs > Circle > r',
      'src/p.rs > Parser > parse',
      'src/p.rs > Shape > area',
      'src/r.go > Reader > Read',
    ]);
    expect(ats(await suggest(config, { globs: ['src/*', 'm.py'], all: true }))).toEqual([
      'm.py > Cfg',
      'm.py > Cfg > a',
      'm.py > Cfg > b',
      'm.py > HIGH',
      'm.py > LOW',
      'src/c.js > add',
      'src/c.js > baseEach',
      'src/c.js > res',
      'src/c.js > res > send',
      'src/c.ts > Account',
      'src/c.ts > Account > balance',
      'src/c.ts > Account > limit',
      'src/c.ts > Money',
      'src/c.ts > Money > round',
      'src/c.ts > Store',
      'src/c.ts > Store > get',
      'src/c.ts > Store > size',
      // A struct and its impl: the name is ambiguous by design, so each `@N` is offered.
      'src/p.rs > Circle > r',
      'src/p.rs > Circle @1',
      'src/p.rs > Circle @2',
      'src/p.rs > Parser',
      'src/p.rs > Parser > parse',
      'src/p.rs > Shape',
      'src/p.rs > Shape > area',
      'src/r.go > Point',
      'src/r.go > Point > X',
      'src/r.go > Reader',
      'src/r.go > Reader > Read',
    ]);
  });

  it('reads coverage from every hub glob and bundle, and from list-form at:', async () => {
    const config = {
      ...workspace({
        'src/m.go': 'package m\n\nfunc A() {}\nfunc B() {}\nfunc C() {}\nfunc d() {}\n',
        'docs/one.md': `---\nanchors:\n  - claim: c\n    at:\n      - src/m.go > A\n      - src/m.go > B\n---\n`,
        'okf/deep/two.md': hub('src/m.go > C'),
      }),
      hubs: ['docs/*.md'],
      bundles: ['okf'],
    };
    expect(ats(await suggest(config, { globs: ['src/*.go'] }))).toEqual([]);
  });

  it('ignores hubs that do not parse and anchors that are invalid', async () => {
    const config = workspace({
      'src/m.rs': 'pub fn a() {}\npub fn b() {}\n',
      'hubs/broken.md': '---\nanchors:\n  - claim: [unterminated\n---\n',
      'hubs/bad-anchor.md': hub('src/m.rs'),
    });
    expect(ats(await suggest(config, { globs: ['src/*.rs'] }))).toEqual(['src/m.rs > a', 'src/m.rs > b']);
  });

  it('sorts by at in UTF-8 byte order and drops duplicates across globs', async () => {
    const config = workspace({
      'src/b.py': 'def zeta():\n    pass\ndef Alpha():\n    pass\n',
      'src/a.go': 'package a\n\nfunc Z() {}\nfunc Ä() {}\n',
      'lib/c.js': 'export function c() {}\n',
    });
    const result = await suggest(config, { globs: ['src/*', 'src/b.py', 'lib/*.js'] });
    // Byte order: `l` < `s`; within src/: `a.go` < `b.py`; `Z` (0x5a) < `Ä` (0xc3 0x84); `A` < `z`.
    expect(ats(result)).toEqual(['lib/c.js > c', 'src/a.go > Z', 'src/a.go > Ä', 'src/b.py > Alpha', 'src/b.py > zeta']);
    expect(result.globs.map((g) => [g.pattern, g.filesMatched, g.supportedMatched])).toEqual([
      ['src/*', 2, 2],
      ['src/b.py', 1, 1],
      ['lib/*.js', 1, 1],
    ]);
  });

  it('widens the surface with all, Rust included', async () => {
    const config = workspace({
      'src/api.py': 'CONST = 1\n\nclass Client:\n    timeout: int = 30\n    def fetch(self):\n        pass\n',
      'src/m.go': 'package m\n\ntype Kind int\n\nconst (\n\tKindA Kind = iota\n\tkindB\n)\n\nvar Default = Kind(0)\n\nfunc New() {}\n',
      'src/m.rs': 'pub fn a() {}\npub struct S;\n',
      'src/t.ts': 'export class K { m() {} }\nexport const LIMIT = 3;\n',
    });
    const narrow = await suggest(config, { globs: ['src/*'] });
    expect(ats(narrow)).toEqual(['src/api.py > Client > fetch', 'src/m.go > New', 'src/m.rs > a', 'src/t.ts > K > m']);
    const wide = await suggest(config, { globs: ['src/*'], all: true });
    expect(ats(wide)).toEqual([
      'src/api.py > CONST',
      'src/api.py > Client',
      'src/api.py > Client > fetch',
      'src/api.py > Client > timeout',
      'src/m.go > Default',
      'src/m.go > Kind',
      'src/m.go > KindA',
      'src/m.go > New',
      'src/m.rs > S',
      'src/m.rs > a',
      'src/t.ts > K',
      'src/t.ts > K > m',
      'src/t.ts > LIMIT',
    ]);
  });

  it('tallies globs: no files, unsupported files, unreadable text', async () => {
    const config = workspace({
      'notes/a.txt': 'pub fn a() {}\n',
      'bin/latin1.py': Buffer.from([0x64, 0x65, 0x66, 0x20, 0xe9, 0x28, 0x29, 0x3a, 0x20, 0x70, 0x61, 0x73, 0x73, 0x0a]),
      'src/ok.py': 'def ok():\n    pass\n',
    });
    const result = await suggest(config, { globs: ['notes/*', 'bin/*.py', 'missing/*.ts', 'src/*.py'] });
    expect(result.globs).toEqual([
      { pattern: 'notes/*', filesMatched: 1, supportedMatched: 0 },
      { pattern: 'bin/*.py', filesMatched: 1, supportedMatched: 0 },
      { pattern: 'missing/*.ts', filesMatched: 0, supportedMatched: 0 },
      { pattern: 'src/*.py', filesMatched: 1, supportedMatched: 1 },
    ]);
    expect(ats(result)).toEqual(['src/ok.py > ok']);
    expect(result.allGlobsEmpty).toBe(false);
  });

  it('fails only when every glob matched no files', async () => {
    const config = workspace({ 'notes/a.txt': 'x' });
    expect((await suggest(config, { globs: ['nope/*', 'zzz/*.go'] })).allGlobsEmpty).toBe(true);
    // Files without a supported language still count as matches.
    expect((await suggest(config, { globs: ['nope/*', 'notes/*'] })).allGlobsEmpty).toBe(false);
    expect((await suggest(config, { globs: [] })).allGlobsEmpty).toBe(false);
  });

  it('matches recursively and never walks out of the workspace', async () => {
    const config = workspace({ 'a/b/c/deep.ts': 'export function deep() {}\n', 'a/top.ts': 'export function top() {}\n' });
    expect(ats(await suggest(config, { globs: ['a/**/*.ts'] }))).toEqual(['a/b/c/deep.ts > deep', 'a/top.ts > top']);
    for (const bad of ['../*.ts', '/etc/*.ts', 'src/[x', 'a\\b.ts']) {
      const error = await suggest(config, { globs: ['a/*.ts', bad] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SurfError);
      expect((error as SurfError).code).toBe('SURF_BAD_GLOB');
      expect((error as SurfError).message.startsWith(`invalid glob "${bad}": `)).toBe(true);
      expect((error as SurfError).message).not.toContain('surf.toml');
    }
  });
});

describe('compareUtf8', () => {
  it('orders by code point, astral characters last', () => {
    const words = ['\u{1F600}', '\uFF21', 'b', 'a', 'ab', 'Z'];
    expect([...words].sort(compareUtf8)).toEqual(
      [...words].sort((x, y) => Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8'))),
    );
  });
});
