import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { familyOf, parseFile, requireLang } from '@driftgate/syntax';
import { parseAnchor } from '../locate/anchor.js';
import { goldenAnchors } from '../locate/span-golden.test-helpers.js';
import { anchorTokens, hashAnchor } from './hash-anchor.js';
import type { Recipe } from './stamp.js';

// The holes recipe 3 closes (docs/hash-recipes.md). Each edit below changes behaviour; v2 — the
// reference's recipe, which must stay byte-identical — does not see it, recipe 3 does.

async function digest(source: string, at: string, recipe: Recipe): Promise<string> {
  return (await hashAnchor(source, at, { recipe })).digest;
}

async function tokens(source: string, at: string, recipe: Recipe): Promise<string[]> {
  const parsed = await parseFile(parseAnchor(at).file, source);
  try {
    return anchorTokens(parsed, at, { recipe });
  } finally {
    parsed.delete();
  }
}

type Hole = readonly [label: string, at: string, before: string, after: string];

const HOLES: readonly Hole[] = [
  // 1. Literal text.
  ['Python string content around escape sequences', 'm.py > resp', 'def resp(x):\n    return "HTTP/1.1 200 OK\\r\\n" + x\n', 'def resp(x):\n    return "xTTP/1.1 200 OK\\r\\n" + x\n'],
  ['Python string after a line continuation', 'm.py > _SOURCE', '_SOURCE = """\\\n%(complete_func)s() {\n"""\n', '_SOURCE = """\\\n%(xomplete_func)s() {\n"""\n'],
  ['Python f-string format spec', 'm.py > f', 'def f(a):\n    return f"{a:>10}"\n', 'def f(a):\n    return f"{a:<10}"\n'],
  ['Python f-string format spec with a nested field', 'm.py > f', 'def f(a, w):\n    return f"{a:>{w}d}"\n', 'def f(a, w):\n    return f"{a:>{w}x}"\n'],
  ['Rust byte-string prefix', 'm.rs > magic', 'fn magic() -> &\'static [u8] { b"PK" }\n', 'fn magic() -> &\'static str { "PK" }\n'.replace('&\'static str', '&\'static [u8]')],
  ['Rust macro repetition separator', 'm.rs > m', 'macro_rules! m { ($($x:expr),*) => { vec![$($x),*] }; }\n', 'macro_rules! m { ($($x:expr);*) => { vec![$($x),*] }; }\n'],
  // 2. Only real binders are bound.
  ['Python call target inside a subscript assignment target', 'm.py > perm', 'def perm(f, P):\n    H = {}\n    for exp, coeff in f:\n        H[tuple(exp)] = coeff\n    return H\n', 'def perm(f, P):\n    H = {}\n    for exp, coeff in f:\n        H[monomial_key(exp)] = coeff\n    return H\n'],
  ['TypeScript generic constraint', 'm.ts > f', 'function f<T extends Foo>(x: T) { return x; }\n', 'function f<T extends Bar>(x: T) { return x; }\n'],
  ['TypeScript destructuring default', 'm.ts > f', 'function f({ a = dflt }) { return a; }\n', 'function f({ a = other }) { return a; }\n'],
  ['TypeScript variable destructuring default', 'm.ts > f', 'function f(o) { const { a = dflt } = o; return a; }\n', 'function f(o) { const { a = other } = o; return a; }\n'],
  ['Rust trait bound', 'm.rs > f', 'fn f<T: Display>(x: T) -> T { x }\n', 'fn f<T: Debug>(x: T) -> T { x }\n'],
  ['Python name declared global, renamed', 'm.py > f', 'def f():\n    global counter\n    counter += 1\n', 'def f():\n    global total\n    total += 1\n'],
  ['Rust type-parameter default', 'm.rs > S', 'struct S<T = Foo> { t: T }\n', 'struct S<T = Bar> { t: T }\n'],
  // 3. The item's own attributes, decorators and modifiers.
  ['Rust #[derive]', 'm.rs > S', '#[derive(Debug)]\nstruct S { a: u8 }\n', '#[derive(Clone)]\nstruct S { a: u8 }\n'],
  ['Rust #[cfg] removed', 'm.rs > f', '#[cfg(test)]\nfn f() -> u8 { 1 }\n', 'fn f() -> u8 { 1 }\n'],
  ['Rust #[serde] on the item', 'm.rs > S', '#[serde(rename_all = "camelCase")]\nstruct S { a_b: u8 }\n', '#[serde(rename_all = "snake_case")]\nstruct S { a_b: u8 }\n'],
  ['TypeScript decorator before export', 'm.ts > C', '@Injectable() export class C {}\n', '@Component() export class C {}\n'],
  ['TypeScript export removed', 'm.ts > f', 'export function f() { return 1; }\n', 'function f() { return 1; }\n'],
  ['TypeScript declarator before the symbol in one statement', 'm.ts > f', 'export const a = 1, f = () => 2;\n', 'export const a = 3, f = () => 2;\n'],
  ['JavaScript var declarator before the symbol', 'm.js > f', 'var a = 1, f = function () { return a; };\n', 'var a = 2, f = function () { return a; };\n'],
  ['TypeScript const → let', 'm.ts > x', 'export const x = { a: 1 };\n', 'export let x = { a: 1 };\n'],
  ['JavaScript const → let', 'm.js > x', 'const x = [1];\n', 'let x = [1];\n'],
  ['TSX export removed', 'm.tsx > App', 'export function App() { return <b>hi</b>; }\n', 'function App() { return <b>hi</b>; }\n'],
  ['TSX decorator before export', 'm.tsx > C', '@observer export class C {}\n', '@inject export class C {}\n'],
  ['TypeScript overload signature', 'm.ts > f @2', 'function f(a: string): string;\nfunction f(a: any) { return a; }\n', 'function f(a: number): string;\nfunction f(a: any) { return a; }\n'],
  ['TypeScript class member decorator', 'm.ts > C > m', 'class C {\n  @memo() m() { return 1; }\n}\n', 'class C {\n  @once() m() { return 1; }\n}\n'],
  ['Go iota value implied by an earlier spec', 'm.go > B', 'package m\n\nconst (\n\tA = iota\n\tB\n)\n', 'package m\n\nconst (\n\tA = iota + 1\n\tB\n)\n'],
  ['Go iota index moved by an inserted spec', 'm.go > B', 'package m\n\nconst (\n\tA = iota\n\tB\n)\n', 'package m\n\nconst (\n\tA = iota\n\tZ\n\tB\n)\n'],
];

