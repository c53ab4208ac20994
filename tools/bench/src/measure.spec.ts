import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { compare, formatComparison, median, parseGnuTime, quantile, runSide, type Side } from './measure.js';

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

describe('resource usage', () => {
  it('reads user+sys seconds and the peak RSS from GNU time\'s line, and nothing from anything else', () => {
    expect(parseGnuTime('0.41 0.07 51200\n')).toEqual({ cpuSeconds: 0.48, maxRssMiB: 50 });
    expect(parseGnuTime('Command exited with non-zero status 1\n1.00 0.50 2048\n')).toEqual({ cpuSeconds: 1.5, maxRssMiB: 2 });
    expect(parseGnuTime('')).toBeUndefined();
  });

  it.skipIf(process.platform !== 'linux' || !existsSync('/usr/bin/time'))('counts the CPU of a child the measured process waits for', async () => {
    // Spins until it has used 0.3 s of CPU (not of wall time, which a loaded machine stretches).
    const spin = 'while (process.cpuUsage().user < 300000);';
    const side: Side = {
      name: 'parent of a spinning child',
      command: process.execPath,
      args: ['-e', `require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(spin)}])`],
      resourceUsage: true,
    };
    const sample = await runSide(side);
    expect(sample.usage?.cpuSeconds).toBeGreaterThanOrEqual(0.25);
    expect(sample.usage?.maxRssMiB).toBeGreaterThan(10);
    expect((await runSide({ ...side, resourceUsage: false })).usage).toBeUndefined();
  });
});
