import type { ParsedFile } from '@driftgate/syntax';
import type { Anchor } from '../locate/anchor.js';
import { anchorTokens } from '../hash/hash-anchor.js';
import { measureRecipe } from '../hash/recipe-families.js';

/** Advisory size of a change to a span; never affects pass/fail. */
export type Magnitude = 'small' | 'medium' | 'large';

/** Levenshtein distance over token sequences (unit insert, delete, substitute). */
export function tokenDistance(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let curr = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    const ai = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      const cost = ai === b[j - 1] ? 0 : 1;
      curr[j] = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + cost);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[b.length]!;
}

/** 0–3 → small, 4–15 → medium, 16 and more → large (spec §5.7). */
export function categorizeMagnitude(distance: number): Magnitude {
  return distance <= 3 ? 'small' : distance <= 15 ? 'medium' : 'large';
}

/**
 * Magnitude of the change of one anchor between an old and a current parse of its file. Both
 * streams are v2 with default options, whatever the claim's recipe or `ignore_literals`.
 * Throws if the anchor does not resolve in either file (the caller reports no magnitude then).
 */
export function diffMagnitude(oldFile: ParsedFile, newFile: ParsedFile, anchor: Anchor | string): Magnitude {
  const options = { recipe: measureRecipe(newFile.family), ignoreLiterals: false };
  const before = anchorTokens(oldFile, anchor, options);
  const after = anchorTokens(newFile, anchor, options);
  return categorizeMagnitude(tokenDistance(before, after));
}

/**
 * {@link tokenDistance} when it is at most `cap`, otherwise `cap + 1` — enough to categorize
 * (`cap` = 15), in O(cap × length) instead of O(length²): only the diagonal band |i − j| ≤ cap
 * of the edit matrix can hold values ≤ cap (Ukkonen), and the scan stops once a whole band row
 * exceeds it.
 */
export function cappedTokenDistance(a: readonly string[], b: readonly string[], cap: number): number {
  const over = cap + 1;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > cap) return over;
  let prev = new Array<number>(m + 1).fill(over);
  let curr = new Array<number>(m + 1).fill(over);
  for (let j = 0; j <= Math.min(m, cap); j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    const lo = Math.max(1, i - cap);
    const hi = Math.min(m, i + cap);
    // The cell left of the band: column 0 holds i; any other column is outside the band.
    curr[lo - 1] = lo === 1 && i <= cap ? i : over;
    let rowMin = curr[lo - 1]!;
    const ai = a[i - 1];
    for (let j = lo; j <= hi; j++) {
      const value = Math.min(prev[j - 1]! + (ai === b[j - 1] ? 0 : 1), prev[j]! + 1, curr[j - 1]! + 1, over);
      curr[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (hi < m) curr[hi + 1] = over;
    if (rowMin > cap) return over;
    [prev, curr] = [curr, prev];
  }
  return Math.min(prev[m]!, over);
}
