import { describe, expect, it } from 'vitest';
import { JsonParseError, parseStrictJson } from './strict-json.js';
import { BoundverError } from '../errors.js';

const parse = (text: string | Uint8Array, limits = {}) => parseStrictJson(text, 'cfg.json', limits);
const failure = (text: string | Uint8Array, limits = {}): JsonParseError => {
  try {
    parse(text, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(JsonParseError);
    return error as JsonParseError;
  }
  throw new Error('expected a parse error');
};

describe('strict JSON value model', () => {
  it('parses integers as bigint and floats as numbers', () => {
    expect(parse('[1, -0, 1.0, 1e2, -0.5e1, 12345678901234567890123]')).toEqual([
      1n,
      0n,
      1,
      100,
      -5,
      12345678901234567890123n,
    ]);
  });
  it('keeps object key order, including integer-like keys', () => {
    const value = parse('{"b": 1, "2": 2, "1": 3, "__proto__": 4}') as Map<string, unknown>;
    expect([...value.keys()]).toEqual(['b', '2', '1', '__proto__']);
  });
  it('accepts any top-level value and surrounding JSON whitespace', () => {
    expect(parse(' \t\r\n"x" \n')).toBe('x');
    expect(parse('null')).toBeNull();
  });
  it('joins escaped surrogate pairs and decodes bytes as UTF-8', () => {
    expect(parse('"\\ud83d\\ude00"')).toBe('\u{1F600}');
    expect(parse(Buffer.from('"é"', 'utf8'))).toBe('é');
  });
  it('allows exactly 128 levels and 100,000 values', () => {
    expect(() => parse(`${'['.repeat(129)}${']'.repeat(129)}`)).not.toThrow();
    expect(() => parse(`[${Array(99_999).fill('0').join(',')}]`)).not.toThrow();
  });
});

describe('strict JSON failures', () => {
  it('reports the kind and position without echoing the document', () => {
    const error = failure('{\n  "secret": 1,\n  "secret": 2\n}');
    expect(error.message).toBe('JSON parse error in cfg.json: Duplicate object key at line 3, column 3');
    expect(error.code).toBe('BOUNDVER_JSON_PARSE');
    expect(error.message).not.toContain('secret');
  });
  it.each([
    ['NaN', 'Non-finite number is not supported'],
    ['[Infinity]', 'Non-finite number is not supported'],
    ['-Infinity', 'Non-finite number is not supported'],
    ['1e400', 'Non-finite number is not supported'],
    ['[1,]', 'Expecting value'],
    ['{"a":1,}', 'Expecting property name enclosed in double quotes'],
    ["{'a':1}", 'Expecting property name enclosed in double quotes'],
    ['{"a" 1}', "Expecting ':' delimiter"],
    ['[1 2]', "Expecting ',' delimiter"],
    ['"abc', 'Unterminated string starting at'],
    ['"a\tb"', 'Invalid control character at'],
    ['"\\x"', 'Invalid \\escape'],
    ['"\\u12"', 'Invalid \\uXXXX escape'],
    ['"\\ud800"', 'Lone surrogate in \\uXXXX escape'],
    ['01', 'Extra data'],
    ['1.', 'Extra data'],
    ['-', 'Expecting value'],
    ['', 'Expecting value'],
    ['\uFEFF{}', 'Unexpected UTF-8 BOM'],
    ['tru', 'Expecting value'],
  ])('%j → %s', (text, kind) => {
    expect(failure(text).kind).toBe(kind);
  });
  it('limits integers to 4300 digits and number tokens to 4332 characters', () => {
    expect(parse('9'.repeat(4300))).toBe(BigInt('9'.repeat(4300)));
    expect(failure('9'.repeat(4301)).kind).toBe('Integer exceeds the 4300-digit limit');
    expect(parse(`-${'9'.repeat(4300)}`)).toBe(-BigInt('9'.repeat(4300)));
    expect(failure(`0.${'1'.repeat(4331)}`).kind).toBe('Number exceeds the 4332-character limit');
  });
  it('limits depth and value count (iteratively, far past the call stack)', () => {
    expect(failure(`${'['.repeat(130)}${']'.repeat(130)}`).kind).toBe('Nesting exceeds the 128-level limit');
    expect(failure(`[${Array(100_000).fill('0').join(',')}]`).kind).toBe('Document exceeds the 100000-value limit');
    expect(failure('['.repeat(200_000), { maxDepth: 1_000_000, maxNodes: 1_000_000 }).kind).toBe('Expecting value');
  });
  it('uses injected limits', () => {
    expect(failure('[[1]]', { maxDepth: 1 }).kind).toBe('Nesting exceeds the 1-level limit');
    expect(failure('[1,2]', { maxNodes: 2 }).kind).toBe('Document exceeds the 2-value limit');
  });
  it('rejects invalid UTF-8 bytes', () => {
    expect(() => parse(Uint8Array.from([0x22, 0xff, 0x22]))).toThrow(BoundverError);
    expect(() => parse(Uint8Array.from([0x22, 0xff, 0x22]))).toThrow(/not valid UTF-8/);
  });
  it('counts columns in code points, lines from 1', () => {
    const error = failure('{"\u{1F600}": 1 2}');
    expect([error.line, error.column]).toEqual([1, 9]);
  });
});
