import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseFile } from '@driftgate/syntax';
import { parseAnchor } from '../locate/anchor.js';
import { anchorTokens, hashAnchor, hashClaim, hashParsedAnchor } from '../hash/hash-anchor.js';
import { combineSiteHashes, hashTokens } from '../hash/hash.js';
import type { Recipe } from '../hash/stamp.js';

async function tokens(source: string, at: string, recipe: Recipe = 'v2', ignoreLiterals = false): Promise<string[]> {
  const parsed = await parseFile(parseAnchor(at).file, source);
  try {
    return anchorTokens(parsed, at, { recipe, ignoreLiterals });
  } finally {
    parsed.delete();
  }
}

describe('Python @overload group: one token stream', () => {
  const source = '@overload\ndef f(x: int) -> int: ...\ndef f(x):\n    return x\n';

  // Derived by hand from spec §5.2/§5.3: the stub (widened to its decorated_definition) then the
  // implementation, one placeholder map; v2 bound set = {f, x} (both defs' names, both params).
  const stubTail = ['#1', ':', 'type'];
  const implementation = ['function_definition', 'def', '#0', 'parameters', '(', '#1', ')', ':', 'block'];
  const implementationBody = ['return_statement', 'return', '#1'];

  it('v2', async () => {
    expect(await tokens(source, 'x.py > f', 'v2')).toEqual([
      'decorated_definition',
      'decorator',
      '@',
      'identifier:overload',
      'function_definition',
      'def',
      '#0',
      'parameters',
      '(',
      'typed_parameter',
      ...stubTail,
      'identifier:int',
      ')',
      '->',
      'type',
      'identifier:int',
      ':',
      'block',
      'expression_statement',
      'ellipsis:...',
      ...implementation,
      ...implementationBody,
    ]);
  });

  it('v1 (decorator names verbatim, every other identifier a placeholder)', async () => {
    expect(await tokens(source, 'x.py > f', 'v1')).toEqual([
      'decorated_definition',
      'decorator',
      '@',
      'identifier:overload',
      'function_definition',
      'def',
      '#0',
      'parameters',
      '(',
      'typed_parameter',
      ...stubTail,
      '#2',
      ')',
      '->',
      'type',
      '#2',
      ':',
      'block',
      'expression_statement',
      'ellipsis:...',
      ...implementation,
      ...implementationBody,
    ]);
  });

  it('a signature change in any stub changes the group hash', async () => {
    const changed = source.replace('x: int) -> int', 'x: str) -> int');
    expect((await hashAnchor(changed, 'x.py > f')).digest).not.toBe((await hashAnchor(source, 'x.py > f')).digest);
  });
});

describe('v1 decorator rule', () => {
  it('decorator names are verbatim but their call arguments are placeholders', async () => {
    const t = await tokens('@app.route(path)\ndef f():\n    return path\n', 'x.py > f', 'v1');
    expect(t.slice(0, 12)).toEqual([
      'decorated_definition',
      'decorator',
      '@',
      'call',
      'attribute',
      'identifier:app',
      '.',
      'identifier:route',
      'argument_list',
      '(',
      '#0',
      ')',
    ]);
    // `f` comes after `path` in the walk, so it is #1; `path` in the body reuses #0.
    expect(t.slice(-4)).toEqual(['block', 'return_statement', 'return', '#0']);
    expect(t).toContain('#1');
  });
});

describe('ignore_literals', () => {
  it('Rust: a string literal is its kind only', async () => {
    const source = 'fn f() -> &\'static str {\n    "hi"\n}\n';
    const plain = await tokens(source, 'x.rs > f');
    expect(plain.slice(-6)).toEqual(['{', 'string_literal', '"', 'string_content:hi', '"', '}']);
    const ignored = await tokens(source, 'x.rs > f', 'v2', true);
    expect(ignored.slice(-3)).toEqual(['{', 'string_literal', '}']);
  });

  it.each([
    ['x.ts > f', 'export function f(n: number) { return `hello ${n}` + "!"; }\n', 'hello', 'bye'],
    ['x.py > f', 'def f():\n    return "copy text"\n', 'copy text', 'other copy'],
    ['x.go > F', 'func F() string {\n\treturn "copy" + `raw`\n}\n', 'copy', 'edit'],
    ['x.rs > f', 'fn f() -> String {\n    format!("{}", r"raw") + "copy"\n}\n', 'copy', 'edit'],
  ])('%s: copy edits are quiet only with ignore_literals', async (at, source, from, to) => {
    const edited = source.replace(from, to);
    const opts = { ignoreLiterals: true };
    expect((await hashAnchor(edited, at, opts)).digest).toBe((await hashAnchor(source, at, opts)).digest);
    expect((await hashAnchor(edited, at)).digest).not.toBe((await hashAnchor(source, at)).digest);
  });

  it('TS template substitutions drop out with the template', async () => {
    const t = await tokens('export function f(n: number) { return `a ${n}`; }\n', 'x.ts > f', 'v2', true);
    expect(t).toContain('template_string');
    expect(t).not.toContain('template_substitution');
    expect(t.filter((x) => x === '#1')).toHaveLength(1);
  });

  it('numbers are never affected', async () => {
    const a = await hashAnchor('def f():\n    return 1\n', 'x.py > f', { ignoreLiterals: true });
    const b = await hashAnchor('def f():\n    return 2\n', 'x.py > f', { ignoreLiterals: true });
    expect(a.digest).not.toBe(b.digest);
  });
});

