import { spawnSync } from 'node:child_process';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { BoundverError } from '../errors.js';
import { parseStrictToml } from './strict-toml.js';

// The reference reads TOML configs with Python's tomllib (TOML 1.0); smol-toml also reads a later
// draft that allows newlines, comments and a trailing comma inside inline tables. A config the
// reference refuses must not pass here, so every case is also handed to tomllib.

const CASES: readonly string[] = [
  'a = { k = 1 \n}',
  'a = {\n k = 1 }',
  'a = { k = 1 # c\n}',
  'a = { k = 1, }',
  'a = { k = 1,\n l = 2 }',
  'b = { k = { l = 1\n} }',
  // Accepted by both.
  'a = { k = 1, l = 2 }',
  'a = { k = [1,\n2] }',
  'a = { k = [ # c\n1 ] }',
  'a = { k = """x\ny""" }',
  "a = { k = '''x\n}''' }",
  'a = { "k\\"}" = "{" }\nb = 1',
  '[t]\nk = { v = 1 }\n[[arr]]\nx = "]["',
  '["quoted ] key"]\nk = 1',
  'a = [ { k = 1 }, { k = 2 }, ]',
  'a = """\n""""',
  '# { not a table\na = 1',
];

function tomllibAccepts(text: string): boolean {
  const run = spawnSync('python3', ['-c', 'import sys, tomllib; tomllib.loads(sys.stdin.read())'], { input: text, encoding: 'utf8' });
  return run.status === 0;
}

function accepts(text: string): boolean {
  try {
    parseStrictToml(text, 'boundary.config.toml');
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(BoundverError);
    return false;
  }
}

describe('parseStrictToml: inline tables as TOML 1.0 has them', () => {
  it.each(CASES)('agrees with tomllib on %j', (text) => {
    expect(accepts(text)).toBe(tomllibAccepts(text));
  });

  it('the cases are not trivial: tomllib refuses the first six, smol-toml alone would accept them', () => {
    expect(CASES.slice(0, 6).map(tomllibAccepts)).toEqual([false, false, false, false, false, false]);
    for (const text of CASES.slice(0, 6)) expect(() => parse(text)).not.toThrow();
    expect(CASES.slice(6).every(tomllibAccepts)).toBe(true);
  });

  it('says where and why, as a typed error', () => {
    try {
      parseStrictToml('project = "p"\n[components.a]\nboundary = { provider = "leaf" \n}\n', 'boundary.config.toml');
      throw new Error('parsed');
    } catch (error) {
      expect((error as BoundverError).code).toBe('BOUNDVER_TOML_PARSE');
      expect((error as Error).message).toBe(
        'TOML parse error in boundary.config.toml: Unclosed inline table (TOML 1.0 ends an inline table on the line it starts) at line 3, column 32',
      );
    }
    expect(() => parseStrictToml('a = { k = 1, }', 'x.toml')).toThrow('Trailing comma in an inline table (TOML 1.0 allows none) at line 1, column 12');
  });
});
