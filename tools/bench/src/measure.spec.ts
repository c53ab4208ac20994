import { describe, expect, it } from 'vitest';
import { compare, formatComparison, median, quantile, type Side } from './measure.js';

describe('quantile', () => {
  it('interpolates between the nearest ranks, whatever the input order', () => {
    expect(quantile([4, 1, 3, 2], 0.25)).toBe(1.75);
    expect(quantile([4, 1, 3, 2], 0.75)).toBe(3.25);
    expect(quantile([7], 0.9)).toBe(7);
  });

  it('gives the usual median at 0.5 and the extremes at 0 and 1', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(quantile([2, 9, 5], 0)).toBe(2);
    expect(quantile([2, 9, 5], 1)).toBe(9);
  });

  it('refuses an empty list instead of answering NaN', () => {
    expect(() => quantile([], 0.5)).toThrow(/no values/);
  });
});

describe('compare', () => {
  it('pairs each run of ours with the baseline run just before it', async () => {
    const side = (name: string, code: string): Side => ({ name, command: process.execPath, args: ['-e', code] });
    const result = await compare(side('ours', 'setTimeout(() => {}, 120)'), side('base', '0'), 2);
    expect(result.pairedRatios).toHaveLength(2);
    result.pairedRatios.forEach((ratio, i) => {
      expect(ratio).toBe((result.ours.samples[i]?.ms ?? NaN) / (result.baseline.samples[i]?.ms ?? NaN));
      expect(ratio).toBeGreaterThan(1);
    });
    expect(formatComparison(result)).toMatch(/per alternated pair .*: quartiles \d+\.\d\dx \/ \d+\.\d\dx \/ \d+\.\d\dx$/m);
  });
});
