import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { compare, formatComparison, type Side } from '../measure.js';
import { buildSyntheticRepo, cachedSyntheticRepo } from '../synthetic-repo.js';
import { SURF_WORKLOAD, surfWorkload } from './surf-workload.js';

const SEED = 0x5a_f0_c4_ec;
/** Bump when the generator changes, so cached workspaces are rebuilt. */
const GENERATOR_VERSION = 1;
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

export const surfBin = fileURLToPath(new URL('../../../surf/bin/surf.js', import.meta.url));
const floorWorker = fileURLToPath(new URL('../workers/surf-floor.js', import.meta.url));

export const surfBenchmark: Benchmark = {
  name: 'surf',
  description: `cold \`surf check\` of ${SURF_WORKLOAD.claims} claims over ${SURF_WORKLOAD.files} files (~6 MB TS/Python/Go/Rust) vs parsing those files once`,
  async run(options: BenchOptions): Promise<void> {
    const { dir, marker } = await ensureSurfWorkspace(options.workDir, options.scale);
    const ours: Side = { name: 'ours: surf check (cold)', command: process.execPath, args: [surfBin, 'check'], cwd: dir };
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
    const fastest = (samples: ReadonlyArray<{ ms: number }>): number => Math.min(...samples.map((s) => s.ms));
    const [oursMin, floorMin] = [fastest(result.ours.samples), fastest(result.baseline.samples)];
    process.stdout.write(
      `  fastest runs: floor ${floorMin.toFixed(0)} ms, ours ${oursMin.toFixed(0)} ms, ratio ${(oursMin / floorMin).toFixed(2)}x\n`,
    );
    const target = 1.3;
    process.stdout.write(`  target ≤ ${target}x the floor's time: ${result.timeRatio <= target ? 'met' : 'NOT met'}\n`);
  },
};
