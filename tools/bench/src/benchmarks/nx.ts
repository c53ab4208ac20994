import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadDemo, type DemoModule } from '../demo-module.js';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { compare, compareEach, formatComparison, median, quantile, type Comparison, type Side } from '../measure.js';
import { createRng, type Rng } from '../rng.js';
import { buildSyntheticRepo, cachedSyntheticRepo, type SyntheticFile } from '../synthetic-repo.js';
import { TYPESCRIPT_API_GENERATOR_VERSION, TYPESCRIPT_API_SEED, typescriptApiWorkspace } from './boundver-api.js';
import { sourceFile, stampAll, type Symbol as Anchored } from './surf-workload.js';

const SEED = 0x6e_78_20_17;
/** Projects of the generated workspace at scale 1. */
const PROJECTS = 200;
/** Claims per generated hub (one hub per project), both ends inclusive. */
const CLAIMS_PER_HUB: readonly [number, number] = [2, 5];
/** Share of hubs with one more claim whose two sites are in this project and the next. */
const CROSS_PROJECT_SHARE = 0.1;
/** Library modules per project, and the bytes of each (TypeScript modules of a real repository). */
const MODULES_PER_PROJECT: readonly [number, number] = [3, 8];
const MODULE_BYTES: readonly [number, number] = [1_200, 9_000];
/** Third-party packages in each workspace's npm lock (a fresh ts preset locks about 300, a 200-project repository thousands). */
const LOCKED_PACKAGES = { small: 300, perProject: 12 } as const;
/** Bump when a generator changes, so cached workspaces are rebuilt. */
const GENERATOR_VERSION = 4;

/** typescript-api libraries of the workspace that times verify-boundary at scale 1 (the issue's figure). */
const TYPESCRIPT_LIBRARIES = 20;

/** What the plugin's import may take in a fresh process, and what it may add to `nx show projects`. */
const IMPORT_TARGET_MS = 150;
const SHOW_PROJECTS_TARGET = 1.1;

const PLUGIN = '@driftgate/nx/plugin';
/** The files the plugin's `createNodes` asks Nx for (its first element); the stand-ins ask for the same. */
const PROJECT_FILES_GLOB = '{package.json,**/package.json,project.json,**/project.json}';

/**
 * Blocks until the clock is in the next whole second (and a little). Without the daemon, Nx keeps
 * a file's hash while the file's modification time stays in the same whole second as when it was
 * hashed, whatever its size: an edit made within the second of an earlier write would be missed.
 */
function waitForNextSecond(): void {
  const until = (Math.floor(Date.now() / 1000) + 1) * 1000 + 20;
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, until - Date.now()));
}

/**
 * Wall times of `runs` hits and `runs` misses of one target of the demo's `pricing` project. Each
 * miss follows `edit(i)`, a change to one of the target's inputs that keeps it passing (Nx does not
 * cache failures, so a failing miss would never be followed by a hit), made in a later second than
 * the file's last write (see waitForNextSecond).
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
    waitForNextSecond();
    edit(i);
    const fresh = demo.runNx(dir, ['run', task]);
    if (/\[(local cache|existing outputs)/.test(fresh.output)) throw new Error(`${task} was expected to miss the cache:\n${fresh.output}`);
    miss.push(fresh.ms);
  }
  return { hit, miss };
}

/**
 * The plugin `create-nx-workspace --preset=ts` registers in every new workspace (typecheck and
 * build targets from each project's tsconfig files). Every variant has it, the baseline too:
 * what a user measures is driftgate's plugin added to a workspace as Nx makes it.
 */
const TS_PRESET_PLUGIN = {
  plugin: '@nx/js/typescript',
  options: { typecheck: { targetName: 'typecheck' }, build: { targetName: 'build', configName: 'tsconfig.lib.json', buildDepsName: 'build-deps', watchDepsName: 'watch-deps' } },
};

/** A generated workspace: its files (nx.json aside) and what it holds. */
interface WorkspaceFiles {
  files: SyntheticFile[];
  /** nx.json without `plugins`: every variant registers the ts preset's plugin there, and its own after it. */
  nxJson: Record<string, unknown>;
  /** Projects Nx lists without the plugin (with it, also the workspace-level project). */
  projects: number;
  /** Third-party packages its lock file lists. */
  lockedPackages: number;
  claims: number;
  sourceBytes: number;
}

const text = (path: string, content: string): SyntheticFile => ({ path, content: Buffer.from(content, 'utf8') });
const json = (path: string, value: unknown): SyntheticFile => text(path, `${JSON.stringify(value, null, 2)}\n`);

