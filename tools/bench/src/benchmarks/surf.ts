import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { compare, formatComparison, type Sample, type Side } from '../measure.js';
import { buildSyntheticRepo, cachedSyntheticRepo } from '../synthetic-repo.js';
import { denseWorkload } from './surf-dense-workload.js';
import { installedTreeKey, nodeModulesWorkload } from './surf-node-modules-workload.js';
import { REAL_WORKLOAD, realWorkload } from './surf-real-workload.js';
import { SURF_WORKLOAD, surfWorkload } from './surf-workload.js';

const SEED = 0x5a_f0_c4_ec;
/** Bump when the generator changes, so cached workspaces are rebuilt. */
const GENERATOR_VERSION = 2;
/** Manifest of the source files, one per line, for the floor. */
const MANIFEST = 'driftgate-bench-sources.txt';

export interface SurfWorkspaceMarker {
  seed: number;
  generator: number;
  scale: number;
  files: number;
  claims: number;
  bytes: number;
}

/** The seeded surf workspace at `scale`: sources, stamped hubs, one commit; built once, then reused. */
export async function ensureSurfWorkspace(workDir: string, scale: number): Promise<{ dir: string; marker: SurfWorkspaceMarker }> {
  const dir = join(workDir, `surf-${SEED.toString(16)}-x${scale}`);
  const marker = await cachedSyntheticRepo(dir, { seed: SEED, generator: GENERATOR_VERSION, scale }, 'the surf workspace', async (target) => {
    const workload = await surfWorkload(SEED, scale);
    await buildSyntheticRepo(target, workload.files);
    writeFileSync(join(target, '.git', MANIFEST), `${workload.sources.join('\n')}\n`);
    return { files: workload.sources.length, claims: workload.claims, bytes: workload.sourceBytes };
  });
  return { dir, marker };
}

/** Bump when the real-shaped generator changes. */
const REAL_GENERATOR_VERSION = 2;

export interface RealWorkspaceMarker {
  seed: number;
  generator: number;
  scale: number;
  layout: string;
  files: number;
  claims: number;
  hubs: number;
  bytes: number;
}

/** The real-shaped workspace (see surf-real-workload.ts) in one of its two hub layouts. */
export async function ensureRealWorkspace(
  workDir: string,
  scale: number,
  layout: 'hubs' | 'one-hub',
): Promise<{ dir: string; marker: RealWorkspaceMarker }> {
  const dir = join(workDir, `surf-real-${layout}-${SEED.toString(16)}-x${scale}`);
  const key = { seed: SEED, generator: REAL_GENERATOR_VERSION, scale, layout };
  const marker = await cachedSyntheticRepo(dir, key, `the real-shaped surf workspace (${layout})`, async (target) => {
    const workload = await realWorkload(SEED, scale, layout);
    await buildSyntheticRepo(target, workload.files);
    writeFileSync(join(target, '.git', MANIFEST), `${workload.sources.join('\n')}\n`);
    return { files: workload.sources.length, claims: workload.claims, hubs: workload.hubs, bytes: workload.sourceBytes };
  });
  return { dir, marker };
}

/** This repository's root (its node_modules is the vendored workload's source). */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export const surfBin = fileURLToPath(new URL('../../../surf/bin/surf.js', import.meta.url));
const floorWorker = fileURLToPath(new URL('../workers/surf-floor.js', import.meta.url));

