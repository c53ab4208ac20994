import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { compare, formatComparison, type Side } from '../measure.js';
import { cachedSyntheticRepo } from '../synthetic-repo.js';
import { ensureSurfWorkspace, surfBin } from './surf.js';

/** Bump when the edit below changes, so cached copies are rebuilt. */
const EDIT_VERSION = 1;

/**
 * Every generated function and method starts its body with `total = 0` (`total := 0` in Go), so
 * changing that literal is a logic edit under every claim: each one diverges, and `surf check`
 * reads each claimed file's committed version to report the change's magnitude.
 */
function divergeEverything(text: string): string {
  return text.replace(/\btotal( :?= )0\b/g, 'total$11');
}

/** A clone of the stamped workspace with every anchored function edited (uncommitted). */
async function ensureDivergedCopy(source: string, scale: number): Promise<string> {
  const dir = `${source}-diverged`;
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: source, encoding: 'utf8' }).trim();
  await cachedSyntheticRepo(dir, { edit: EDIT_VERSION, head, scale }, 'a clone with every anchored function edited', async (target) => {
    rmSync(target, { recursive: true, force: true });
    execFileSync('git', ['clone', '-q', '--local', source, target]);
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: target, encoding: 'utf8' }).split('\0').filter((f) => /\.(ts|py|go|rs)$/.test(f));
    for (const file of files) {
      const path = join(target, file);
      writeFileSync(path, divergeEverything(readFileSync(path, 'utf8')));
    }
    return {};
  });
  return dir;
}

/** Claims `surf check --format json` reports as diverged in `dir`. */
function countDivergences(dir: string): number {
  const run = spawnSync(process.execPath, [surfBin, 'check', '--format', 'json'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const envelope = JSON.parse(run.stdout) as { divergences: Array<{ kind: string }> };
  return envelope.divergences.filter((d) => d.kind === 'changed').length;
}

export const surfHistoryBenchmark: Benchmark = {
  name: 'surf-history',
  description: '`surf check` after a logic edit under every claim (magnitude read from git history) vs the same check with nothing diverged',
  async run(options: BenchOptions): Promise<void> {
    const { dir, marker } = await ensureSurfWorkspace(options.workDir, options.scale);
    const diverged = await ensureDivergedCopy(dir, options.scale);
    const changed = countDivergences(diverged);
    const ours: Side = { name: 'ours: check, all diverged', command: process.execPath, args: [surfBin, 'check', '--no-cache'], cwd: diverged, expectExit: 1, discardStderr: true };
    const clean: Side = { name: 'baseline: check, clean', command: process.execPath, args: [surfBin, 'check', '--no-cache'], cwd: dir, discardStderr: true };
    const result = await compare(ours, clean, options.runs);
    process.stdout.write(`  ${marker.claims} claims over ${marker.files} files; ${changed} reported changed after the edit; ${options.runs} runs each\n`);
    process.stdout.write(`${formatComparison(result)}\n`);
    const extra = result.ours.medianMs - result.baseline.medianMs;
    process.stdout.write(
      `  ${changed} diverged claims cost ${extra.toFixed(0)} ms more (old versions read from git and graded, divergences reported): ` +
        `${(extra / Math.max(1, changed)).toFixed(2)} ms per claim\n`,
    );
  },
};
