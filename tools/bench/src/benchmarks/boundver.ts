import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { compare, formatComparison, formatPeakRss, sampleRuns, type Side } from '../measure.js';
import { createRng } from '../rng.js';
import { buildSyntheticRepo, cachedSyntheticRepo, type SyntheticFile } from '../synthetic-repo.js';

const SEED = 0xb0_0d_7e_55;
/** Workload at scale 1: the size the issue names. */
const FILES = 20_000;
const TOTAL_BYTES = 100_000_000;
const COMPONENTS = 20;
/** Bump when the generator changes, so cached repositories are rebuilt. */
const GENERATOR_VERSION = 1;

interface Marker {
  seed: number;
  generator: number;
  files: number;
  bytes: number;
}

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

async function ensureRepo(workDir: string, scale: number): Promise<{ dir: string; marker: Marker }> {
  const dir = join(workDir, `boundver-${SEED.toString(16)}-x${scale}`);
  const files = Math.max(COMPONENTS * 2, Math.round(FILES * scale));
  const marker = await cachedSyntheticRepo(dir, { seed: SEED, generator: GENERATOR_VERSION, files }, `${files} files in ${COMPONENTS} components`, async (target) => {
    const workloadFiles = workload(scale);
    await buildSyntheticRepo(target, workloadFiles.files);
    return { bytes: workloadFiles.bytes };
  });
  return { dir, marker };
}

const boundverBin = fileURLToPath(new URL('../../../boundver/bin/boundver.js', import.meta.url));
const rssReporter = fileURLToPath(new URL('../workers/report-rss-on-exit.js', import.meta.url));
const lockOut = join(tmpdir(), `driftgate-bench-boundver-${process.pid}.lock.json`);

/** The shipped CLI, as a user runs it: a fresh process, the whole command, the lock written. */
function oursSide(dir: string): Side {
  return {
    name: 'ours: boundver generate (head)',
    command: process.execPath,
    args: ['--import', pathToFileURL(rssReporter).href, boundverBin, 'generate', '--source', 'head', '--out', lockOut],
    cwd: dir,
  };
}

export const boundverBenchmark: Benchmark = {
  name: 'boundver',
  description: 'boundver generate over 20,000 files / 100 MB in 20 components vs git cat-file --batch-all-objects',
  async run(options: BenchOptions): Promise<void> {
    try {
      const { dir, marker } = await ensureRepo(options.workDir, options.scale);
      // The same floor as the git benchmark: every object of the repository through one cat-file.
      const floor: Side = { name: 'floor: cat-file --batch-all', command: 'git', args: ['cat-file', '--batch-all-objects', '--batch'], cwd: dir, discardStdout: true };
      const result = await compare(oursSide(dir), floor, options.runs);
      process.stdout.write(`  ${marker.files} files, ${(marker.bytes / 1e6).toFixed(1)} MB, ${COMPONENTS} components, ${options.runs} runs each\n`);
      process.stdout.write(`${formatComparison(result, { bytes: marker.bytes })}\n`);
      const target = 1.5;
      process.stdout.write(`  target ≤ ${target}x the floor's time: ${result.timeRatio <= target ? 'met' : 'NOT met'}\n`);

      // Memory must not grow with total bytes: peak RSS at half the size, for comparison.
      const half = await ensureRepo(options.workDir, options.scale / 2);
      const halfSamples = await sampleRuns(oursSide(half.dir), Math.min(options.runs, 3));
      process.stdout.write(
        `  peak RSS of ours: ${formatPeakRss(halfSamples)} at ${(half.marker.bytes / 1e6).toFixed(0)} MB (scale ${options.scale / 2}), ` +
          `${formatPeakRss(result.ours.samples)} at ${(marker.bytes / 1e6).toFixed(0)} MB (scale ${options.scale})\n`,
      );
    } finally {
      rmSync(lockOut, { force: true });
    }
  },
};