export const surfBenchmark: Benchmark = {
  name: 'surf',
  description: `cold \`surf check\` of ${SURF_WORKLOAD.claims} claims over ${SURF_WORKLOAD.files} files (~6 MB TS/Python/Go/Rust) vs parsing those files once`,
  async run(options: BenchOptions): Promise<void> {
    const { dir, marker } = await ensureSurfWorkspace(options.workDir, options.scale);
    const ours: Side = { name: 'ours: surf check (cold)', command: process.execPath, args: [surfBin, 'check', '--no-cache'], cwd: dir };
    const floor: Side = {
      name: 'floor: parse each file once',
      command: process.execPath,
      args: [floorWorker, dir, join(dir, '.git', MANIFEST)],
      cwd: dir,
    };
    const result = await compare(ours, floor, options.runs);
    process.stdout.write(
      `  ${marker.claims} claims over ${marker.files} files, ${(marker.bytes / 1e6).toFixed(1)} MB of source, ${options.runs} runs each\n`,
    );
    process.stdout.write(`${formatComparison(result, { bytes: marker.bytes })}\n`);
    // On a shared machine the fastest run of each side is the least disturbed one.
    const [oursMin, floorMin] = [fastest(result.ours.samples), fastest(result.baseline.samples)];
    process.stdout.write(
      `  fastest runs: floor ${floorMin.toFixed(0)} ms, ours ${oursMin.toFixed(0)} ms, ratio ${(oursMin / floorMin).toFixed(2)}x\n`,
    );
    const target = 1.3;
    process.stdout.write(`  target ≤ ${target}x the floor's time: ${result.timeRatio <= target ? 'met' : 'NOT met'}\n`);
    await realShaped(options);
  },
};

const fastest = (samples: ReadonlyArray<{ ms: number }>): number => Math.min(...samples.map((s) => s.ms));
const peak = (samples: ReadonlyArray<{ rssMiB?: number }>): number => Math.max(0, ...samples.map((s) => s.rssMiB ?? 0));
const rssReporter = fileURLToPath(new URL('../workers/report-rss-on-exit.js', import.meta.url));
const leastCpu = (samples: readonly Sample[]): number => Math.min(...samples.map((s) => s.cpuMs ?? Number.NaN));

/**
 * `surf check` with its result cache, after a one-file edit, against a cold check that fills an
 * empty cache (both with the cache on, so the cold side pays for writing it). Each warm run first
 * edits one ordinary TypeScript file of the workspace — a comment line added or taken away, so the
 * verdict stays clean — so exactly that file misses the cache. The cache lives under `.git`, where
 * neither surf nor git's status looks. Target: warm ≤ 10 % of cold.
 */
