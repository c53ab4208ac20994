import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff.js';

/** LCS length by plain recursion with memo: an independent computation for small inputs. */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  const memo = new Map<string, number>();
  const go = (i: number, j: number): number => {
    if (i === a.length || j === b.length) return 0;
    const key = `${i},${j}`;
    let v = memo.get(key);
    if (v === undefined) {
      v = a[i] === b[j] ? 1 + go(i + 1, j + 1) : Math.max(go(i + 1, j), go(i, j + 1));
      memo.set(key, v);
    }
    return v;
  };
  return go(0, 0);
}

describe('lineDiff', () => {
  it('marks a changed middle line as removed then added', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nB\nc\n')).toEqual([
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: '+', text: 'B' },
      { op: ' ', text: 'c' },
    ]);
  });

  it('handles empty sides and CRLF', () => {
    expect(lineDiff('', 'x\n')).toEqual([{ op: '+', text: 'x' }]);
    expect(lineDiff('x\r\ny', '')).toEqual([
      { op: '-', text: 'x' },
      { op: '-', text: 'y' },
    ]);
    expect(lineDiff('', '')).toEqual([]);
  });

  it('reconstructs both sides and keeps a longest common subsequence', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 9 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const before = a.map((l) => `${l}\n`).join('');
        const after = b.map((l) => `${l}\n`).join('');
        const diff = lineDiff(before, after);
        expect(diff.filter((l) => l.op !== '+').map((l) => l.text)).toEqual(a);
        expect(diff.filter((l) => l.op !== '-').map((l) => l.text)).toEqual(b);
        expect(diff.filter((l) => l.op === ' ')).toHaveLength(lcsLength(a, b));
      }),
    );
  });
});
