import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ParsedFile, loadLanguages, parseSourceSync, requireLang } from '@driftgate/syntax';
import { parseAnchor } from './anchor.js';
import { ResolveError } from '../errors.js';
import { hashSite } from '../hash/hash-anchor.js';
import { resolveAnchor } from './resolve.js';

// The reproduction, one file per language, plus the neighbours each rule must not disturb.
const SOURCES: Record<string, string> = {
  'src/p.rs': `pub struct Parser<'a> { input: &'a str }
impl<'a> Parser<'a> { pub fn parse(&self) -> usize { self.input.len() } }
pub struct Wrapper<T>(T);
impl<T: Clone> Wrapper<T> { pub fn get(&self) -> T { self.0.clone() } pub const ZERO: u8 = 0; }
pub trait Shape { fn area(&self) -> f64; type Unit; }
impl<T> Shape for Wrapper<T> { fn area(&self) -> f64 { 1.0 } type Unit = u8; }
pub struct Circle;
impl Circle { pub fn area(&self) -> f64 { 3.0 } }
impl Shape for Circle { fn area(&self) -> f64 { 2.0 } type Unit = u16; }
pub enum Mode { Fast, Slow = 4 }
extern "C" { pub fn abs(x: i32) -> i32; }
`,
  'src/c.ts': `export class Account { balance = 0; static limit = 100; #secret = 1; deposit(n: number) { this.balance += n; } }
export interface Store { size: number; get(key: string): unknown; }
export type Point = { x: number; y: number };
export namespace Money { export function round(n: number) { return n; } }
export enum Color { Red, Green = 2, Blue }
declare function ambient(x: number): void;
declare module "plugin" { export function install(): void; }
`,
  'src/c.js': `exports.add = function (a, b) { return a + b; };
module.exports.sub = (a, b) => a - b;
;(function () { function baseEach(xs, f) { return xs.forEach(f); } }.call(this));
var res = Object.create(null);
module.exports = res;
res.send = function send(body) { return body; };
function Emitter() {}
Emitter.prototype.emit = function (name) { return name; };
const api = { get: function () { return 1; }, put() { return 2; } };
class Counter { count = 0; static step = 1; }
var runInContext = (function runInContext(context) { function baseMap(xs) { return xs; } return baseMap; });
`,
  'src/v.tsx': `export class View { state = { open: false }; render() { return <div>{this.state.open}</div>; } }
`,
  'src/e.js': `module.exports = { mul: function (a, b) { return a * b; }, div(a, b) { return a / b; } };
`,
  'src/r.go': `package r

type Reader interface { Read(p []byte) (int, error) }
type Point struct { X, Y int }
type Stack[T any] struct { items []T }
func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
`,
  'm.py': `LOW, HIGH = 1, 10
FIRST, *REST = [1, 2, 3]
ALIAS = OTHER = "x"
class Cfg:
    a, b = 1, 2

def init():
    global CACHE
    CACHE = {}
`,
};

const files = new Map<string, ParsedFile>();

beforeAll(async () => {
  await loadLanguages();
  for (const [file, text] of Object.entries(SOURCES)) files.set(file, parseSourceSync(text, requireLang(file), file));
});

afterAll(() => {
  for (const parsed of files.values()) parsed.delete();
});

function resolved(at: string): string {
  const anchor = parseAnchor(at);
  const parsed = files.get(anchor.file)!;
  const { span } = resolveAnchor(parsed, anchor);
  return parsed.text.slice(span.startIndex, span.endIndex);
}

function failure(at: string): ResolveError {
  const anchor = parseAnchor(at);
  try {
    resolveAnchor(files.get(anchor.file)!, anchor);
  } catch (error) {
    if (error instanceof ResolveError) return error;
    throw error;
  }
  throw new Error(`${at} resolved`);
}

