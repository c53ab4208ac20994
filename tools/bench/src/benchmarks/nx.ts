import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDemo, type DemoModule } from '../demo-module.js';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { median } from '../measure.js';

/** Projects of the generated workspace at scale 1. */
const PROJECTS = 200;
/** Claims per generated hub (one hub per project). */
const CLAIMS_PER_HUB = 3;
/** Bump when the generator changes, so cached workspaces are rebuilt. */
const GENERATOR_VERSION = 1;

/**
 * Wall times of `runs` hits and `runs` misses of one target of the demo's `pricing` project. Each
 * miss follows `edit(i)`, a change to one of the target's inputs that keeps it passing (Nx does not
 * cache failures, so a failing miss would never be followed by a hit).
 */
function hitAndMiss(demo: DemoModule, dir: string, target: string, runs: number, edit: (i: number) => void): { hit: number[]; miss: number[] } {
  const task = `pricing:${target}`;
  demo.runNx(dir, ['run', task]);
  const hit: number[] = [];
  const miss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cached = demo.runNx(dir, ['run', task]);
    if (!/\[(local cache|existing outputs match the cache, left as is)\]/.test(cached.output)) throw new Error(`${task} was expected to hit the cache:\n${cached.output}`);
    hit.push(cached.ms);
    edit(i);
    const fresh = demo.runNx(dir, ['run', task]);
    if (/\[(local cache|existing outputs)/.test(fresh.output)) throw new Error(`${task} was expected to miss the cache:\n${fresh.output}`);
    miss.push(fresh.ms);
  }
  return { hit, miss };
}

/** A workspace of `projects` TypeScript projects, one hub and one boundver component each. */
function generateWorkspace(dir: string, projects: number, demo: DemoModule): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'hubs'), { recursive: true });
  const name = (i: number) => `p${String(i).padStart(4, '0')}`;
  const components: Record<string, unknown> = {};
  for (let i = 0; i < projects; i++) {
    const root = join(dir, 'packages', name(i));
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'project.json'), `${JSON.stringify({ name: name(i), projectType: 'library' })}\n`);
    const fns = Array.from({ length: CLAIMS_PER_HUB }, (_, k) => `export function f${k}(x: number): number {\n  return x * ${k + 2} + ${i};\n}\n`);
    writeFileSync(join(root, 'src', 'index.ts'), fns.join('\n'));
    const claims = Array.from({ length: CLAIMS_PER_HUB }, (_, k) => `  - claim: f${k} scales by ${k + 2}\n    at: packages/${name(i)}/src/index.ts > f${k}\n`);
    // Every tenth hub also makes a claim across two projects.
    if (i % 10 === 0 && i + 1 < projects) {
      claims.push(`  - claim: both ends agree\n    at:\n      - packages/${name(i)}/src/index.ts > f0\n      - packages/${name(i + 1)}/src/index.ts > f0\n`);
    }
    writeFileSync(join(dir, 'hubs', `${name(i)}.md`), `---\nanchors:\n${claims.join('')}refs: []\n---\n\n# ${name(i)}\n`);
    components[name(i)] = {
      path: `packages/${name(i)}`,
      boundary: { provider: 'path-hash', paths: ['src/index.ts'] },
      ...(i + 1 < projects ? { consumers: [name(i + 1)] } : {}),
    };
  }
  writeFileSync(join(dir, 'boundary.config.json'), `${JSON.stringify({ project: 'bench', components }, null, 2)}\n`);
  writeFileSync(join(dir, 'surf.toml'), 'hubs = ["hubs/*.md"]\n');
  writeFileSync(join(dir, 'nx.json'), `${JSON.stringify({ cacheDirectory: '.nx/cache', plugins: ['@driftgate/nx/plugin'] })}\n`);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'bench', version: '0.0.0', private: true, devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1' } })}\n`);
  writeFileSync(join(dir, '.gitignore'), 'node_modules/\n.nx/\nreports/\n');
  demo.installDriftgate(dir);
}

/**
 * Times the plugin's `createNodes` in a process of its own, the way Nx calls it: once with no
 * cached inference (cold) and once more in the same process (warm); the workspace file index Nx
 * builds anyway is built before the clock starts. Prints `{coldMs, warmMs, projects, targets}`.
 */
