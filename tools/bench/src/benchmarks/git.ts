import { spawn } from 'node:child_process';
import { captureSnapshot } from '@driftgate/git';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { compare, formatComparison, formatPeakRss, median, runSide, sampleRuns, type Sample, type Side } from '../measure.js';
import { createRng, type Rng } from '../rng.js';
import { buildSyntheticRepo, cachedSyntheticRepo, type SyntheticFile } from '../synthetic-repo.js';

const SEED = 0x5eed_0617;
/** Workload at scale 1. */
const FILES = 20_000;
const TOTAL_BYTES = 100_000_000;
/** Bump when the generator changes, so cached repositories are rebuilt. */
const GENERATOR_VERSION = 1;

interface Marker {
  seed: number;
  generator: number;
  files: number;
  bytes: number;
}

/** Size tiers (share of files, byte range): mostly source-sized files, a few large ones. */
const TIERS: ReadonlyArray<[share: number, min: number, max: number]> = [
  [0.75, 100, 4_000],
  [0.22, 4_000, 16_000],
  [0.027, 16_000, 48_000],
  [0.003, 100_000, 300_000],
];

function drawSize(rng: Rng): number {
  let roll = rng.next();
  for (const [share, min, max] of TIERS) {
    if (roll < share) return rng.int(min, max);
    roll -= share;
  }
  return rng.int(100, 4_000);
}

/** Text-like lines so git's zlib has realistic work (random bytes would be stored, not deflated). */
function linePool(rng: Rng): string[] {
  const syllables = ['ka', 'lo', 'mi', 'zu', 're', 'ta', 'no', 'vi', 'se', 'do', 'fu', 'xi', 'ga', 'pe'];
  const word = (): string => Array.from({ length: rng.int(1, 4) }, () => rng.pick(syllables)).join('');
  const tokens = ['(', ')', ' = ', ';', ', ', '.', ' => ', '{', '}', ' + '];
  return Array.from({ length: 4096 }, () => {
    const indent = '  '.repeat(rng.int(0, 4));
    const parts = Array.from({ length: rng.int(2, 10) }, () => (rng.next() < 0.3 ? rng.pick(tokens) : ` ${word()}`));
    return `${indent}${parts.join('').trim()}\n`;
  });
}

function content(rng: Rng, pool: string[], size: number): Buffer {
  if (rng.next() < 0.05) {
    const bytes = Buffer.allocUnsafe(size);
    for (let i = 0; i < size; i++) bytes[i] = rng.int(0, 255);
    return bytes;
  }
  const lines: string[] = [];
  let length = 0;
  while (length < size) {
    const line = rng.pick(pool);
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join('').slice(0, size), 'latin1');
}

/**
 * Files of the workload at `scale`, sizes scaled so the total is TOTAL_BYTES × scale; with
 * `bytesShare` below 1, each file cut to that share of its bytes (same paths, fewer bytes).
 */
function workload(scale: number, bytesShare: number): { files: SyntheticFile[]; bytes: number } {
  const rng = createRng(SEED);
  const count = Math.max(1, Math.round(FILES * scale));
  const raw = Array.from({ length: count }, () => drawSize(rng));
  const factor = (TOTAL_BYTES * scale) / raw.reduce((a, b) => a + b, 0);
  const pool = linePool(rng);
  const dirs = Array.from({ length: 400 }, (_, i) => `pkg${i % 40}/mod${i}`);
  let bytes = 0;
  const files = raw.map((size, i): SyntheticFile => {
    const scaled = Math.max(0, Math.round(size * factor));
    const path = `${rng.pick(dirs)}/file${i}.txt`;
    // Cut after drawing, so that every later file is drawn exactly as at full size.
    const drawn = content(rng, pool, scaled);
    const kept = bytesShare === 1 ? drawn : drawn.subarray(0, Math.round(scaled * bytesShare));
    bytes += kept.length;
    return { path, content: kept };
  });
  return { files, bytes };
}