describe('Rust: generic, lifetime and trait impls, bodyless trait items', () => {
  it('methods and associated items of impl<…> Type<…> resolve as Type > item', () => {
    expect(resolved('src/p.rs > Parser > parse')).toBe('pub fn parse(&self) -> usize { self.input.len() }');
    expect(resolved('src/p.rs > Wrapper > get')).toBe('pub fn get(&self) -> T { self.0.clone() }');
    expect(resolved('src/p.rs > Wrapper > ZERO')).toBe('pub const ZERO: u8 = 0;');
  });

  it('the type alone still names the struct (the reference resolves it)', () => {
    expect(resolved('src/p.rs > Parser')).toBe("pub struct Parser<'a> { input: &'a str }");
    expect(resolved('src/p.rs > Wrapper')).toBe('pub struct Wrapper<T>(T);');
  });

  it('trait items without a body resolve', () => {
    expect(resolved('src/p.rs > Shape > area')).toBe('fn area(&self) -> f64;');
    expect(resolved('src/p.rs > Shape > Unit')).toBe('type Unit;');
  });

  it('a method in a generic trait impl resolves, and Type > Trait > item names the trait impl', () => {
    expect(resolved('src/p.rs > Wrapper > area')).toBe('fn area(&self) -> f64 { 1.0 }');
    expect(resolved('src/p.rs > Wrapper > Shape > Unit')).toBe('type Unit = u8;');
  });

  it('an inherent and a trait method of one name stay @1/@2 as in the reference; the trait path picks one', () => {
    expect(failure('src/p.rs > Circle > area')).toMatchObject({ kind: 'Ambiguous', count: 2 });
    expect(resolved('src/p.rs > Circle > area @1')).toBe('pub fn area(&self) -> f64 { 3.0 }');
    expect(resolved('src/p.rs > Circle > Shape > area')).toBe('fn area(&self) -> f64 { 2.0 }');
  });

  it('struct fields, enum variants and extern items resolve', () => {
    expect(resolved('src/p.rs > Parser > input')).toBe("input: &'a str");
    expect(resolved('src/p.rs > Mode > Slow')).toBe('Slow = 4');
    expect(resolved('src/p.rs > abs')).toBe('pub fn abs(x: i32) -> i32;');
  });
});