describe('recipe 3 closes the holes of v2', () => {
  it.each(HOLES)('%s: loud under v3, silent under v2', async (_label, at, before, after) => {
    expect(before).not.toBe(after);
    // v2 behaviour, documented: the reference's recipe does not see this edit.
    expect(await digest(after, at, 'v2')).toBe(await digest(before, at, 'v2'));
    expect(await digest(after, at, 'v3')).not.toBe(await digest(before, at, 'v3'));
  });
});

describe('recipe 3 stays quiet on cosmetics and consistent local renames', () => {
  it.each([
    ['m.py > f', 'def f(a):\n    b = a  # c\n    return b\n', 'def f(x):\n    y = x\n\n    return y\n'],
    ['m.py > f', 'def f(a, w):\n    return f"{a:>{w}d}"\n', 'def f(q, r):\n    return f"{q:>{r}d}"\n'],
    ['m.ts > f', 'export function f<T extends Foo>({ a = d }: T) { const b = a; return b; }\n', 'export function f<U extends Foo>({ a = d }: U) {\n  // c\n  const z = a;\n  return z;\n}\n'],
    ['m.rs > f', '#[inline]\nfn f<T: Display>(x: T) -> T { let y = x; y }\n', '#[inline]\n// c\nfn f<U: Display>(v: U) -> U {\n    let w = v;\n    w\n}\n'],
    ['m.go > F', 'package m\n\nfunc F(a int) int {\n\tb := a\n\treturn b\n}\n', 'package m\n\nfunc F(x int) int {\n\t// c\n\ty := x\n\n\treturn y\n}\n'],
    ['m.py > f', 'def f(a):\n    return a + \\\n        1\n', 'def f(a):\n    return a + 1\n'],
    ['m.py > f', 'def f(a, b):\n    return a is not None and b not in a\n', 'def f(a, b):\n    return a is  not None and b not\tin a\n'],
  ])('%s', async (at, a, b) => {
    expect(await digest(b, at, 'v3')).toBe(await digest(a, at, 'v3'));
  });

  it('Python type parameters bind (their bounds stay free)', async () => {
    const a = 'def f[T: Foo](x: T) -> T:\n    return x\n';
    expect(await digest(a.replaceAll('T', 'U'), 'm.py > f', 'v3')).toBe(await digest(a, 'm.py > f', 'v3'));
    expect(await digest(a.replace('Foo', 'Bar'), 'm.py > f', 'v3')).not.toBe(await digest(a, 'm.py > f', 'v3'));
  });

  it('a symbol renamed alone keeps its v3 hash (its own name is bound)', async () => {
    expect(await digest('def g(a):\n    return g(a)\n', 'm.py > g', 'v3')).toBe(await digest('def h(a):\n    return h(a)\n', 'm.py > h', 'v3'));
    expect(await digest('class C {\n  m(a) { return this.m(a); }\n}\n', 'm.ts > C > m', 'v3')).toBe(
      await digest('class C {\n  n(a) { return this.m(a); }\n}\n', 'm.ts > C > n', 'v3'),
    );
  });
});

