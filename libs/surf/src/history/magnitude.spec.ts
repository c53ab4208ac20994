import { describe, expect, it } from 'vitest';
import { parseFile } from '@driftgate/syntax';
import { categorizeMagnitude, diffMagnitude, tokenDistance } from './magnitude.js';

describe('magnitude', () => {
  it('Levenshtein over tokens', () => {
    expect(tokenDistance([], ['a', 'b'])).toBe(2);
    expect(tokenDistance(['a', 'b'], [])).toBe(2);
    expect(tokenDistance(['a', 'b', 'c'], ['a', 'x', 'c'])).toBe(1);
    expect(tokenDistance(['k', 'i', 't', 't', 'e', 'n'], ['s', 'i', 't', 't', 'i', 'n', 'g'])).toBe(3);
    expect(tokenDistance(['a'], ['a'])).toBe(0);
  });

  it('categorizes at the spec thresholds', () => {
    expect([0, 3, 4, 15, 16, 100].map(categorizeMagnitude)).toEqual([
      'small',
      'small',
      'medium',
      'medium',
      'large',
      'large',
    ]);
  });

  it('compares v2 default-option streams of an old and a new file', async () => {
    const before = await parseFile('a.rs', 'fn add(a: i64, b: i64) -> i64 { a + b }\n');
    const opFlip = await parseFile('a.rs', 'fn add(a: i64, b: i64) -> i64 { a - b }\n');
    const rewrite = await parseFile(
      'a.rs',
      'fn add(a: i64, b: i64) -> i64 { let s = a.checked_add(b).unwrap_or(i64::MAX); if s < 0 { 0 } else { s } }\n',
    );
    try {
      expect(diffMagnitude(before, opFlip, 'a.rs > add')).toBe('small');
      expect(diffMagnitude(before, rewrite, 'a.rs > add')).toBe('large');
      expect(() => diffMagnitude(before, opFlip, 'a.rs > missing')).toThrow('no symbol `missing` found at this path');
    } finally {
      before.delete();
      opFlip.delete();
      rewrite.delete();
    }
  });
});
