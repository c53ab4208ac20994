import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minimatch } from 'minimatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { taskOutcomes } from './nx-workspace.js';
import { type GuardedProcess, type GuardedResult, runGuarded, startGuarded, stopAllGuarded } from './support/guarded-run.js';
import { type LocalRegistry, startLocalRegistry } from './support/local-registry.js';
import { GIT_TEST_ENV } from './support/temp-repo.js';

/*
 * `npm install -D @driftgate/nx` in a brand-new Nx workspace, through a real registry: the
 * tarball `npm run pack` writes is published to a local verdaccio that proxies everything else
 * to the registry npm is configured with; a workspace is created with create-nx-workspace (the
 * Nx majors of the plugin's peer range and a prerelease), gets two libraries, and then runs
 * the commands of the README's "Use it in your Nx workspace" block, word for word. Then: the
 * cache restores the reports, a logic edit fails the gate, and `nx affected` runs only the
 * project the edit touched. Every process runs in a guarded process group (support/guarded-run).
 *
 * Nx 24 has no create-nx-workspace and no @nx/js of its own major on the registry yet, so its
 * workspace is made the way a user gets one: created with Nx 23, then `nx migrate nx@24…`. The
 * migrator moves every package of nx's `packageGroup` to the same version and fails on the @nx/js
 * it cannot fetch; a user answers with what its message proposes, `--to=@nx/js@<the newest there
 * is>` (the @nx/devkit of @nx/js 23.3.1 accepts Nx 24 as its peer). The same upgrade also runs in
 * the Nx 23 workspace after @driftgate/nx is installed there: migrate, `npm install`, run the
 * migrations, `npm ci`, and the gates still hit and miss the cache. The registry has no provenance
 * attestations for nx, so `nx migrate` runs with NX_SKIP_PROVENANCE_CHECK=true, as it must against
 * any such mirror.
 *
 * None of our commands may print a Node warning (ExperimentalWarning, DeprecationWarning,
 * `(node:NNN) [DEP…]`) to the user, on any Node the suite runs with: it runs with whatever `node`
 * comes first on PATH, e.g.
 * `PATH=<another node>/bin:$PATH npx vitest run test/registry-install.spec.ts`.
 *
 * DRIFTGATE_REGISTRY_SCENARIOS picks scenarios by id, comma-separated (`22`, `23`, `23-beta`,
 * `24`; e.g. DRIFTGATE_REGISTRY_SCENARIOS=24,22 to run two of them on an extra Node in CI); unset
 * runs all. An unknown id fails the file instead of silently running nothing.
 */

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const MINUTE = 60_000;

/** An Nx version to create the workspace with, and how Nx loads plugins there. */
interface Scenario {
  /** What DRIFTGATE_REGISTRY_SCENARIOS names it by. */
  readonly id: string;
  /** create-nx-workspace@<spec>: a major picks the newest release of it the registry serves. */
  readonly createNxWorkspace: string;
  /** The Nx major the scenario's gates run under. */
  readonly major: number;
  /**
   * `nx migrate` the new workspace to this nx version before anything else, for a major with no
   * create-nx-workspace of its own on the registry.
   */
  readonly migrateFirst?: string;
  /** At the end, upgrade the workspace (which has @driftgate/nx) to this nx version with `nx migrate`. */
  readonly upgradeTo?: string;
  /** NX_ISOLATE_PLUGINS: undefined leaves Nx's default (plugins in isolated workers). */
  readonly isolatePlugins?: 'false';
  /** Also add the plugin with `nx add` to a copy of the fresh workspace. */
  readonly nxAdd?: boolean;
  /**
   * A React 18 workspace whose npm runs with `legacy-peer-deps=true` (its `.npmrc`), as React 18
   * monorepos such as nrwl/nx-examples have it: npm then hoists ink beside the workspace's React.
   */
  readonly react18LegacyPeerDeps?: boolean;
  /**
   * Run docs/ci.md's job (it starts with `npm ci`). Default true. Off for a prerelease: the
   * registry serves only this platform's optional Nx binary of a prerelease, npm writes the
   * others into the lock without a version, and `npm ci` refuses that lock before anything of
   * ours runs.
   */
  readonly ciJob?: boolean;
}

/** The Nx 24 release the registry serves (it has no create-nx-workspace@24 or @nx/js@24). */
const NX_24 = '24.0.7';

const ALL_SCENARIOS: readonly Scenario[] = [
  { id: '22', createNxWorkspace: '22', major: 22 },
  { id: '23', createNxWorkspace: '23.2.1', major: 23, isolatePlugins: 'false', nxAdd: true, upgradeTo: NX_24 },
  // A prerelease of a supported major, in a React 18 workspace (nrwl/nx-examples runs 23.0.0-rc.4,
  // for which the registry has no create-nx-workspace; 23.0.0-beta.4 is the one it has).
  { id: '23-beta', createNxWorkspace: '23.0.0-beta.4', major: 23, isolatePlugins: 'false', react18LegacyPeerDeps: true, ciJob: false },
  { id: '24', createNxWorkspace: '23.2.1', major: 24, migrateFirst: NX_24 },
];