describe('recipe 3 binds in scope', () => {
  const source = 'def f(xs):\n    def key(len):\n        return -len\n    return len(xs), key\n';

  it('a name bound in an inner function does not turn the outer global read into a placeholder', async () => {
    const v2 = await tokens(source, 'm.py > f', 'v2');
    const v3 = await tokens(source, 'm.py > f', 'v3');
    // v2 (documented): `len` is bound somewhere in the span, so every `len` is a placeholder.
    expect(v2).not.toContain('identifier:len');
    // v3: the call `len(xs)` reads the builtin.
    expect(v3).toContain('identifier:len');
    expect(await digest(source.replace('len(xs)', 'max(xs)'), 'm.py > f', 'v3')).not.toBe(await digest(source, 'm.py > f', 'v3'));
  });

  it('an inner binding of the same name is a placeholder of its own', async () => {
    const t = await tokens('function f(a) { const g = (a) => a; return a; }\n', 'm.ts > f', 'v3');
    const placeholders = t.filter((x) => x.startsWith('#'));
    // f, the outer a (parameter, read), g, the inner a (parameter, read).
    expect(placeholders).toEqual(['#0', '#1', '#2', '#3', '#3', '#1']);
  });

  it('a Python nonlocal name is the enclosing function\'s binding', async () => {
    const t = await tokens('def outer():\n    n = 0\n    def inc():\n        nonlocal n\n        n += 1\n    return inc\n', 'm.py > outer', 'v3');
    // outer, n, inc; then `nonlocal n` and `n += 1` read outer's n, and `return inc`.
    expect(t.filter((x) => x.startsWith('#'))).toEqual(['#0', '#1', '#2', '#1', '#1', '#2']);
  });

  it('Rust match-arm bindings are placeholders of the arm; constants and guards stay free', async () => {
    const at = 'm.rs > f';
    const a = 'fn f(x: Option<u8>) -> u8 {\n    match x {\n        Some(v) if v > LIMIT => v,\n        None => 0,\n        _ => 1,\n    }\n}\n';
    expect(await digest(a.replaceAll('v', 'w'), at, 'v3')).toBe(await digest(a, at, 'v3'));
    expect(await digest(a.replace('LIMIT', 'MAX'), at, 'v3')).not.toBe(await digest(a, at, 'v3'));
    expect(await digest(a.replace('None', 'NONE'), at, 'v3')).not.toBe(await digest(a, at, 'v3'));
    const t = await tokens(a, at, 'v3');
    expect(t).toContain('identifier:None');
    expect(t).toContain('identifier:LIMIT');
  });

  it('Python class-body names are members, not locals', async () => {
    const t = await tokens('class C:\n    size = 1\n    def m(self):\n        return size\n', 'm.py > C', 'v3');
    expect(t).toContain('identifier:size');
  });

  it('defaults and decorators stay free in both recipes', async () => {
    for (const recipe of ['v2', 'v3'] as const) {
      expect(await digest('def f(x=foo):\n    return x\n', 'm.py > f', recipe)).not.toBe(await digest('def f(x=bar):\n    return x\n', 'm.py > f', recipe));
      expect(await digest('function f(x = foo) { return x; }\n', 'm.ts > f', recipe)).not.toBe(await digest('function f(x = bar) { return x; }\n', 'm.ts > f', recipe));
      expect(await digest('@cache\ndef f(cache):\n    return cache\n', 'm.py > f', recipe)).toBeDefined();
    }
    // v2 (documented): a decorator whose name is also a parameter is a placeholder; v3 scopes it out.
    const v3 = await tokens('@cache\ndef f(cache):\n    return cache\n', 'm.py > f', 'v3');
    expect(v3).toContain('identifier:cache');
  });
});

describe('recipe 3 is the same on a CRLF checkout', () => {
  it.each([
    ['m.py > DOC', 'DOC = """first\nsecond\n"""\n'],
    ['m.py > f', 'def f(a):\n    s = """x\n    y"""\n    return a + \\\n        s\n'],
    ['m.ts > t', 'export const t = `a\nb ${1 + 2}\nc`;\n'],
    ['m.rs > s', 'fn s() -> &\'static str { r#"a\nb"# }\n'],
    ['m.go > S', 'package m\n\nconst S = `a\nb`\n'],
    ['m.rs > f', 'fn f() -> &\'static str {\n    "a\\\n     b"\n}\n'],
    ['m.tsx > App', 'export function App() {\n  return <p>\n    one\n    two\n  </p>;\n}\n'],
    // Layout-only JSX text between elements, and a `\` line continuation right before a closing quote.
    ['m.tsx > Page', 'export function Page() {\n  return (\n    <div>\n      <span>hi</span>\n      {x}\n    </div>\n  );\n}\n'],
    ['m.rs > S', 'const S: &str = "ab\\\n";\n'],
  ])('%s', async (at, lf) => {
    const crlf = lf.replace(/\n/g, '\r\n');
    expect(await digest(crlf, at, 'v3')).toBe(await digest(lf, at, 'v3'));
    if (at !== 'm.py > f' && at !== 'm.tsx > Page') {
      // v2 (documented): the literal carries its `\r` into the stream.
      expect(await digest(crlf, at, 'v2')).not.toBe(await digest(lf, at, 'v2'));
    }
  });
});