describe('TypeScript: class fields, interface members, enum members, namespaces, declare', () => {
  it('class fields, static or not, resolve', () => {
    expect(resolved('src/c.ts > Account > balance')).toBe('balance = 0');
    expect(resolved('src/c.ts > Account > limit')).toBe('static limit = 100');
    expect(resolved('src/c.ts > Account > #secret')).toBe('#secret = 1');
  });

  it('interface and object-type properties resolve; interface methods still do', () => {
    expect(resolved('src/c.ts > Store > size')).toBe('size: number');
    expect(resolved('src/c.ts > Store > get')).toBe('get(key: string): unknown');
    expect(resolved('src/c.ts > Point > y')).toBe('y: number');
  });

  it('namespace and declare module members, ambient declarations and enum members resolve', () => {
    expect(resolved('src/c.ts > Money > round')).toBe('function round(n: number) { return n; }');
    expect(resolved('src/c.ts > Money')).toMatch(/^namespace Money \{/);
    expect(resolved('src/c.ts > plugin > install')).toBe('function install(): void;');
    expect(resolved('src/c.ts > ambient')).toBe('function ambient(x: number): void;');
    expect(resolved('src/c.ts > Color > Green')).toBe('Green = 2');
    expect(resolved('src/c.ts > Color > Blue')).toBe('Blue');
  });
});

describe('JavaScript: CommonJS exports, members assigned onto an object, IIFE wrappers', () => {
  it('exports.x = … and module.exports.x = … resolve to the assignment', () => {
    expect(resolved('src/c.js > add')).toBe('exports.add = function (a, b) { return a + b; }');
    expect(resolved('src/c.js > sub')).toBe('module.exports.sub = (a, b) => a - b');
  });

  it('module.exports = { … } members resolve', () => {
    expect(resolved('src/e.js > mul')).toBe('mul: function (a, b) { return a * b; }');
    expect(resolved('src/e.js > div')).toBe('div(a, b) { return a / b; }');
  });

  it('a function inside a parenthesized function value resolves through it', () => {
    expect(resolved('src/c.js > runInContext > baseMap')).toBe('function baseMap(xs) { return xs; }');
  });

  it('class fields resolve in JavaScript and TSX too', () => {
    expect(resolved('src/c.js > Counter > count')).toBe('count = 0');
    expect(resolved('src/c.js > Counter > step')).toBe('static step = 1');
    expect(resolved('src/v.tsx > View > state')).toBe('state = { open: false }');
  });

  it('a function inside an IIFE module wrapper resolves', () => {
    expect(resolved('src/c.js > baseEach')).toBe('function baseEach(xs, f) { return xs.forEach(f); }');
  });

  it('methods assigned onto an object or a prototype resolve under the owner; the owner is unchanged', () => {
    expect(resolved('src/c.js > res > send')).toBe('res.send = function send(body) { return body; }');
    expect(resolved('src/c.js > Emitter > emit')).toBe('Emitter.prototype.emit = function (name) { return name; }');
    expect(resolved('src/c.js > res')).toBe('res = Object.create(null)');
    expect(resolved('src/c.js > api > get')).toBe('get: function () { return 1; }');
    expect(resolved('src/c.js > api > put')).toBe('put() { return 2; }');
  });
});

describe('Go: interface methods, struct fields, generic receivers', () => {
  it('resolve as Type > Member', () => {
    expect(resolved('src/r.go > Reader > Read')).toBe('Read(p []byte) (int, error)');
    expect(resolved('src/r.go > Point > X')).toBe('X, Y int');
    expect(resolved('src/r.go > Stack > Push')).toMatch(/^func \(s \*Stack\[T\]\) Push/);
    expect(resolved('src/r.go > Stack > items')).toBe('items []T');
  });
});

describe('Python: tuple and starred targets, chains, global-assigned names', () => {
  it('module and class level tuple targets resolve to their assignment', () => {
    expect(resolved('m.py > LOW')).toBe('LOW, HIGH = 1, 10');
    expect(resolved('m.py > HIGH')).toBe('LOW, HIGH = 1, 10');
    expect(resolved('m.py > REST')).toBe('FIRST, *REST = [1, 2, 3]');
    expect(resolved('m.py > Cfg > b')).toBe('a, b = 1, 2');
  });

  it('the later names of a chained assignment and global-assigned names resolve', () => {
    expect(resolved('m.py > OTHER')).toBe('ALIAS = OTHER = "x"');
    expect(resolved('m.py > CACHE')).toBe('CACHE = {}');
  });
});

describe('extended symbols are hashed under recipe 3 only', () => {
  it('a reference recipe answers as the reference does: not found', () => {
    const parsed = files.get('src/p.rs')!;
    expect(hashSite(parsed, 'src/p.rs > Parser > parse').digest).toMatch(/^[0-9a-f]{12}$/);
    for (const recipe of ['v1', 'v2'] as const) {
      expect(() => hashSite(parsed, 'src/p.rs > Parser > parse', { recipe })).toThrow('no symbol `parse` found at this path');
    }
    expect(hashSite(parsed, 'src/p.rs > Parser', { recipe: 'v2' }).digest).toMatch(/^[0-9a-f]{12}$/);
  });

  it('a name that resolves nowhere keeps the reference message', () => {
    expect(failure('src/p.rs > Parser > missing')).toMatchObject({ kind: 'NotFound', segment: 'missing' });
    expect(failure('src/c.js > res > missing').message).toBe('no symbol `missing` found at this path');
  });
});

describe('spans of the new kinds make logic edits loud', () => {
  async function digest(file: string, text: string, at: string): Promise<string> {
    const parsed = parseSourceSync(text, requireLang(file), file);
    try {
      return hashSite(parsed, `${file} > ${at}`).digest;
    } finally {
      parsed.delete();
    }
  }

  it.each([
    ['a TS enum member counted from an earlier initializer', 'e.ts', 'enum E { A = 1, B, C }', 'enum E { A = 2, B, C }', 'E > C'],
    ['a fieldless Rust variant after a discriminant', 'e.rs', 'enum E { A = 1, B }', 'enum E { A = 2, B }', 'E > B'],
    ['a TS field initializer', 'f.ts', 'class K { n = 1; }', 'class K { n = 2; }', 'K > n'],
    ['a TS property type', 'f.ts', 'interface I { n: number }', 'interface I { n: string }', 'I > n'],
    ['a Python tuple target value', 'f.py', 'A, B = 1, 2', 'A, B = 1, 3', 'A'],
    ['a Go interface method signature', 'f.go', 'package f\ntype I interface { M(int) }', 'package f\ntype I interface { M(string) }', 'I > M'],
    ['a Go struct field tag', 'f.go', 'package f\ntype S struct { X int `json:"x"` }', 'package f\ntype S struct { X int `json:"y"` }', 'S > X'],
    ['a CommonJS export function', 'f.js', 'exports.f = function () { return 1; };', 'exports.f = function () { return 2; };', 'f'],
  ])('%s', async (_what, file, before, after, at) => {
    expect(await digest(file, before, at)).not.toBe(await digest(file, after, at));
  });

  it('a TS enum member with its own initializer ignores earlier members', async () => {
    expect(await digest('e.ts', 'enum E { A = 1, B = 5 }', 'E > B')).toBe(await digest('e.ts', 'enum E { A = 2, B = 5 }', 'E > B'));
  });
});
