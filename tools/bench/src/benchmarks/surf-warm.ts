import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { compare, formatComparison, type Sample } from '../measure.js';
import { buildSyntheticRepo, cachedSyntheticRepo, commitFiles } from '../synthetic-repo.js';
import { DIVERGED_SOURCE, DIVERGED_WORKLOAD, divergedSource, divergedWorkload } from './surf-diverged-workload.js';
import { ensureRealWorkspace, surfBin, warmAfterOneEdit } from './surf.js';

const MANIFEST = 'driftgate-bench-sources.txt';

/**
 * The warm check alone, on the real-shaped workspace at `--scale` (scale 10.3 is about 27,000
 * claims, the size of the larger real repositories; target there: warm ≤ 1 s).
 */
export const surfWarmBenchmark: Benchmark = {
  name: 'surf-warm',
  description: 'surf check with the result cache after a one-file edit vs a cold check, on the real-shaped workspace (--scale 10.3 ≈ 27k claims)',
  async run(options: BenchOptions): Promise<void> {
    const surf = process.env['DRIFTGATE_BENCH_SURF_BIN'] ?? surfBin;
    const real = await ensureRealWorkspace(options.workDir, options.scale, 'hubs');
    process.stdout.write(
      `\n## warm check after a one-file edit: ${real.marker.claims} claims in ${real.marker.hubs} hubs over ${real.marker.files} files (${(real.marker.bytes / 1e6).toFixed(1)} MB), ${options.runs} runs each\n`,
    );
    const { warm } = await warmAfterOneEdit(surf, real.dir, options.runs);
    if (real.marker.claims >= 25_000) process.stdout.write(`  target warm ≤ 1 s at ${real.marker.claims} claims: ${warm <= 1000 ? 'met' : 'NOT met'}\n`);
    await watchReaction(surf, real.dir, options.runs);
    process.stdout.write(`\n## the same workspace, warm after a logic edit (claims diverge), ${options.runs} runs each\n`);
    await warmAfterLogicEdit(surf, real.dir, options.runs);
    await divergedWarm(surf, options.workDir, options.runs);
  },
};

const rssReporter = fileURLToPath(new URL('../workers/report-rss-on-exit.js', import.meta.url));
const fastest = (samples: readonly Sample[]): number => Math.min(...samples.map((s) => s.ms));
const leastCpu = (samples: readonly Sample[]): number => Math.min(...samples.map((s) => s.cpuMs ?? Number.NaN));

/** Bump when the diverged-warm workspace's generator changes. */
const DIVERGED_GENERATOR_VERSION = 1;

/**
 * The one-hub workspace of {@link DIVERGED_WORKLOAD}, stamped the way `surf verify` leaves a hub:
 * every claim with its `verified_commit` (the commit holding the stamped code), committed on top.
 */
async function ensureDivergedWorkspace(workDir: string): Promise<{ dir: string; claims: number }> {
  const dir = join(workDir, `surf-diverged-x${DIVERGED_WORKLOAD.functions}x${DIVERGED_WORKLOAD.claimsPerFunction}`);
  const marker = await cachedSyntheticRepo(dir, { generator: DIVERGED_GENERATOR_VERSION }, 'the one-hub diverged-warm workspace', async (target) => {
    const { files, claims } = await divergedWorkload();
    await buildSyntheticRepo(target, files);
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: target, encoding: 'utf8' }).trim();
    const hub = join(target, 'hubs', 'part-0.md');
    const stamped = readFileSync(hub, 'utf8').replace(/^( {4}hash: .*\n)/gm, `$1    verified_at: 2023-11-14T22:13:20Z\n    verified_commit: ${commit}\n`);
    writeFileSync(hub, stamped);
    await commitFiles(target, ['hubs/part-0.md'], 'stamp the claims');
    return { claims };
  });
  return { dir, claims: marker.claims };
}

/**
 * A warm check after an edit that diverges some claims, against a clean warm check of the same
 * workspace. Each timed diverged run is the second check after the same edit (the first, untimed,
 * runs in \`before\`): what a person re-running the gate, or a CI job over the same commit, pays.
 * Each timed clean run follows an untimed check of the original bytes.
 */