describe('recipe 3 on what formatters rewrite (docs/hash-recipes.md, "Formatter edits")', () => {
  const same = async (at: string, a: string, b: string): Promise<boolean> => (await digest(a, at, 'v3')) === (await digest(b, at, 'v3'));

  it('Go: `a(); b()` on one line and on two is quiet (gofmt splits it)', async () => {
    expect(await same('m.go > f', 'package m\nfunc f() { a(); b() }\n', 'package m\nfunc f() {\n\ta()\n\tb()\n}\n')).toBe(true);
    // The `;` of a for clause is syntax, not a statement end.
    expect(await same('m.go > f', 'package m\nfunc f() { for i := 0; i < 3; i++ {} }\n', 'package m\nfunc f() { for i := 0; i < 3; {} }\n')).toBe(false);
  });

  it('Go: an edit before an explicit reset of an iota block is quiet for a constant after it', async () => {
    const block = (a: string): string => `package m\nconst (\n\tA = ${a}\n\tB\n\tC = 10\n\tD\n)\n`;
    expect(await same('m.go > D', block('iota'), block('iota + 1'))).toBe(true);
    expect(await same('m.go > D', block('iota'), block('iota').replace('C = 10', 'C = 11'))).toBe(false);
    // Without the reset, D's value counts from iota: loud.
    const counted = (a: string): string => `package m\nconst (\n\tA = ${a}\n\tB\n\tD\n)\n`;
    expect(await same('m.go > D', counted('iota'), counted('iota + 1'))).toBe(false);
  });

  it('tokens by design: Rust raw-string delimiters, a `#[doc]` attribute, TypeScript semicolons', async () => {
    expect(await same('m.rs > S', 'const S: &str = r#"x"#;\n', 'const S: &str = r##"x"##;\n')).toBe(false);
    expect(await same('m.rs > f', '#[doc = "Adds."]\npub fn f() {}\n', '/// Adds.\npub fn f() {}\n')).toBe(false);
    expect(await same('m.rs > f', '/// Adds.\npub fn f() {}\n', '/// Adds two.\npub fn f() {}\n')).toBe(true);
    expect(await same('m.ts > f', 'function f(a, b) { const c = a + b; return c; }\n', 'function f(a, b) { const c = a + b\n return c }\n')).toBe(false);
  });
});

describe('recipe 3 keeps JSX text that means something on a CRLF checkout', () => {
  it('text with content, and spacing that is not led by a line break, stay in the stream', async () => {
    const at = 'm.tsx > A';
    const lf = 'export const A = () => (\n  <p>\n    <b>x</b> <i>y</i>\n    text\n  </p>\n);\n';
    const crlf = lf.replace(/\n/g, '\r\n');
    expect(await digest(crlf, at, 'v3')).toBe(await digest(lf, at, 'v3'));
    expect(await digest(lf.replace('text', 'txet'), at, 'v3')).not.toBe(await digest(lf, at, 'v3'));
    expect(await digest(lf.replace('</b> <i>', '</b><i>'), at, 'v3')).not.toBe(await digest(lf, at, 'v3'));
  });
});

describe('recipe 3 is the same on a CRLF checkout of every span-golden input', () => {
  const dir = fileURLToPath(new URL('../../../../fixtures/spans/input/', import.meta.url));
  it.each(readdirSync(dir).sort())('%s', async (file) => {
    const lf = readFileSync(dir + file, 'utf8');
    const crlf = lf.replace(/\n/g, '\r\n');
    const comment = familyOf(requireLang(file)) === 'python' ? '#' : '//';
    for (const label of goldenAnchors(lf, comment)) {
      const at = `${file} > ${label}`;
      const [a, b] = await Promise.all([hashAnchor(lf, at).catch((e: Error) => e.message), hashAnchor(crlf, at).catch((e: Error) => e.message)]);
      expect(typeof b === 'string' ? b : b.stamp, at).toBe(typeof a === 'string' ? a : a.stamp);
    }
  });
});