/** A hub: frontmatter with stamped claims, then prose of about `proseBytes`. */
function hub(title: string, claims: ReadonlyArray<{ text: string; sites: Anchored[] }>, stamps: readonly string[], rng: Rng, proseBytes: number): string {
  let out = `---\nsummary: how ${title} works\nanchors:\n`;
  claims.forEach((claim, k) => {
    const sites = claim.sites.map((s) => `${s.file} > ${s.path.join(' > ')}`);
    out += `  - claim: ${claim.text}\n`;
    out += sites.length === 1 ? `    at: ${sites[0]}\n` : `    at:\n${sites.map((s) => `      - ${s}\n`).join('')}`;
    out += `    hash: ${stamps[k]}\n`;
  });
  out += `refs: []\n---\n\n# ${title}\n\n`;
  const sentences = ['The entry point validates its input before anything is cached.', 'Totals stay bounded, so a caller never sees an overflow.', 'Errors carry a stable code and a message that says what to do.', 'Each call reads one snapshot; nothing mixes two.'];
  while (out.length < proseBytes) out += `${Array.from({ length: rng.int(3, 6) }, () => rng.pick(sentences)).join(' ')}\n\n${rng.next() < 0.3 ? `## ${rng.pick(['Design', 'Limits', 'Errors', 'Caching'])}\n\n` : ''}`;
  return out;
}

const LIB_TSCONFIG = { extends: '../../tsconfig.base.json', compilerOptions: { outDir: 'dist', rootDir: 'src' }, include: ['src/**/*.ts'], exclude: ['src/**/*.spec.ts'] };

/**
 * A fresh `create-nx-workspace --preset=ts` with two `@nx/js:lib` libraries: npm workspaces,
 * each library with its package.json, src/index.ts and src/lib/<name>.ts, one hub with a claim
 * about each library, and a boundver component per library.
 */
