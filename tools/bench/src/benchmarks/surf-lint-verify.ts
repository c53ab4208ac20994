import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { type Comparison, type Side, compareEach, formatComparison, usageComparison } from '../measure.js';
import { buildSyntheticRepo, cachedSyntheticRepo } from '../synthetic-repo.js';
import { type FoundCode, findGoCode, findRealCode, foundCodeKey, goCodeWorkload, realCodeWorkload } from './surf-real-code-workload.js';
import type { RealWorkload } from './surf-real-workload.js';
import { ensureRealWorkspace, surfBin } from './surf.js';

/** Manifest of the anchored source files, one per line, for the floor (as in surf.ts). */
const MANIFEST = 'driftgate-bench-sources.txt';
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const floorWorker = fileURLToPath(new URL('../workers/surf-floor.js', import.meta.url));

/**
 * The surf bin measured (`DRIFTGATE_BENCH_SURF_BIN`, default this build's) and, when
 * `DRIFTGATE_BENCH_BASELINE_SURF_BIN` names another build's bin, that one beside it in the same
 * alternated rounds (before/after figures for one change).
 */
function bins(): { surf: string; baseline: string | undefined } {
  return { surf: process.env['DRIFTGATE_BENCH_SURF_BIN'] ?? surfBin, baseline: process.env['DRIFTGATE_BENCH_BASELINE_SURF_BIN'] || undefined };
}

const side = (name: string, bin: string, args: string[], cwd: string, extra: Partial<Side> = {}): Side => ({
  name,
  command: process.execPath,
  args: [bin, ...args],
  cwd,
  resourceUsage: true,
  discardStdout: true,
  ...extra,
});

/** Wall, CPU and RSS of each side against the baseline side, medians. */
function report(comparisons: readonly Comparison[], bytes?: number): void {
  for (const c of comparisons) {
    process.stdout.write(`${formatComparison(c, bytes === undefined ? {} : { bytes })}\n`);
    const usage = usageComparison(c);
    process.stdout.write(
      `  => ${c.ours.name}: wall ${c.timeRatio.toFixed(2)}x` +
        (usage === null ? '' : `, CPU ${usage.cpuRatio.toFixed(2)}x, RSS ${usage.rssRatio.toFixed(2)}x`) +
        ` the ${c.baseline.name}\n`,
    );
  }
}

/** Bump when the vanished-anchor generator changes. */
const VANISHED_GENERATOR_VERSION = 1;
/** As in the report that found it: 890 anchors whose symbols are gone, into one large file (there 540 KB). */
const VANISHED_ANCHORS = 890;

/**
 * One Rust module of ~440 KB (2,400 public functions) and one hub of {@link VANISHED_ANCHORS}
 * anchors into it whose symbols do not exist: half stamped (lint looks for a rename by hash, then
 * for near names), half not (near names and a `Class > method` hint).
 */
async function ensureVanishedWorkspace(workDir: string): Promise<{ dir: string; bytes: number }> {
  const dir = join(workDir, `surf-vanished-${VANISHED_ANCHORS}`);
  const marker = await cachedSyntheticRepo(dir, { generator: VANISHED_GENERATOR_VERSION, anchors: VANISHED_ANCHORS }, 'the vanished-anchors workspace', async (target) => {
    let source = '';
    for (let k = 0; k < 2_400; k++) {
      source += `/// Lane ${k}: widens, shifts and folds the vector.\n#[inline]\npub fn lane_${k}(a: u64, b: u64) -> u64 {\n    let w = a.wrapping_mul(${k + 3}).rotate_left(${k % 61});\n    w ^ (b >> ${k % 13}) ^ ${k * 7919}\n}\n\n`;
    }
    let hub = '---\nsummary: the vector lanes\nanchors:\n';
    for (let i = 0; i < VANISHED_ANCHORS; i++) {
      hub += `  - claim: lane ${i} keeps its width\n    at: src/lanes.rs > lane_gone_${i}\n${i % 2 === 0 ? `    hash: 3:${i.toString(16).padStart(12, '0')}\n` : ''}`;
    }
    hub += `---\n\n${'How the lanes fit together. '.repeat(40)}\n`;
    const content = Buffer.from(source, 'utf8');
    await buildSyntheticRepo(target, [
      { path: 'src/lanes.rs', content },
      { path: 'hubs/lanes.md', content: Buffer.from(hub, 'utf8') },
      { path: 'surf.toml', content: Buffer.from('hubs = ["hubs/*.md"]\n') },
    ]);
    writeFileSync(join(target, '.git', MANIFEST), 'src/lanes.rs\n');
    return { bytes: content.length };
  });
  return { dir, bytes: marker.bytes };
}

export const surfLintBenchmark: Benchmark = {
  name: 'surf-lint',
  description: `\`surf lint\` of ${VANISHED_ANCHORS} vanished anchors into one 440 KB file vs parsing it once; \`lint\` and \`verify\` vs \`check\` on the real-shaped workspace`,
  async run(options: BenchOptions): Promise<void> {
    const { surf, baseline } = bins();
    const vanished = await ensureVanishedWorkspace(options.workDir);
    process.stdout.write(`\n## lint of ${VANISHED_ANCHORS} vanished anchors into one ${(vanished.bytes / 1e3).toFixed(0)} KB Rust file, ${options.runs} runs each\n`);
    // The build before the definition indexes took minutes here: it is left out of the rounds.
    report(
      await compareEach(
        [side('ours: surf lint', surf, ['lint'], vanished.dir, { expectExit: 1 })],
        side('floor: parse the file once', floorWorker, [vanished.dir, join(vanished.dir, '.git', MANIFEST)], vanished.dir),
        options.runs,
      ),
      vanished.bytes,
    );
    await lintVerifyAgainstCheck(options, surf, baseline);
  },
};

