import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCpuReport, parseRssReport } from './rss-report.js';

/** One timed run of one side of a comparison. */
export interface Sample {
  /** Wall time in milliseconds. */
  ms: number;
  /** Peak resident set size of the measured process in MiB, when it reported one. */
  rssMiB?: number;
  /** CPU time (user + system, all threads) in milliseconds, when the process reported it. */
  cpuMs?: number;
  /** The last 256 bytes of stdout (latin1), for sides that report more than their RSS. */
  tail: string;
  /** With `Side.resourceUsage`: what the kernel counted for the process and every child it waited for. */
  usage?: ResourceUsage;
}

/**
 * CPU time and peak RSS of a run as the kernel accounts them at exit (GNU time's `%U %S %M`):
 * user+sys of the process and its waited-for children, so git subprocesses count for the side that
 * starts them; peak RSS is that of the largest single process of the tree, which is what a floor
 * like `git cat-file` reports for itself.
 */
export interface ResourceUsage {
  /** User + system CPU seconds. */
  cpuSeconds: number;
  /** Peak RSS in MiB of the largest process of the tree. */
  maxRssMiB: number;
}

/** A command to time; a side that reports its peak RSS ends its stdout with `rssReportLine()`. */
export interface Side {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  /** Send stdout to /dev/null instead of a pipe (for baselines whose output volume is the work). */
  discardStdout?: boolean;
  /** The exit code a run must end with (default 0), e.g. 1 for a gate that is meant to fail. */
  expectExit?: number;
  /** Drop stderr (for sides that print the same notice on every run). */
  discardStderr?: boolean;
  /** Environment of the process; this process's by default. */
  env?: NodeJS.ProcessEnv;
  /** Runs before each run, outside its timed window (e.g. removing a cache the run must not see). */
  before?: () => void;
  /**
   * Also count CPU seconds and peak RSS through GNU time (see {@link ResourceUsage}); where
   * `/usr/bin/time` is missing the samples simply have no `usage`. Its start costs about a
   * millisecond of wall time, the same for every side that asks.
   */
  resourceUsage?: boolean;
}

const GNU_TIME = '/usr/bin/time';
let gnuTime: boolean | undefined;

/** True when GNU time runs here (BusyBox and BSD `time` lack `-f`/`-o`). */
function hasGnuTime(): boolean {
  if (gnuTime === undefined) gnuTime = process.platform === 'linux' && existsSync(GNU_TIME);
  return gnuTime;
}

/** Parses the `-f '%U %S %M'` line GNU time wrote; undefined when the file holds no such line. */
export function parseGnuTime(text: string): ResourceUsage | undefined {
  const match = /^([\d.]+) ([\d.]+) (\d+)\s*$/m.exec(text);
  if (match === null) return undefined;
  return { cpuSeconds: Number(match[1]) + Number(match[2]), maxRssMiB: Number(match[3]) / 1024 };
}

