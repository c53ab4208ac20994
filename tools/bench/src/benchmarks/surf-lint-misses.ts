import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { BenchOptions } from '../benchmark.js';
import { compareEach, formatComparison, usageComparison } from '../measure.js';
import { buildSyntheticRepo, cachedSyntheticRepo } from '../synthetic-repo.js';
import { surfBin } from './surf.js';

/** Bump when the generator below changes. */
const GENERATOR_VERSION = 1;
const FUNCTIONS = 12_000;
const ANCHORS = 1_000;
/** A smaller hub of misses beside it: the difference is what one more miss costs. */
const FEWER = 250;
/** 1,000 misses may cost at most this many times 1,000 hits (CPU). */
export const LINT_MISSES_TARGET = 1.5;

/**
 * One TypeScript file of {@link FUNCTIONS} functions (about 1 MB), and a hub of `anchors`
 * anchors into it: every one resolving (`hits`), or none (`misses`: names that do not exist, half
 * of them stamped, so lint looks for a rename by hash, half not, so it looks for near names and a
 * `Class > method` chain).
 */
async function ensureWorkspace(workDir: string, kind: 'hits' | 'misses', anchors: number): Promise<{ dir: string; bytes: number }> {
  const dir = join(workDir, `surf-lint-${kind}-${anchors}`);
  const marker = await cachedSyntheticRepo(dir, { generator: GENERATOR_VERSION, kind, functions: FUNCTIONS, anchors }, `the lint ${kind} workspace (${anchors})`, async (target) => {
    let source = '';
    for (let k = 0; k < FUNCTIONS; k++) source += `export function handler_${k}(a: number, b: number): number {\n  return Math.min(a * ${k % 97}, b);\n}\n\n`;
    let hub = '---\nsummary: the handlers\nanchors:\n';
    for (let i = 0; i < anchors; i++) {
      const k = Math.floor((i * FUNCTIONS) / anchors);
      const name = kind === 'hits' ? `handler_${k}` : `handler_gone_${k}`;
      const stamp = kind === 'misses' && i % 2 === 0 ? `    hash: 3:${i.toString(16).padStart(12, '0')}\n` : '';
      hub += `  - claim: handler ${k} clamps to b\n    at: src/handlers.ts > ${name}\n${stamp}`;
    }
    hub += `---\n\n${'How the handlers clamp. '.repeat(40)}\n`;
    const content = Buffer.from(source, 'utf8');
    await buildSyntheticRepo(target, [
      { path: 'src/handlers.ts', content },
      { path: 'hubs/handlers.md', content: Buffer.from(hub, 'utf8') },
      { path: 'surf.toml', content: Buffer.from('hubs = ["hubs/*.md"]\n') },
    ]);
    return { bytes: content.length };
  });
  return { dir, bytes: marker.bytes };
}

/** `surf lint` of {@link ANCHORS} anchors that do not resolve against as many that do, same file; prints whether the target is met. */
export async function lintMisses(options: BenchOptions): Promise<boolean> {
  const surf = process.env['DRIFTGATE_BENCH_SURF_BIN'] ?? surfBin;
  const hits = await ensureWorkspace(options.workDir, 'hits', ANCHORS);
  const misses = await ensureWorkspace(options.workDir, 'misses', ANCHORS);
  const fewer = await ensureWorkspace(options.workDir, 'misses', FEWER);
  process.stdout.write(`\n## surf lint: ${ANCHORS} anchors that do not resolve vs ${ANCHORS} that do, one ${(hits.bytes / 1e6).toFixed(1)} MB file of ${FUNCTIONS} functions, ${options.runs} runs each\n`);
  const side = (name: string, dir: string) => ({
    name,
    command: process.execPath,
    args: [surf, 'lint'],
    cwd: dir,
    resourceUsage: true,
    discardStdout: true,
    // Whether lint blocks depends on the workspace: each run must end as the first did.
    expectExit: spawnSync(process.execPath, [surf, 'lint'], { cwd: dir, stdio: 'ignore' }).status ?? 1,
  });
  const [c, f] = await compareEach([side('surf lint, misses', misses.dir), side(`surf lint, ${FEWER} misses`, fewer.dir)], side('surf lint, hits', hits.dir), options.runs);
  process.stdout.write(`${formatComparison(c!)}\n`);
  const fewerUsage = usageComparison(f!);
  const usage = usageComparison(c!);
  const ratio = usage?.cpuRatio ?? c!.timeRatio;
  const met = ratio <= LINT_MISSES_TARGET;
  process.stdout.write(
    `  => misses: ${usage === null ? `wall ${ratio.toFixed(2)}x` : `CPU ${usage.oursCpu.toFixed(2)} s vs ${usage.baselineCpu.toFixed(2)} s, ${ratio.toFixed(2)}x`} the hits; within ${LINT_MISSES_TARGET}x ${met ? 'met' : 'NOT met'}\n`,
  );
  if (usage !== null && fewerUsage !== null) {
    // What grows with the number of misses, apart from what each file's indexes cost once.
    const each = ((usage.oursCpu - fewerUsage.oursCpu) / (ANCHORS - FEWER)) * 1e3;
    process.stdout.write(`  => one more miss: ${each.toFixed(2)} CPU-ms (${FEWER} misses: ${fewerUsage.oursCpu.toFixed(2)} s, ${ANCHORS}: ${usage.oursCpu.toFixed(2)} s)\n`);
  }
  return met;
}
