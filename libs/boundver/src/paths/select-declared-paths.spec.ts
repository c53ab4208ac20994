import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchGlob } from './glob.js';
import { selectDeclaredPaths, sortCandidates } from './select-declared-paths.js';

const segment = fc.constantFrom('a', 'b', 'api', 'src', '.hidden', 'x.yaml', 'y.ts', 'a.txt');
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
const patternSegment = fc.constantFrom('a', 'api', 'src', '*', '**', '*.yaml', '?.ts', '[ab]', '.*');
const pattern = fc
  .array(patternSegment, { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join('/'))
  .filter((p) => /[*?[]/.test(p));

describe('selectDeclaredPaths', () => {
  it('selects exactly the candidates the glob matches (the literal-prefix shortcut loses nothing)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(path, { minLength: 1, maxLength: 30 }), pattern, (candidates, glob) => {
        const expected = candidates.filter((candidate) => matchGlob(candidate, glob)).sort();
        const result = selectDeclaredPaths([glob], candidates);
        if (expected.length === 0) expect(result.ok).toBe(false);
        else expect(result).toEqual({ ok: true, paths: expected });
      }),
      { numRuns: 500 },
    );
  });

  it('selects the same from candidates sorted once (candidatesSorted) as from any order and duplicates', () => {
    const declaration = fc.oneof(pattern, path);
    fc.assert(
      fc.property(fc.array(path, { minLength: 1, maxLength: 30 }), fc.array(declaration, { minLength: 1, maxLength: 3 }), (candidates, declarations) => {
        const sorted = sortCandidates(candidates);
        expect(sorted).toEqual([...new Set(candidates)].sort());
        expect(selectDeclaredPaths(declarations, sorted, { candidatesSorted: true })).toEqual(selectDeclaredPaths(declarations, [...candidates].reverse()));
      }),
      { numRuns: 300 },
    );
  });
});
