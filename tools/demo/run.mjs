// The README's main command (`npm run demo`): builds a demo Nx workspace from fixtures/demo in a
// temporary directory, installs the built driftgate packages into it, and runs both gates there
// twice through Nx, so the second run shows the cache.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** This repository's root. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The demo's sources. */
export const DEMO_FIXTURE = join(REPO_ROOT, 'fixtures', 'demo');

/** Fixture files that only make sense inside this repository. */
const REPO_ONLY = new Set(['.nxignore']);

/** The one package users install, as `npm run build` lays it out for `npm pack`. */
const STAGED_PACKAGE = join(REPO_ROOT, 'dist', 'packages', 'nx');

/** Environment for Nx runs: no daemon, no cloud, plugins in-process (about 1.5 s per run instead of 4–5 s). */
export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_ISOLATE_PLUGINS: 'false', NX_TUI: 'false', FORCE_COLOR: '0' };

/** Fixed identity and date, so the demo repository's commits are reproducible. */
export const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Demo Author',
  GIT_AUTHOR_EMAIL: 'demo@example.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_NAME: 'Demo Author',
  GIT_COMMITTER_EMAIL: 'demo@example.invalid',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

/** The demo fixture as a file tree (workspace-relative POSIX path → bytes). */
export function readDemoTree(dir = DEMO_FIXTURE) {
  const tree = {};
  const walk = (abs) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      const rel = relative(dir, path).split('\\').join('/');
      if (entry.isDirectory()) walk(path);
      else if (!REPO_ONLY.has(rel)) tree[rel] = readFileSync(path);
    }
  };
  walk(dir);
  return tree;
}

/**
 * Installs `@driftgate/nx` into `workspace/node_modules` the way a registry install lays it out
 * (a copy of the package `npm run pack` would publish, its bins linked into node_modules/.bin),
 * links every other dependency to this repository's node_modules (no network), and records
 * `@driftgate/nx` in a package-lock.json so Nx knows it as an npm package. Run `npm run build`
 * first. The registry test installs the packed tarball itself.
 */
export function installDriftgate(workspace) {
  const modules = join(workspace, 'node_modules');
  if (!existsSync(join(STAGED_PACKAGE, 'package.json'))) throw new Error('dist/packages/nx is not built; run `npm run build` first');
  mkdirSync(join(modules, '@driftgate'), { recursive: true });
  for (const entry of readdirSync(join(REPO_ROOT, 'node_modules'))) {
    if (entry === '@driftgate' || entry === '.package-lock.json' || entry === '.bin') continue;
    const target = join(modules, entry);
    if (!existsSync(target)) symlinkSync(join(REPO_ROOT, 'node_modules', entry), target);
  }
  const installed = join(modules, '@driftgate', 'nx');
  cpSync(STAGED_PACKAGE, installed, { recursive: true });
  const staged = JSON.parse(readFileSync(join(STAGED_PACKAGE, 'package.json'), 'utf8'));
  mkdirSync(join(modules, '.bin'), { recursive: true });
  for (const [name, bin] of Object.entries(staged.bin ?? {})) {
    const link = join(modules, '.bin', name);
    if (!existsSync(link)) symlinkSync(relative(join(modules, '.bin'), join(installed, bin)), link);
  }
  const manifest = JSON.parse(readFileSync(join(workspace, 'package.json'), 'utf8'));
  const lock = {
    name: manifest.name,
    version: manifest.version ?? '0.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: manifest.name, version: manifest.version ?? '0.0.0', devDependencies: manifest.devDependencies ?? {} },
      'node_modules/@driftgate/nx': { version: staged.version, dev: true, license: staged.license },
      'node_modules/nx': { version: packageVersion('node_modules/nx'), dev: true, license: 'MIT' },
    },
  };
  writeFileSync(join(workspace, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
}

function packageVersion(dir) {
  return JSON.parse(readFileSync(join(REPO_ROOT, dir, 'package.json'), 'utf8')).version;
}

/** Runs git in `dir` with the fixed identity; returns stdout. */
export function git(dir, ...args) {
  return execFileSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
}

/**
 * The demo's story: `Router.Resolve` was just edited (`>` became `>=`, so ties now go to whichever
 * route the map yields last) and the edit is not committed yet. The commit holds the code the
 * gateway claim was stamped against, so the check's advisory magnitude has real history to read.
 */
const PENDING_EDIT = {
  path: 'services/gateway/router.go',
  before: (text) => text.replace('len(prefix) >= len(best)', 'len(prefix) > len(best)'),
};

function writeTree(dir, tree) {
  for (const [rel, bytes] of Object.entries(tree)) {
    const abs = join(dir, ...rel.split('/'));
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, bytes);
  }
}

