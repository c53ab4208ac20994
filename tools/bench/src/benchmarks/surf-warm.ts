import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Benchmark, BenchOptions } from '../benchmark.js';
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
  },
};

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
