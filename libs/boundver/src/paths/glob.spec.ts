import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredPathProblem, normalizeDeclaredPath, normalizePosixPath } from './declared-path.js';
import { BoundverError } from '../errors.js';
import { GlobOperation, matchGlob } from './glob.js';
import { selectDeclaredPaths } from './select-declared-paths.js';

describe('glob rows of vectors §2.3', () => {
  it('**/*.yaml selects root-level and nested files', () => {
    expect(matchGlob('a.yaml', '**/*.yaml')).toBe(true);
    expect(matchGlob('x/y/a.yaml', '**/*.yaml')).toBe(true);
  });
  it('api/*.yaml does not cross a segment; api/**/*.yaml includes direct children', () => {
    expect(matchGlob('api/v1/a.yaml', 'api/*.yaml')).toBe(false);
    expect(matchGlob('api/a.yaml', 'api/**/*.yaml')).toBe(true);
    expect(matchGlob('api/v1/v2/a.yaml', 'api/**/*.yaml')).toBe(true);
  });
  it('* matches a leading dot', () => {
    expect(matchGlob('.hidden', '*')).toBe(true);
  });
  it('matching is case-sensitive', () => {
    expect(matchGlob('A.yaml', '*.yaml')).toBe(true);
    expect(matchGlob('a.YAML', '*.yaml')).toBe(false);
  });
  it('./api is an invalid declaration', () => {
    expect(declaredPathProblem('./api')).toBe("must not contain '.' path segments");
  });
});

describe('segment grammar', () => {
  it('follows CPython fnmatch for classes', () => {
    // Expected values are fnmatch.fnmatchcase results from CPython 3.11.
    const cases: Array<[string, string, boolean]> = [
      ['b', '[a--c]', false],
      ['-', '[a--c]', false],
      ['c', '[a--c]', true],
      ['x', '[z-a]', false],
      ['x', '[!z-a]', true],
      [']', '[]a]', true],
      ['a', '[]a]', true],
      ['[', '[', true],
      ['[a', '[a', true],
      ['b', '[!a]', true],
      ['a', '[!a]', false],
      ['-', '[a-]', true],
      ['-', '[!-a]', false],
      ['b', '[!-a]', true],
      ['ab', 'a[b', false],
      ['a[b', 'a[b', true],
      ['é', '[à-ê]', true],
      ['a-', '[a-b-]', false],
      ['-', '[a-c-e]', true],
      ['d', '[a-c-e]', false],
      ['e', '[a-c-e]', true],
      ['!', '[!]', false],
      ['a', '[!!]', true],
    ];
    for (const [text, pattern, expected] of cases) expect([text, pattern, matchGlob(text, pattern)]).toEqual([text, pattern, expected]);
  });
  it('? is one code point, * any run, never a slash', () => {
    expect(matchGlob('\u{1F600}.txt', '?.txt')).toBe(true);
    expect(matchGlob('ab.txt', '?.txt')).toBe(false);
    expect(matchGlob('a/b.txt', '*.txt')).toBe(false);
    expect(matchGlob('a/b.txt', '?/*')).toBe(true);
    // Astral characters inside a segment, and a lone surrogate, are one code point each.
    expect(matchGlob('a\u{1F600}b.txt', 'a?b.txt')).toBe(true);
    expect(matchGlob('a\u{1F600}b.txt', 'a??b.txt')).toBe(false);
    expect(matchGlob('\u{1F600}\u{1F601}', '[\u{1F600}-\u{1F601}]?')).toBe(true);
    expect(matchGlob('\uDC80x', '?x')).toBe(true);
  });
  it('treats ** mixed with other characters as *', () => {
    expect(matchGlob('xaby', 'x**y')).toBe(true);
    expect(matchGlob('x/y', 'x**y')).toBe(false);
    expect(matchGlob('a/b', 'a/**')).toBe(true);
    expect(matchGlob('a', 'a/**')).toBe(true);
    expect(matchGlob('a/b/c', '**/**/c')).toBe(true);
  });
  it('has no braces and no escapes', () => {
    expect(matchGlob('a.ts', '*.{ts,js}')).toBe(false);
    expect(matchGlob('*.{ts,js}', '*.{ts,js}')).toBe(true);
  });
  it('fails closed past the work limits', () => {
    const pattern = `${'*a'.repeat(100)}b`;
    expect(() => matchGlob('a'.repeat(500), pattern, { maxStepsPerMatch: 10_000 })).toThrow(/Glob match guardrail exceeded: more than 10000 matcher steps/);
    const operation = new GlobOperation({ maxStepsPerOperation: 50 });
    expect(() => {
      for (let index = 0; index < 20; index += 1) operation.matches(`dir/file${index}.yaml`, '**/*.yaml');
    }).toThrow(/aggregate glob compile\/match steps/);
  });
});

