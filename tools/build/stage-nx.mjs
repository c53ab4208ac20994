// Third step of `npm run build`: lays out the one package users install, `@driftgate/nx`, in
// dist/packages/nx, ready for `npm pack` / `npm publish` (`npm run pack` does the former).
//
// Why one package: the plugin, the executors, the generators and both CLIs share the same
// engines, and a user should list one devDependency and get all of them. The internal libraries
// (@driftgate/git, syntax, surf, boundver, report, triage, lsp, cli) are bundled into it and stay private; what
// cannot be bundled is a dependency with a range (see RUNTIME_DEPENDENCIES).
//
// Layout: every bundled file sits flat in dist/, so code that finds a file relative to its own
// module (`../package.json`, `./hash-worker.js`, `../boundary.config.schema.json`) finds it from
// any chunk. The plugin entry statically loads only what its cache check needs; the engines are a
// separate chunk it imports on a cache miss (esbuild's code splitting).
import { build } from 'esbuild';
import { ESM_BANNER } from './esm-banner.mjs';
import { NODE_ENGINES } from '../node-support/node-support.js';
import { writeBundleKey } from './bundle-key.mjs';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where the package is laid out, relative to the repository root. */
export const STAGE_DIR = 'dist/packages/nx';
const FINAL = join(ROOT, STAGE_DIR);
// Laid out beside its final place, then renamed over it, so a test or demo reading the package
// while a build runs never sees half of it.
const STAGE = `${FINAL}.tmp-${process.pid}`;

/** The Node version check both bins run before loading any bundle, and how they import it. */
const NODE_SUPPORT = 'tools/node-support/node-support.js';
/** What node-support.js imports, copied beside it. */
const COMPILE_CACHE = 'tools/node-support/compile-cache.js';
const NODE_SUPPORT_IMPORT = '../../node-support/node-support.js';

const readJson = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

/**
 * The plugin entry, bundled on its own: every Nx command loads it, and on a warm inference cache
 * it needs nothing else. esbuild's code splitting assigns whole files to chunks, so sharing
 * chunks with the engines would make it load files it only reaches through the libraries' index
 * modules. Its one dynamic import, the inference module, resolves to the split build beside it.
 */
const PLUGIN_ENTRY = 'executors/dist/plugin/plugin.js';
const INFERENCE_MODULE = './infer-targets.js';

/** Bundle name → compiled entry point (tsc output), relative to the repository root. */
const ENTRIES = {
  index: 'executors/dist/index.js',
  'infer-targets': 'executors/dist/plugin/infer-targets.js',
  'surf-cli': 'tools/surf/dist/main.js',
  // Imported by bin/surf.js before the CLI bundle is parsed, so `surf triage` holds type-ahead from the start.
  'early-type-ahead': 'tools/surf/dist/early-type-ahead.js',
  'boundver-cli': 'tools/boundver/dist/main.js',
  // Started as a worker by the surf engine, found as `./hash-worker.js` beside it.
  'hash-worker': 'libs/surf/dist/pool/hash-worker.js',
};
const EXECUTORS = readJson('executors/executors.json').executors;
const GENERATORS = readJson('executors/generators.json').generators;
for (const name of Object.keys(EXECUTORS)) ENTRIES[`${name}-executor`] = `executors/dist/executors/${name}/executor.js`;
// Nx runs a batch (several tasks of one executor in one process) through `batchImplementation`.
for (const [name, entry] of Object.entries(EXECUTORS)) if (entry.batchImplementation !== undefined) ENTRIES[`${name}-batch`] = `executors/dist/executors/${name}/batch.js`;
for (const name of Object.keys(GENERATORS)) ENTRIES[`${name}-generator`] = `executors/dist/generators/${name}/generator.js`;

/**
 * What stays outside the bundle, with the package (and its pinned version) that declares it in
 * this repository, and the range the published package asks for.
 * - nx and @nx/devkit are the workspace's own: peer dependencies.
 * - web-tree-sitter finds its runtime .wasm beside its module, and the grammars are .wasm files:
 *   both exact, because a claim's hash depends on the parse tree they produce.
 * - ink, react and react-reconciler (the triage TUI) are NOT among them: they are bundled into the
 *   chunk only `surf triage` imports. Resolved from node_modules, they were whatever npm hoisted:
 *   under legacy-peer-deps in a React 18 workspace, ink beside React 18 while ours stayed nested,
 *   and the reconciler of one React read the internals of the other and crashed on start.
 * - yaml, smol-toml and ajv's runtime helpers are loaded through createRequire by boundver, and
 *   junit-report-builder (with all of lodash) by the JUnit renderer, so a command that writes no
 *   JUnit report never loads it.
 */
