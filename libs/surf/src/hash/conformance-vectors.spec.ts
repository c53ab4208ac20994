import { describe, expect, it } from 'vitest';
import { parseFile } from '@driftgate/syntax';
import { parseAnchor, parseRef } from '../locate/anchor.js';
import { AnchorParseError, RefParseError, ResolveError } from '../errors.js';
import { findRenamed } from './find-renamed.js';
import { anchorTokens, hashAnchor, hashParsedAnchor } from './hash-anchor.js';
import { hashTokens } from './hash.js';
import { formatStamp, parseStamp, type Recipe } from './stamp.js';

// Conformance vectors, Part 1 (surf): every row is a test. Sources are the vectors' JSON strings.

interface TokenVector {
  lang: string;
  anchor: string;
  recipe: Recipe;
  digest: string;
  source: string;
  tokens: string[];
}

/** §1.8: the exact token streams behind the §1.2 digests. */
const TOKEN_STREAMS: TokenVector[] = [
  {
    lang: "rust",
    anchor: "x.rs > add",
    recipe: "v1",
    digest: "f1075e760a17",
    source: "pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n",
    tokens: ["function_item","visibility_modifier","pub","fn","#0","parameters","(","parameter","#1",":","primitive_type:i64",",","parameter","#2",":","primitive_type:i64",")","->","primitive_type:i64","block","{","binary_expression","#1","+","#2","}"],
  },
  {
    lang: "rust",
    anchor: "x.rs > add",
    recipe: "v2",
    digest: "f1075e760a17",
    source: "pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n",
    tokens: ["function_item","visibility_modifier","pub","fn","#0","parameters","(","parameter","#1",":","primitive_type:i64",",","parameter","#2",":","primitive_type:i64",")","->","primitive_type:i64","block","{","binary_expression","#1","+","#2","}"],
  },
  {
    lang: "ts",
    anchor: "x.ts > Svc > rotate",
    recipe: "v1",
    digest: "afa4514b5c89",
    source: "export class Svc {\n  rotate(tok: string): string {\n    return tok + tok; // c\n  }\n}\n",
    tokens: ["method_definition","#0","formal_parameters","(","required_parameter","#1","type_annotation",":","predefined_type","string",")","type_annotation",":","predefined_type","string","statement_block","{","return_statement","return","binary_expression","#1","+","#1",";","}"],
  },
  {
    lang: "ts",
    anchor: "x.ts > Svc > rotate",
    recipe: "v2",
    digest: "afa4514b5c89",
    source: "export class Svc {\n  rotate(tok: string): string {\n    return tok + tok; // c\n  }\n}\n",
    tokens: ["method_definition","#0","formal_parameters","(","required_parameter","#1","type_annotation",":","predefined_type","string",")","type_annotation",":","predefined_type","string","statement_block","{","return_statement","return","binary_expression","#1","+","#1",";","}"],
  },
  {
    lang: "tsx",
    anchor: "x.tsx > App",
    recipe: "v1",
    digest: "97e0de58725d",
    source: "export function App(): JSX.Element {\n  return <div>{1 + 2}</div>;\n}\n",
    tokens: ["function_declaration","function","#0","formal_parameters","(",")","type_annotation",":","nested_type_identifier","#1",".","#2","statement_block","{","return_statement","return","jsx_element","jsx_opening_element","<","#3",">","jsx_expression","{","binary_expression","number:1","+","number:2","}","jsx_closing_element","</","#3",">",";","}"],
  },
  {
    lang: "tsx",
    anchor: "x.tsx > App",
    recipe: "v2",
    digest: "92e69aab47fb",
    source: "export function App(): JSX.Element {\n  return <div>{1 + 2}</div>;\n}\n",
    tokens: ["function_declaration","function","#0","formal_parameters","(",")","type_annotation",":","nested_type_identifier","identifier:JSX",".","type_identifier:Element","statement_block","{","return_statement","return","jsx_element","jsx_opening_element","<","identifier:div",">","jsx_expression","{","binary_expression","number:1","+","number:2","}","jsx_closing_element","</","identifier:div",">",";","}"],
  },
  {
    lang: "py",
    anchor: "x.py > add",
    recipe: "v1",
    digest: "879b76118966",
    source: "def add(a, b):\n    # comment\n    return a + b\n",
    tokens: ["function_definition","def","#0","parameters","(","#1",",","#2",")",":","block","return_statement","return","binary_operator","#1","+","#2"],
  },
  {
    lang: "py",
    anchor: "x.py > add",
    recipe: "v2",
    digest: "879b76118966",
    source: "def add(a, b):\n    # comment\n    return a + b\n",
    tokens: ["function_definition","def","#0","parameters","(","#1",",","#2",")",":","block","return_statement","return","binary_operator","#1","+","#2"],
  },
  {
    lang: "go",
    anchor: "x.go > Add",
    recipe: "v1",
    digest: "942af2641116",
    source: "func Add(a int, b int) int {\n\t// sum\n\treturn a + b\n}\n",
    tokens: ["function_declaration","func","#0","parameter_list","(","parameter_declaration","#1","#2",",","parameter_declaration","#3","#2",")","#2","block","{","statement_list","return_statement","return","expression_list","binary_expression","#1","+","#3","}"],
  },
  {
    lang: "go",
    anchor: "x.go > Add",
    recipe: "v2",
    digest: "5bb84c760e6b",
    source: "func Add(a int, b int) int {\n\t// sum\n\treturn a + b\n}\n",
    tokens: ["function_declaration","func","#0","parameter_list","(","parameter_declaration","#1","type_identifier:int",",","parameter_declaration","#2","type_identifier:int",")","type_identifier:int","block","{","statement_list","return_statement","return","expression_list","binary_expression","#1","+","#2","}"],
  },
  {
    lang: "ts",
    anchor: "x.ts > S > tier",
    recipe: "v1",
    digest: "9aea05e557ad",
    source: "export class S {\n  tier(u: User): Tier {\n    return Tiers.getHighest(u.nxp, PointsTier.TIER_1);\n  }\n}\n",
    tokens: ["method_definition","#0","formal_parameters","(","required_parameter","#1","type_annotation",":","#2",")","type_annotation",":","#3","statement_block","{","return_statement","return","call_expression","member_expression","#4",".","#5","arguments","(","member_expression","#1",".","#6",",","member_expression","#7",".","#8",")",";","}"],
  },
  {
    lang: "ts",
    anchor: "x.ts > S > tier",
    recipe: "v2",
    digest: "96e55763b827",
    source: "export class S {\n  tier(u: User): Tier {\n    return Tiers.getHighest(u.nxp, PointsTier.TIER_1);\n  }\n}\n",
    tokens: ["method_definition","#0","formal_parameters","(","required_parameter","#1","type_annotation",":","type_identifier:User",")","type_annotation",":","type_identifier:Tier","statement_block","{","return_statement","return","call_expression","member_expression","identifier:Tiers",".","property_identifier:getHighest","arguments","(","member_expression","#1",".","property_identifier:nxp",",","member_expression","identifier:PointsTier",".","property_identifier:TIER_1",")",";","}"],
  },
  {
    lang: "go",
    anchor: "x.go > Builder > Set",
    recipe: "v1",
    digest: "34bc2bf73d75",
    source: "func (b *Builder) Set(n string) *Builder {\n\treturn b.Del(n)\n}\n",
    tokens: ["method_declaration","func","parameter_list","(","parameter_declaration","#0","pointer_type","*","#1",")","#2","parameter_list","(","parameter_declaration","#3","#4",")","pointer_type","*","#1","block","{","statement_list","return_statement","return","expression_list","call_expression","selector_expression","#0",".","#5","argument_list","(","#3",")","}"],
  },
  {
    lang: "go",
    anchor: "x.go > Builder > Set",
    recipe: "v2",
    digest: "e6ab4bb83933",
    source: "func (b *Builder) Set(n string) *Builder {\n\treturn b.Del(n)\n}\n",
    tokens: ["method_declaration","func","parameter_list","(","parameter_declaration","#0","pointer_type","*","type_identifier:Builder",")","#1","parameter_list","(","parameter_declaration","#2","type_identifier:string",")","pointer_type","*","type_identifier:Builder","block","{","statement_list","return_statement","return","expression_list","call_expression","selector_expression","#0",".","field_identifier:Del","argument_list","(","#2",")","}"],
  },
  {
    lang: "py",
    anchor: "x.py > color",
    recipe: "v1",
    digest: "6061e364641b",
    source: "def color(self):\n    return ProbeColor.RED\n",
    tokens: ["function_definition","def","#0","parameters","(","#1",")",":","block","return_statement","return","attribute","#2",".","#3"],
  },
  {
    lang: "py",
    anchor: "x.py > color",
    recipe: "v2",
    digest: "0a9441f535d0",
    source: "def color(self):\n    return ProbeColor.RED\n",
    tokens: ["function_definition","def","#0","parameters","(","#1",")",":","block","return_statement","return","attribute","identifier:ProbeColor",".","identifier:RED"],
  },
  {
    lang: "rust",
    anchor: "x.rs > name",
    recipe: "v1",
    digest: "0e1353a2aee5",
    source: "pub fn name(p: Person) -> String {\n    p.first.clone()\n}\n",
    tokens: ["function_item","visibility_modifier","pub","fn","#0","parameters","(","parameter","#1",":","#2",")","->","#3","block","{","call_expression","field_expression","field_expression","#1",".","#4",".","#5","arguments","(",")","}"],
  },
  {
    lang: "rust",
    anchor: "x.rs > name",
    recipe: "v2",
    digest: "31f85c893b1e",
    source: "pub fn name(p: Person) -> String {\n    p.first.clone()\n}\n",
    tokens: ["function_item","visibility_modifier","pub","fn","#0","parameters","(","parameter","#1",":","type_identifier:Person",")","->","type_identifier:String","block","{","call_expression","field_expression","field_expression","#1",".","field_identifier:first",".","field_identifier:clone","arguments","(",")","}"],
  },
];