/** The scenarios DRIFTGATE_REGISTRY_SCENARIOS names, in the order above; all when it is unset or empty. */
function selectedScenarios(): readonly Scenario[] {
  const wanted = (process.env.DRIFTGATE_REGISTRY_SCENARIOS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (wanted.length === 0) return ALL_SCENARIOS;
  const known = ALL_SCENARIOS.map((scenario) => scenario.id);
  const unknown = wanted.filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new Error(`DRIFTGATE_REGISTRY_SCENARIOS names ${unknown.join(', ')}; the scenarios are ${known.join(', ')}`);
  return ALL_SCENARIOS.filter((scenario) => wanted.includes(scenario.id));
}

const SCENARIOS = selectedScenarios();

/** The React the legacy-peer-deps scenario puts in the workspace. */
const WORKSPACE_REACT = '18.3.1';

/** What the README's placeholders stand for in the test workspace. */
const WORKSPACE = 'acme';
const LIB = 'alpha';
const OTHER_LIB = 'beta';
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  '<project>': `@${WORKSPACE}/${LIB}`,
  '<file>': `packages/${LIB}/src/lib/${LIB}.ts`,
  '<function>': LIB,
  '<claim>': `${LIB} returns the library's name`,
};

/**
 * The sh block of the README's "Use it in your Nx workspace" section that installs the package,
 * one command per line. (The block before it makes a first project; the test makes two itself.)
 */
function readmeCommands(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /^## Use it in your Nx workspace\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme);
  if (!section) throw new Error('README.md has no "## Use it in your Nx workspace" section');
  const block = [...section[1]!.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].find((match) => match[1]!.includes('npm install -D @driftgate/nx'));
  if (!block) throw new Error('the "Use it in your Nx workspace" section has no ```sh block with npm install -D @driftgate/nx');
  return block[1]!
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** One step of a GitHub Actions job. */
interface WorkflowStep {
  readonly name?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
}

/** The steps of the GitHub Actions job in docs/ci.md's "In an Nx workspace" section. */
function ciWorkflowSteps(): WorkflowStep[] {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'ci.md'), 'utf8');
  const section = /^## In an Nx workspace\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(doc);
  if (!section) throw new Error('docs/ci.md has no "## In an Nx workspace" section');
  const block = /^```yaml\n([\s\S]*?)^```$/m.exec(section[1]!);
  if (!block) throw new Error('the "In an Nx workspace" section of docs/ci.md has no ```yaml block');
  const workflow = parseYaml(block[1]!) as { jobs?: Record<string, { steps?: WorkflowStep[] }> };
  const jobs = Object.values(workflow.jobs ?? {});
  if (jobs.length !== 1 || !Array.isArray(jobs[0]!.steps)) throw new Error('the GitHub workflow of docs/ci.md must have one job with steps');
  return jobs[0]!.steps!;
}

/** Every file below `dir`, workspace-relative with `/`. */
function filesBelow(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = join(root, ...rel.split('/'));
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** A README line with the placeholders filled in. */
function substitute(line: string): string {
  let out = line;
  for (const [placeholder, value] of Object.entries(PLACEHOLDERS)) out = out.split(placeholder).join(value);
  const left = /<[a-z][a-z-]*>/.exec(out);
  if (left) throw new Error(`README command has a placeholder the test does not fill: ${left[0]} in ${line}`);
  return out;
}

/**
 * The environment commands in the workspace start from: this process's, without what npm, Nx and
 * vitest put there for the test run, and without any node_modules/.bin on PATH (so `npx boundver`
 * can only find the workspace's own).
 */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|NX_|VITEST)/i.test(key) || ['INIT_CWD', 'NODE_ENV', 'TEST', 'MODE', 'PROD', 'DEV', 'BASE_URL', 'SSR'].includes(key)) continue;
    env[key] = value;
  }
  env.PATH = (env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => !/node_modules[\\/]\.bin/.test(entry))
    .join(delimiter);
  return env;
}

function scenarioEnv(registry: LocalRegistry, scenario: Scenario): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    ...registry.npmEnv,
    ...GIT_TEST_ENV,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_TUI: 'false',
    CI: 'true',
  };
  if (scenario.isolatePlugins !== undefined) env.NX_ISOLATE_PLUGINS = scenario.isolatePlugins;
  return env;
}

/** Commands of the running step, stopped when the step fails or times out. */
const active = new Set<GuardedProcess>();

// Control sequences (colour, cursor) that some tools print even into a pipe.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** A command line as the README writes it, run by bash in `cwd`; output without control sequences. */
async function sh(line: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 10 * MINUTE): Promise<GuardedResult> {
  const command = startGuarded('bash', ['-c', line], { cwd, env, timeoutMs });
  active.add(command);
  try {
    const result = await command.done;
    return { ...result, stdout: result.stdout.replace(ANSI, ''), stderr: result.stderr.replace(ANSI, ''), output: result.output.replace(ANSI, '') };
  } finally {
    active.delete(command);
  }
}

/** What the registry could not fetch from its uplink (or serve), from its log. */
function registryProblems(): string {
  const lines = (registry?.log() ?? '').split('\n').filter((line) => /^http --- (?!2\d\d|304)\S+, req:|^(error|fatal|warn) /.test(line.replace(ANSI, '')));
  return lines.length === 0 ? '' : `\nthe registry's uplink problems:\n${lines.slice(-20).join('\n')}`;
}

/** A failed expectation shows the command and what it printed. */
function describeRun(what: string, result: GuardedResult): string {
  return `${what} → exit ${result.status}${result.timedOut ? ' (timed out)' : ''} after ${Math.round(result.ms / 1000)} s\n${result.output.slice(-6_000)}${result.status === 0 ? '' : registryProblems()}`;
}

function expectSuccess(what: string, result: GuardedResult): void {
  expect(result.status, describeRun(what, result)).toBe(0);
}

