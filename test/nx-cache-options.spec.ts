import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxRun, type NxWorkspace, createNxWorkspace, taskOutcomes } from './nx-workspace.js';

// A cache hit must never replay a verdict on other bytes than the run would read. An option that
// selects other files than the target's inputs name (other hubs, another snapshot, config, lock or
// components) or writes another file than its outputs name is refused on a cached inferred
// target, before anything is read or written; the same option runs under --skip-nx-cache and on a
// target configured by hand with cache off. Built plugin: `npm run build` first.

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

const CONFIG = {
  project: 'cache-options',
  components: {
    lib: { path: 'libs/lib', ecosystem: 'npm', version_source: { file: 'package.json', field: 'version' }, boundary: { provider: 'leaf' } },
    other: { path: 'libs/other', ecosystem: 'npm', version_source: { file: 'package.json', field: 'version' }, boundary: { provider: 'leaf' } },
  },
};

const hub = (title: string, claim: string, at: string): string => `---\ntype: concept\ntitle: ${title}\nsummary: ${title}.\nanchors:\n  - claim: ${claim}\n    at: ${at}\nrefs: []\n---\n\n# ${title}\n`;

const TREE = {
  'package.json': json({ name: 'cache-options', version: '0.0.0', private: true, devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1' } }),
  'nx.json': json({ cacheDirectory: '.nx/cache', plugins: ['@driftgate/nx/plugin'] }),
  '.gitignore': 'node_modules\n.nx\nreports\n',
  'surf.toml': 'hubs = ["hubs/*.md"]\n',
  'hubs/lib.md': hub('Lib', 'add returns the sum of its two arguments', 'libs/lib/src/add.ts > add'),
  'hubs/other.md': hub('Other', 'sub returns the difference of its two arguments', 'libs/other/src/sub.ts > sub'),
  'libs/lib/package.json': json({ name: 'lib', version: '1.0.0', private: true }),
  // Hand-configured targets with cache off: they take any option, since nothing is replayed.
  'libs/lib/project.json': json({
    name: 'lib',
    projectType: 'library',
    targets: {
      'claims-any': { executor: '@driftgate/nx:verify-claims', cache: false, options: {} },
      'boundary-any': { executor: '@driftgate/nx:verify-boundary', cache: false, options: {} },
    },
  }),
  'libs/lib/src/add.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  'libs/other/package.json': json({ name: 'other', version: '1.0.0', private: true }),
  'libs/other/project.json': json({ name: 'other', projectType: 'library' }),
  'libs/other/src/sub.ts': 'export function sub(a: number, b: number): number {\n  return a - b;\n}\n',
  'boundary.config.json': json(CONFIG),
  // A second config that is valid on its own: the refusal is not a config error.
  'other.config.json': json({ ...CONFIG, components: { lib: CONFIG.components.lib } }),
};

const WORKSPACE = 'cache-options';
const LOCK = 'boundary.lock.json';

let ws: NxWorkspace;
let lockBytes: Buffer;
beforeAll(() => {
  ws = createNxWorkspace(TREE);
  // Stamp the claims and write the locks, so every gate that runs passes.
  const setup = ws.nx('run-many', '-t', 'stamp-claims', 'generate-boundary');
  if (setup.status !== 0) throw new Error(`setup failed:\n${setup.output}`);
  const other = ws.nx('run', `${WORKSPACE}:generate-boundary`, '--config=other.config.json', '--out=other.lock.json', '--skip-nx-cache');
  if (other.status !== 0) throw new Error(`setup failed:\n${other.output}`);
  ws.commit('stamped and locked');
  lockBytes = readFileSync(join(ws.dir, LOCK));
}, 180_000);
afterAll(() => ws?.dispose());

/** Every file under `reports/`, workspace-relative (none when it is absent). */
function reports(): string[] {
  const dir = join(ws.dir, 'reports');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(ws.dir.length + 1));
}

function run(task: string, flags: readonly string[]): NxRun {
  rmSync(join(ws.dir, 'reports'), { recursive: true, force: true });
  return ws.nx('run', task, '--outputStyle=static', ...flags);
}

/** The run failed on its own (not from the cache) with the refusal, and wrote no report. */
function expectRefused(result: NxRun, task: string, ...message: string[]): void {
  expect(result.status, result.output).not.toBe(0);
  expect(taskOutcomes(result.output).get(task), result.output).toBe('ran');
  expect(result.output).toContain('DRIFTGATE_NX_UNCACHEABLE_OPTION');
  for (const part of message) expect(result.output).toContain(part);
  expect(reports()).toEqual([]);
}

interface RefusedCase {
  readonly task: string;
  readonly flags: readonly string[];
  readonly message: readonly string[];
}

const REFUSED: readonly RefusedCase[] = [
  { task: 'lib:verify-claims', flags: ['--hubs=hubs/other.md'], message: ['--hubs=hubs/other.md reads files that are not inputs of this cached target (hubs/other.md, libs/other/src/sub.ts)'] },
  {
    task: 'lib:verify-boundary',
    flags: ['--source=head'],
    message: ["--source=head would be cached under the working tree's inputs", 'set the plugin option boundarySource to head in nx.json', '`npx boundver verify --source head` directly'],
  },
  { task: 'lib:verify-boundary', flags: ['--source=index'], message: ['--source=index reads the git index, which no cache key describes'] },
  { task: 'lib:verify-boundary', flags: ['--config=other.config.json'], message: ['--config=other.config.json would be cached under the inputs of boundary.config.json', 'boundaryConfig'] },
  { task: 'lib:verify-boundary', flags: ['--lock=other.lock.json'], message: ['--lock=other.lock.json would be cached under the inputs of boundary.lock.json', 'boundaryLock'] },
  { task: 'lib:verify-boundary', flags: ['--components=other'], message: ['--components=other reads files that are not inputs of this cached target (they cover lib)'] },
  { task: `${WORKSPACE}:generate-boundary`, flags: ['--source=head'], message: ['`npx boundver generate --source head` directly'] },
  { task: `${WORKSPACE}:generate-boundary`, flags: ['--config=other.config.json'], message: ['--config=other.config.json would be cached'] },
  { task: `${WORKSPACE}:generate-boundary`, flags: ['--out=new.lock.json'], message: ['--out=new.lock.json writes a lock this cached target does not declare as its output'] },
  { task: `${WORKSPACE}:generate-boundary`, flags: ['--components=lib'], message: ['--components=lib refreshes part of the existing boundary.lock.json'] },
  { task: `${WORKSPACE}:generate-boundary`, flags: ['--dryRun'], message: ['--dryRun writes no lock'] },
];

describe('options a cached inferred target cannot describe are refused', { timeout: 300_000 }, () => {
  it.each(REFUSED)('$task $flags', ({ task, flags, message }) => {
    // Make the lock stale, so a generate that ran would rewrite it.
    ws.write({ 'libs/lib/src/add.ts': 'export function add(a: number, b: number): number {\n  return b + a;\n}\n' });
    try {
      expectRefused(run(task, flags), task, ...message, '--skip-nx-cache');
      expect(readFileSync(join(ws.dir, LOCK)).equals(lockBytes), 'the lock is untouched').toBe(true);
      expect(ws.exists('new.lock.json')).toBe(false);
    } finally {
      ws.git('checkout', '--', 'libs/lib/src/add.ts');
    }
  });
});

describe('the same options run where no result is replayed', { timeout: 300_000 }, () => {
  it('under --skip-nx-cache', () => {
    for (const flags of [['--source=head'], ['--lock=other.lock.json', '--config=other.config.json']]) {
      const result = run('lib:verify-boundary', [...flags, '--skip-nx-cache']);
      expect(result.status, result.output).toBe(0);
      expect(reports()).toContain('reports/driftgate/libs/lib/verify-boundary.json');
    }
  });

  it('on targets configured by hand with cache off', () => {
    for (const [task, flags] of [
      ['lib:claims-any', ['--hubs=hubs/other.md']],
      ['lib:boundary-any', ['--source=head']],
      ['lib:boundary-any', ['--source=index', '--components=other']],
      ['lib:boundary-any', ['--config=other.config.json', '--lock=other.lock.json']],
    ] as const) {
      const result = run(task, flags);
      expect(result.status, `${task} ${flags.join(' ')}\n${result.output}`).toBe(0);
      expect(taskOutcomes(result.output).get(task)).toBe('ran');
      expect(reports().length).toBeGreaterThan(0);
    }
  });

  it('on the inferred targets with their own options, cached as before', () => {
    for (const attempt of ['miss', 'hit'] as const) {
      const result = ws.nx('run-many', '-t', 'verify-claims', 'verify-boundary', '-p', 'lib', '--outputStyle=static');
      expect(result.status, result.output).toBe(0);
      if (attempt === 'hit') expect(taskOutcomes(result.output).get('lib:verify-boundary'), result.output).toBe('cache');
    }
  });
});