/** §1.2: digest table (id, anchor, source, v1, v2). */
const DIGESTS: Array<[string, string, string, string, string]> = [
  ['G1', 'x.rs > add', 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n', 'f1075e760a17', 'f1075e760a17'],
  ['G2', 'x.ts > Svc > rotate', 'export class Svc {\n  rotate(tok: string): string {\n    return tok + tok; // c\n  }\n}\n', 'afa4514b5c89', 'afa4514b5c89'],
  ['G3', 'x.tsx > App', 'export function App(): JSX.Element {\n  return <div>{1 + 2}</div>;\n}\n', '97e0de58725d', '92e69aab47fb'],
  ['G4', 'x.py > add', 'def add(a, b):\n    # comment\n    return a + b\n', '879b76118966', '879b76118966'],
  ['G5', 'x.go > Add', 'func Add(a int, b int) int {\n\t// sum\n\treturn a + b\n}\n', '942af2641116', '5bb84c760e6b'],
  ['G6', 'x.ts > S > tier', 'export class S {\n  tier(u: User): Tier {\n    return Tiers.getHighest(u.nxp, PointsTier.TIER_1);\n  }\n}\n', '9aea05e557ad', '96e55763b827'],
  ['G7', 'x.go > Builder > Set', 'func (b *Builder) Set(n string) *Builder {\n\treturn b.Del(n)\n}\n', '34bc2bf73d75', 'e6ab4bb83933'],
  ['G8', 'x.py > color', 'def color(self):\n    return ProbeColor.RED\n', '6061e364641b', '0a9441f535d0'],
  ['G9', 'x.rs > name', 'pub fn name(p: Person) -> String {\n    p.first.clone()\n}\n', '0e1353a2aee5', '31f85c893b1e'],
];

async function tokensOf(source: string, anchor: string, recipe: Recipe): Promise<string[]> {
  const parsed = await parseFile(parseAnchor(anchor).file, source);
  try {
    return anchorTokens(parsed, anchor, { recipe });
  } finally {
    parsed.delete();
  }
}

async function digest(source: string, anchor: string, recipe: Recipe = 'v2'): Promise<string> {
  return (await hashAnchor(source, anchor, { recipe })).digest;
}

describe('vectors §1.8 token streams', () => {
  it.each(TOKEN_STREAMS.map((v) => [`${v.anchor} ${v.recipe}`, v] as const))('%s', async (_name, v) => {
    const parsed = await parseFile(parseAnchor(v.anchor).file, v.source);
    try {
      const tokens = anchorTokens(parsed, v.anchor, { recipe: v.recipe });
      expect(tokens).toEqual(v.tokens);
      expect(hashTokens(tokens)).toBe(v.digest);
      expect(hashParsedAnchor(parsed, v.anchor, { recipe: v.recipe }).digest).toBe(v.digest);
    } finally {
      parsed.delete();
    }
  });
});

describe('vectors §1.2 digests', () => {
  it.each(DIGESTS)('%s %s', async (_id, anchor, source, v1, v2) => {
    expect(await digest(source, anchor, 'v1')).toBe(v1);
    expect(await digest(source, anchor, 'v2')).toBe(v2);
    // Recipe 2 is no longer the default (new stamps are `3:`); its stamps stay the reference's.
    const stored = await hashAnchor(source, anchor, { recipe: 'v2' });
    expect(stored.stamp).toBe(`2:${v2}`);
    expect(stored.recipe).toBe('v2');
    expect((await hashAnchor(source, anchor)).stamp).toMatch(/^3:[0-9a-f]{12}$/);
  });

  it('stamp assertions', async () => {
    expect((await hashAnchor(DIGESTS[0]![2], 'x.rs > add', { recipe: 'v2' })).stamp).toBe('2:f1075e760a17');
    expect(formatStamp('v1', 'f1075e760a17')).toBe('f1075e760a17');
  });
});

describe('vectors §1.3 stamp parsing', () => {
  it('parses the recipe and digest or fails closed', () => {
    expect(parseStamp('abc123')).toEqual({ recipe: 'v1', hex: 'abc123' });
    expect(parseStamp('2:abc123')).toEqual({ recipe: 'v2', hex: 'abc123' });
    // `3:` is our recipe 3 (docs/hash-recipes.md); any other prefix still fails closed.
    expect(parseStamp('3:abc123')).toEqual({ recipe: 'v3', hex: 'abc123' });
    expect(parseStamp('4:abc123')).toBeUndefined();
    expect(parseStamp('v2:abc123')).toBeUndefined();
    expect(parseStamp('2:nothex')).toBeUndefined();
    expect(parseStamp('')).toBeUndefined();
  });

  it('round-trips format and parse', () => {
    expect(formatStamp('v1', 'deadbeef')).toBe('deadbeef');
    expect(parseStamp('deadbeef')).toEqual({ recipe: 'v1', hex: 'deadbeef' });
    expect(formatStamp('v2', 'deadbeef')).toBe('2:deadbeef');
    expect(parseStamp('2:deadbeef')).toEqual({ recipe: 'v2', hex: 'deadbeef' });
    expect(formatStamp('v3', 'deadbeef')).toBe('3:deadbeef');
    expect(parseStamp('3:deadbeef')).toEqual({ recipe: 'v3', hex: 'deadbeef' });
  });

  it('accepts hex of either case without a length check', () => {
    expect(parseStamp('2:ABCdef')).toEqual({ recipe: 'v2', hex: 'ABCdef' });
    expect(parseStamp('2:')).toBeUndefined();
    expect(parseStamp(':abc')).toBeUndefined();
    expect(parseStamp('2:ab:cd')).toBeUndefined();
  });
});

describe('vectors §1.4 relations', () => {
  it('the v2 stamp of a Rust fn starts with 2:, the current one with 3:', async () => {
    expect((await hashAnchor('pub fn f(p: T) -> i64 { p.x }\n', 'x.rs > f', { recipe: 'v2' })).stamp).toMatch(/^2:[0-9a-f]{12}$/);
    expect((await hashAnchor('pub fn f(p: T) -> i64 { p.x }\n', 'x.rs > f')).stamp).toMatch(/^3:[0-9a-f]{12}$/);
  });

  // Member and call-target re-pointing: blind under v1, loud under v2.
  it.each([
    ['x.ts > S > tier', DIGESTS[5]![2], DIGESTS[5]![2].replace('TIER_1', 'TIER_2')],
    ['x.ts > S > tier', DIGESTS[5]![2], DIGESTS[5]![2].replace('getHighest', 'getLowest')],
    ['x.go > Builder > Set', DIGESTS[6]![2], DIGESTS[6]![2].replace('b.Del', 'b.Keep')],
    ['x.py > color', DIGESTS[7]![2], DIGESTS[7]![2].replace('RED', 'GREEN')],
    ['x.rs > name', DIGESTS[8]![2], DIGESTS[8]![2].replace('p.first', 'p.second')],
  ])('member swap in %s: v1 equal, v2 different', async (anchor, before, after) => {
    expect(after).not.toBe(before);
    expect(await digest(after, anchor, 'v1')).toBe(await digest(before, anchor, 'v1'));
    expect(await digest(after, anchor, 'v2')).not.toBe(await digest(before, anchor, 'v2'));
  });

  it.each([
    [
      'x.rs > f',
      'pub fn f(nxpTier: i64) -> i64 { let t = nxpTier; t + nxpTier }\n',
      'pub fn f(pointsTier: i64) -> i64 { let t = pointsTier; t + pointsTier }\n',
    ],
    ['x.rs > f', 'pub fn f(obj: T) -> i64 { obj.compute() }\n', 'pub fn f(thing: T) -> i64 { thing.compute() }\n'],
    ['x.rs > f', 'pub fn f<T>(x: T) -> T { x }\n', 'pub fn f<U>(x: U) -> U { x }\n'],
    [
      'x.ts > f',
      'export function f(o: O) { const { k: b } = o; return b; }\n',
      'export function f(o: O) { const { k: c } = o; return c; }\n',
    ],
  ])('equal under v2: %s %j', async (anchor, a, b) => {
    expect(await digest(a, anchor)).toBe(await digest(b, anchor));
  });

  it.each([
    ['x.rs > f', 'pub fn f(x: i64, y: i64) -> i64 { x + y }\n', 'pub fn f(x: i64, y: i64) -> i64 { x - y }\n'],
    ['x.rs > f', 'pub fn f(x: Foo) -> i64 { 0 }\n', 'pub fn f(x: Bar) -> i64 { 0 }\n'],
    [
      'x.ts > f',
      'export function f(o: O) { const { k: b } = o; return b; }\n',
      'export function f(o: O) { const { j: b } = o; return b; }\n',
    ],
    ['x.py > f', '@cache\ndef f(x):\n    return x\n', '@lru_cache\ndef f(x):\n    return x\n'],
  ])('different under v2: %s %j', async (anchor, a, b) => {
    expect(await digest(a, anchor)).not.toBe(await digest(b, anchor));
  });

  it.each([
    [
      'x.ts > f',
      'export function f() { const o = { alpha: 1 }; return o; }\n',
      'export function f() { const o = { beta: 1 }; return o; }\n',
    ],
    ['x.rs > f', 'pub fn f(x: i64) -> i64 { helper(x) }\n', 'pub fn f(x: i64) -> i64 { other(x) }\n'],
  ])('v1 equal, v2 different: %s %j', async (anchor, a, b) => {
    expect(await digest(a, anchor, 'v1')).toBe(await digest(b, anchor, 'v1'));
    expect(await digest(a, anchor, 'v2')).not.toBe(await digest(b, anchor, 'v2'));
  });

  it('logic edits change the hash (golden logic_edits_change_the_hash)', async () => {
    const stamps = await Promise.all(
      ['{ a + b }', '{ a - b }', '{ b - a }'].map(
        async (body) => (await hashAnchor(`pub fn add(a: i64, b: i64) -> i64 ${body}\n`, 'x.rs > add')).stamp,
      ),
    );
    expect(new Set(stamps).size).toBe(3);
  });
});

describe('vectors §1.5 rename detection', () => {
  const old = 'fn rotate(token: &str) -> String { token.to_string() }';

  it('finds the renamed symbol by its stored stamp', async () => {
    const stored = (await hashAnchor(old, 'f.rs > rotate')).stamp;
    const parsed = await parseFile('f.rs', 'fn rotate_token(token: &str) -> String { token.to_string() }');
    try {
      expect(findRenamed(parsed, stored)).toBe('rotate_token');
    } finally {
      parsed.delete();
    }
  });

  it('finds nothing when the body changed', async () => {
    const stored = (await hashAnchor(old, 'f.rs > rotate')).stamp;
    const parsed = await parseFile('f.rs', 'fn rotate_token(token: &str) -> String { token.trim().to_string() }');
    try {
      expect(findRenamed(parsed, stored)).toBeUndefined();
    } finally {
      parsed.delete();
    }
  });
});

describe('vectors §1.6 lint ambiguity (resolver part)', () => {
  it('two `function dup` → Ambiguous with count 2 and an @N hint', async () => {
    const error = await hashAnchor('function dup(): void {}\nfunction dup(): void {}\n', 'src/dup.ts > dup').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResolveError);
    expect(error).toMatchObject({ kind: 'Ambiguous', count: 2, segment: 'dup', code: 'SURF_SYMBOL_AMBIGUOUS' });
    expect((error as ResolveError).message).toBe('`dup` is ambiguous (2 matches); disambiguate with `@N`');
  });

  it('an unsupported extension is typed with the exact detail', async () => {
    await expect(hashAnchor('select 1;', 'schema.sql > users')).rejects.toMatchObject({
      code: 'SYNTAX_UNSUPPORTED_FILE_TYPE',
      message: 'unsupported file type: schema.sql',
    });
  });
});