const RUNTIME_DEPENDENCIES = {
  'web-tree-sitter': { from: 'libs/syntax', range: 'exact' },
  'tree-sitter-go': { from: 'libs/syntax', range: 'exact' },
  'tree-sitter-java': { from: 'libs/syntax', range: 'exact' },
  'tree-sitter-python': { from: 'libs/syntax', range: 'exact' },
  'tree-sitter-rust': { from: 'libs/syntax', range: 'exact' },
  'tree-sitter-typescript': { from: 'libs/syntax', range: 'exact' },
  'junit-report-builder': { from: 'libs/report', range: 'caret' },
  yaml: { from: 'libs/boundver', range: 'caret' },
  'smol-toml': { from: 'libs/boundver', range: 'caret' },
  ajv: { from: 'libs/boundver', range: 'caret' },
};

/**
 * The Nx versions the package works with; the registry test installs it under every major (Nx 24
 * also by upgrading a workspace that has the package), and under a prerelease. npm lets a prerelease satisfy a range only through a
 * comparator on the same major.minor.patch that names a prerelease itself, so each major has its
 * `>=N.0.0-0`: its betas and release candidates (`23.0.0-rc.4`, what nrwl/nx-examples runs) are in;
 * a minor's prereleases (`23.1.0-beta.0`) cannot be named without listing every minor, and stay out.
 */
export const NX_PEER_RANGE = ['22', '23', '24'].map((major) => `>=${major}.0.0-0 <${Number(major) + 1}.0.0`).join(' || ');

/**
 * @nx/devkit takes the same majors, as an optional peer. npm installs the newest version a
 * required peer range allows when it adds the package, even where the workspace has an older one
 * nested under @nx/js, and @nx/devkit 24.0.0 asks for nx >= 23, so an Nx 22 workspace got
 * ERESOLVE. An optional peer is never installed by npm, only checked against the one the
 * workspace has (every Nx workspace with @nx/js has it, at the top): Nx 22's, 23's and 24's all fit.
 */
export const NX_DEVKIT_PEER_RANGE = NX_PEER_RANGE;

/**
 * How `nx migrate` treats the package. `nx migrate latest` moves nx and the packages of nx's own
 * `packageGroup` (only @nx/* and a few of nrwl's); a plugin of another publisher cannot join that
 * list, so what keeps `npm install` working after Nx moves to a new major is the peer range above
 * already admitting it. `nx-migrations` lets `nx migrate @driftgate/nx@<version>` fetch our
 * migrations file (no migrations yet: it is where a change to nx.json or surf.toml a new version
 * needs goes). No `packageGroup`: nx migrate moves every package of a group to the target's version
 * (`*`) or a fixed one, and nothing else is released in step with @driftgate/nx.
 */
const NX_MIGRATIONS = { migrations: './migrations.json' };

// ink loads react-devtools-core only when DEV=true, and the package does not ship it.
const EXTERNAL = ['nx', '@nx/devkit', ...Object.keys(RUNTIME_DEPENDENCIES), 'react-devtools-core'];

/**
 * Runtime dependencies the plugin entry bundles all the same: it parses surf.toml on every Nx
 * command, and loading smol-toml as its own eight modules took as long as the rest of the entry.
 * The engines still load the installed copy.
 */
const PLUGIN_BUNDLED = ['smol-toml'];