/** The synthetic repository for `scale` (and `bytesShare`), built once and reused afterwards. */
async function ensureRepo(workDir: string, scale: number, bytesShare = 1): Promise<{ dir: string; marker: Marker }> {
  const dir = join(workDir, `git-${SEED.toString(16)}-x${scale}${bytesShare === 1 ? '' : `-bytes${bytesShare}`}`);
  const files = Math.max(1, Math.round(FILES * scale));
  const marker = await cachedSyntheticRepo(dir, { seed: SEED, generator: GENERATOR_VERSION, files }, `${files} files`, async (target) => {
    const workloadFiles = workload(scale, bytesShare);
    await buildSyntheticRepo(target, workloadFiles.files);
    return { bytes: workloadFiles.bytes };
  });
  return { dir, marker };
}

// Bundled by `npm run build` (tools/build/bundle-clis.mjs), as the CLIs ship the git layer.
const worker = fileURLToPath(new URL('../workers/read-all-blobs.bundle.js', import.meta.url));

function oursSide(dir: string, bytes: number): Side {
  return { name: 'ours: head snapshot + readMany', command: process.execPath, args: [worker, dir, String(bytes)], cwd: dir };
}

/** The blob ids split over two processes as readMany splits them, as `--batch-command` input. */
function drainRequests(oids: readonly string[]): string[] {
  return [0, 1].map((part) => `${oids.filter((_, i) => i % 2 === part).map((oid) => `contents ${oid}\n`).join('')}flush\n`);
}

/**
 * The transport alone, a lower bound for readMany's: `requests` (see {@link drainRequests}) to two
 * `cat-file --batch-command --buffer` processes, every request written up front with one flush,
 * and the answers drained by this (already running) Node process with nothing parsed.
 * Milliseconds from the spawns to both ends of output.
 */