describe('glob work budgets', () => {
  // Steps are counted in bulk, not one call per step, yet every budget must run out exactly where a
  // per-step count would: a match of k steps passes with a budget of k and fails with k - 1, and
  // `steps` (which migrate-lock reports) then holds what the first step past the budget left.
  const segment = fc.stringMatching(/^[ab*?[\]!.-]{1,6}$/).filter((text) => text !== '.' && text !== '..');
  const pattern = fc.array(fc.oneof(segment, fc.constant('**'), fc.constantFrom('a', 'b', 'x.ts')), { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/'));
  const path = fc.array(fc.stringMatching(/^[ab.!x-]{1,8}$/), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('/'));
  const UNLIMITED = { maxStepsPerMatch: 1e9, maxStepsPerOperation: 1e12 };

  it('a match fails exactly one step past its own budget', () => {
    fc.assert(
      fc.property(pattern, path, (glob, candidate) => {
        const measure = new GlobOperation(UNLIMITED);
        const compiled = measure.compile(glob);
        const before = measure.steps;
        const matched = measure.matches(candidate, compiled);
        const steps = measure.steps - before;
        expect(steps).toBeGreaterThan(0);
        const enough = new GlobOperation({ ...UNLIMITED, maxStepsPerMatch: Math.max(steps, before) });
        expect(enough.matches(candidate, glob)).toBe(matched);
        expect(enough.steps).toBe(before + steps);
        const short = new GlobOperation({ ...UNLIMITED, maxStepsPerMatch: steps - 1 });
        const shortCompiled = (() => {
          try {
            return short.compile(glob);
          } catch {
            return null;
          }
        })();
        if (shortCompiled === null) return;
        expect(() => short.matches(candidate, shortCompiled)).toThrow(`Glob match guardrail exceeded: more than ${steps - 1} matcher steps`);
        expect(short.steps).toBe(before + steps - 1);
      }),
      { numRuns: 2000 },
    );
  });

  it('an operation fails exactly one step past its budget, after the steps spent before', () => {
    fc.assert(
      fc.property(pattern, fc.array(path, { minLength: 2, maxLength: 6 }), (glob, candidates) => {
        const measure = new GlobOperation(UNLIMITED);
        const compiled = measure.compile(glob);
        for (const candidate of candidates) measure.matches(candidate, compiled);
        const total = measure.steps;
        const exact = new GlobOperation({ ...UNLIMITED, maxStepsPerOperation: total });
        for (const candidate of candidates) exact.matches(candidate, glob);
        expect(exact.steps).toBe(total);
        const short = new GlobOperation({ ...UNLIMITED, maxStepsPerOperation: total - 1 });
        const shortCompiled = short.compile(glob);
        expect(() => {
          for (const candidate of candidates) short.matches(candidate, shortCompiled);
        }).toThrow(`more than ${total - 1} aggregate glob compile/match steps`);
        expect(short.steps).toBe(total);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('declared path grammar', () => {
  it.each([
    ['', 'must not be empty or whitespace'],
    ['  ', 'must not be empty or whitespace'],
    [' api', 'must not have leading or trailing whitespace'],
    ['api\u00a0', 'must not have leading or trailing whitespace'],
    ['a\u0001b', 'must not contain control characters'],
    ['a\\b', "must use '/' separators"],
    ['/abs', 'must be relative'],
    ['C:/x', 'must be relative'],
    ['a//b', 'must not contain empty path segments'],
    ['a/./b', "must not contain '.' path segments"],
    ['a/../b', "must not contain '..' path segments; the path escapes its declared root"],
    [`${'x/'.repeat(1024)}x`, 'must not exceed 1024 path segments'],
    ['y'.repeat(16 * 1024 + 1), 'must not exceed 16384 UTF-8 bytes'],
    [`${'*'.repeat(257)}`, 'glob segments must not contain more than 256 wildcard metacharacters'],
  ])('%j is invalid: %s', (path, reason) => {
    expect(declaredPathProblem(path)).toBe(reason);
  });
  it('accepts one trailing slash and strips it', () => {
    expect(normalizeDeclaredPath('api/')).toBe('api');
    expect(() => normalizeDeclaredPath('./api')).toThrow(BoundverError);
    expect(() => normalizeDeclaredPath('./api')).toThrow("Invalid declared boundary path './api': must not contain '.' path segments");
  });
  it('normalizes config paths like posixpath.normpath, empty staying empty', () => {
    expect(normalizePosixPath(' a//b/./c/../d/ ')).toBe('a/b/d');
    expect(normalizePosixPath('')).toBe('');
    expect(normalizePosixPath('./')).toBe('.');
    expect(normalizePosixPath('../x')).toBe('../x');
  });
});

describe('selectDeclaredPaths', () => {
  const files = ['api/v1/a.yaml', 'api/a.yaml', 'api-x/b.yaml', 'api', 'cfg.json', 'docs/z.md', '\u{1F600}.yaml', '\uFFFD.yaml', '.hidden.yaml'];
  it('returns the de-duplicated union sorted by UTF-8 bytes', () => {
    const result = selectDeclaredPaths(['cfg.json', '**/*.yaml', 'api/'], files);
    expect(result).toEqual({
      ok: true,
      paths: ['.hidden.yaml', 'api', 'api-x/b.yaml', 'api/a.yaml', 'api/v1/a.yaml', 'cfg.json', '\uFFFD.yaml', '\u{1F600}.yaml'],
    });
  });
  it('a literal selects the equal file or the files below a directory, not a shared prefix', () => {
    expect(selectDeclaredPaths(['api'], ['api/a', 'api-x/b', 'apix'])).toEqual({ ok: true, paths: ['api/a'] });
    expect(selectDeclaredPaths(['cfg.json'], ['cfg.json', 'cfg.json.bak'])).toEqual({ ok: true, paths: ['cfg.json'] });
  });
  it('fails every unmatched or invalid declaration, in code-point order', () => {
    expect(selectDeclaredPaths(['zzz/*.yaml', './api', 'nope'], files)).toEqual({
      ok: false,
      errors: [
        "Invalid declared boundary path './api': must not contain '.' path segments",
        'Declared boundary path matched no tracked files: nope',
        'Declared boundary path matched no tracked files: zzz/*.yaml',
      ],
    });
  });
  it('shares one work budget across selections', () => {
    const operation = new GlobOperation({ maxStepsPerOperation: 40 });
    expect(() => selectDeclaredPaths(['**/*.yaml'], files, { operation })).toThrow(/guardrail exceeded/);
  });
});