function dependencies() {
  const out = {};
  for (const [name, { from, range }] of Object.entries(RUNTIME_DEPENDENCIES)) {
    const pinned = readJson(`${from}/package.json`).dependencies?.[name];
    if (typeof pinned !== 'string' || !/^\d+\.\d+\.\d+$/.test(pinned)) throw new Error(`${from}/package.json must pin ${name} exactly; found ${pinned}`);
    out[name] = range === 'exact' ? pinned : `^${pinned}`;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function manifest() {
  const root = readJson('package.json');
  const source = readJson('executors/package.json');
  return {
    name: source.name,
    version: source.version,
    description: root.description,
    keywords: ['nx', 'nx-plugin', 'drift', 'documentation', 'tree-sitter', 'ci', 'junit', 'sarif'],
    license: root.license,
    repository: root.repository,
    type: 'module',
    engines: { node: NODE_ENGINES },
    main: './dist/index.js',
    exports: {
      '.': './dist/index.js',
      './plugin': './dist/plugin.js',
      './package.json': './package.json',
      './executors.json': './executors.json',
      './generators.json': './generators.json',
      './migrations.json': './migrations.json',
    },
    bin: { surf: './bin/surf.js', boundver: './bin/boundver.js' },
    executors: './executors.json',
    generators: './generators.json',
    'nx-migrations': NX_MIGRATIONS,
    files: ['bin', 'dist', 'schemas', 'executors.json', 'generators.json', 'migrations.json', 'boundary.config.schema.json'],
    dependencies: dependencies(),
    peerDependencies: { '@nx/devkit': NX_DEVKIT_PEER_RANGE, nx: NX_PEER_RANGE },
    peerDependenciesMeta: { '@nx/devkit': { optional: true } },
  };
}

/** executors.json / generators.json with paths into the flat bundle and the copied schemas. */
function collection(entries, kind, key) {
  const out = {};
  for (const [name, entry] of Object.entries(entries)) {
    cpSync(join(ROOT, 'executors', entry.schema), join(STAGE, 'schemas', kind, `${name}.json`));
    out[name] = {
      ...entry,
      [key]: `./dist/${name}-${kind.replace(/s$/, '')}.js`,
      ...(entry.batchImplementation !== undefined ? { batchImplementation: `./dist/${name}-batch.js` } : {}),
      schema: `./schemas/${kind}/${name}.json`,
    };
  }
  return out;
}

export async function stage() {
  rmSync(STAGE, { recursive: true, force: true });
  mkdirSync(join(STAGE, 'bin'), { recursive: true });
  const common = {
    absWorkingDir: ROOT,
    outdir: join(STAGE, 'dist'),
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: { js: ESM_BANNER },
    legalComments: 'none',
    logLevel: 'warning',
  };
  await Promise.all([
    build({ ...common, entryPoints: ENTRIES, chunkNames: 'chunk-[hash]', splitting: true, external: EXTERNAL }),
    build({ ...common, entryPoints: { plugin: PLUGIN_ENTRY }, external: [...EXTERNAL.filter((name) => !PLUGIN_BUNDLED.includes(name)), INFERENCE_MODULE] }),
  ]);
  writeFileSync(join(STAGE, 'executors.json'), `${JSON.stringify({ executors: collection(EXECUTORS, 'executors', 'implementation') }, null, 2)}\n`);
  writeFileSync(join(STAGE, 'generators.json'), `${JSON.stringify({ generators: collection(GENERATORS, 'generators', 'factory') }, null, 2)}\n`);
  // The bins are the repository's own, with the Node check they load first copied beside them.
  cpSync(join(ROOT, NODE_SUPPORT), join(STAGE, 'bin', 'node-support.js'));
  cpSync(join(ROOT, COMPILE_CACHE), join(STAGE, 'bin', 'compile-cache.js'));
  // Both bins load their bundles from dist/, so one key names their compile cache.
  writeBundleKey(join(STAGE, 'dist'));
  for (const cli of ['surf', 'boundver']) {
    const bin = readFileSync(join(ROOT, `tools/${cli}/bin/${cli}.js`), 'utf8');
    if (!bin.includes(NODE_SUPPORT_IMPORT)) throw new Error(`tools/${cli}/bin/${cli}.js must import ${NODE_SUPPORT_IMPORT}`);
    writeFileSync(join(STAGE, 'bin', `${cli}.js`), bin.replace(NODE_SUPPORT_IMPORT, './node-support.js'), { mode: 0o755 });
  }
  cpSync(join(ROOT, 'executors/migrations.json'), join(STAGE, 'migrations.json'));
  cpSync(join(ROOT, 'libs/boundver/boundary.config.schema.json'), join(STAGE, 'boundary.config.schema.json'));
  cpSync(join(ROOT, 'LICENSE'), join(STAGE, 'LICENSE'));
  cpSync(join(ROOT, 'executors/README.md'), join(STAGE, 'README.md'));
  writeFileSync(join(STAGE, 'package.json'), `${JSON.stringify(manifest(), null, 2)}\n`);
  const old = `${FINAL}.old-${process.pid}`;
  try {
    renameSync(FINAL, old);
  } catch {
    // Nothing staged yet.
  }
  renameSync(STAGE, FINAL);
  rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--clean')) rmSync(FINAL, { recursive: true, force: true });
  else await stage();
}
