import { describe, expect, it } from 'vitest';
import { createSignaturesProvider } from './signatures.js';
import { changedKeys, inlineRequest, surfaceOf, textsOf } from './signatures.test-helpers.js';

type Tree = Record<string, string>;

/** Applies a text replacement to one file of a tree; the replacement must apply. */
function edit(tree: Tree, file: string, from: string, to: string): Tree {
  const text = tree[file];
  if (text === undefined || !text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
  return { ...tree, [file]: text.replace(from, to) };
}

async function expectChanged(before: Tree, after: Tree, keys: string[]): Promise<void> {
  expect(changedKeys(await surfaceOf(before), await surfaceOf(after))).toEqual(keys);
}

const PYTHON: Tree = {
  'pyproject.toml': '[project]\nname = "calc"\n',
  'calc/__init__.py': 'from .core import Calc, split_evenly\n\n__all__ = ["Calc", "split_evenly"]\n',
  'calc/core.py': [
    'import functools',
    '',
    '',
    'def split_evenly(total: int, parts: int) -> list[int]:',
    '    """Split total into parts."""',
    '    base = total // parts',
    '    return [base] * parts',
    '',
    '',
    'def _helper(x):',
    '    return x',
    '',
    '',
    'class Calc:',
    '    def __init__(self, base: int = 0) -> None:',
    '        self.base = base',
    '',
    '    @functools.cache',
    '    def add(self, x: int) -> int:',
    '        return self.base + x',
    '',
    '    def _cache(self):',
    '        pass',
    '',
  ].join('\n'),
  'tests/test_core.py': 'def test_split():\n    assert True\n',
};

describe('signatures: Python', () => {
  it('reads public defs, classes and their public methods, decorators included, bodies cut', async () => {
    const texts = textsOf(await surfaceOf(PYTHON));
    expect(texts.get('calc/core.py#split_evenly')).toBe('function: def split_evenly ( total : int , parts : int ) -> list [ int ] :');
    expect(texts.get('calc/core.py#Calc')).toBe('class: class Calc :');
    expect(texts.get('calc/core.py#Calc.add')).toBe('method: @ functools . cache def add ( self , x : int ) -> int :');
    expect(texts.get('calc/core.py#Calc.__init__')).toBe('method: def __init__ ( self , base : int = 0 ) -> None :');
    // `__init__.py` re-exports what its `__all__` names from relative imports.
    expect(texts.get('calc/__init__.py#split_evenly')).toBe(texts.get('calc/core.py#split_evenly'));
    expect([...texts.keys()].filter((key) => key.includes('_helper') || key.includes('_cache') || key.startsWith('tests/'))).toEqual([]);
  });

  it('a new export, a removed export, a changed parameter type and a changed return type are exactly that symbol', async () => {
    await expectChanged(PYTHON, edit(PYTHON, 'calc/core.py', '\n\ndef _helper', '\n\ndef from_cents(c: int) -> float:\n    return c / 100\n\n\ndef _helper'), [
      'calc/core.py#from_cents',
    ]);
    await expectChanged(PYTHON, edit(PYTHON, 'calc/core.py', '    def add(self, x: int) -> int:\n        return self.base + x\n', ''), [
      'calc/__init__.py#Calc.add',
      'calc/core.py#Calc.add',
    ]);
    await expectChanged(PYTHON, edit(PYTHON, 'calc/core.py', 'parts: int)', 'parts: float)'), ['calc/__init__.py#split_evenly', 'calc/core.py#split_evenly']);
    await expectChanged(PYTHON, edit(PYTHON, 'calc/core.py', 'x: int) -> int:', 'x: int) -> float:'), ['calc/__init__.py#Calc.add', 'calc/core.py#Calc.add']);
    await expectChanged(PYTHON, edit(PYTHON, 'calc/__init__.py', '"Calc", ', ''), ['calc/__init__.py#Calc', 'calc/__init__.py#Calc.__init__', 'calc/__init__.py#Calc.add']);
  });

  it('a body edit, a comment, a docstring, a private function and reformatting leave the surface as it was', async () => {
    const before = await surfaceOf(PYTHON);
    const variants = [
      edit(PYTHON, 'calc/core.py', 'return [base] * parts', 'return [base] * parts + []'),
      edit(PYTHON, 'calc/core.py', 'class Calc:', '# The calculator.\nclass Calc:  # trailing'),
      edit(PYTHON, 'calc/core.py', '"""Split total into parts."""', '"""Split `total` evenly."""'),
      edit(PYTHON, 'calc/core.py', 'def _helper(x):\n    return x', 'def _helper(x, y=1):\n    return x + y'),
      edit(PYTHON, 'calc/core.py', 'def split_evenly(total: int, parts: int) -> list[int]:', 'def split_evenly(\n    total: int,\n    parts: int,\n) -> list[int]:'),
      edit(PYTHON, 'calc/core.py', '    def _cache(self):\n        pass\n', '    def _cache(self, size):\n        return size\n'),
    ];
    for (const variant of variants) expect(changedKeys(before, await surfaceOf(variant))).toEqual([]);
  });

  it('`__all__` limits module-level names, and names it lists without a definition still count', async () => {
    const tree: Tree = { 'm/__init__.py': '', 'm/api.py': '__all__ = ["run", "VERSION"]\nVERSION = "1"\ndef run(): pass\ndef other(): pass\n' };
    const keys = [...textsOf(await surfaceOf(tree)).keys()];
    expect(keys).toEqual(['m/api.py#VERSION', 'm/api.py#run']);
  });

  it("a class's public attributes are API: a dataclass field's type or default changes it, a private one does not", async () => {
    const tree: Tree = { 'm/__init__.py': '', 'm/point.py': '@dataclass\nclass Point:\n    x: float\n    y: float = 0.0\n    _cache: dict = None\n' };
    expect(textsOf(await surfaceOf(tree)).get('m/point.py#Point.y')).toBe('attribute: y : float = 0.0');
    await expectChanged(tree, edit(tree, 'm/point.py', 'y: float = 0.0', 'y: float = 1.0'), ['m/point.py#Point.y']);
    await expectChanged(tree, edit(tree, 'm/point.py', 'x: float', 'x: int'), ['m/point.py#Point.x']);
    await expectChanged(tree, edit(tree, 'm/point.py', '_cache: dict = None', '_cache: list = []'), []);
  });
});

const GO: Tree = {
  'go.mod': 'module example.com/calc\n\ngo 1.21\n',
  'calc.go': [
    'package calc',
    '',
    'import "errors"',
    '',
    '// ErrZero is returned for zero parts.',
    'var ErrZero = errors.New("zero parts")',
    '',
    'type Mode int',
    '',
    'const (',
    '\tFloor Mode = iota',
    '\tCeil',
    ')',
    '',
    '// SplitEvenly splits total.',
    'func SplitEvenly(total int, parts int) ([]int, error) {',
    '\tif parts == 0 {',
    '\t\treturn nil, ErrZero',
    '\t}',
    '\treturn split(total, parts), nil',
    '}',
    '',
    'func split(total, parts int) []int { return nil }',
    '',
    'type Calc struct {',
    '\tBase  int `json:"base"`',
    '\tcache map[int]int',
    '}',
    '',
    'func (c *Calc) Add(x int) int { return c.Base + x }',
    '',
    'func (c *Calc) reset() {}',
    '',
  ].join('\n'),
  'calc_test.go': 'package calc\n\nfunc TestSplit(t *testing.T) {}\n',
};

describe('signatures: Go', () => {
  it('reads exported functions, types (exported fields only), methods, consts with values, vars with types', async () => {
    const texts = textsOf(await surfaceOf(GO));
    expect(texts.get('.#SplitEvenly')).toBe('function: func SplitEvenly ( total int , parts int ) ( [ ] int , error )');
    expect(texts.get('.#Calc')).toBe('type: type Calc struct { Base int `json:"base"` }');
    expect(texts.get('.#Calc.Add')).toBe('method: func ( c * Calc ) Add ( x int ) int');
    expect(texts.get('.#Ceil')).toBe('const: const Ceil Mode = iota @1');
    expect(texts.get('.#ErrZero')).toBe('var: var ErrZero');
    expect([...texts.keys()].filter((key) => /split#|reset|Test/.test(key))).toEqual([]);
  });

  it('a new export, a removed export, a changed parameter type and a changed return type are exactly that symbol', async () => {
    await expectChanged(GO, edit(GO, 'calc.go', 'func split(', 'func FromCents(c int) float64 { return 0 }\n\nfunc split('), ['.#FromCents']);
    await expectChanged(GO, edit(GO, 'calc.go', 'func (c *Calc) Add(x int) int { return c.Base + x }\n', ''), ['.#Calc.Add']);
    await expectChanged(GO, edit(GO, 'calc.go', 'parts int) ([]int', 'parts int64) ([]int'), ['.#SplitEvenly']);
    await expectChanged(GO, edit(GO, 'calc.go', 'Add(x int) int {', 'Add(x int) int64 {'), ['.#Calc.Add']);
    await expectChanged(GO, edit(GO, 'calc.go', '\tBase  int', '\tBase  int64'), ['.#Calc']);
    await expectChanged(GO, edit(GO, 'calc.go', '\tFloor Mode = iota\n\tCeil\n', '\tCeil Mode = iota\n\tFloor\n'), ['.#Ceil', '.#Floor']);
  });

  it('a body edit, a comment, an unexported function or field, reformatting and moving a function to another file of the package change nothing', async () => {
    const before = await surfaceOf(GO);
    const moved = edit(GO, 'calc.go', 'func (c *Calc) Add(x int) int { return c.Base + x }\n', '');
    const variants = [
      edit(GO, 'calc.go', 'return split(total, parts), nil', 'out := split(total, parts)\n\treturn out, nil'),
      edit(GO, 'calc.go', '// SplitEvenly splits total.', '// SplitEvenly splits total evenly into parts.\n// It never panics.'),
      edit(GO, 'calc.go', 'func split(total, parts int) []int { return nil }', 'func split(total, parts int, round bool) []int { return nil }'),
      edit(GO, 'calc.go', '\tcache map[int]int', '\tcache map[int]int64\n\tlock  sync.Mutex'),
      edit(GO, 'calc.go', 'func SplitEvenly(total int, parts int) ([]int, error) {', 'func SplitEvenly(\n\ttotal int,\n\tparts int,\n) ([]int, error) {'),
      edit(GO, 'calc.go', 'var ErrZero = errors.New("zero parts")', 'var ErrZero = errors.New("parts must not be zero")'),
      { ...moved, 'calc_add.go': 'package calc\n\nfunc (c *Calc) Add(x int) int {\n\treturn x + c.Base\n}\n' },
    ];
    for (const variant of variants) expect(changedKeys(before, await surfaceOf(variant))).toEqual([]);
  });
});

const RUST: Tree = {
  'Cargo.toml': '[package]\nname = "calc"\nversion = "0.1.0"\n',
  'src/lib.rs': [
    '//! Calculations.',
    'pub mod money;',
    'mod util;',
    '#[cfg(test)]',
    'mod tests;',
    '',
    '/// Splits `total` into `parts`.',
    'pub fn split_evenly(total: u64, parts: u64) -> Vec<u64> {',
    '    util::split(total, parts)',
    '}',
    '',
    'pub(crate) fn internal() {}',
    '',
    '#[derive(Debug, Clone)]',
    'pub struct Calc {',
    '    pub base: i64,',
    '    cache: Vec<i64>,',
    '}',
    '',
    'impl Calc {',
    '    pub fn new(base: i64) -> Self {',
    '        Calc { base, cache: Vec::new() }',
    '    }',
    '',
    '    fn reset(&mut self) {}',
    '}',
    '',
    'pub trait Op {',
    '    fn apply(&self, x: i64) -> i64;',
    '}',
    '',
  ].join('\n'),
  'src/money.rs': 'pub fn from_cents(c: u64) -> f64 {\n    c as f64 / 100.0\n}\n',
  'src/util.rs': 'pub fn split(total: u64, parts: u64) -> Vec<u64> {\n    vec![total / parts; parts as usize]\n}\n',
  'src/tests.rs': 'pub fn only_in_tests() {}\n',
};

describe('signatures: Rust', () => {
  it('reads pub items of the modules reachable from src/lib.rs, attributes included, bodies and private fields cut', async () => {
    const texts = textsOf(await surfaceOf(RUST));
    expect(texts.get('src/lib.rs#split_evenly')).toBe('function: pub fn split_evenly ( total : u64 , parts : u64 ) -> Vec < u64 >');
    expect(texts.get('src/lib.rs#Calc')).toBe('struct: # [ derive ( Debug , Clone ) ] pub struct Calc { pub base : i64 }');
    expect(texts.get('src/lib.rs#Calc.new')).toBe('method: impl Calc :: pub fn new ( base : i64 ) -> Self');
    expect(texts.get('src/lib.rs#Op.apply')).toBe('method: fn apply ( & self , x : i64 ) -> i64');
    expect(texts.get('src/money.rs#from_cents')).toBe('function: pub fn from_cents ( c : u64 ) -> f64');
    expect([...texts.keys()].filter((key) => /internal|reset|tests\.rs/.test(key))).toEqual([]);
  });

  it('a new export, a removed export, a changed parameter type and a changed return type are exactly that symbol', async () => {
    await expectChanged(RUST, edit(RUST, 'src/lib.rs', 'pub(crate) fn internal', 'pub fn total(xs: &[u64]) -> u64 { xs.iter().sum() }\n\npub(crate) fn internal'), ['src/lib.rs#total']);
    await expectChanged(RUST, edit(RUST, 'src/lib.rs', 'pub fn new(base: i64)', 'fn new(base: i64)'), ['src/lib.rs#Calc.new']);
    await expectChanged(RUST, edit(RUST, 'src/money.rs', 'c: u64', 'c: i64'), ['src/money.rs#from_cents']);
    await expectChanged(RUST, edit(RUST, 'src/lib.rs', '-> Vec<u64> {', '-> Box<[u64]> {'), ['src/lib.rs#split_evenly']);
    await expectChanged(RUST, edit(RUST, 'src/lib.rs', '#[derive(Debug, Clone)]', '#[derive(Debug)]'), ['src/lib.rs#Calc']);
  });

  it('a body edit, a comment, a private function or field and reformatting leave the surface as it was', async () => {
    const before = await surfaceOf(RUST);
    const variants = [
      edit(RUST, 'src/lib.rs', '    util::split(total, parts)', '    let out = util::split(total, parts);\n    out'),
      edit(RUST, 'src/lib.rs', '/// Splits `total` into `parts`.', '/// Splits evenly.\n// note'),
      edit(RUST, 'src/lib.rs', 'pub(crate) fn internal() {}', 'pub(crate) fn internal(x: u8) -> u8 { x }\nfn helper() {}'),
      edit(RUST, 'src/lib.rs', '    cache: Vec<i64>,', '    cache: std::collections::HashMap<i64, i64>,'),
      edit(RUST, 'src/lib.rs', 'pub fn split_evenly(total: u64, parts: u64) -> Vec<u64> {', 'pub fn split_evenly(\n    total: u64,\n    parts: u64,\n) -> Vec<u64> {'),
      edit(RUST, 'src/tests.rs', 'pub fn only_in_tests() {}', 'pub fn only_in_tests(x: u8) {}'),
    ];
    for (const variant of variants) expect(changedKeys(before, await surfaceOf(variant))).toEqual([]);
  });
});

const TYPESCRIPT: Tree = {
  'package.json': JSON.stringify({ name: '@acme/calc', type: 'module', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }),
  'src/index.ts': "export * from './lib/calc.js';\n",
  'src/lib/calc.ts': [
    "import { round } from './round.js';",
    '',
    '/** Splits a total. */',
    'export function splitEvenly(total: number, parts: number): number[] {',
    '  return Array.from({ length: parts }, () => round(total / parts));',
    '}',
    '',
    'function helper(x: number): number {',
    '  return x;',
    '}',
    '',
    'export class Calc {',
    '  private cache = new Map<number, number>();',
    '  constructor(readonly base: number) {}',
    '  add(x: number): number {',
    '    return this.base + x;',
    '  }',
    '}',
    '',
    "export { round as roundCents } from './round.js';",
    '',
  ].join('\n'),
  'src/lib/round.ts': 'export function round(x: number): number {\n  return Math.round(x);\n}\n',
};

describe('signatures: TypeScript (without the compiler)', () => {
  it('follows the package.json exports to src/index.ts and its re-export chain', async () => {
    const texts = textsOf(await surfaceOf(TYPESCRIPT));
    expect([...texts.keys()]).toEqual(['src/index.ts#Calc', 'src/index.ts#Calc.add', 'src/index.ts#Calc.constructor', 'src/index.ts#roundCents', 'src/index.ts#splitEvenly']);
    expect(texts.get('src/index.ts#splitEvenly')).toBe('function: function splitEvenly ( total : number , parts : number ) : number [ ]');
    expect(texts.get('src/index.ts#roundCents')).toBe('function: function round ( x : number ) : number');
  });

  it('a new export, a removed export, a changed parameter type and a changed return type are exactly that symbol', async () => {
    const file = 'src/lib/calc.ts';
    await expectChanged(TYPESCRIPT, edit(TYPESCRIPT, file, 'function helper', 'export const fromCents = (c: number): number => c / 100;\n\nfunction helper'), ['src/index.ts#fromCents']);
    await expectChanged(TYPESCRIPT, edit(TYPESCRIPT, file, "export { round as roundCents } from './round.js';\n", ''), ['src/index.ts#roundCents']);
    await expectChanged(TYPESCRIPT, edit(TYPESCRIPT, file, 'parts: number)', 'parts: bigint)'), ['src/index.ts#splitEvenly']);
    await expectChanged(TYPESCRIPT, edit(TYPESCRIPT, file, 'add(x: number): number', 'add(x: number): string'), ['src/index.ts#Calc.add']);
    await expectChanged(TYPESCRIPT, edit(TYPESCRIPT, 'src/lib/round.ts', '(x: number)', '(x: number, digits?: number)'), ['src/index.ts#roundCents']);
  });

  it('a body edit, a comment, a private member or function and reformatting leave the surface as it was', async () => {
    const file = 'src/lib/calc.ts';
    const before = await surfaceOf(TYPESCRIPT);
    const variants = [
      edit(TYPESCRIPT, file, 'return this.base + x;', 'const sum = this.base + x;\n    return sum;'),
      edit(TYPESCRIPT, file, '/** Splits a total. */', '// Splits.\n/** Splits a total evenly. */'),
      edit(TYPESCRIPT, file, 'private cache = new Map<number, number>();', 'private cache = new Map<string, number>();\n  private log(): void {}'),
      edit(TYPESCRIPT, file, 'function helper(x: number): number {', 'function helper(x: number, y = 2): number {'),
      edit(TYPESCRIPT, file, 'export function splitEvenly(total: number, parts: number): number[] {', 'export function splitEvenly(\n  total: number,\n  parts: number,\n): number[] {'),
      edit(TYPESCRIPT, 'src/index.ts', "export * from './lib/calc.js';", "export * from './lib/calc.js'"),
    ];
    for (const variant of variants) expect(changedKeys(before, await surfaceOf(variant))).toEqual([]);
  });
});

describe('signatures: the provider', () => {
  it('names itself and its version', () => {
    const provider = createSignaturesProvider();
    expect([provider.name, provider.version]).toEqual(['signatures', '1']);
  });

  it('is deterministic: the same bytes give the same symbols, in entry then name order, whatever the request order', async () => {
    const provider = createSignaturesProvider();
    const tree = { ...PYTHON, ...GO, ...RUST };
    const first = await provider.surface(inlineRequest(tree));
    const reversed = inlineRequest(Object.fromEntries(Object.entries(tree).reverse()));
    const second = await createSignaturesProvider().surface({ ...reversed, files: [...reversed.files].reverse() });
    expect(second).toEqual(first);
    expect(first.ok).toBe(true);
    const keys = first.ok ? first.symbols.map((s) => `${s.entry}#${s.name}`) : [];
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : 1)));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('reads only the declared entry files when boundary.paths names them', async () => {
    const symbols = await surfaceOf(RUST, { entries: ['src/money.rs'] });
    expect(symbols.map((s) => `${s.entry}#${s.name}`)).toEqual(['src/money.rs#from_cents']);
  });

  it('reads a file with a syntax error as tree-sitter recovers it: the symbols around it stay, the same every time', async () => {
    const tree = { 'm.py': 'def f(a: int) -> int:\n    return a\n\ndef g(:\n    pass\n\ndef h() -> None:\n    pass\n' };
    const first = await surfaceOf(tree, { entries: ['m.py'] });
    expect(await surfaceOf(tree, { entries: ['m.py'] })).toEqual(first);
    const texts = textsOf(first);
    expect(texts.get('m.py#f')).toBe('function: def f ( a : int ) -> int :');
    expect(texts.get('m.py#h')).toBe('function: def h ( ) -> None :');
  });

  it('refuses an entry missing from the snapshot and a component with no sources', async () => {
    const provider = createSignaturesProvider();
    const missing = await provider.surface({ ...inlineRequest({}), entries: ['gone.py'] });
    expect(missing).toEqual({ ok: false, errors: ['signatures: pkg/gone.py is not in the snapshot'] });
    const empty = await provider.surface(inlineRequest({ 'README.md': '# x\n' }));
    expect(empty.ok).toBe(false);
  });
});
