import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { loadDemo } from '../demo-module.js';
import { compare, formatComparison, median, type Side } from '../measure.js';
import { createRng, type Rng } from '../rng.js';
import { buildSyntheticRepo, cachedSyntheticRepo, type SyntheticFile } from '../synthetic-repo.js';

export const TYPESCRIPT_API_SEED = 0xa9_1c_0d_e5;
const SEED = TYPESCRIPT_API_SEED;
/** Libraries at scale 1 (the issue's figure). */
const LIBRARIES = 50;
/** Modules per library and their sizes: an Nx library's `src/lib/*.ts`, re-exported by `src/index.ts`. */
const MODULES: readonly [number, number] = [3, 8];
const MODULE_BYTES: readonly [number, number] = [1_500, 9_000];
/** Bump when the generator changes, so the cached workspace is rebuilt. */
export const TYPESCRIPT_API_GENERATOR_VERSION = 1;
const GENERATOR_VERSION = TYPESCRIPT_API_GENERATOR_VERSION;
const TEXT_CONFIG = 'boundary.text.config.json';
const TEXT_LOCK = 'boundary.text.lock.json';

const NOUNS = ['ledger', 'invoice', 'quota', 'tariff', 'route', 'basket', 'refund', 'coupon', 'parcel', 'account'];
const VERBS = ['split', 'merge', 'price', 'round', 'settle', 'apply', 'check', 'format', 'group', 'rank'];

const text = (path: string, content: string): SyntheticFile => ({ path, content: Buffer.from(content, 'utf8') });
const json = (path: string, value: unknown): SyntheticFile => text(path, `${JSON.stringify(value, null, 2)}\n`);
const pascal = (word: string): string => word[0]!.toUpperCase() + word.slice(1);

/**
 * One module of about `bytes` bytes in the shapes a library exports: typed functions with bodies,
 * interfaces, type aliases, classes with private members, enums and constants, beside private
 * helpers the API never shows.
 */
function libraryModule(rng: Rng, prefix: string, bytes: number): string {
  let out = "import { strict as assert } from 'node:assert';\n\n";
  for (let n = 0; out.length < bytes; n++) {
    const noun = rng.pick(NOUNS);
    const Noun = `${pascal(noun)}${prefix}${n}`;
    const verb = `${rng.pick(VERBS)}${Noun}`;
    switch (rng.int(0, 4)) {
      case 0:
        out += `export interface ${Noun} {\n  readonly id: string;\n  readonly amount: number;\n  tags?: readonly string[];\n}\n\n`;
        break;
      case 1:
        out += `function ${verb}Helper(values: number[]): number {\n  let total = 0;\n  for (const value of values) total += value * ${rng.int(2, 9)};\n  return total;\n}\n\n`;
        out += `/** ${verb} over the ${noun}s of one account. */\nexport function ${verb}(items: readonly number[], factor = ${rng.int(1, 5)}): number[] {\n  assert(items.length > 0);\n  const base = ${verb}Helper([...items]);\n  return items.map((item) => Math.round((item * factor * 100) / base) / 100);\n}\n\n`;
        break;
      case 2:
        out += `export class ${Noun}Store {\n  private readonly items = new Map<string, number>();\n  static readonly limit = ${rng.int(8, 512)};\n\n  add(id: string, amount: number): this {\n    this.items.set(id, (this.items.get(id) ?? 0) + amount);\n    return this;\n  }\n\n  total(): number {\n    return [...this.items.values()].reduce((a, b) => a + b, 0);\n  }\n\n  #trim(): void {\n    this.items.clear();\n  }\n}\n\n`;
        break;
      case 3:
        out += `export type ${Noun}Key = \`${noun}:\${string}\` | number;\n\nexport enum ${Noun}Mode {\n  Draft,\n  Open = ${rng.int(2, 9)},\n  Closed = 'closed',\n}\n\n`;
        break;
      default:
        out += `export const ${noun.toUpperCase()}_${prefix}${n}_LIMIT = ${rng.int(10, 9999)};\n\nexport const ${verb} = (value: number, scale: number): string => (value / scale).toFixed(${rng.int(0, 4)});\n\n`;
    }
  }
  return out;
}

/**
 * A workspace of `libraries` Nx TypeScript libraries as `nx g @nx/js:lib` lays them out
 * (`packages/<name>/package.json` pointing at `./src/index.ts`, `src/index.ts` re-exporting
 * `src/lib/*.ts`), one boundver component each, with `typescript-api` in `boundary.config.json`
 * and the text boundary (`typescript-exports` of `src/index.ts`) in a second config for comparison.
 */