/** Runs a command to completion, keeping only the tail of its stdout (its RSS and phase lines). */
export async function runSide(side: Side): Promise<Sample> {
  side.before?.();
  const timed = side.resourceUsage === true && hasGnuTime();
  const usageDir = timed ? mkdtempSync(join(tmpdir(), 'driftgate-bench-usage-')) : '';
  const usageFile = join(usageDir, 'usage');
  const [command, args] = timed ? [GNU_TIME, ['-f', '%U %S %M', '-o', usageFile, side.command, ...side.args]] : [side.command, side.args];
  const start = process.hrtime.bigint();
  const child = spawn(command, args, {
    cwd: side.cwd,
    env: side.env ?? process.env,
    stdio: ['ignore', side.discardStdout ? 'ignore' : 'pipe', side.discardStderr ? 'ignore' : 'inherit'],
  });
  // Only the last bytes matter (the RSS line); keeping them as bytes leaves a side that streams
  // 100 MB through stdout paying for the pipe, not for decoding every chunk.
  let tail: Buffer = Buffer.alloc(0);
  child.stdout?.on('data', (chunk: Buffer) => {
    tail = Buffer.concat([tail, chunk.subarray(-256)]).subarray(-256);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  let usage: ResourceUsage | undefined;
  if (timed) {
    usage = existsSync(usageFile) ? parseGnuTime(readFileSync(usageFile, 'latin1')) : undefined;
    rmSync(usageDir, { recursive: true, force: true });
  }
  if (code !== (side.expectExit ?? 0)) throw new Error(`${side.name}: ${side.command} exited with ${code}, not ${side.expectExit ?? 0}`);
  const text = tail.toString('latin1');
  const rssMiB = parseRssReport(text);
  const cpuMs = parseCpuReport(text);
  const sample: Sample = { ms, ...(rssMiB !== undefined ? { rssMiB } : {}), ...(cpuMs !== undefined ? { cpuMs } : {}), tail: text };
  if (usage !== undefined) sample.usage = usage;
  return sample;
}

/**
 * The `q`-quantile (0 ≤ q ≤ 1) of a non-empty list, interpolating linearly between the two
 * nearest ranks, so that q = 0.5 is the usual median (the mean of the middle two for an even count).
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('quantile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const low = Math.floor(rank);
  const lowValue = sorted[low] as number;
  return low === rank ? lowValue : lowValue + (rank - low) * ((sorted[low + 1] as number) - lowValue);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** `runs` runs of one side, one after another. */
export async function sampleRuns(side: Side, runs: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await runSide(side));
  return samples;
}

/** Medians of both sides and the ratio ours / baseline (time: lower is better). */
export interface Comparison {
  ours: { name: string; medianMs: number; samples: Sample[] };
  baseline: { name: string; medianMs: number; samples: Sample[] };
  /** ours.medianMs / baseline.medianMs. */
  timeRatio: number;
  /**
   * Run i of ours over run i of the baseline, which ran just before it (or earlier in the same
   * round): drift of the machine between pairs cancels out, so their spread says how stable the
   * ratio is.
   */
  pairedRatios: number[];
}

/**
 * Times two sides alternately (baseline, ours, baseline, ours, …) after one untimed warm-up of
 * each, so that page cache and CPU frequency drift hit both sides alike.
 */
export async function compare(ours: Side, baseline: Side, runs: number): Promise<Comparison> {
  return (await compareEach([ours], baseline, runs))[0] as Comparison;
}

/**
 * {@link compare} for several sides against one baseline: each round runs the baseline, then every
 * side in order, after one untimed warm-up of each; one comparison per side, whose per-pair ratios
 * divide by the baseline run of the same round.
 */
export async function compareEach(sides: readonly Side[], baseline: Side, runs: number): Promise<Comparison[]> {
  for (const side of [baseline, ...sides]) await runSide(side);
  const b: Sample[] = [];
  const a: Sample[][] = sides.map(() => []);
  for (let i = 0; i < runs; i++) {
    b.push(await runSide(baseline));
    for (const [k, side] of sides.entries()) a[k]!.push(await runSide(side));
  }
  const baseMedian = median(b.map((s) => s.ms));
  return sides.map((side, k) => {
    const samples = a[k]!;
    const oursMedian = median(samples.map((s) => s.ms));
    return {
      ours: { name: side.name, medianMs: oursMedian, samples },
      baseline: { name: baseline.name, medianMs: baseMedian, samples: b },
      timeRatio: oursMedian / baseMedian,
      pairedRatios: samples.map((sample, i) => sample.ms / (b[i] as Sample).ms),
    };
  });
}

/**
 * Peak RSS over runs as `max MiB (median M)`, or `n/a`: a peak depends on when the garbage
 * collector ran, so one run can stand out; the median says what is usual.
 */
export function formatPeakRss(samples: readonly Sample[]): string {
  const values = samples.map((s) => s.rssMiB).filter((v): v is number => v !== undefined);
  return values.length ? `${Math.max(...values).toFixed(0)} MiB (median ${median(values).toFixed(0)})` : 'n/a';
}

/** Medians of {@link ResourceUsage} of both sides and their ratios; null unless every run has one. */
export function usageComparison(c: Comparison): { baselineCpu: number; oursCpu: number; cpuRatio: number; baselineRss: number; oursRss: number; rssRatio: number } | null {
  const of = (samples: readonly Sample[]): ResourceUsage[] | null => {
    const usages = samples.map((s) => s.usage).filter((u): u is ResourceUsage => u !== undefined);
    return usages.length > 0 && usages.length === samples.length ? usages : null;
  };
  const ours = of(c.ours.samples);
  const baseline = of(c.baseline.samples);
  if (ours === null || baseline === null) return null;
  const baselineCpu = median(baseline.map((u) => u.cpuSeconds));
  const oursCpu = median(ours.map((u) => u.cpuSeconds));
  const baselineRss = median(baseline.map((u) => u.maxRssMiB));
  const oursRss = median(ours.map((u) => u.maxRssMiB));
  return { baselineCpu, oursCpu, cpuRatio: oursCpu / baselineCpu, baselineRss, oursRss, rssRatio: oursRss / baselineRss };
}

export function formatComparison(c: Comparison, extra: { bytes?: number } = {}): string {
  const mbps = (ms: number) => (extra.bytes ? `  ${(extra.bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s` : '');
  const lines = [
    `  ${c.baseline.name.padEnd(28)} median ${c.baseline.medianMs.toFixed(0).padStart(7)} ms${mbps(c.baseline.medianMs)}`,
    `  ${c.ours.name.padEnd(28)} median ${c.ours.medianMs.toFixed(0).padStart(7)} ms${mbps(c.ours.medianMs)}` +
      (c.ours.samples.some((s) => s.rssMiB !== undefined) ? `  peak RSS ${formatPeakRss(c.ours.samples)}` : ''),
    `  time ratio ours/baseline: ${c.timeRatio.toFixed(2)}x` +
      (extra.bytes ? `  (throughput ratio ${(1 / c.timeRatio).toFixed(2)}x)` : ''),
    `  time ratio per alternated pair (ours / the baseline run just before it): quartiles ` +
      [0.25, 0.5, 0.75].map((q) => `${quantile(c.pairedRatios, q).toFixed(2)}x`).join(' / '),
  ];
  const usage = usageComparison(c);
  if (usage !== null) {
    lines.push(
      `  CPU seconds (user+sys, children included) median: baseline ${usage.baselineCpu.toFixed(2)} s, ours ${usage.oursCpu.toFixed(2)} s, ratio ${usage.cpuRatio.toFixed(2)}x`,
      `  peak RSS (largest process) median: baseline ${usage.baselineRss.toFixed(0)} MiB, ours ${usage.oursRss.toFixed(0)} MiB, ratio ${usage.rssRatio.toFixed(2)}x`,
    );
  }
  return lines.join('\n');
}