/** What Node prints on stderr about an experimental feature or a deprecated API. */
const NODE_WARNING = /ExperimentalWarning|DeprecationWarning|\(node:\d+\) \[DEP/;

/** A command of ours printed no Node warning: users would see it on every run. */
function expectNoNodeWarning(what: string, result: GuardedResult): void {
  expect(NODE_WARNING.exec(result.output)?.[0], `a Node warning from ${what}\n${result.output.slice(-6_000)}`).toBeUndefined();
}

/** Every `report: <path>` line an executor printed. */
function reportPaths(output: string): string[] {
  return [...output.matchAll(/^\s*report: (\S.*?)\s*$/gm)].map((match) => match[1]!);
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const readFileSyncOr = (path: string): string => (existsSync(path) ? readFileSync(path, 'utf8') : '');

/** Timings per step, printed at the end. */
const timings: string[] = [];
const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings.push(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
};

/**
 * The tarballs `npm run pack` wrote for the current build: the .tgz files in dist/packages newer
 * than the staged package's package.json (the build writes it last, `npm pack` runs after it).
 * None means the build is newer than any pack, and the test runs `npm run pack` itself. That
 * rebuilds, which must not happen while other test files read the build: so .ci/run packs before
 * `npm test`, and so should anyone running the whole suite.
 */
function packedTarballs(packDir: string): string[] {
  const staged = join(packDir, 'nx', 'package.json');
  if (!existsSync(staged)) return [];
  const built = statSync(staged).mtimeMs;
  return readdirSync(packDir)
    .filter((name) => name.endsWith('.tgz') && statSync(join(packDir, name)).mtimeMs > built)
    .map((name) => join(packDir, name));
}

let registry: LocalRegistry | undefined;
let packageVersion = '';
const fileStarted = Date.now();

beforeAll(async () => {
  const version = (readJson(join(REPO_ROOT, 'executors', 'package.json')).version as string) ?? '';
  packageVersion = version;
  const packDir = join(REPO_ROOT, 'dist', 'packages');
  let tarballs = packedTarballs(packDir);
  if (tarballs.length === 0) {
    const pack = await timed('npm run pack', () => runGuarded('npm', ['run', 'pack'], { cwd: REPO_ROOT, env: cleanEnv(), timeoutMs: 15 * MINUTE }));
    expectSuccess('npm run pack', pack);
    tarballs = packedTarballs(packDir);
  } else {
    timings.push('npm run pack: already ran for this build');
  }
  expect(tarballs.map((path) => path.slice(packDir.length + 1)), 'what npm run pack wrote').toEqual([`driftgate-nx-${version}.tgz`]);

  const manifest = await runGuarded('tar', ['-xOzf', tarballs[0]!, 'package/package.json'], { cwd: REPO_ROOT, env: cleanEnv(), timeoutMs: MINUTE });
  expectSuccess('tar -xOzf <tarball> package/package.json', manifest);
  const published = JSON.parse(manifest.stdout) as Record<string, unknown>;
  expect(published.private).toBeUndefined();
  expect(published.bin).toMatchObject({ surf: expect.any(String), boundver: expect.any(String) });
  const peerRange = '>=22.0.0-0 <23.0.0 || >=23.0.0-0 <24.0.0 || >=24.0.0-0 <25.0.0';
  // @nx/devkit 24 asks for nx >= 23: npm would install it in an Nx 22 workspace were the peer
  // not optional (see stage-nx.mjs); optional, it is only checked against the workspace's own.
  expect(published.peerDependencies).toEqual({ nx: peerRange, '@nx/devkit': peerRange });
  expect(published.peerDependenciesMeta).toEqual({ '@nx/devkit': { optional: true } });
  // `nx migrate @driftgate/nx@<version>` reads this; the file it names must be in the tarball.
  expect(published['nx-migrations']).toEqual({ migrations: './migrations.json' });
  const migrations = await runGuarded('tar', ['-xOzf', tarballs[0]!, 'package/migrations.json'], { cwd: REPO_ROOT, env: cleanEnv(), timeoutMs: MINUTE });
  expectSuccess('tar -xOzf <tarball> package/migrations.json', migrations);
  expect(JSON.parse(migrations.stdout)).toMatchObject({ generators: expect.any(Object) });
  // The TUI brings its own React: nothing of it is resolved from the workspace.
  for (const name of ['ink', 'react', 'react-reconciler']) expect(Object.keys((published.dependencies ?? {}) as Record<string, string>), `${name} is bundled`).not.toContain(name);
  for (const [name, range] of Object.entries((published.dependencies ?? {}) as Record<string, string>)) {
    expect(name.startsWith('@driftgate/'), `${name} is bundled, not a dependency`).toBe(false);
    expect(range, `${name}: ${range}`).toMatch(/^[\^~]?\d+\.\d+\.\d+$/);
  }

  registry = await timed('start the registry', () => startLocalRegistry());
  for (const tarball of tarballs) await timed(`publish ${tarball.slice(packDir.length + 1)}`, () => registry!.publish(tarball));
  const view = await runGuarded('npm', ['view', '@driftgate/nx', 'version'], { cwd: registry.dir, env: { ...cleanEnv(), ...registry.npmEnv }, timeoutMs: MINUTE });
  expectSuccess('npm view @driftgate/nx version', view);
  expect(view.stdout.trim()).toBe(version);
}, 20 * MINUTE);

afterAll(async () => {
  try {
    await registry?.stop();
  } finally {
    await stopAllGuarded();
    timings.push(`whole file: ${((Date.now() - fileStarted) / 1000).toFixed(1)} s`);
    // The numbers CI logs for this, the slowest test file.
    console.info(`registry install timings:\n  ${timings.join('\n  ')}`);
  }
}, 2 * MINUTE);

describe.each(SCENARIOS)('@driftgate/nx from a registry in a new Nx workspace, scenario $id (create-nx-workspace@$createNxWorkspace)', (scenario) => {
  let parent = '';
  let workspace = '';
  let env: NodeJS.ProcessEnv = {};
  let failed: string | undefined;
  const label = (step: string) => `Nx ${scenario.major}: ${step}`;

  /** Steps build on each other: after one fails, the rest are skipped, naming the failed one. */
  const step = (name: string, timeout: number, body: () => Promise<void>) =>
    it(name, async (context) => {
      if (failed) context.skip(`needs "${failed}", which failed`);
      // Also on a timeout, when the body is still waiting for a command: that command goes too.
      context.onTestFailed(async () => {
        failed = name;
        await Promise.all([...active].map((command) => command.stop()));
      });
      await timed(label(name), body);
    }, timeout);

  const run = (line: string, timeoutMs?: number) => sh(line, workspace, env, timeoutMs);
  const nx = (args: string) => run(`npx nx ${args}`);
  const commit = async (message: string): Promise<string> => {
    expectSuccess('git commit', await run(`git add -A && git commit -q -m ${JSON.stringify(message)}`));
    return (await run('git rev-parse HEAD')).stdout.trim();
  };
  const file = (path: string) => join(workspace, ...path.split('/'));

  /**
   * Moves the workspace to nx@<target> as a user does: `nx migrate`, `npm install`, the
   * migrations, commit. nx's packageGroup asks for every @nx/* package at the same version; one
   * the registry lacks (@nx/js@24) fails the migrator, whose message says to name versions with
   * `--to`: the newest that package has, as a user would pick. Nothing here mentions
   * @driftgate/nx: it stays at its version, and npm accepts it beside the new Nx only because its
   * peer range admits it.
   */
  async function migrateNx(target: string): Promise<void> {
    const manifest = readJson(file('package.json')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    const nxPackages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => name.startsWith('@nx/')).sort();
    const pinned: string[] = [];
    for (const name of nxPackages) {
      const versions = await run(`npm view ${name} versions --json`);
      expectSuccess(`npm view ${name} versions --json`, versions);
      if (([] as string[]).concat(JSON.parse(versions.stdout) as string[] | string).includes(target)) continue;
      const newest = await run(`npm view ${name} version`);
      expectSuccess(`npm view ${name} version`, newest);
      pinned.push(`${name}@${newest.stdout.trim()}`);
    }
    timings.push(label(`nx migrate nx@${target} pins ${pinned.length === 0 ? 'nothing' : pinned.join(', ')}`));
    const migrateEnv = { ...env, NX_SKIP_PROVENANCE_CHECK: 'true' };
    const to = pinned.length === 0 ? '' : ` --to=${pinned.join(',')}`;
    const migrated = await sh(`npx nx migrate nx@${target}${to}`, workspace, migrateEnv);
    expectSuccess(`nx migrate nx@${target}${to}`, migrated);
    expect((readJson(file('package.json')).devDependencies as Record<string, string>).nx).toBe(target);
    const installed = await run('npm install');
    expectSuccess('npm install (after nx migrate)', installed);
    expect(installed.output).not.toContain('ERESOLVE');
    expect(readJson(file('node_modules/nx/package.json')).version).toBe(target);
    expectSuccess('nx migrate --run-migrations', await sh('npx nx migrate --run-migrations', workspace, migrateEnv));
    // What the migrator leaves for the user to read; once applied, nothing needs it.
    for (const leftover of ['migrations.json', 'tools/ai-migrations']) rmSync(file(leftover), { recursive: true, force: true });
    await commit(`Nx ${target}`);
  }

  let scenarioStarted = 0;
  beforeAll(() => {
    scenarioStarted = Date.now();
  });
  afterAll(() => {
    timings.push(label(`the whole scenario (${scenario.id}) on node ${process.version}: ${((Date.now() - scenarioStarted) / 1000).toFixed(1)} s`));
    if (parent) rmSync(parent, { recursive: true, force: true });
  });

  step('create-nx-workspace makes a workspace with @nx/js of the same version', 15 * MINUTE, async () => {
    parent = mkdtempSync(join(tmpdir(), `driftgate-nx${scenario.major}-`));
    workspace = join(parent, WORKSPACE);
    // create-nx-workspace installs Nx into a temp directory of its own and leaves it: keep that
    // (and any other tool's temp files) inside the directory this scenario removes.
    const temp = join(parent, 'tmp');
    mkdirSync(temp);
    env = { ...scenarioEnv(registry!, scenario), TMPDIR: temp };
    const create = await sh(
      `npx -y create-nx-workspace@${scenario.createNxWorkspace} ${WORKSPACE} --preset=ts --nxCloud=skip --no-interactive --packageManager=npm --analytics=false --skipGitHubPush`,
      parent,
      env,
      12 * MINUTE,
    );
    expectSuccess(`create-nx-workspace@${scenario.createNxWorkspace}`, create);
    const nxVersion = readJson(file('node_modules/nx/package.json')).version as string;
    timings.push(label(`create-nx-workspace@${scenario.createNxWorkspace} gave nx ${nxVersion}`));
    expect(Number(nxVersion.split('.')[0])).toBe(Number(scenario.createNxWorkspace.split('.')[0]));
    if (/^\d+\.\d+\.\d+/.test(scenario.createNxWorkspace)) expect(nxVersion).toBe(scenario.createNxWorkspace);
    expect(readJson(file('node_modules/@nx/js/package.json')).version).toBe(nxVersion);
    expect((await run('git status --porcelain')).stdout).toBe('');
  });

  if (scenario.migrateFirst !== undefined) {
    const target = scenario.migrateFirst;
    step(`nx migrate moves the new workspace to nx ${target}`, 15 * MINUTE, async () => {
      await migrateNx(target);
      expect(Number(target.split('.')[0])).toBe(scenario.major);
      // An Nx 24 workspace made by Nx's own tools has @nx/devkit 24 at the top (its @nx/js 24
      // brings it); the registry serves @nx/devkit 24 but no @nx/js 24, so the workspace takes it
      // as a direct dependency, which puts it where @nx/js 24 would.
      const devkit = await run(`npm view @nx/devkit@${scenario.major} version --json`);
      expectSuccess(`npm view @nx/devkit@${scenario.major}`, devkit);
      const newest = ([] as string[]).concat(JSON.parse(devkit.stdout) as string[] | string).at(-1)!;
      expectSuccess(`npm install -D @nx/devkit@${newest}`, await run(`npm install -D @nx/devkit@${newest}`));
      expect(readJson(file('node_modules/@nx/devkit/package.json')).version).toBe(newest);
      await commit(`@nx/devkit ${newest}`);
      expect((await run('git status --porcelain')).stdout).toBe('');
    });
  }

  step('two libraries with @nx/js:lib, committed', 5 * MINUTE, async () => {
    for (const lib of [LIB, OTHER_LIB]) {
      const result = await nx(`g @nx/js:lib packages/${lib} --bundler=tsc --linter=none --unitTestRunner=none --no-interactive`);
      expectSuccess(`nx g @nx/js:lib packages/${lib}`, result);
      expect(existsSync(file(`packages/${lib}/src/lib/${lib}.ts`))).toBe(true);
    }
    await commit('Add two libraries');
  });

  if (scenario.createNxWorkspace.includes('-')) {
    // Before anything relaxes peer resolution (the React scenario's legacy-peer-deps would hide
    // an ERESOLVE): npm itself must accept the package beside this Nx prerelease.
    step('npm resolves @driftgate/nx beside the Nx prerelease with strict peer resolution (dry run)', 5 * MINUTE, async () => {
      const resolved = await run('npm install -D @driftgate/nx --dry-run --legacy-peer-deps=false --strict-peer-deps=true --no-audit --no-fund');
      expectSuccess('npm install -D @driftgate/nx --dry-run --strict-peer-deps', resolved);
      expect(resolved.output).not.toContain('ERESOLVE');
      expect(existsSync(file('node_modules/@driftgate/nx')), 'a dry run installs nothing').toBe(false);
    });
  }

  if (scenario.react18LegacyPeerDeps) {
    step(`React ${WORKSPACE_REACT} in the workspace, npm set to legacy-peer-deps, committed`, 5 * MINUTE, async () => {
      writeFileSync(file('.npmrc'), `${readFileSyncOr(file('.npmrc'))}legacy-peer-deps=true\n`);
      expectSuccess(`npm install -D react@${WORKSPACE_REACT}`, await run(`npm install -D react@${WORKSPACE_REACT} react-dom@${WORKSPACE_REACT}`));
      expect(readJson(file('node_modules/react/package.json')).version).toBe(WORKSPACE_REACT);
      await commit(`React ${WORKSPACE_REACT}`);
    });
  }

  if (scenario.nxAdd) {
    step('nx add @driftgate/nx installs the package and runs init (in a copy of the workspace)', 10 * MINUTE, async () => {
      const copy = join(parent, `${WORKSPACE}-nx-add`);
      cpSync(workspace, copy, { recursive: true, verbatimSymlinks: true });
      const added = await sh('npx nx add @driftgate/nx', copy, env);
      expectSuccess('nx add @driftgate/nx', added);
      expect(added.output).toContain('Package @driftgate/nx added successfully');
      const manifest = readJson(join(copy, 'package.json'));
      expect(Object.keys(manifest.devDependencies as Record<string, string>)).toContain('@driftgate/nx');
      const plugins = (readJson(join(copy, 'nx.json')).plugins ?? []) as unknown[];
      expect(plugins.map((entry) => (typeof entry === 'string' ? entry : (entry as { plugin: string }).plugin))).toContain('@driftgate/nx/plugin');
      for (const path of ['surf.toml', 'boundary.config.json']) expect(existsSync(join(copy, path)), path).toBe(true);
      // The plugin loads in this workspace: a discovered component gets its inferred target.
      expectSuccess('boundver init --discover', await sh('npx boundver init --discover', copy, env));
      const project = await sh(`npx nx show project @${WORKSPACE}/${OTHER_LIB} --json`, copy, env);
      expectSuccess('nx show project', project);
      expect(Object.keys((JSON.parse(project.stdout) as { targets: Record<string, unknown> }).targets)).toContain('verify-boundary');
      rmSync(copy, { recursive: true, force: true });
    });
  }

  /** The hub the README's hub command wrote (workspace-relative). */
  let hub = '';

  step("the README's commands, one by one", 20 * MINUTE, async () => {
    const lines = readmeCommands();
    for (const required of ['npm install -D @driftgate/nx', 'nx g @driftgate/nx:init', 'nx g @driftgate/nx:hub', ':stamp-claims', ':verify-claims']) {
      expect(lines.some((line) => line.includes(required)), `the README block runs ${required}`).toBe(true);
    }
    for (const line of lines) {
      const command = substitute(line);
      const result = await timed(label(command.replace(/\s+#\s.*$/, '')), () => run(command));
      expectSuccess(command, result);
      if (!command.startsWith('npm ')) expectNoNodeWarning(command, result);
      await afterReadmeCommand(command, result);
    }
  });

  /** What each README command must have done, beyond exiting 0. */
  async function afterReadmeCommand(command: string, result: GuardedResult): Promise<void> {
    if (command.includes('npm install -D @driftgate/nx')) {
      expect(readJson(file('node_modules/@driftgate/nx/package.json')).version).toBe(packageVersion);
      for (const bin of ['surf', 'boundver']) expect(existsSync(file(`node_modules/.bin/${bin}`)), `node_modules/.bin/${bin}`).toBe(true);
    } else if (command.includes('nx g @driftgate/nx:init')) {
      const plugins = (readJson(file('nx.json')).plugins ?? []) as unknown[];
      expect(JSON.stringify(plugins)).toContain('@driftgate/nx/plugin');
      expect(existsSync(file('surf.toml'))).toBe(true);
      expect(existsSync(file('boundary.config.json'))).toBe(true);
    } else if (command.includes('boundver init --discover')) {
      const config = readFileSync(file('boundary.config.json'), 'utf8');
      for (const lib of [LIB, OTHER_LIB]) expect(config, 'boundary.config.json').toContain(`packages/${lib}`);
      // A ts-preset workspace tracks its tsconfigs and has typescript: its libraries' boundary is their exported API.
      const components = Object.values((JSON.parse(config) as { components: Record<string, { path: string; boundary: { provider: string } }> }).components);
      for (const lib of [LIB, OTHER_LIB]) expect(components.find((c) => c.path === `packages/${lib}`)?.boundary.provider, `packages/${lib}`).toBe('typescript-api');
    } else if (command.includes('boundver generate')) {
      expect(existsSync(file('boundary.lock.json'))).toBe(true);
      const lock = readJson(file('boundary.lock.json')) as { components: Record<string, { boundary_metadata?: { api_symbols?: Record<string, string> } }> };
      expect(Object.values(lock.components).some((c) => Object.keys(c.boundary_metadata?.api_symbols ?? {}).length > 0), 'the lock records exported symbols').toBe(true);
    } else if (command.includes('nx g @driftgate/nx:hub')) {
      const status = (await run('git status --porcelain --untracked-files=all')).stdout;
      const hubs = [...status.matchAll(/^\?\? (\S+\.md)$/gm)].map((match) => match[1]!);
      expect(hubs, `one new hub in\n${status}`).toHaveLength(1);
      hub = hubs[0]!;
      const text = readFileSync(file(hub), 'utf8');
      expect(text).toContain(PLACEHOLDERS['<claim>']);
      expect(text, 'the new claim starts unstamped').not.toMatch(/^\s+hash: /m);
    } else if (command.includes(':stamp-claims')) {
      expect(hub, 'the hub generator ran before stamp-claims').not.toBe('');
      expect(readFileSync(file(hub), 'utf8'), `${hub} after stamp-claims`).toMatch(/^\s+hash: \d+:[0-9a-f]+$/m);
    } else if (command.includes(':verify-claims') && command.startsWith('npx nx run')) {
      const task = `${PLACEHOLDERS['<project>']}:verify-claims`;
      expect(taskOutcomes(result.output).get(task), `${task} ran (a cache miss)\n${result.output}`).toBe('ran');
      const reports = reportPaths(result.output);
      expect(reports.length, `report lines in\n${result.output}`).toBeGreaterThan(0);
      for (const path of reports) expect(existsSync(file(path)), path).toBe(true);
    }
  }

  step('after `rm -rf reports`, verify-claims is a cache hit that restores every report', 5 * MINUTE, async () => {
    rmSync(file('reports'), { recursive: true, force: true });
    const task = `${PLACEHOLDERS['<project>']}:verify-claims`;
    const again = await nx(`run ${task}`);
    expectSuccess(`nx run ${task}`, again);
    expectNoNodeWarning(`nx run ${task}`, again);
    expect(taskOutcomes(again.output).get(task), again.output).toBe('cache');
    expect(again.output).toContain('[local cache]');
    const reports = reportPaths(again.output);
    expect(reports.length, again.output).toBeGreaterThan(0);
    for (const path of reports) expect(existsSync(file(path)), `${path} restored`).toBe(true);
    for (const extension of ['.xml', '.sarif']) {
      expect(reports.some((path) => path.endsWith(extension)), `a ${extension} report (init --formats=junit,sarif): ${reports.join(', ')}`).toBe(true);
    }
  });

  let base = '';
  const otherProject = `@${WORKSPACE}/${OTHER_LIB}`;

  step('a second hub, about the other library, stamped and committed', 5 * MINUTE, async () => {
    const created = await nx(`g @driftgate/nx:hub ${otherProject} --claim="${OTHER_LIB} returns the library's name" --at='packages/${OTHER_LIB}/src/lib/${OTHER_LIB}.ts > ${OTHER_LIB}'`);
    expectSuccess('nx g @driftgate/nx:hub (second)', created);
    expectSuccess(`nx run ${otherProject}:stamp-claims`, await nx(`run ${otherProject}:stamp-claims`));
    base = await commit('Claim what the other library does');
    const both = await nx('run-many -t verify-claims');
    expectSuccess('nx run-many -t verify-claims', both);
    const outcomes = taskOutcomes(both.output);
    expect([...outcomes.keys()].sort(), both.output).toEqual([`${PLACEHOLDERS['<project>']}:verify-claims`, `${otherProject}:verify-claims`].sort());
  });

  step('a logic edit under the claim fails verify-claims and writes its report', 5 * MINUTE, async () => {
    const source = file(PLACEHOLDERS['<file>']!);
    const text = readFileSync(source, 'utf8');
    const edited = text.replace(`return '${LIB}';`, `return '${LIB}'.toUpperCase();`);
    expect(edited, `the generated ${PLACEHOLDERS['<file>']} returns '${LIB}'`).not.toBe(text);
    writeFileSync(source, edited);
    rmSync(file('reports'), { recursive: true, force: true });
    const task = `${PLACEHOLDERS['<project>']}:verify-claims`;
    const result = await nx(`run ${task}`);
    expect(result.status, describeRun(`nx run ${task} after the edit`, result)).not.toBe(0);
    expectNoNodeWarning(`nx run ${task} after the edit`, result);
    expect(taskOutcomes(result.output).get(task), result.output).toBe('ran');
    const reports = reportPaths(result.output);
    expect(reports.length, result.output).toBeGreaterThan(0);
    for (const path of reports) expect(existsSync(file(path)), path).toBe(true);
    const junit = reports.find((path) => path.endsWith('.xml'));
    expect(junit, reports.join(', ')).toBeDefined();
    expect(readFileSync(file(junit!), 'utf8')).toMatch(/<failure/);
  });

  if (scenario.react18LegacyPeerDeps) {
    step('surf triage runs its TUI in a terminal in a React 18 workspace installed with legacy-peer-deps', 3 * MINUTE, async () => {
      // The workspace's React 18 is the one at the top of node_modules, where a package that does
      // not bring its own React would find it.
      expect(readJson(file('node_modules/react/package.json')).version).toBe(WORKSPACE_REACT);
      // `script` gives the TUI a pseudo-terminal (CI unset, or triage prints the check report);
      // `q` quits once the first screen is up.
      const triage = await run(`(sleep 15; printf q) | env -u CI TERM=xterm-256color script -qefc 'npx surf triage' /dev/null`, 2 * MINUTE);
      expect(triage.output).not.toMatch(/TypeError|Cannot read properties/);
      expect(triage.output, describeRun('surf triage', triage)).toMatch(/1 diverged/);
      expect(triage.status, describeRun('surf triage', triage)).toBe(0);
    });
  }

  step('verify-boundary: the edited library fails, the other passes', 5 * MINUTE, async () => {
    const edited = await nx(`run ${PLACEHOLDERS['<project>']}:verify-boundary`);
    expect(edited.status, describeRun('verify-boundary of the edited library', edited)).not.toBe(0);
    // A body edit leaves the exported API alone: implementation only, not a boundary change.
    expect(edited.output, describeRun('verify-boundary of the edited library', edited)).toContain('boundver verify: exit 1');
    expect(edited.output).not.toContain('API CHANGE');
    expectNoNodeWarning('verify-boundary', edited);
    const reports = reportPaths(edited.output);
    expect(reports.length, edited.output).toBeGreaterThan(0);
    for (const path of reports) expect(existsSync(file(path)), path).toBe(true);
    const other = await nx(`run ${otherProject}:verify-boundary`);
    expectSuccess(`nx run ${otherProject}:verify-boundary`, other);
  });

  step('nx affected -t verify-claims runs only the edited project', 5 * MINUTE, async () => {
    const result = await nx(`affected -t verify-claims --base=${base}`);
    const tasks = [...taskOutcomes(result.output).keys()];
    expect(tasks, describeRun('nx affected -t verify-claims', result)).toEqual([`${PLACEHOLDERS['<project>']}:verify-claims`]);
    expect(result.status, 'the edited project still diverges').not.toBe(0);
  });

  if (scenario.ciJob !== false) step("docs/ci.md's GitHub job: its run steps fail on the edit, and its JUnit and SARIF steps find the reports", 15 * MINUTE, async () => {
    rmSync(file('reports'), { recursive: true, force: true });
    // CI checks out a pushed commit: the edit is committed, and nrwl/nx-set-shas hands
    // `nx affected` the last green commit and that one.
    // The other library changes too, so two projects' reports share each SARIF category.
    const otherSource = file(`packages/${OTHER_LIB}/src/lib/${OTHER_LIB}.ts`);
    const otherText = readFileSync(otherSource, 'utf8');
    const otherEdited = otherText.replace(`return '${OTHER_LIB}';`, `return '${OTHER_LIB}'.toUpperCase();`);
    expect(otherEdited, `the generated ${OTHER_LIB}.ts returns '${OTHER_LIB}'`).not.toBe(otherText);
    writeFileSync(otherSource, otherEdited);
    const head = await commit(`Make ${LIB} and ${OTHER_LIB} shout`);
    const jobEnv = { ...env, NX_BASE: base, NX_HEAD: head };
    let failedRun: string | undefined;
    let failedOutput = '';
    let published = 0;
    for (const workflowStep of ciWorkflowSteps()) {
      // GitHub skips a step after a failed one unless it says `if: always()`.
      if (failedRun !== undefined && workflowStep.if !== 'always()') continue;
      if (workflowStep.run !== undefined) {
        const result = await timed(label(`docs/ci.md: ${workflowStep.run}`), () => sh(workflowStep.run!, workspace, jobEnv));
        if (result.status !== 0 && failedRun === undefined) {
          failedRun = workflowStep.run;
          failedOutput = describeRun(workflowStep.run, result);
        }
        if (workflowStep.run.includes('nx affected')) {
          const projects = [PLACEHOLDERS['<project>'], otherProject];
          const ran = [...taskOutcomes(result.output).keys()].sort();
          const expected = projects.flatMap((project) => [`${project}:verify-boundary`, `${project}:verify-claims`]).sort();
          expect(ran.filter((task) => expected.includes(task)), result.output).toEqual(expected);
          // The workspace-level target owns the lock as a whole; Nx selects its project when it
          // maps a changed file to one of its inputs (generate-boundary reads every component).
          const root = (JSON.parse(readFileSync(file('package.json'), 'utf8')) as { name: string }).name;
          expect(ran.filter((task) => !expected.includes(task)), result.output).toEqual(ran.includes(`${root}:verify-boundary`) ? [`${root}:verify-boundary`] : []);
        }
      } else if (workflowStep.uses?.startsWith('mikepenz/action-junit-report')) {
        const pattern = String(workflowStep.with?.['report_paths']);
        const matched = filesBelow(workspace, pattern.split('/')[0]!).filter((path) => minimatch(path, pattern));
        expect(matched.length, `${pattern} matches a JUnit report; the first failed run step: ${failedOutput}`).toBeGreaterThan(0);
        expect(matched.some((path) => /<failure/.test(readFileSync(file(path), 'utf8'))), `a <failure> in ${matched.join(', ')}`).toBe(true);
        published++;
      } else if (workflowStep.uses?.startsWith('github/codeql-action/upload-sarif')) {
        const target = String(workflowStep.with?.['sarif_file']);
        // The merged log is a build product like the reports: git-ignored with them (nx:init ignores the folder).
        expect((await run(`git check-ignore -q ${target}`)).status, `${target} is git-ignored`).toBe(0);
        const sarif = target.endsWith('.sarif') ? [target] : filesBelow(workspace, target).filter((path) => path.endsWith('.sarif'));
        expect(sarif.length, `SARIF files at ${target}`).toBeGreaterThan(0);
        // upload-sarif refuses an upload in which two runs share a category.
        const categories: string[] = [];
        for (const path of sarif) {
          expect(existsSync(file(path)), path).toBe(true);
          const log = JSON.parse(readFileSync(file(path), 'utf8')) as { version?: string; runs?: Array<{ automationDetails?: { id?: string } }> };
          expect(log.version, path).toBe('2.1.0');
          for (const run of log.runs ?? []) categories.push(String(run.automationDetails?.id));
        }
        expect(new Set(categories).size, `one run per category in ${sarif.join(', ')}: ${categories.join(', ')}`).toBe(categories.length);
        published++;
      }
    }
    expect(failedRun, `the gate step fails on the edited project\n${failedOutput}`).toContain('nx affected');
    expect(published, 'the job publishes JUnit and SARIF').toBe(2);
  });

  if (scenario.upgradeTo !== undefined) {
    const target = scenario.upgradeTo;
    step(`upgrading the workspace to nx ${target}: nx migrate, npm install, the migrations, then npm ci`, 20 * MINUTE, async () => {
      await migrateNx(target);
      // A fresh checkout of the upgraded workspace (CI) installs from the lock as it is.
      const ci = await run('npm ci');
      expectSuccess('npm ci (after the upgrade)', ci);
      expect(readJson(file('node_modules/nx/package.json')).version).toBe(target);
      expect(readJson(file('node_modules/@driftgate/nx/package.json')).version).toBe(packageVersion);
      expect((await run('git status --porcelain')).stdout, 'npm ci leaves the committed lock alone').toBe('');
    });

    step(`under nx ${target}, verify-claims runs, is a cache hit, and misses on a logic edit`, 10 * MINUTE, async () => {
      const task = `${PLACEHOLDERS['<project>']}:verify-claims`;
      // The library's edit is committed and diverges: stamp it, so the gate starts green.
      const stamped = await nx(`run ${PLACEHOLDERS['<project>']}:stamp-claims`);
      expectSuccess(`nx run ${PLACEHOLDERS['<project>']}:stamp-claims`, stamped);
      expectNoNodeWarning('stamp-claims', stamped);
      rmSync(file('reports'), { recursive: true, force: true });
      const first = await nx(`run ${task}`);
      expectSuccess(`nx run ${task} (after the upgrade)`, first);
      expectNoNodeWarning(`nx run ${task}`, first);
      expect(taskOutcomes(first.output).get(task), first.output).toBe('ran');
      rmSync(file('reports'), { recursive: true, force: true });
      const again = await nx(`run ${task}`);
      expectSuccess(`nx run ${task} (again)`, again);
      expect(taskOutcomes(again.output).get(task), again.output).toBe('cache');
      for (const path of reportPaths(again.output)) expect(existsSync(file(path)), `${path} restored`).toBe(true);
      const source = file(PLACEHOLDERS['<file>']!);
      const text = readFileSync(source, 'utf8');
      const edited = text.replace(/return '([a-z]+)'/, "return '$1'.trim()");
      expect(edited, `${PLACEHOLDERS['<file>']} returns a string literal`).not.toBe(text);
      writeFileSync(source, edited);
      const missed = await nx(`run ${task}`);
      expect(missed.status, describeRun(`nx run ${task} after an edit`, missed)).not.toBe(0);
      expectNoNodeWarning(`nx run ${task} after an edit`, missed);
      expect(taskOutcomes(missed.output).get(task), missed.output).toBe('ran');
    });
  }
});