export function typescriptApiWorkspace(libraries: number): { files: SyntheticFile[]; bytes: number } {
  const rng = createRng(SEED);
  const files: SyntheticFile[] = [
    json('package.json', { name: '@bench/source', version: '0.0.0', private: true, workspaces: ['packages/*'] }),
    json('tsconfig.base.json', { compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true, target: 'es2022', composite: true, declaration: true } }),
    text('.gitignore', 'node_modules\ndist\n.nx\n'),
  ];
  let bytes = 0;
  const api: Record<string, unknown> = {};
  const plain: Record<string, unknown> = {};
  for (let l = 0; l < libraries; l++) {
    const name = `lib-${String(l).padStart(2, '0')}`;
    const dir = `packages/${name}`;
    files.push(json(`${dir}/package.json`, { name: `@bench/${name}`, version: '0.1.0', type: 'module', exports: { '.': { types: './src/index.ts', import: './src/index.ts', default: './src/index.ts' } } }));
    files.push(json(`${dir}/tsconfig.json`, { extends: '../../tsconfig.base.json', include: ['src/**/*.ts'] }));
    const modules = rng.int(...MODULES);
    let index = '';
    for (let m = 0; m < modules; m++) {
      const module = libraryModule(rng, `L${l}M${m}`, rng.int(...MODULE_BYTES));
      bytes += module.length;
      files.push(text(`${dir}/src/lib/mod-${m}.ts`, module));
      index += `export * from './lib/mod-${m}.js';\n`;
    }
    files.push(text(`${dir}/src/index.ts`, index));
    const component = (provider: string) => ({ path: dir, version_source: { file: 'package.json', field: 'version' }, boundary: { provider, paths: ['src/index.ts'] } });
    api[`@bench/${name}`] = component('typescript-api');
    plain[`@bench/${name}`] = component('typescript-exports');
  }
  files.push(json('boundary.config.json', { project: '@bench/source', components: api }));
  files.push(json(TEXT_CONFIG, { project: '@bench/source', components: plain }));
  files.push(json('nx.json', { plugins: ['@driftgate/nx/plugin'] }));
  return { files, bytes };
}

export const boundverApiBenchmark: Benchmark = {
  name: 'boundver-api',
  description: `boundver verify with typescript-api over ${LIBRARIES} Nx TypeScript libraries: the CLI cold (one TypeScript program for all), against the text boundary, and nx run-many -t verify-boundary as a cache miss and as cache hits`,
  async run(options: BenchOptions): Promise<void> {
    const demo = await loadDemo();
    const libraries = Math.max(2, Math.round(LIBRARIES * options.scale));
    const dir = join(options.workDir, `boundver-api-${SEED.toString(16)}-${libraries}`);
    const marker = await cachedSyntheticRepo(dir, { seed: SEED, generator: GENERATOR_VERSION, libraries }, `the ${libraries}-library workspace`, async (target) => {
      const { files, bytes } = typescriptApiWorkspace(libraries);
      await buildSyntheticRepo(target, files);
      return { bytes };
    });
    // The built package, installed as a user has it (a newer build replaces the installed one).
    demo.installDriftgate(dir);
    const boundver = join(dir, 'node_modules', '.bin', 'boundver');
    for (const args of [['generate'], ['generate', '--config', TEXT_CONFIG, '--out', TEXT_LOCK]]) {
      const generated = spawnSync(boundver, [...args, '--source', 'working-tree'], { cwd: dir, encoding: 'utf8' });
      if (generated.status !== 0) throw new Error(`boundver ${args.join(' ')} failed in ${dir}:\n${generated.stdout}${generated.stderr}`);
    }
    // The Nx targets read HEAD, as CI does: the locks are committed.
    demo.git(dir, 'add', 'boundary.lock.json', TEXT_LOCK);
    if (demo.git(dir, 'status', '--porcelain', '--', 'boundary.lock.json', TEXT_LOCK) !== '') demo.git(dir, 'commit', '-q', '-m', 'boundary locks');
    process.stdout.write(`  ${libraries} libraries, ${(marker.bytes / 1e6).toFixed(1)} MB of TypeScript, ${options.runs} runs each\n`);

    const verify = (config: string[], name: string): Side => ({ name, command: boundver, args: ['verify', '--source', 'working-tree', ...config], cwd: dir, discardStdout: true });
    const cli = await compare(verify([], 'ours: verify, typescript-api (cold process)'), verify(['--config', TEXT_CONFIG, '--lock', TEXT_LOCK], 'text boundary: verify, typescript-exports'), options.runs);
    process.stdout.write(`${formatComparison(cli, { bytes: marker.bytes })}\n`);

    // Nx: every project's verify-boundary run (`--skip-nx-cache`: each task executes), and replayed
    // from the task cache the first run filled.
    // A fresh Nx state: no task cache and no run history from earlier benchmark runs.
    rmSync(join(dir, '.nx'), { recursive: true, force: true });
    const first = demo.runNx(dir, ['run-many', '-t', 'verify-boundary', '--outputStyle=static']);
    if (first.status !== 0) throw new Error(`nx run-many -t verify-boundary failed:\n${first.output}`);
    const misses: number[] = [];
    const hits: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      const miss = demo.runNx(dir, ['run-many', '-t', 'verify-boundary', '--outputStyle=static', '--skip-nx-cache']);
      if (miss.status !== 0 || !/Cache:\s+Skipped/.test(miss.output)) throw new Error(`expected every task to run:\n${miss.output}`);
      misses.push(miss.ms);
      const hit = demo.runNx(dir, ['run-many', '-t', 'verify-boundary', '--outputStyle=static']);
      // Every task line says `[local cache]`. (Nx exits before a piped stdout drains, so its
      // summary and the last lines may be missing here: no line count is relied on.)
      const ran = /^> nx run (?!.*\[local cache\]).*$/m.exec(hit.output);
      if (hit.status !== 0 || ran !== null || !hit.output.includes('[local cache]')) throw new Error(`expected every task from the cache:\n${hit.output}`);
      hits.push(hit.ms);
    }
    const fmt = (values: readonly number[]) => `median ${median(values).toFixed(0).padStart(6)} ms  (${values.map((v) => v.toFixed(0)).join(', ')})`;
    process.stdout.write(`  nx run-many -t verify-boundary, ${libraries + 1} tasks, every task run (--skip-nx-cache)  ${fmt(misses)}\n`);
    process.stdout.write(`  nx run-many -t verify-boundary, ${libraries + 1} tasks, all cache hits                 ${fmt(hits)}\n`);
  },
};