describe('vectors §1.7 anchors and refs', () => {
  function anchorError(input: string): AnchorParseError {
    try {
      parseAnchor(input);
    } catch (e) {
      if (e instanceof AnchorParseError) return e;
      throw e;
    }
    throw new Error(`expected ${JSON.stringify(input)} to fail`);
  }

  function refError(input: string): RefParseError {
    try {
      parseRef(input);
    } catch (e) {
      if (e instanceof RefParseError) return e;
      throw e;
    }
    throw new Error(`expected ${JSON.stringify(input)} to fail`);
  }

  it('parses qualified paths and positional selectors', () => {
    expect(parseAnchor('src/auth/refresh.ts > TokenService > rotate')).toEqual({
      file: 'src/auth/refresh.ts',
      segments: [{ name: 'TokenService' }, { name: 'rotate' }],
    });
    expect(parseAnchor('src/auth/refresh.ts > rotate @2').segments).toEqual([{ name: 'rotate', index: 2 }]);
    expect(parseAnchor('a.rs > rotate@3').segments).toEqual([{ name: 'rotate', index: 3 }]);
  });

  it.each([
    ['   ', 'Empty', 'anchor is empty', undefined],
    ['src/auth/refresh.ts', 'MissingSymbol', 'anchor names a file but no symbol (expected `path > symbol`)', undefined],
    ['a.ts > ', 'EmptySegment', 'anchor has an empty `>` segment', undefined],
    ['a.ts > rotate @0', 'BadIndex', 'invalid positional index `@0` (expected a number >= 1)', '0'],
    ['a.ts > rotate @x', 'BadIndex', 'invalid positional index `@x` (expected a number >= 1)', 'x'],
    ['> rotate', 'EmptyFile', 'anchor has no file path', undefined],
  ])('%j → %s', (input, kind, message, detail) => {
    const e = anchorError(input);
    expect(e.kind).toBe(kind);
    expect(e.message).toBe(message);
    expect(e.detail).toBe(detail);
    expect(e.code).toBe('SURF_BAD_ANCHOR');
  });

  it('rejects a backslash path (ours)', () => {
    const e = anchorError('auth\\service.ts > Foo');
    expect(e.kind).toBe('BadPath');
    expect(e.message).toContain('backslash');
    expect(e.message).toContain('auth/service.ts');
  });

  it('parses refs with and without segments', () => {
    expect(parseRef('./cli-verify.md')).toEqual({ path: './cli-verify.md', segments: [] });
    expect(parseRef('./resolve.md > resolve_nodes')).toEqual({
      path: './resolve.md',
      segments: [{ name: 'resolve_nodes' }],
    });
    expect(parseRef('../hubs/m.md > Builder > Set @2')).toEqual({
      path: '../hubs/m.md',
      segments: [{ name: 'Builder' }, { name: 'Set', index: 2 }],
    });
  });

  it('reports ref errors', () => {
    expect(refError('   ')).toMatchObject({ kind: 'Empty', message: 'ref is empty', code: 'SURF_BAD_REF' });
    expect(refError('> resolve_nodes')).toMatchObject({ kind: 'EmptyPath', message: 'ref has no hub path' });
    const segment = refError('./a.md > ');
    expect(segment.kind).toBe('Segment');
    expect(segment.segmentError?.kind).toBe('EmptySegment');
    const index = refError('./a.md > x @0');
    expect(index.kind).toBe('Segment');
    expect(index.segmentError).toMatchObject({ kind: 'BadIndex', detail: '0' });
    expect(index.message).toBe('invalid positional index `@0` (expected a number >= 1)');
  });
});

// Guard the helper itself: the vectors above are only meaningful if streams really differ by recipe.
it('token streams of a member-access vector differ by recipe', async () => {
  const [v1, v2] = await Promise.all([
    tokensOf(DIGESTS[8]![2], 'x.rs > name', 'v1'),
    tokensOf(DIGESTS[8]![2], 'x.rs > name', 'v2'),
  ]);
  expect(v1).not.toEqual(v2);
});