async function smallWorkspace(): Promise<WorkspaceFiles> {
  const libs = ['alpha', 'beta'];
  const files: SyntheticFile[] = [
    json('package.json', { name: '@acme/source', version: '0.0.0', license: 'MIT', private: true, workspaces: ['packages/*'], devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1', typescript: '5.9.3' } }),
    json('tsconfig.base.json', { compilerOptions: { composite: true, declaration: true, module: 'nodenext', moduleResolution: 'nodenext', strict: true, target: 'es2022', skipLibCheck: true } }),
    json('tsconfig.json', { extends: './tsconfig.base.json', compileOnSave: false, files: [], references: libs.map((lib) => ({ path: `./packages/${lib}` })) }),
    text('.gitignore', 'node_modules\ndist\n.nx\nreports\n.driftgate-bench.json\n'),
    text('README.md', '# Acme\n\nA workspace of two libraries.\n'),
    text('surf.toml', 'hubs = ["hubs/*.md"]\n'),
    json('boundary.config.json', { project: 'acme', components: Object.fromEntries(libs.map((lib) => [lib, { path: `packages/${lib}`, boundary: { provider: 'path-hash', paths: ['src/index.ts'] } }])) }),
  ];
  const claims: Array<{ text: string; sites: Anchored[] }> = [];
  for (const lib of libs) {
    const root = `packages/${lib}`;
    files.push(
      json(`${root}/package.json`, { name: `@acme/${lib}`, version: '0.0.1', private: true, type: 'module', main: './src/index.ts', types: './src/index.ts', exports: { '.': { types: './src/index.ts', import: './src/index.ts', default: './src/index.ts' }, './package.json': './package.json' } }),
      json(`${root}/tsconfig.json`, { extends: '../../tsconfig.base.json', files: [], include: [], references: [{ path: './tsconfig.lib.json' }] }),
      json(`${root}/tsconfig.lib.json`, LIB_TSCONFIG),
      text(`${root}/README.md`, `# ${lib}\n\nThis library was generated with [Nx](https://nx.dev).\n`),
      text(`${root}/src/index.ts`, `export * from './lib/${lib}.js';\n`),
      text(`${root}/src/lib/${lib}.ts`, `export function ${lib}(): string {\n  return '${lib}';\n}\n`),
    );
    claims.push({ text: `${lib}() names its library`, sites: [{ file: `${root}/src/lib/${lib}.ts`, path: [lib] }] });
  }
  const stamps = await stampAll(files, claims);
  files.push(text('hubs/libraries.md', hub('the libraries', claims, stamps, createRng(SEED), 600)));
  const nxJson = { $schema: './node_modules/nx/schemas/nx-schema.json', namedInputs: { default: ['{projectRoot}/**/*', 'sharedGlobals'], production: ['default'], sharedGlobals: [] } };
  return { files, nxJson, projects: libs.length, lockedPackages: LOCKED_PACKAGES.small, claims: claims.length, sourceBytes: 0 };
}

/**
 * A repository of `projects` TypeScript libraries (project.json each): 3–8 modules of 1–9 KB with
 * specs, a README and tsconfigs; one hub per project with 2–5 stamped claims into it (a tenth of
 * the hubs also claim across two projects) and prose; one boundver component per project.
 */
async function largeWorkspace(projects: number): Promise<WorkspaceFiles> {
  const rng = createRng(SEED);
  const name = (i: number) => `p${String(i).padStart(4, '0')}`;
  const words = ['rate', 'token', 'batch', 'queue', 'limit', 'score', 'shard', 'cache', 'merge', 'route', 'quota', 'frame'];
  const files: SyntheticFile[] = [];
  const symbols: Anchored[][] = [];
  let sourceBytes = 0;
  for (let i = 0; i < projects; i++) {
    const root = `packages/${name(i)}`;
    const own: Anchored[] = [];
    const modules = Array.from({ length: rng.int(...MODULES_PER_PROJECT) }, (_, k) => `${rng.pick(words)}-${k}`);
    for (const module of modules) {
      const path = `${root}/src/lib/${module}.ts`;
      const source = sourceFile(rng, 'ts', rng.int(...MODULE_BYTES));
      files.push(text(path, source.text));
      sourceBytes += source.text.length;
      for (const p of source.paths) own.push({ file: path, path: p });
      if (rng.next() < 0.6) {
        const cases = Array.from({ length: rng.int(2, 8) }, (_, c) => `  it('keeps case ${c} bounded', () => {\n    expect(${source.paths[0]!.join('.')}).toBeDefined();\n  });\n`);
        files.push(text(`${root}/src/lib/${module}.spec.ts`, `import { describe, expect, it } from 'vitest';\nimport * as subject from './${module}.js';\n\ndescribe('${module}', () => {\n${cases.join('\n')}});\n`));
      }
    }
    files.push(
      text(`${root}/src/lib/helper.ts`, 'export function helper(count: number, label: string): number {\n  return count + label.length;\n}\n'),
      text(`${root}/src/index.ts`, modules.map((m) => `export * from './lib/${m}.js';\n`).join('')),
      json(`${root}/project.json`, { name: name(i), $schema: '../../node_modules/nx/schemas/project-schema.json', sourceRoot: `${root}/src`, projectType: 'library', tags: [`scope:${rng.pick(['core', 'billing', 'search', 'edge'])}`] }),
      json(`${root}/tsconfig.json`, { extends: '../../tsconfig.base.json', files: [], include: [], references: [{ path: './tsconfig.lib.json' }] }),
      json(`${root}/tsconfig.lib.json`, LIB_TSCONFIG),
      text(`${root}/README.md`, `# ${name(i)}\n\n${'This library keeps its totals bounded and its errors typed. '.repeat(rng.int(3, 20))}\n`),
    );
    symbols.push(own);
  }
  let claimCount = 0;
  const hubs: Array<{ path: string; title: string; claims: Array<{ text: string; sites: Anchored[] }> }> = [];
  for (let i = 0; i < projects; i++) {
    const pool = [...symbols[i]!];
    const take = (): Anchored => pool.splice(rng.int(0, pool.length - 1), 1)[0]!;
    const claims = Array.from({ length: Math.min(pool.length, rng.int(...CLAIMS_PER_HUB)) }, (_, k) => {
      const site = take();
      return { text: `${site.path.join('.')} keeps its ${rng.pick(words)} within budget (claim ${k})`, sites: [site] };
    });
    if (i + 1 < projects && rng.next() < CROSS_PROJECT_SHARE && pool.length > 0) {
      claims.push({ text: `${name(i)} and ${name(i + 1)} agree on the ${rng.pick(words)} format`, sites: [take(), rng.pick(symbols[i + 1]!)] });
    }
    claimCount += claims.length;
    hubs.push({ path: `hubs/${name(i)}.md`, title: name(i), claims });
  }
  const stamps = await stampAll(files, hubs.flatMap((h) => h.claims));
  let offset = 0;
  for (const h of hubs) {
    files.push(text(h.path, hub(h.title, h.claims, stamps.slice(offset, offset + h.claims.length), rng, rng.int(800, 4_000))));
    offset += h.claims.length;
  }
  const components = Object.fromEntries(
    Array.from({ length: projects }, (_, i) => [name(i), { path: `packages/${name(i)}`, boundary: { provider: 'path-hash', paths: ['src/index.ts'] }, ...(i + 1 < projects ? { consumers: [name(i + 1)] } : {}) }]),
  );
  files.push(
    json('boundary.config.json', { project: 'bench', components }),
    text('surf.toml', 'hubs = ["hubs/*.md"]\n'),
    json('package.json', { name: 'bench', version: '0.0.0', private: true, devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1', typescript: '5.9.3' } }),
    json('tsconfig.base.json', { compilerOptions: { composite: true, declaration: true, module: 'nodenext', moduleResolution: 'nodenext', strict: true, target: 'es2022', skipLibCheck: true } }),
    text('.gitignore', 'node_modules/\ndist/\n.nx/\nreports/\n.driftgate-bench.json\n'),
    text('README.md', `# bench\n\n${projects} libraries.\n`),
  );
  const nxJson = { $schema: './node_modules/nx/schemas/nx-schema.json', cacheDirectory: '.nx/cache', namedInputs: { default: ['{projectRoot}/**/*'], production: ['default', '!{projectRoot}/**/*.spec.ts'] } };
  return { files, nxJson, projects, lockedPackages: LOCKED_PACKAGES.perProject * projects, claims: claimCount, sourceBytes };
}

/**
 * `count` seeded entries of an npm lock (lockfileVersion 3) for third-party packages, shaped like
 * real ones (version, integrity, license, dependencies on earlier entries, engines), so Nx and the
 * plugin read a lock file of a real repository's size. Nothing is installed for them.
 */
function lockedPackages(count: number): Record<string, unknown> {
  const rng = createRng(SEED ^ count);
  const syllables = ['ka', 'lo', 'mi', 'zu', 're', 'ta', 'no', 'vi', 'se', 'do', 'fu', 'xi', 'ga', 'pe'];
  const word = () => Array.from({ length: rng.int(2, 4) }, () => rng.pick(syllables)).join('');
  const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const names: string[] = [];
  const entries: Record<string, unknown> = {};
  while (names.length < count) {
    const name = rng.next() < 0.3 ? `@${word()}/${word()}-${word()}` : `${word()}-${word()}`;
    if (entries[`node_modules/${name}`] !== undefined) continue;
    const version = `${rng.int(0, 9)}.${rng.int(0, 30)}.${rng.int(0, 20)}`;
    const dependencies = names.length === 0 ? [] : Array.from({ length: rng.int(0, 5) }, () => rng.pick(names));
    entries[`node_modules/${name}`] = {
      version,
      resolved: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz`,
      integrity: `sha512-${Array.from({ length: 86 }, () => rng.pick([...base64])).join('')}==`,
      dev: true,
      license: rng.pick(['MIT', 'MIT', 'ISC', 'Apache-2.0', 'BSD-3-Clause']),
      ...(dependencies.length ? { dependencies: Object.fromEntries([...new Set(dependencies)].sort().map((d) => [d, `^${(entries[`node_modules/${d}`] as { version: string }).version}`])) } : {}),
      ...(rng.next() < 0.4 ? { engines: { node: `>=${rng.pick([14, 16, 18, 20])}` } } : {}),
    };
    names.push(name);
  }
  return entries;
}

/** Adds the lock entries to the package-lock.json that installDriftgate wrote (it writes only its own packages). */
function extendLock(dir: string, packages: Record<string, unknown>): void {
  const path = join(dir, 'package-lock.json');
  const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, unknown> };
  const all = { ...lock.packages, ...packages };
  lock.packages = Object.fromEntries(Object.keys(all).sort().map((key) => [key, all[key]]));
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
}

/**
 * Stand-ins registered instead of the plugin, installed as packages like it: one whose
 * `createNodes` returns nothing (what Nx charges for any plugin), and one that returns the
 * plugin's own result read from a file (what Nx charges for the targets themselves). The plugin's
 * time less the second's is its own work.
 */
const STAND_INS = {
  noop: { name: '@bench/nx-plugin-noop', source: `exports.createNodes = [${JSON.stringify(PROJECT_FILES_GLOB)}, async () => []];\nexports.createNodesV2 = exports.createNodes;\n` },
  replay: {
    name: '@bench/nx-plugin-replay',
    source: `const { readFileSync } = require('node:fs');\nexports.createNodes = [${JSON.stringify(PROJECT_FILES_GLOB)}, async () => JSON.parse(readFileSync(require('node:path').join(__dirname, 'result.json'), 'utf8'))];\nexports.createNodesV2 = exports.createNodes;\n`,
  },
} as const;

/** One workspace four times, every byte the same but nx.json's plugins: none, a stand-in, or the plugin. */
interface WorkspaceSet {
  label: string;
  dirs: { bare: string; noop: string; replay: string; plugin: string };
  projects: number;
  lockedPackages: number;
  claims: number;
  sourceBytes: number;
}

type SetMarker = Omit<WorkspaceSet, 'label' | 'dirs'> & { key: string };

/**
 * The set under `workDir/<id>-{bare,noop,replay,plugin}`, generated when its marker does not
 * match. The package is installed again either way (a newer build replaces the installed one),
 * and with it the lock file, which then gets the workload's third-party entries again.
 */
async function ensureWorkspaces(demo: DemoModule, workDir: string, id: string, label: string, generate: () => Promise<WorkspaceFiles>): Promise<WorkspaceSet> {
  const dirs = { bare: join(workDir, `${id}-bare`), noop: join(workDir, `${id}-noop`), replay: join(workDir, `${id}-replay`), plugin: join(workDir, `${id}-plugin`) };
  const plugins = { bare: [TS_PRESET_PLUGIN], noop: [TS_PRESET_PLUGIN, STAND_INS.noop.name], replay: [TS_PRESET_PLUGIN, STAND_INS.replay.name], plugin: [TS_PRESET_PLUGIN, PLUGIN] };
  const markerOf = (dir: string) => join(dir, '.driftgate-bench.json');
  const key = JSON.stringify({ seed: SEED, generator: GENERATOR_VERSION, id });
  const stored = (dir: string) => (existsSync(markerOf(dir)) ? (JSON.parse(readFileSync(markerOf(dir), 'utf8')) as SetMarker) : undefined);
  let marker = stored(dirs.plugin);
  if (Object.values(dirs).some((dir) => stored(dir)?.key !== key) || marker === undefined) {
    process.stdout.write(`  generating ${label} at ${join(workDir, `${id}-*`)} …\n`);
    const workspace = await generate();
    marker = { key, projects: workspace.projects, lockedPackages: workspace.lockedPackages, claims: workspace.claims, sourceBytes: workspace.sourceBytes };
    for (const variant of Object.keys(dirs) as Array<keyof typeof dirs>) {
      const dir = dirs[variant];
      rmSync(dir, { recursive: true, force: true });
      for (const file of workspace.files) {
        mkdirSync(dirname(join(dir, file.path)), { recursive: true });
        writeFileSync(join(dir, file.path), file.content);
      }
      const registered = plugins[variant];
      writeFileSync(join(dir, 'nx.json'), `${JSON.stringify({ ...workspace.nxJson, plugins: registered }, null, 2)}\n`);
      writeFileSync(markerOf(dir), JSON.stringify(marker));
    }
  }
  const locked = lockedPackages(marker.lockedPackages);
  for (const dir of Object.values(dirs)) {
    demo.installDriftgate(dir);
    extendLock(dir, locked);
  }
  for (const variant of ['noop', 'replay'] as const) {
    const packageDir = join(dirs[variant], 'node_modules', ...STAND_INS[variant].name.split('/'));
    mkdirSync(packageDir, { recursive: true });
    writeFileSync(join(packageDir, 'package.json'), `${JSON.stringify({ name: STAND_INS[variant].name, version: '0.0.0', main: 'index.js' })}\n`);
    writeFileSync(join(packageDir, 'index.js'), STAND_INS[variant].source);
  }
  const { key: _, ...shape } = marker;
  return { label, dirs, ...shape };
}

/** Gives the replaying stand-in the plugin's result, as the plugin's inference cache holds it after a run. */
function recordReplay(set: WorkspaceSet): void {
  const cacheFile = join(set.dirs.plugin, '.nx', 'workspace-data', 'driftgate-nx-inference.json');
  const { result } = JSON.parse(readFileSync(cacheFile, 'utf8')) as { result: unknown };
  writeFileSync(join(set.dirs.replay, 'node_modules', ...STAND_INS.replay.name.split('/'), 'result.json'), JSON.stringify(result));
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

/** Imports the plugin as Nx would resolve it from the workspace, and prints how long the import took. */
const IMPORT_SCRIPT = `const start = performance.now(); await import('${PLUGIN}'); process.stdout.write('import-ms ' + (performance.now() - start) + '\\n');`;

/** Nx's environment for the runs: no daemon, no cloud, and plugin workers (Nx's default) or not; Nx's own directories at their defaults. */
function nxEnv(isolated: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' };
  for (const name of ['NX_ISOLATE_PLUGINS', 'NX_CACHE_DIRECTORY', 'NX_WORKSPACE_DATA_DIRECTORY', 'NX_PROJECT_GRAPH_CACHE_DIRECTORY', 'NX_PERF_LOGGING']) delete env[name];
  if (!isolated) env['NX_ISOLATE_PLUGINS'] = 'false';
  return env;
}

function showProjects(name: string, dir: string, isolated: boolean, cold: boolean): Side {
  return {
    name,
    command: process.execPath,
    args: [join(dir, 'node_modules', 'nx', 'dist', 'bin', 'nx.js'), 'show', 'projects'],
    cwd: dir,
    env: nxEnv(isolated),
    discardStdout: true,
    ...(cold ? { before: () => rmSync(join(dir, '.nx'), { recursive: true, force: true }) } : {}),
  };
}

/**
 * Refuses a set whose workspaces do not list the same projects (the plugin and its replay add
 * one: the workspace-level project that holds `generate-boundary`), or whose plugin infers no
 * targets. Runs the plugin once, so its inference cache then holds what the replay returns.
 */
function checkWorkspaces(demo: DemoModule, set: WorkspaceSet, sampleProject: string): void {
  const list = (dir: string) => {
    const run = demo.runNx(dir, ['show', 'projects', '--json'], { NX_ISOLATE_PLUGINS: 'false' });
    if (run.status !== 0) throw new Error(`${set.label}: nx show projects failed in ${dir}:\n${run.output}`);
    return JSON.parse(run.output) as string[];
  };
  const withPlugin = list(set.dirs.plugin);
  recordReplay(set);
  const project = demo.runNx(set.dirs.plugin, ['show', 'project', sampleProject, '--json'], { NX_ISOLATE_PLUGINS: 'false' });
  if (!/"verify-claims"/.test(project.output) || !/"verify-boundary"/.test(project.output)) throw new Error(`${set.label}: the plugin inferred no driftgate targets for ${sampleProject}:\n${project.output}`);
  const without = list(set.dirs.bare);
  const extra = withPlugin.filter((name) => !without.includes(name));
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, i) => name === b[i]);
  if (without.length !== set.projects || without.some((name) => !withPlugin.includes(name)) || extra.length > 1 || !same(list(set.dirs.noop), without) || !same(list(set.dirs.replay), withPlugin)) {
    throw new Error(`${set.label}: expected ${set.projects} projects in every workspace (and at most the workspace project more with the plugin and its replay); Nx lists ${JSON.stringify(withPlugin)} with the plugin, ${JSON.stringify(without)} without`);
  }
}

/** Targets in the replayed result: what Nx takes in from the plugin. */
function countTargets(set: WorkspaceSet): number {
  const result = JSON.parse(readFileSync(join(set.dirs.replay, 'node_modules', ...STAND_INS.replay.name.split('/'), 'result.json'), 'utf8')) as Array<[string, { projects: Record<string, { targets?: object }> }]>;
  return result.reduce((n, [, r]) => n + Object.values(r.projects).reduce((m, p) => m + Object.keys(p.targets ?? {}).length, 0), 0);
}

const fmt = (values: readonly number[]) => `median ${median(values).toFixed(0).padStart(5)} ms  (${values.map((v) => v.toFixed(0)).join(', ')})`;
const indent = (block: string, by: string) => block.replace(/^/gm, by);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/** One line per figure that has a target, repeated at the end of the report. */
const summary: string[] = [];

/** How much slower `c`'s side was than its baseline, as a share and in milliseconds of the medians. */
const added = (c: Comparison) => `${percent(c.timeRatio)} (${(c.ours.medianMs - c.baseline.medianMs).toFixed(0)} ms)`;

/**
 * The warm comparison against the target, where the added time goes (the stand-ins against the
 * same baseline runs), and the cold comparison.
 */
function reportShowProjects(set: WorkspaceSet, mode: string, warm: { plugin: Comparison; noop: Comparison; replay: Comparison }, cold: Comparison, targets: number): void {
  const ok = warm.plugin.timeRatio <= SHOW_PROJECTS_TARGET;
  const base = warm.plugin.baseline.medianMs;
  const step = (from: Comparison | undefined, to: Comparison) => {
    const ms = to.ours.medianMs - (from?.ours.medianMs ?? base);
    return `${ms >= 0 ? '+' : ''}${((ms / base) * 100).toFixed(1)}% (${ms.toFixed(0)} ms)`;
  };
  process.stdout.write(`  nx show projects, ${set.label}, ${mode}:\n`);
  process.stdout.write(`    warm (every run after the first: inference cache and Nx's workspace data filled):\n${indent(formatComparison(warm.plugin), '    ')}\n`);
  process.stdout.write(`      plugin adds ${added(warm.plugin)}; target ≤ ${percent(SHOW_PROJECTS_TARGET)}: ${verdict(ok)}\n`);
  process.stdout.write(`      where it goes (differences of medians, as shares of the run without a plugin):\n`);
  process.stdout.write(`        any plugin at all (a plugin whose createNodes returns nothing)         ${step(undefined, warm.noop)}\n`);
  process.stdout.write(`        Nx taking in the ${targets} targets (a plugin replaying the plugin's result) ${step(warm.noop, warm.replay)}\n`);
  process.stdout.write(`        the plugin's own work (import, surf.toml, hubs, tool identity, file hash) ${step(warm.replay, warm.plugin)}\n`);
  process.stdout.write(`    cold (first run after rm -rf .nx):\n${indent(formatComparison(cold), '    ')}\n`);
  process.stdout.write(`      plugin adds ${added(cold)} (no target)\n`);
  summary.push(`nx show projects, ${set.label}, ${mode}, warm: plugin adds ${added(warm.plugin)}, target ≤ ${percent(SHOW_PROJECTS_TARGET)}: ${verdict(ok)}`);
}

/** Wall time and CPU-seconds (user + system) of one Nx run and every process it started. */
interface TimedRun {
  status: number | null;
  output: string;
  ms: number;
  cpuSeconds: number;
}

/**
 * Runs the workspace's Nx under a shell whose `times` reports the CPU its children used: Nx's
 * task processes are its children, so the figure is the whole run's, which wall time on a shared
 * machine is not.
 */
function timedNx(dir: string, args: readonly string[]): TimedRun {
  const outputFile = join(dir, '.nx', 'bench-output.txt');
  mkdirSync(dirname(outputFile), { recursive: true });
  const env = { ...nxEnv(false), NX_CACHE_DIRECTORY: join(dir, '.nx', 'cache') };
  const start = process.hrtime.bigint();
  const run = spawnSync('/bin/sh', ['-c', '"$@" > "$0" 2>&1; status=$?; times; exit $status', outputFile, process.execPath, join(dir, 'node_modules', 'nx', 'dist', 'bin', 'nx.js'), ...args], { cwd: dir, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  // `times`: the shell's own user and system time, then its children's, as `XmY.YYYs XmY.YYYs`.
  const children = run.stdout.trim().split('\n').pop() ?? '';
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (seconds.length !== 2) throw new Error(`could not read the CPU time of nx ${args.join(' ')} from the shell's times: ${JSON.stringify(run.stdout)}`);
  return { status: run.status, output: readFileSync(outputFile, 'utf8'), ms, cpuSeconds: seconds[0]! + seconds[1]! };
}

/**
 * `nx run-many -t verify-boundary` over `libraries` typescript-api libraries, every task executed
 * (`--skip-nx-cache`): as Nx 23 runs it (one batch process) and with `--batch=false` (a process
 * per task, what every run was before the batch implementation), alternated.
 */
async function verifyBoundaryRuns(demo: DemoModule, workDir: string, libraries: number, runs: number): Promise<void> {
  const dir = join(workDir, `nx-typescript-api-${libraries}`);
  await cachedSyntheticRepo(dir, { seed: TYPESCRIPT_API_SEED, generator: TYPESCRIPT_API_GENERATOR_VERSION, libraries }, `the ${libraries}-library typescript-api workspace`, async (target) => {
    await buildSyntheticRepo(target, typescriptApiWorkspace(libraries).files);
    return {};
  });
  demo.installDriftgate(dir);
  const generated = spawnSync(join(dir, 'node_modules', '.bin', 'boundver'), ['generate', '--source', 'working-tree'], { cwd: dir, encoding: 'utf8' });
  if (generated.status !== 0) throw new Error(`boundver generate failed in ${dir}:\n${generated.stdout}${generated.stderr}`);
  demo.git(dir, 'add', 'boundary.lock.json');
  if (demo.git(dir, 'status', '--porcelain', '--', 'boundary.lock.json') !== '') demo.git(dir, 'commit', '-q', '-m', 'boundary lock');
  const modes = [
    ['one batch process (Nx 23 default)', []],
    ['a process per task (--batch=false)', ['--batch=false']],
  ] as const;
  const samples = new Map<string, TimedRun[]>(modes.map(([label]) => [label, []]));
  for (let i = 0; i < runs; i++) {
    for (const [label, extra] of modes) {
      const run = timedNx(dir, ['run-many', '-t', 'verify-boundary', '--outputStyle=static', '--skip-nx-cache', ...extra]);
      if (run.status !== 0 || !/Successfully ran target verify-boundary/.test(run.output)) throw new Error(`nx run-many -t verify-boundary (${label}) failed in ${dir}:\n${run.output}`);
      samples.get(label)!.push(run);
    }
  }
  process.stdout.write(`  verify-boundary, ${libraries} typescript-api libraries (${libraries + 1} tasks, every task executed; wall time is noisy on a shared machine, CPU-seconds less so):\n`);
  for (const [label] of modes) {
    const runsOf = samples.get(label)!;
    const cpu = runsOf.map((r) => r.cpuSeconds);
    process.stdout.write(`    ${label.padEnd(36)} CPU median ${median(cpu).toFixed(1).padStart(5)} s (${cpu.map((v) => v.toFixed(1)).join(', ')})  wall ${fmt(runsOf.map((r) => r.ms))}\n`);
  }
  const [batched, separate] = modes.map(([label]) => median(samples.get(label)!.map((r) => r.cpuSeconds))) as [number, number];
  summary.push(`verify-boundary, ${libraries} typescript-api libraries: ${batched.toFixed(1)} CPU-s as one batch, ${separate.toFixed(1)} CPU-s with a process per task (${(separate / batched).toFixed(1)}x)`);
}

export const nxBenchmark: Benchmark = {
  name: 'nx',
  description: `the Nx plugin: cache hit and miss of one demo project, verify-boundary over ${TYPESCRIPT_LIBRARIES} typescript-api libraries (one batch process against one per task), inference over ${PROJECTS} generated projects, the plugin's import time, and what it adds to \`nx show projects\` (2 and ${PROJECTS} projects)`,
  async run(options: BenchOptions): Promise<void> {
    const demo = await loadDemo();
    const runs = Math.max(1, options.runs);
    summary.length = 0;

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

    await verifyBoundaryRuns(demo, options.workDir, Math.max(2, Math.round(TYPESCRIPT_LIBRARIES * options.scale)), runs);

    const small = await ensureWorkspaces(demo, options.workDir, 'nx-small', 'small workspace (2 libraries)', smallWorkspace);
    const projects = Math.max(2, Math.round(PROJECTS * options.scale));
    const large = await ensureWorkspaces(demo, options.workDir, `nx-projects-${projects}`, `${projects}-project workspace`, () => largeWorkspace(projects));
    for (const [set, sample] of [[small, '@acme/alpha'], [large, 'p0000']] as const) {
      checkWorkspaces(demo, set, sample);
      const lockKB = statSync(join(set.dirs.plugin, 'package-lock.json')).size / 1024;
      process.stdout.write(
        `  ${set.label}: ${set.projects} projects (the plugin adds the workspace-level one), ${set.claims} claims, a lock of ${set.lockedPackages} packages (${lockKB.toFixed(0)} KB)${set.sourceBytes ? `, ${(set.sourceBytes / 1e6).toFixed(1)} MB of TypeScript` : ''}\n`,
      );
    }

    const samples = Array.from({ length: runs }, () => inferenceOnce(large.dirs.plugin));
    const { projects: withTargets, targets } = samples[0]!;
    process.stdout.write(
      `  inference, ${large.label} (${large.claims} claims, ${projects} components): ${withTargets} projects, ${targets} targets\n`,
    );
    process.stdout.write(`    createNodes cold (no cached inference) ${fmt(samples.map((s) => s.coldMs))}\n`);
    process.stdout.write(`    createNodes warm (cache hit)           ${fmt(samples.map((s) => s.warmMs))}\n`);

    // The import, in a fresh process started in the small workspace, resolved as Nx resolves it.
    const bare: Side = { name: 'node -e 0', command: process.execPath, args: ['-e', '0'], cwd: small.dirs.plugin };
    const importing: Side = { name: `node: import('${PLUGIN}')`, command: process.execPath, args: ['--input-type=module', '-e', IMPORT_SCRIPT], cwd: small.dirs.plugin };
    const imports = await compare(importing, bare, Math.max(runs, 10));
    const importMs = imports.ours.samples.map((s) => Number(/import-ms (\S+)/.exec(s.tail)?.[1] ?? Number.NaN));
    if (importMs.some(Number.isNaN)) throw new Error(`the import script printed no time: ${imports.ours.samples[0]?.tail}`);
    const importOk = median(importMs) <= IMPORT_TARGET_MS;
    process.stdout.write(`  plugin import in a fresh process (${small.label}):\n`);
    process.stdout.write(
      `    inside the process, around await import(): median ${median(importMs).toFixed(1)} ms (quartiles ${[0.25, 0.75].map((q) => quantile(importMs, q).toFixed(1)).join(' / ')} ms); target ≤ ${IMPORT_TARGET_MS} ms: ${verdict(importOk)}\n`,
    );
    process.stdout.write(`    process wall time against a bare node start (${(imports.ours.medianMs - imports.baseline.medianMs).toFixed(0)} ms more):\n${indent(formatComparison(imports), '  ')}\n`);
    summary.push(`plugin import: median ${median(importMs).toFixed(1)} ms, target ≤ ${IMPORT_TARGET_MS} ms: ${verdict(importOk)}`);

    for (const set of [small, large]) {
      const targets = countTargets(set);
      for (const [mode, isolated] of [['plugins isolated (Nx default)', true], ['plugins in-process (NX_ISOLATE_PLUGINS=false)', false]] as const) {
        const side = (name: string, variant: keyof WorkspaceSet['dirs'], cold: boolean) => showProjects(name, set.dirs[variant], isolated, cold);
        const [noop, replay, plugin] = (await compareEach(
          [side('with a plugin returning nothing', 'noop', false), side("with the plugin's result replayed", 'replay', false), side('with the plugin', 'plugin', false)],
          side('without the plugin', 'bare', false),
          runs,
        )) as [Comparison, Comparison, Comparison];
        const cold = await compare(side('with the plugin', 'plugin', true), side('without the plugin', 'bare', true), runs);
        reportShowProjects(set, mode, { plugin, noop, replay }, cold, targets);
      }
    }
    process.stdout.write(`  targets (NX_DAEMON=false NX_NO_CLOUD=true, ${runs} alternated runs per figure):\n${summary.map((line) => `    ${line}\n`).join('')}`);
  },
};