/** `lint` and a clean `verify` (nothing to stamp: the hashing pass only) against a cold `check`. */
async function lintVerifyAgainstCheck(options: BenchOptions, surf: string, baseline: string | undefined): Promise<void> {
  const real = await ensureRealWorkspace(options.workDir, options.scale, 'hubs');
  await againstCheck(`real-shaped workspace: ${real.marker.claims} claims over ${real.marker.files} files (${(real.marker.bytes / 1e6).toFixed(1)} MB)`, real.dir, options.runs, surf, baseline);
}

async function againstCheck(what: string, dir: string, runs: number, surf: string, baseline: string | undefined): Promise<void> {
  process.stdout.write(`\n## lint and verify against check, ${what}, ${runs} runs each\n`);
  // Whether lint finds a blocking problem depends on the code: each run must end as the first did.
  const expectExit = spawnSync(process.execPath, [surf, 'lint'], { cwd: dir, stdio: 'ignore' }).status ?? 1;
  const sides = [side('ours: surf lint', surf, ['lint'], dir, { expectExit }), side('ours: surf verify (clean)', surf, ['verify', '--no-cache'], dir)];
  // The other build's verify has no cache flag: it had no cache.
  if (baseline !== undefined) sides.push(side('baseline build: surf lint', baseline, ['lint'], dir, { expectExit }), side('baseline build: surf verify (clean)', baseline, ['verify'], dir));
  report(await compareEach(sides, side('surf check (cold)', surf, ['check', '--no-cache'], dir), runs));
}

/** Bump when the real-code workspace generator changes. */
const REAL_CODE_GENERATOR_VERSION = 1;
/** Bump when the Go workspace generator changes. */
const GO_CODE_GENERATOR_VERSION = 1;

export const surfRealCodeBenchmark: Benchmark = {
  name: 'surf-real-code',
  description:
    "cold `surf check` of every symbol `surf suggest --all` offers in Python's standard library, rust-src and node_modules' TypeScript, and apart in Go's standard library (found at run time), vs the two-worker parse floor; lint and verify vs check",
  async run(options: BenchOptions): Promise<void> {
    const { surf, baseline } = bins();
    const found = findRealCode(REPO_ROOT);
    const go = findGoCode();
    for (const line of [...found.missing, ...go.missing]) process.stdout.write(`  skipped: ${line}\n`);
    for (const tree of [...found.trees, ...go.trees]) process.stdout.write(`  found: ${tree.label}, ${tree.files.length} files\n`);
    if (found.trees.length === 0) {
      process.stdout.write('  skipped: no Python, Rust or TypeScript found on this machine; no cold check of real code\n');
    } else {
      const dir = join(options.workDir, `surf-real-code-x${options.scale}`);
      const marker = await ensureCodeWorkspace(dir, REAL_CODE_GENERATOR_VERSION, found, options.scale, 'the real-code surf workspace', realCodeWorkload);
      await coldCheck('real code', marker, dir, options.runs, surf);
      await againstCheck('real code', dir, options.runs, surf, baseline);
    }
    if (go.trees.length > 0) {
      const dir = join(options.workDir, `surf-real-code-go-x${options.scale}`);
      const marker = await ensureCodeWorkspace(dir, GO_CODE_GENERATOR_VERSION, go, options.scale, 'the Go standard-library surf workspace', goCodeWorkload);
      await coldCheck("Go's standard library", marker, dir, options.runs, surf);
    }
  },
};

interface CodeMarker {
  readonly files: number;
  readonly claims: number;
  readonly hubs: number;
  readonly bytes: number;
}

/** The workspace `workload` makes of `found` at `dir`, rebuilt when the generator, the scale or what was found changes. */
async function ensureCodeWorkspace(
  dir: string,
  generator: number,
  found: FoundCode,
  scale: number,
  what: string,
  workload: (found: FoundCode, scale: number) => Promise<RealWorkload>,
): Promise<CodeMarker> {
  return cachedSyntheticRepo(dir, { generator, scale, found: foundCodeKey(found) }, what, async (target) => {
    const built = await workload(found, scale);
    await buildSyntheticRepo(target, built.files);
    writeFileSync(join(target, '.git', MANIFEST), `${built.sources.join('\n')}\n`);
    return { files: built.sources.length, claims: built.claims, hubs: built.hubs, bytes: built.sourceBytes };
  });
}

/** A cold `surf check` of the workspace at `dir` against two workers parsing its anchored files once, with the issue's targets. */
async function coldCheck(what: string, marker: CodeMarker, dir: string, runs: number, surf: string): Promise<void> {
  process.stdout.write(
    `\n## cold check of ${what}: ${marker.claims} claims in ${marker.hubs} hubs over ${marker.files} files (${(marker.bytes / 1e6).toFixed(1)} MB), ${runs} runs each\n`,
  );
  const check = await compareEach(
    [side('ours: surf check (cold)', surf, ['check', '--no-cache'], dir)],
    side('floor: two workers parse each file once', floorWorker, ['--threads', '2', dir, join(dir, '.git', MANIFEST)], dir),
    runs,
  );
  report(check, marker.bytes);
  const usage = usageComparison(check[0]!);
  process.stdout.write(
    `  targets (issue 38): wall ≤ 2.0x ${check[0]!.timeRatio <= 2 ? 'met' : 'NOT met'}` +
      (usage === null ? '\n' : `; CPU ≤ 2.0x ${usage.cpuRatio <= 2 ? 'met' : 'NOT met'}; RSS ≤ 2x ${usage.rssRatio <= 2 ? 'met' : 'NOT met'}\n`),
  );
}