async function divergedPair(
  surf: string,
  dir: string,
  file: string,
  original: string,
  edited: string,
  runs: number,
): Promise<{ clean: number; diverged: number; result: Awaited<ReturnType<typeof compare>> }> {
  const cacheDir = join(dir, '.git', 'driftgate-bench-cache');
  const path = join(dir, file);
  const args = ['--import', pathToFileURL(rssReporter).href, surf, 'check', '--cache-dir', cacheDir];
  const prime = (text: string, expectExit: number): void => {
    writeFileSync(path, text);
    try {
      execFileSync(process.execPath, [surf, 'check', '--cache-dir', cacheDir], { cwd: dir, stdio: 'ignore' });
      if (expectExit !== 0) throw new Error(`surf check passed after the logic edit of ${file}`);
    } catch (error) {
      if ((error as { status?: number }).status !== expectExit) throw error;
    }
  };
  rmSync(cacheDir, { recursive: true, force: true });
  try {
    const result = await compare(
      { name: 'ours: surf check, warm, second run after a logic edit', command: process.execPath, args, cwd: dir, expectExit: 1, before: () => prime(edited, 1) },
      { name: 'surf check, warm, clean', command: process.execPath, args, cwd: dir, before: () => prime(original, 0) },
      runs,
    );
    return { clean: fastest(result.baseline.samples), diverged: fastest(result.ours.samples), result };
  } finally {
    writeFileSync(path, original);
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/**
 * The one-hub workspace of {@link DIVERGED_WORKLOAD}: one function's logic edited, so its claims
 * diverge. Target: the second warm check after the edit ≤ 1.5× a clean warm check.
 */
export async function divergedWarm(surf: string, workDir: string, runs: number): Promise<void> {
  const { dir, claims } = await ensureDivergedWorkspace(workDir);
  const { original, edited } = divergedSource();
  process.stdout.write(
    `\n## warm check after a logic edit diverging ${DIVERGED_WORKLOAD.claimsPerFunction} of ${claims} claims in one hub over one file of ${DIVERGED_WORKLOAD.functions} functions, ${runs} runs each\n`,
  );
  const { clean, diverged, result } = await divergedPair(surf, dir, DIVERGED_SOURCE, original, edited, runs);
  process.stdout.write(`${formatComparison(result)}\n`);
  process.stdout.write(
    `  fastest runs: clean warm ${clean.toFixed(0)} ms, diverged warm ${diverged.toFixed(0)} ms, diverged/clean ${(diverged / clean).toFixed(2)}x (median ${result.timeRatio.toFixed(2)}x)\n` +
      `  least CPU: clean ${leastCpu(result.baseline.samples).toFixed(0)} ms, diverged ${leastCpu(result.ours.samples).toFixed(0)} ms\n` +
      `  target diverged warm ≤ 1.5x clean warm (median): ${result.timeRatio <= 1.5 ? 'met' : 'NOT met'}\n`,
  );
}

/**
 * On the real-shaped workspace: a logic edit of one claimed function of an ordinary TypeScript
 * file (its returned value changes), timed as the first and as the second warm check after it,
 * against a cold check (an empty cache). Target: the warm check after the edit ≤ 10 % of cold.
 */
export async function warmAfterLogicEdit(surf: string, dir: string, runs: number): Promise<void> {
  const sources = readFileSync(join(dir, '.git', MANIFEST), 'utf8').split('\n').filter((line) => line.endsWith('.ts'));
  const file = sources[0]!;
  const original = readFileSync(join(dir, file), 'utf8');
  const edited = logicEdit(dir, file, original);
  const cacheDir = join(dir, '.git', 'driftgate-bench-cache');
  const path = join(dir, file);
  const args = ['--import', pathToFileURL(rssReporter).href, surf, 'check', '--cache-dir', cacheDir];
  let first = 0;
  try {
    // The first warm run after the edit: the cache holds the original's answers (primed untimed).
    const firstRun = await compare(
      {
        name: 'ours: surf check, warm, first run after a logic edit',
        command: process.execPath,
        args,
        cwd: dir,
        expectExit: 1,
        before: () => {
          writeFileSync(path, original);
          execFileSync(process.execPath, [surf, 'check', '--cache-dir', cacheDir], { cwd: dir, stdio: 'ignore' });
          writeFileSync(path, edited);
        },
      },
      { name: 'surf check, cold (empty cache)', command: process.execPath, args, cwd: dir, before: () => (writeFileSync(path, original), rmSync(cacheDir, { recursive: true, force: true })) },
      runs,
    );
    process.stdout.write(`${formatComparison(firstRun)}\n`);
    first = firstRun.timeRatio;
    const cold = fastest(firstRun.baseline.samples);
    const second = await divergedPair(surf, dir, file, original, edited, runs);
    const { diverged } = second;
    const coldCpu = leastCpu(firstRun.baseline.samples);
    process.stdout.write(
      `  edited: ${file}, one claimed function's return value\n` +
        `  least CPU (user + system): cold ${coldCpu.toFixed(0)} ms, first warm after the edit ${leastCpu(firstRun.ours.samples).toFixed(0)} ms (${((100 * leastCpu(firstRun.ours.samples)) / coldCpu).toFixed(1)} %), second ${leastCpu(second.result.ours.samples).toFixed(0)} ms (${((100 * leastCpu(second.result.ours.samples)) / coldCpu).toFixed(1)} %)\n` +
        `  fastest runs: cold ${cold.toFixed(0)} ms, first warm after the edit ${fastest(firstRun.ours.samples).toFixed(0)} ms (${((100 * fastest(firstRun.ours.samples)) / cold).toFixed(1)} % of cold), second ${diverged.toFixed(0)} ms (${((100 * diverged) / cold).toFixed(1)} % of cold)\n` +
        `  target warm after a logic edit ≤ 10 % of cold (median wall time): first run after the edit ${first <= 0.1 ? 'met' : 'NOT met'}, second ${second.result.ours.medianMs / firstRun.baseline.medianMs <= 0.1 ? 'met' : 'NOT met'}\n`,
    );
  } finally {
    writeFileSync(path, original);
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** `original` with the return value of the first top-level function a hub claims changed. */
function logicEdit(dir: string, file: string, original: string): string {
  const hubs = execFileSync('git', ['grep', '-h', '-F', `at: ${file} > `, 'HEAD', '--', 'hubs'], { cwd: dir, encoding: 'utf8' });
  for (const line of hubs.split('\n')) {
    const path = line.slice(line.indexOf(' > ') + 3).trim();
    if (path === '' || path.includes(' > ')) continue;
    const start = original.indexOf(`export function ${path}(`);
    if (start < 0) continue;
    const ret = original.indexOf('return { total } as never;', start);
    if (ret < 0) continue;
    return `${original.slice(0, ret)}return { total: total + 1 } as never;${original.slice(ret + 'return { total } as never;'.length)}`;
  }
  throw new Error(`no claimed top-level function to edit in ${file}`);
}

/**
 * How long `surf check --watch` takes to answer an edit: from writing one ordinary TypeScript
 * file (a comment line added or taken away) to the watch's summary line, over `runs` edits.
 * Includes the watch's 150 ms debounce.
 */
export async function watchReaction(surf: string, dir: string, runs: number): Promise<number[]> {
  const sources = readFileSync(join(dir, '.git', MANIFEST), 'utf8').split('\n').filter((line) => line.endsWith('.ts'));
  const edited = join(dir, sources[1] ?? sources[0]!);
  const original = readFileSync(edited, 'utf8');
  const cacheDir = join(dir, '.git', 'driftgate-bench-cache');
  const child = spawn(process.execPath, [surf, 'check', '--watch', '--cache-dir', cacheDir], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const waitFor = async (test: () => boolean, what: string): Promise<void> => {
    const deadline = Date.now() + 120_000;
    while (!test()) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`surf check --watch: no ${what}; stderr: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const times: number[] = [];
  try {
    await waitFor(() => stderr.includes('watching for changes'), 'start');
    for (let i = 0; i < runs; i++) {
      const seen = (stdout.match(/^surf check --watch: /gm) ?? []).length;
      const start = performance.now();
      writeFileSync(edited, i % 2 === 0 ? `${original}// edited\n` : original);
      await waitFor(() => (stdout.match(/^surf check --watch: /gm) ?? []).length > seen, 'answer to an edit');
      times.push(performance.now() - start);
      // Let the watcher settle, so the next edit is a burst of its own.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } finally {
    child.kill('SIGINT');
    writeFileSync(edited, original);
    rmSync(cacheDir, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  process.stdout.write(
    `  watch reaction (edit of ${sources[1] ?? sources[0]} → summary line, ${runs} edits): fastest ${sorted[0]!.toFixed(0)} ms, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms (includes the 150 ms debounce)\n`,
  );
  return times;
}
