import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { compareEach, formatComparison, runSide, usageComparison, type Side } from '../measure.js';
import { createRng } from '../rng.js';
import { buildSyntheticRepo, cachedSyntheticRepo, commitFiles, type SyntheticFile } from '../synthetic-repo.js';
import { monorepoWorkload } from './boundver-monorepo-workload.js';

const SEED = 0xb0_0d_7e_55;
/** Workload at scale 1: the size the issue names. */
const FILES = 20_000;
const TOTAL_BYTES = 100_000_000;
const COMPONENTS = 20;
const MONOREPO_SEED = 0x30_0d_e5_01;
/** Bump when a generator changes, so cached repositories are rebuilt (2: the lock is committed). */
const GENERATOR_VERSION = 2;

/**
 * The config of the synthetic repository: 20 components, each with a raw boundary (`api`), a
 * behavior selection (`api` plus a glob over one module), a file version source, consumers in a
 * chain and one exact slice over all of them — so every digest kind the engine computes is hashed.
 */
function configText(components: number): string {
  const names = Array.from({ length: components }, (_, i) => `c${String(i).padStart(2, '0')}`);
  const entries = names.map((name, i) => [
    name,
    {
      path: `components/${name}`,
      version_source: { file: 'package.json', field: 'version' },
      boundary: { provider: 'path-hash', paths: ['api'] },
      behavior: { paths: ['api', 'src/mod0/**/*.txt'] },
      consumers: i + 1 < names.length ? [names[i + 1]] : [],
    },
  ]);
  const config = { project: 'bench', components: Object.fromEntries(entries), slices: { all: { mode: 'exact', components: names } } };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** Sizes: mostly source-sized files and a few large ones, scaled to the byte total. */
function workload(scale: number): { files: SyntheticFile[]; bytes: number } {
  const rng = createRng(SEED);
  const count = Math.max(COMPONENTS * 2, Math.round(FILES * scale));
  const raw = Array.from({ length: count }, () => {
    const roll = rng.next();
    return roll < 0.8 ? rng.int(200, 5_000) : roll < 0.997 ? rng.int(5_000, 30_000) : rng.int(100_000, 250_000);
  });
  const factor = (TOTAL_BYTES * scale) / raw.reduce((a, b) => a + b, 0);
  const words = Array.from({ length: 512 }, () => Array.from({ length: rng.int(2, 9) }, () => String.fromCharCode(rng.int(97, 122))).join(''));
  const line = (): string => `${'  '.repeat(rng.int(0, 3))}${Array.from({ length: rng.int(3, 12) }, () => rng.pick(words)).join(' ')}${rng.next() < 0.1 ? '\r\n' : '\n'}`;
  let bytes = 0;
  const files: SyntheticFile[] = raw.map((size, i) => {
    const target = Math.max(0, Math.round(size * factor));
    let text = '';
    while (text.length < target) text += line();
    const component = `c${String(i % COMPONENTS).padStart(2, '0')}`;
    const local = Math.floor(i / COMPONENTS);
    const dir = local % 20 === 0 ? 'api' : `src/mod${local % 7}/part${local % 13}`;
    const content = Buffer.from(text.slice(0, target), 'latin1');
    bytes += content.length;
    return { path: `components/${component}/${dir}/file${i}.txt`, content };
  });
  for (let c = 0; c < COMPONENTS; c++) {
    const content = Buffer.from(`{"name":"c${c}","version":"1.${c}.0"}\n`);
    bytes += content.length;
    files.push({ path: `components/c${String(c).padStart(2, '0')}/package.json`, content });
  }
  const config = Buffer.from(configText(COMPONENTS));
  files.push({ path: 'boundary.config.json', content: config });
  return { files, bytes: bytes + config.length };
}

/** A repository of the benchmark: where it is and what it holds. */
interface BenchRepo {
  dir: string;
  label: string;
  bytes: number;
  files: number;
}

/**
 * The repository at `dir`, built once per machine: the workload's commit, then a second commit
 * with the lock that the built CLI generates for it, so `verify --source head` has a lock to check.
 * The marker keeps what the report says about the workload.
 */
async function ensureRepo(dir: string, key: Record<string, unknown>, what: string, build: () => { files: SyntheticFile[]; bytes: number; shape: string }): Promise<BenchRepo> {
  const marker = await cachedSyntheticRepo(dir, { ...key, generator: GENERATOR_VERSION }, what, async (target) => {
    const workload = build();
    await buildSyntheticRepo(target, workload.files);
    await runSide({ name: 'boundver generate (setup)', command: process.execPath, args: [boundverBin, 'generate', '--source', 'head'], cwd: target, discardStdout: true });
    await commitFiles(target, ['boundary.lock.json'], 'lock');
    return { bytes: workload.bytes, fileCount: workload.files.length, shape: workload.shape };
  });
  return { dir, label: marker.shape, bytes: marker.bytes, files: marker.fileCount };
}

async function syntheticRepo(workDir: string, scale: number): Promise<BenchRepo> {
  const files = Math.max(COMPONENTS * 2, Math.round(FILES * scale));
  const dir = join(workDir, `boundver-${SEED.toString(16)}-x${scale}`);
  const shape = `synthetic: ${files} files in ${COMPONENTS} components`;
  return ensureRepo(dir, { seed: SEED, files }, shape, () => ({ ...workload(scale), shape }));
}

async function monorepoRepo(workDir: string, scale: number): Promise<BenchRepo> {
  const dir = join(workDir, `boundver-monorepo-${MONOREPO_SEED.toString(16)}-x${scale}`);
  return ensureRepo(dir, { seed: MONOREPO_SEED, scale }, `a monorepo-shaped repository (scale ${scale})`, () => {
    const built = monorepoWorkload(MONOREPO_SEED, scale);
    return { files: built.files, bytes: built.bytes, shape: `monorepo: ${built.files.length} files in ${built.components} components, ${built.slices} shared slices` };
  });
}

const boundverBin = fileURLToPath(new URL('../../../boundver/bin/boundver.js', import.meta.url));
const rssReporter = fileURLToPath(new URL('../workers/report-rss-on-exit.js', import.meta.url));
const lockOut = join(tmpdir(), `driftgate-bench-boundver-${process.pid}.lock.json`);

/** The shipped CLI, as a user runs it: a fresh process, the whole command (generate writes its lock). */
function oursSides(dir: string): Side[] {
  const cli = (name: string, args: string[]): Side => ({
    name,
    command: process.execPath,
    args: ['--import', pathToFileURL(rssReporter).href, boundverBin, ...args],
    cwd: dir,
    discardStderr: true,
    resourceUsage: true,
  });
  return [
    cli('ours: boundver generate (head)', ['generate', '--source', 'head', '--out', lockOut]),
    cli('ours: boundver verify (head)', ['verify', '--source', 'head']),
  ];
}

/** The same floor as the git benchmark: every object of the repository through one cat-file. */
function floorSide(dir: string): Side {
  return { name: 'floor: cat-file --batch-all', command: 'git', args: ['cat-file', '--batch-all-objects', '--batch'], cwd: dir, discardStdout: true, resourceUsage: true };
}

const TARGET = 1.5;

async function measureRepo(repo: BenchRepo, runs: number): Promise<void> {
  process.stdout.write(`## ${repo.label}, ${(repo.bytes / 1e6).toFixed(1)} MB, ${runs} runs each (load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')})\n`);
  const results = await compareEach(oursSides(repo.dir), floorSide(repo.dir), runs);
  for (const result of results) {
    process.stdout.write(`${formatComparison(result, { bytes: repo.bytes })}\n`);
    const usage = usageComparison(result);
    const verdict = (ratio: number): string => (ratio <= TARGET ? 'met' : 'NOT met');
    process.stdout.write(
      `  target ≤ ${TARGET}x the floor: time ${verdict(result.timeRatio)}` +
        (usage === null ? '' : `, CPU seconds ${verdict(usage.cpuRatio)}, peak RSS ${verdict(usage.rssRatio)}`) +
        `\n`,
    );
  }
  process.stdout.write(`  (load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; the machine may be shared, so compare ratios within one run)\n`);
}

export const boundverBenchmark: Benchmark = {
  name: 'boundver',
  description: 'boundver generate and verify over 10,000 and 20,000 files (100 MB at 20,000) and a monorepo-shaped repository vs git cat-file --batch-all-objects',
  async run(options: BenchOptions): Promise<void> {
    try {
      // Smallest first: a regression shows early, and the half-size run says whether memory grows with bytes.
      const repos = [
        await syntheticRepo(options.workDir, options.scale / 2),
        await syntheticRepo(options.workDir, options.scale),
        await monorepoRepo(options.workDir, options.scale),
      ];
      for (const repo of repos) await measureRepo(repo, options.runs);
    } finally {
      rmSync(lockOut, { force: true });
    }
  },
};
