import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cappedTokenDistance, tokenDistance } from './magnitude.js';

describe('cappedTokenDistance', () => {
  it('equals the full Levenshtein distance up to the cap, and cap + 1 beyond it', () => {
    const tokens = fc.array(fc.constantFrom('a', 'b', 'c', '(', ')', '#0'), { maxLength: 40 });
    fc.assert(
      fc.property(tokens, tokens, fc.integer({ min: 0, max: 20 }), (a, b, cap) => {
        expect(cappedTokenDistance(a, b, cap)).toBe(Math.min(tokenDistance(a, b), cap + 1));
      }),
      { numRuns: 2000 },
    );
  });

  it('handles empty and equal streams', () => {
    expect(cappedTokenDistance([], [], 15)).toBe(0);
    expect(cappedTokenDistance([], ['x'], 15)).toBe(1);
    expect(cappedTokenDistance(['x'], ['x'], 0)).toBe(0);
    expect(cappedTokenDistance(Array(100).fill('a'), Array(100).fill('b'), 15)).toBe(16);
  });
});