/**
 * Builds the demo workspace in a fresh temporary directory (or `dir`): the fixture committed to a
 * new git repository on `main` (with the pending edit left uncommitted), and the driftgate
 * packages installed. Returns its path.
 */
export function createDemoWorkspace(dir = mkdtempSync(join(tmpdir(), 'driftgate-demo-'))) {
  const tree = readDemoTree();
  const current = tree[PENDING_EDIT.path].toString('utf8');
  const before = PENDING_EDIT.before(current);
  if (before === current) throw new Error(`${PENDING_EDIT.path} no longer holds the line the demo edits; update PENDING_EDIT`);
  writeTree(dir, { ...tree, [PENDING_EDIT.path]: before });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'core.autocrlf', 'false');
  git(dir, 'config', 'commit.gpgsign', 'false');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'demo workspace');
  writeTree(dir, { [PENDING_EDIT.path]: current });
  installDriftgate(dir);
  return dir;
}

/** Runs the workspace's Nx with {@link NX_ENV}; returns status, combined output and wall time in ms. */
export function runNx(dir, args, env = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [join(dir, 'node_modules', 'nx', 'dist', 'bin', 'nx.js'), ...args], {
    cwd: dir,
    // A cache of its own: Nx would otherwise share one per-user cache between checkouts it takes
    // for the same workspace, and every demo (or test) repository has the same first commit.
    env: { ...process.env, ...NX_ENV, NX_CACHE_DIRECTORY: join(dir, '.nx', 'cache'), ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`, ms };
}

async function main() {
  const dir = createDemoWorkspace();
  console.log(`Demo workspace: ${dir}`);
  const runs = [];
  for (const label of ['first run (cold cache)', 'second run (nothing changed)']) {
    console.log(`\n$ npx nx run-many -t verify-claims verify-boundary    # ${label}\n`);
    const run = runNx(dir, ['run-many', '-t', 'verify-claims', 'verify-boundary', '--outputStyle=static']);
    process.stdout.write(run.output);
    runs.push(run);
  }
  const hits = (run) => (run.output.match(/\[(local cache|existing outputs match the cache, left as is)\]/g) ?? []).length;
  console.log('\nWhat happened:');
  runs.forEach((run, i) => console.log(`  run ${i + 1}: ${(run.ms / 1000).toFixed(1)} s, ${hits(run)} task(s) from the cache, exit ${run.status}`));
  console.log('  One claim in hubs/gateway.md is out of date on purpose (Router.Resolve was edited after it was stamped;');
  console.log('  the edit is not committed), so gateway:verify-claims fails in both runs.');
  console.log('  Nx does not cache failures: that task runs again, every other result comes from the cache.');
  console.log(`\nReports (human .txt, json, JUnit .xml, SARIF .sarif; formats set in nx.json): ${join(dir, 'reports', 'driftgate')}/<project>/verify-{claims,boundary}.{txt,json,xml,sarif}`);
  for (const file of listFiles(join(dir, 'reports'))) console.log(`  ${relative(dir, file)}`);
  console.log(`\nTry: cd ${dir} && npx nx run gateway:stamp-claims && npx nx run-many -t verify-claims verify-boundary`);
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