const INFERENCE_SCRIPT = `
import { readdirSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
const root = process.cwd();
const devkit = await import(pathToFileURL(join(root, 'node_modules/@nx/devkit/dist/internal.js')).href);
const { createNodes } = await import(pathToFileURL(join(root, 'node_modules/@driftgate/nx/dist/plugin.js')).href);
const files = ['package.json', ...readdirSync(join(root, 'packages')).map((p) => 'packages/' + p + '/project.json')];
await devkit.hashWithWorkspaceContext(root, ['**/*']);
rmSync(join(devkit.workspaceDataDirectory, 'driftgate-nx-inference.json'), { force: true });
const context = { workspaceRoot: root, nxJsonConfiguration: {} };
let t = process.hrtime.bigint();
const result = await createNodes[1](files, {}, context);
const coldMs = Number(process.hrtime.bigint() - t) / 1e6;
t = process.hrtime.bigint();
await createNodes[1](files, {}, context);
const warmMs = Number(process.hrtime.bigint() - t) / 1e6;
const targets = result.reduce((n, [, r]) => n + Object.values(r.projects).reduce((m, p) => m + Object.keys(p.targets ?? {}).length, 0), 0);
console.log(JSON.stringify({ coldMs, warmMs, projects: result.length, targets }));
`;

function inferenceOnce(dir: string): { coldMs: number; warmMs: number; projects: number; targets: number } {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', INFERENCE_SCRIPT], { cwd: dir, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false' } });
  return JSON.parse(out.trim().split('\n').pop()!) as { coldMs: number; warmMs: number; projects: number; targets: number };
}

const fmt = (values: readonly number[]) => `median ${median(values).toFixed(0).padStart(5)} ms  (${values.map((v) => v.toFixed(0)).join(', ')})`;

export const nxBenchmark: Benchmark = {
  name: 'nx',
  description: `the Nx plugin: cache hit and miss of one demo project, and inference over ${PROJECTS} generated projects`,
  async run(options: BenchOptions): Promise<void> {
    const demo = await loadDemo();
    const runs = Math.max(1, options.runs);

    const demoDir = join(options.workDir, 'nx-demo');
    rmSync(demoDir, { recursive: true, force: true });
    mkdirSync(demoDir, { recursive: true });
    demo.createDemoWorkspace(demoDir);
    process.stdout.write(`  demo workspace ${demoDir} (NX_DAEMON=false NX_ISOLATE_PLUGINS=false, one nx process per run)\n`);
    const edits: Array<[string, (i: number) => void]> = [
      // A component note is presentation only: the config file (an input) changes, its digest does not.
      ['verify-boundary', (i) => {
        const path = join(demoDir, 'boundary.config.json');
        const config = JSON.parse(readFileSync(path, 'utf8')) as { components: Record<string, Record<string, unknown>> };
        config.components['pricing']!['note'] = `bench edit ${i}`;
        writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
      }],
      // A comment in an anchored file: an input of the check that leaves every claim clean.
      ['verify-claims', (i) => appendFileSync(join(demoDir, 'packages', 'pricing', 'src', 'tiers.ts'), `// bench edit ${i}\n`)],
    ];
    for (const [target, edit] of edits) {
      const { hit, miss } = hitAndMiss(demo, demoDir, target, runs, edit);
      process.stdout.write(`  pricing:${target.padEnd(16)} hit  ${fmt(hit)}\n`);
      process.stdout.write(`  pricing:${target.padEnd(16)} miss ${fmt(miss)}\n`);
    }

    const projects = Math.max(2, Math.round(PROJECTS * options.scale));
    const genDir = join(options.workDir, `nx-projects-${projects}`);
    const markerPath = join(genDir, '.driftgate-bench.json');
    const marker = JSON.stringify({ generator: GENERATOR_VERSION, projects });
    if (!existsSync(markerPath) || readFileSync(markerPath, 'utf8') !== marker) {
      process.stdout.write(`  generating ${projects} projects at ${genDir} …\n`);
      generateWorkspace(genDir, projects, demo);
      writeFileSync(markerPath, marker);
    } else {
      demo.installDriftgate(genDir);
    }
    const samples = Array.from({ length: runs }, () => inferenceOnce(genDir));
    const { projects: withTargets, targets } = samples[0]!;
    process.stdout.write(`  inference, ${projects} projects (${projects * CLAIMS_PER_HUB} claims, ${projects} components): ${withTargets} projects, ${targets} targets\n`);
    process.stdout.write(`    createNodes cold (no cached inference) ${fmt(samples.map((s) => s.coldMs))}\n`);
    process.stdout.write(`    createNodes warm (cache hit)           ${fmt(samples.map((s) => s.warmMs))}\n`);
    const graph: number[] = [];
    for (let i = 0; i < runs; i++) {
      rmSync(join(genDir, '.nx'), { recursive: true, force: true });
      graph.push(demo.runNx(genDir, ['show', 'projects']).ms);
    }
    process.stdout.write(`    nx show projects, no Nx caches         ${fmt(graph)}\n`);
  },
};