describe('quiet on cosmetics', () => {
  it.each([
    ['x.rs > f', 'fn f(a: i32) -> i32 { a + 1 }\n', 'fn f(a: i32) -> i32 {\n    /* why */ a + 1 // note\n}\n'],
    ['x.ts > f', 'function f(a: number) { return a + 1; }\n', 'function f(a: number) {\n  // c\n  return a + 1; /* d */\n}\n'],
    ['x.py > f', 'def f(a):\n    return a + 1\n', 'def f(a):\n    # c\n    return a  +  1  # d\n'],
    ['x.go > F', 'func F(a int) int { return a + 1 }\n', 'func F(a int) int {\n\t// c\n\treturn a + 1 /* d */\n}\n'],
  ])('%s: whitespace and comments drop out', async (at, a, b) => {
    expect((await hashAnchor(b, at)).digest).toBe((await hashAnchor(a, at)).digest);
  });
});

describe('Unicode identifiers hash through their text', () => {
  it('free Unicode names are verbatim, bound ones placeholders', async () => {
    const source = 'export function café(δ: number) {\n  return δ + façade.naïve;\n}\n';
    const t = await tokens(source, 'x.ts > café');
    expect(t).toEqual([
      'function_declaration',
      'function',
      '#0',
      'formal_parameters',
      '(',
      'required_parameter',
      '#1',
      'type_annotation',
      ':',
      'predefined_type',
      'number',
      ')',
      'statement_block',
      '{',
      'return_statement',
      'return',
      'binary_expression',
      '#1',
      '+',
      'member_expression',
      'identifier:façade',
      '.',
      'property_identifier:naïve',
      ';',
      '}',
    ]);
    expect(hashTokens(t)).toBe((await hashAnchor(source, 'x.ts > café', { recipe: 'v2' })).digest);
  });

  it('hashes the UTF-8 bytes of tokens', () => {
    // SHA-256("é\0") starts with these bytes; computed independently of hashTokens' join.
    const expected = createHash('sha256').update(Buffer.from([0xc3, 0xa9, 0x00])).digest('hex').slice(0, 12);
    expect(hashTokens(['é'])).toBe(expected);
  });
});

describe('multi-site claims', () => {
  const a = 'pub fn a(x: i64) -> i64 { x + 1 }\n';
  const b = 'def b(y):\n    return y * 2\n';

  it('one site is its own digest; several combine in order', async () => {
    const da = (await hashAnchor(a, 'src/a.rs > a')).digest;
    const db = (await hashAnchor(b, 'src/b.py > b')).digest;
    const one = await hashClaim([{ anchor: 'src/a.rs > a', source: a }]);
    expect(one.digest).toBe(da);
    expect(one.code).toBe('pub fn a(x: i64) -> i64 { x + 1 }');
    const both = await hashClaim([
      { anchor: 'src/a.rs > a', source: a },
      { anchor: 'src/b.py > b', source: Buffer.from(b) },
    ]);
    expect(both.digest).toBe(hashTokens([da, db]));
    expect(both.digest).toBe(combineSiteHashes([da, db]));
    // The default recipe is 3.
    expect(both.stamp).toBe(`3:${both.digest}`);
    expect(both.code).toBeUndefined();
    expect(both.sites.map((s) => s.at)).toEqual(['src/a.rs > a', 'src/b.py > b']);
    const reversed = await hashClaim([
      { anchor: 'src/b.py > b', source: b },
      { anchor: 'src/a.rs > a', source: a },
    ]);
    expect(reversed.digest).not.toBe(both.digest);
  });

  it('reuses a parsed file for several anchors and leaves it to its owner', async () => {
    const source = 'fn p() -> i32 { 1 }\nfn q() -> i32 { 2 }\n';
    const parsed = await parseFile('m.rs', source);
    try {
      const claim = await hashClaim([
        { anchor: 'm.rs > p', source: parsed },
        { anchor: 'm.rs > q', source: parsed },
      ]);
      expect(claim.digest).toBe(
        hashTokens([hashParsedAnchor(parsed, 'm.rs > p').digest, hashParsedAnchor(parsed, 'm.rs > q').digest]),
      );
      // Still usable: hashClaim did not free the caller's tree.
      expect(hashParsedAnchor(parsed, 'm.rs > p', { recipe: 'v1' }).stamp).toMatch(/^[0-9a-f]{12}$/);
    } finally {
      parsed.delete();
    }
  });

  it('the first failing site throws', async () => {
    await expect(
      hashClaim([
        { anchor: 'src/a.rs > a', source: a },
        { anchor: 'src/a.rs > missing', source: a },
      ]),
    ).rejects.toMatchObject({ kind: 'NotFound', segment: 'missing' });
  });
});

describe('error recovery', () => {
  it('syntax errors still yield a tree; ERROR nodes are tokens like any other', async () => {
    const t = await tokens('fn f() -> i32 { let = ; 1 }\n', 'x.rs > f');
    expect(t).toContain('ERROR');
  });

  it('invalid UTF-8 is a typed error', async () => {
    await expect(hashAnchor(Buffer.from([0x66, 0xff, 0x0a]), 'x.rs > f')).rejects.toMatchObject({
      code: 'SYNTAX_SOURCE_NOT_UTF8',
    });
  });
});