async function drainTwoProcesses(dir: string, requests: readonly string[]): Promise<number> {
  const start = process.hrtime.bigint();
  await Promise.all(
    requests.map(async (input) => {
      const child = spawn('git', ['cat-file', '--batch-command', '--buffer'], { cwd: dir, stdio: ['pipe', 'pipe', 'inherit'] });
      // A git that dies early surfaces as its exit code below, not as an EPIPE crash.
      child.stdin.on('error', () => undefined);
      child.stdout.on('data', () => undefined);
      child.stdin.end(input);
      const [code] = (await once(child, 'close')) as [number | null];
      if (code !== 0) throw new Error(`git cat-file exited with ${code}`);
    }),
  );
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** The blob ids of HEAD, in the order readMany reads them (the git layer's own listing). */
async function blobIds(dir: string): Promise<string[]> {
  const snapshot = await captureSnapshot(dir, 'head');
  await snapshot.close();
  return snapshot.entries.filter((entry) => entry.type === 'blob').map((entry) => entry.oid);
}

interface Phases {
  loadMs: number;
  captureMs: number;
  readMs: number;
  /** RSS right after the capture: the process and the entry list, before any blob is read. */
  capturedRssKiB: number;
}

/** The phase timings a run of the reader printed (see workers/read-all-blobs.ts). */
function phasesOf(sample: Sample): Phases {
  const line = sample.tail.split('\n').find((l) => l.startsWith('{"phases"'));
  if (line === undefined) throw new Error('the reader printed no phase timings');
  return (JSON.parse(line) as { phases: Phases }).phases;
}

export const gitBenchmark: Benchmark = {
  name: 'git',
  description: 'read every blob of a 20,000-file / 100 MB head snapshot vs git cat-file --batch-all-objects',
  async run(options: BenchOptions): Promise<void> {
    const { dir, marker } = await ensureRepo(options.workDir, options.scale);
    const floor: Side = {
      name: 'floor: cat-file --batch-all',
      command: 'git',
      args: ['cat-file', '--batch-all-objects', '--batch'],
      cwd: dir,
      discardStdout: true,
    };
    const result = await compare(oursSide(dir, marker.bytes), floor, options.runs);
    process.stdout.write(`  ${marker.files} files, ${(marker.bytes / 1e6).toFixed(1)} MB of blobs, ${options.runs} runs each\n`);
    process.stdout.write(`${formatComparison(result, { bytes: marker.bytes })}\n`);
    const target = 0.7;
    const throughput = 1 / result.timeRatio;
    const pairsMet = result.pairedRatios.filter((ratio) => 1 / ratio >= target).length;
    process.stdout.write(
      `  target ≥ ${target}x the floor's throughput, end to end (a fresh Node process): ${throughput >= target ? 'met' : 'NOT met'} ` +
        `(by the medians; ${pairsMet} of ${options.runs} alternated pairs on their own)\n`,
    );

    // Where the time goes, from the same alternated runs: Node's start, the capture, the reads;
    // then two transport floors, nothing parsed: the floor's own command into a pipe a Node
    // process drains, and the blob reads split over two processes as readMany splits them.
    const runs = result.ours.samples.map(phasesOf);
    const phase = (key: Exclude<keyof Phases, 'capturedRssKiB'>) => median(runs.map((p) => p[key]));
    const layerMs = median(runs.map((p) => p.captureMs + p.readMs));
    const layerRatio = result.baseline.medianMs / layerMs;
    const piped: number[] = [];
    const drained: number[] = [];
    const requests = drainRequests(await blobIds(dir));
    for (let i = 0; i < options.runs; i++) {
      piped.push((await runSide({ ...floor, name: 'piped floor', discardStdout: false })).ms);
      drained.push(await drainTwoProcesses(dir, requests));
    }
    process.stdout.write(
      `  the git layer's own throughput (capture + readMany inside the process, medians of the runs above): ` +
        `${(marker.bytes / 1e6 / (layerMs / 1000)).toFixed(1)} MB/s, ${layerRatio.toFixed(2)}x the floor's: ${layerRatio >= target ? 'met' : 'NOT met'}\n` +
        `  ours by phase: process start + module load ${phase('loadMs').toFixed(0)} ms, capture ${phase('captureMs').toFixed(0)} ms, readMany ${phase('readMs').toFixed(0)} ms; ` +
        `the same cat-file drained by a Node process that parses nothing: median ${median(piped).toFixed(0)} ms\n` +
        `  transport alone, a lower bound for readMany (two cat-file processes, all ids written up front, drained in a running Node process, nothing parsed): median ${median(drained).toFixed(0)} ms\n`,
    );

    // Memory must not grow with total bytes: peak RSS of ours over the same files and paths
    // holding half the bytes, and the part of it the read adds above the RSS once captured.
    // Only the bytes change, so the entry list (which grows with the file count) stays alike.
    const half = await ensureRepo(options.workDir, options.scale, 0.5);
    const halfSamples = await sampleRuns(oursSide(half.dir, half.marker.bytes), Math.min(options.runs, 3));
    const readGrowthMiB = (samples: readonly Sample[], phases: readonly Phases[] = samples.map(phasesOf)): number | undefined => {
      const growth = samples.flatMap((s, i) => (s.rssMiB === undefined ? [] : [s.rssMiB - (phases[i] as Phases).capturedRssKiB / 1024]));
      return growth.length ? Math.max(...growth) : undefined;
    };
    const mib = (value: number | undefined): string => (value === undefined ? 'n/a' : `${value.toFixed(0)} MiB`);
    process.stdout.write(
      `  peak RSS of ours, the same ${marker.files} files holding ${(half.marker.bytes / 1e6).toFixed(0)} MB: ${formatPeakRss(halfSamples)}; ` +
        `holding ${(marker.bytes / 1e6).toFixed(0)} MB: ${formatPeakRss(result.ours.samples)}; ` +
        `above the RSS once captured, the read adds at most ${mib(readGrowthMiB(halfSamples))} and ${mib(readGrowthMiB(result.ours.samples, runs))}\n`,
    );
  },
};