export async function warmAfterOneEdit(surf: string, dir: string, runs: number): Promise<{ cold: number; warm: number }> {
  const cacheDir = join(dir, '.git', 'driftgate-bench-cache');
  const sources = readFileSync(join(dir, '.git', MANIFEST), 'utf8').split('\n').filter((line) => line.endsWith('.ts'));
  const edited = join(dir, sources[0]!);
  const original = readFileSync(edited, 'utf8');
  let edits = 0;
  // The exit hook reports CPU time: on a shared machine it says more than wall time does.
  const args = ['--import', pathToFileURL(rssReporter).href, surf, 'check', '--cache-dir', cacheDir];
  try {
    const result = await compare(
      {
        name: 'ours: surf check, warm, one file edited',
        command: process.execPath,
        args,
        cwd: dir,
        before: () => writeFileSync(edited, ++edits % 2 === 1 ? `${original}// edited\n` : original),
      },
      { name: 'surf check, cold (empty cache)', command: process.execPath, args, cwd: dir, before: () => rmSync(cacheDir, { recursive: true, force: true }) },
      runs,
    );
    process.stdout.write(`${formatComparison(result)}\n`);
    const [warm, cold] = [fastest(result.ours.samples), fastest(result.baseline.samples)];
    process.stdout.write(
      `  edited: ${sources[0]} (${(original.length / 1e3).toFixed(0)} KB)\n` +
        `  fastest runs: cold ${cold.toFixed(0)} ms, warm ${warm.toFixed(0)} ms, warm/cold ${((100 * warm) / cold).toFixed(1)} % (median ${(100 * result.timeRatio).toFixed(1)} %)\n` +
        `  least CPU (user + system): cold ${leastCpu(result.baseline.samples).toFixed(0)} ms, warm ${leastCpu(result.ours.samples).toFixed(0)} ms, warm/cold ${((100 * leastCpu(result.ours.samples)) / leastCpu(result.baseline.samples)).toFixed(1)} %\n` +
        `  target warm ≤ 10 % of cold (median wall time): ${result.timeRatio <= 0.1 ? 'met' : 'NOT met'}\n`,
    );
    return { cold, warm };
  } finally {
    writeFileSync(edited, original);
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** Bump when the dense-file generator changes. */
const DENSE_GENERATOR_VERSION = 1;

/** One module with thousands of claimed definitions (see surf-dense-workload.ts). */
async function ensureDenseWorkspace(workDir: string, scale: number): Promise<{ dir: string; marker: RealWorkspaceMarker }> {
  const dir = join(workDir, `surf-dense-x${scale}`);
  const key = { seed: 0, generator: DENSE_GENERATOR_VERSION, scale, layout: 'dense' };
  const marker = await cachedSyntheticRepo(dir, key, 'the one-dense-file surf workspace', async (target) => {
    const workload = await denseWorkload(scale);
    await buildSyntheticRepo(target, workload.files);
    writeFileSync(join(target, '.git', MANIFEST), `${workload.sources.join('\n')}\n`);
    return { files: workload.sources.length, claims: workload.claims, hubs: workload.hubs, bytes: workload.sourceBytes };
  });
  return { dir, marker };
}

/** Bump when the node_modules workspace generator changes. */
const NODE_MODULES_GENERATOR_VERSION = 2;

/** The workspace over the TypeScript installed in this repository's node_modules (see surf-node-modules-workload.ts). */
async function ensureNodeModulesWorkspace(workDir: string, scale: number): Promise<{ dir: string; marker: RealWorkspaceMarker }> {
  const dir = join(workDir, `surf-node-modules-${SEED.toString(16)}-x${scale}`);
  const key = { seed: SEED, generator: NODE_MODULES_GENERATOR_VERSION, scale, layout: 'node-modules', installed: installedTreeKey(REPO_ROOT) };
  const marker = await cachedSyntheticRepo(dir, key, 'the surf workspace over node_modules', async (target) => {
    const workload = await nodeModulesWorkload(REPO_ROOT, SEED, scale);
    await buildSyntheticRepo(target, workload.files);
    writeFileSync(join(target, '.git', MANIFEST), `${workload.sources.join('\n')}\n`);
    return { files: workload.sources.length, claims: workload.claims, hubs: workload.hubs, bytes: workload.sourceBytes };
  });
  return { dir, marker };
}

/**
 * Cold `surf check` of a workspace against the two-worker parse floor (two threads parsing every
 * file once, largest first, from one shared counter). Targets: time ≤ 1.3×, peak RSS ≤ 2× the floor's.
 */
async function checkAgainstTwoWorkerFloor(surf: string, dir: string, bytes: number, runs: number): Promise<void> {
  const check = await compare(
    { name: 'ours: surf check (cold)', command: process.execPath, args: ['--import', pathToFileURL(rssReporter).href, surf, 'check', '--no-cache'], cwd: dir },
    {
      name: 'floor: two workers parse each file once',
      command: process.execPath,
      args: [floorWorker, '--threads', '2', dir, join(dir, '.git', MANIFEST)],
      cwd: dir,
    },
    runs,
  );
  process.stdout.write(`${formatComparison(check, { bytes })}\n`);
  const time = fastest(check.ours.samples) / fastest(check.baseline.samples);
  const rss = peak(check.ours.samples) / peak(check.baseline.samples);
  process.stdout.write(
    `  fastest runs: floor ${fastest(check.baseline.samples).toFixed(0)} ms, ours ${fastest(check.ours.samples).toFixed(0)} ms, ratio ${time.toFixed(2)}x (median ${check.timeRatio.toFixed(2)}x)\n` +
      `  peak RSS: floor ${peak(check.baseline.samples).toFixed(0)} MiB, ours ${peak(check.ours.samples).toFixed(0)} MiB, ratio ${rss.toFixed(2)}x\n` +
      `  target time ≤ 1.3x the two-worker floor: ${check.timeRatio <= 1.3 ? 'met' : 'NOT met'}; RSS ≤ 2x: ${rss <= 2 ? 'met' : 'NOT met'}\n`,
  );
}

/**
 * The real-shaped cases: `check` of hubs with hundreds of claims over files with 20–40 claims each
 * (a few of 0.5–1 MB), and over the TypeScript in node_modules, each against the two-worker parse
 * floor; and `verify` re-stamping 2,000 claims of one hub against `check` of the same hub
 * (target: verify ≤ 2× check).
 */
export async function realShaped(options: BenchOptions): Promise<void> {
  const surf = process.env['DRIFTGATE_BENCH_SURF_BIN'] ?? surfBin;
  const real = await ensureRealWorkspace(options.workDir, options.scale, 'hubs');
  process.stdout.write(
    `\n## real-shaped check: ${real.marker.claims} claims in ${real.marker.hubs} hubs over ${real.marker.files} files (${(real.marker.bytes / 1e6).toFixed(1)} MB, largest ${(Math.max(...REAL_WORKLOAD.largeFiles) / 1e6).toFixed(1)} MB), ${options.runs} runs each\n`,
  );
  await checkAgainstTwoWorkerFloor(surf, real.dir, real.marker.bytes, options.runs);
  process.stdout.write(`\n## the same workspace, warm: the result cache after a one-file edit, ${options.runs} runs each\n`);
  await warmAfterOneEdit(surf, real.dir, options.runs);

  const vendored = await ensureNodeModulesWorkspace(options.workDir, options.scale);
  process.stdout.write(
    `\n## check over the TypeScript in node_modules: ${vendored.marker.claims} claims in ${vendored.marker.hubs} hubs over ${vendored.marker.files} files (${(vendored.marker.bytes / 1e6).toFixed(1)} MB), ${options.runs} runs each\n`,
  );
  await checkAgainstTwoWorkerFloor(surf, vendored.dir, vendored.marker.bytes, options.runs);

  const dense = await ensureDenseWorkspace(options.workDir, options.scale);
  process.stdout.write(
    `\n## one file with ${dense.marker.claims} claimed definitions (${(dense.marker.bytes / 1e6).toFixed(2)} MB, like a generated test module), ${options.runs} runs each\n`,
  );
  const denseCheck = await compare(
    { name: 'ours: surf check (cold)', command: process.execPath, args: [surf, 'check', '--no-cache'], cwd: dense.dir },
    { name: 'floor: parse the file once', command: process.execPath, args: [floorWorker, dense.dir, join(dense.dir, '.git', MANIFEST)], cwd: dense.dir },
    options.runs,
  );
  process.stdout.write(`${formatComparison(denseCheck, { bytes: dense.marker.bytes })}\n`);
  process.stdout.write(`  fastest runs: floor ${fastest(denseCheck.baseline.samples).toFixed(0)} ms, ours ${fastest(denseCheck.ours.samples).toFixed(0)} ms\n`);

  const one = await ensureRealWorkspace(options.workDir, options.scale, 'one-hub');
  const hub = join(one.dir, 'hubs', 'part-0.md');
  const stamped = execFileSync('git', ['show', 'HEAD:hubs/part-0.md'], { cwd: one.dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  // Every stamp removed, so each verify run writes all of them (hash, id, verified_at, verified_commit).
  const unstamped = stamped.replace(/^ {4}hash: .*\n/gm, '');
  process.stdout.write(`\n## verify of ${one.marker.claims} claims in one hub over ${one.marker.files} files, ${options.runs} runs each\n`);
  const verify = await compare(
    { name: 'ours: surf verify (stamps all)', command: process.execPath, args: [surf, 'verify'], cwd: one.dir, discardStdout: true, before: () => writeFileSync(hub, unstamped) },
    { name: 'surf check of the same hub', command: process.execPath, args: [surf, 'check', '--no-cache'], cwd: one.dir, before: () => writeFileSync(hub, stamped) },
    options.runs,
  );
  writeFileSync(hub, stamped);
  process.stdout.write(`${formatComparison(verify)}\n`);
  const ratio = fastest(verify.ours.samples) / fastest(verify.baseline.samples);
  process.stdout.write(
    `  fastest runs: check ${fastest(verify.baseline.samples).toFixed(0)} ms, verify ${fastest(verify.ours.samples).toFixed(0)} ms, verify/check ${ratio.toFixed(2)}x\n`,
  );
  process.stdout.write(`  target verify ≤ 2x check: ${verify.timeRatio <= 2 ? 'met' : 'NOT met'}\n`);
}
