import { describe, expect, it } from 'vitest';
import { nearPathIndex } from './near-path-index.js';

/** Levenshtein distance by the full table: what the index must agree with. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** A small deterministic generator (no seed file needed). */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const sorted = (hits: Array<{ order: number; distance: number }>): Array<{ order: number; distance: number }> => [...hits].sort((x, y) => x.order - y.order);

describe('nearPathIndex', () => {
  it('finds exactly the paths within the limit, with their distances', () => {
    const next = lcg(38);
    const alphabet = 'ab_>Pé 1';
    const word = (): string => Array.from({ length: 1 + Math.floor(next() * 9) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    const joined = Array.from({ length: 300 }, word);
    // Shared prefixes and a repeated path, as generated code has.
    joined.push('handler_1', 'handler_12', 'handler_12', 'Parser > parse');
    const index = nearPathIndex(joined.map((j) => ({ joined: j, own: j })));
    for (let q = 0; q < 200; q++) {
      const wanted = q % 10 === 0 ? 'Parser > prase' : word();
      for (const limit of [0, 1, 2, 3]) {
        const expected = joined.flatMap((j, order) => (distance(j, wanted) <= limit ? [{ order, distance: distance(j, wanted) }] : []));
        expect(sorted(index.within(wanted, limit))).toEqual(expected);
      }
    }
  });

  it('groups positions by last name, in document order', () => {
    const index = nearPathIndex([
      { joined: 'A > run', own: 'run' },
      { joined: 'go', own: 'go' },
      { joined: 'B > run @2', own: 'run' },
    ]);
    expect(index.byOwn.get('run')).toEqual([0, 2]);
    expect(index.byOwn.get('stop')).toBeUndefined();
  });
});
