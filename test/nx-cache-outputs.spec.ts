import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxRun, type NxWorkspace, createNxWorkspace, taskOutcomes } from './nx-workspace.js';

// A cache hit must restore every report the run that filled the entry printed, whatever report
// options the run was given, and nothing else: no report of a format it did not ask for. One small
// workspace (one project with one claim and one boundver component, plugin defaults) serves every
// case; each case runs both verify targets in one `nx` call (built plugin: `npm run build` first).

const TASKS = ['lib:verify-claims', 'lib:verify-boundary'];

const TREE = {
  'package.json': `${JSON.stringify({ name: 'cache-outputs', version: '0.0.0', private: true, devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1' } }, null, 2)}\n`,
  'nx.json': `${JSON.stringify({ cacheDirectory: '.nx/cache', plugins: ['@driftgate/nx/plugin'] }, null, 2)}\n`,
  '.gitignore': 'node_modules\n.nx\nreports\nother\n',
  'surf.toml': 'hubs = ["hubs/*.md"]\n',
  'hubs/lib.md': '---\ntype: concept\ntitle: Lib\nsummary: Adding numbers.\nanchors:\n  - claim: add returns the sum of its two arguments\n    at: libs/lib/src/add.ts > add\nrefs: []\n---\n\n# Lib\n',
  'libs/lib/package.json': `${JSON.stringify({ name: 'lib', version: '1.0.0', private: true }, null, 2)}\n`,
  'libs/lib/project.json': `${JSON.stringify({ name: 'lib', projectType: 'library' }, null, 2)}\n`,
  'libs/lib/src/add.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  'boundary.config.json': `${JSON.stringify(
    {
      project: 'cache-outputs',
      components: { lib: { path: 'libs/lib', ecosystem: 'npm', version_source: { file: 'package.json', field: 'version' }, boundary: { provider: 'leaf' } } },
    },
    null,
    2,
  )}\n`,
};

/** Report options of one case: the `nx` flags, and the directory and extensions of the reports they ask for. */
interface ReportCase {
  readonly name: string;
  readonly flags: readonly string[];
  readonly reportDirectory: string;
  readonly extensions: readonly string[];
}

const DEFAULT_DIRECTORY = 'reports/driftgate';

// Every case differs from the one before in its overrides, so its first run is a miss.
const CASES: readonly ReportCase[] = [
  { name: 'the plugin defaults', flags: [], reportDirectory: DEFAULT_DIRECTORY, extensions: ['json', 'txt'] },
  ...Object.entries({ human: 'txt', json: 'json', junit: 'xml', sarif: 'sarif' }).map(([format, extension]) => ({
    name: `--formats=${format}`,
    flags: [`--formats=${format}`],
    reportDirectory: DEFAULT_DIRECTORY,
    extensions: [extension],
  })),
  { name: 'several formats', flags: ['--formats=junit,sarif,human'], reportDirectory: DEFAULT_DIRECTORY, extensions: ['sarif', 'txt', 'xml'] },
  { name: 'another report directory', flags: ['--reportDirectory=other/dir'], reportDirectory: 'other/dir', extensions: ['json', 'txt'] },
];

/** The reports both targets of a case write, sorted. */
const expectedReports = ({ reportDirectory, extensions }: ReportCase): string[] =>
  ['verify-boundary', 'verify-claims'].flatMap((kind) => extensions.map((extension) => `${reportDirectory}/libs/lib/${kind}.${extension}`)).sort();

let ws: NxWorkspace;
beforeAll(() => {
  ws = createNxWorkspace(TREE);
  // Stamp the claim and write the lock, so both gates pass (failed tasks are not cached).
  const setup = ws.nx('run-many', '-t', 'stamp-claims', 'generate-boundary');
  if (setup.status !== 0) throw new Error(`setup failed:\n${setup.output}`);
  ws.commit('stamped and locked');
}, 120_000);
afterAll(() => ws?.dispose());

/** The paths a run printed as `report: <path>`, sorted. */
function printedReports(run: NxRun): string[] {
  return [...new Set([...run.output.matchAll(/report: (\S+)\s*$/gm)].map((match) => match[1]!))].sort();
}

/** Every file under a workspace directory, workspace-relative, sorted (none when it is absent). */
function filesUnder(dir: string): string[] {
  const absolute = join(ws.dir, ...dir.split('/'));
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${dir}/${relative(absolute, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .sort();
}

/** Both verify targets of the project, with the task output shown (it names the reports). */
function run(flags: readonly string[]): NxRun {
  return ws.nx('run-many', '-t', 'verify-claims', 'verify-boundary', '-p', 'lib', '--outputStyle=static', ...flags);
}

function removeReports(): void {
  for (const dir of ['reports', 'other']) rmSync(join(ws.dir, dir), { recursive: true, force: true });
}

describe('verify targets restore exactly the reports they wrote', { timeout: 300_000 }, () => {
  it.each(CASES)('$name: miss, delete the reports, hit with every printed report back', (reportCase) => {
    const { flags, reportDirectory } = reportCase;
    const expected = expectedReports(reportCase);
    // A report of every format this case does not ask for, as an earlier run would have left it.
    const stale = expectedReports({ ...reportCase, extensions: ['txt', 'json', 'xml', 'sarif'] }).filter((path) => !expected.includes(path));
    ws.write(Object.fromEntries(stale.map((path) => [path, 'stale\n'])));
    const miss = run(flags);
    expect(miss.status, miss.output).toBe(0);
    for (const task of TASKS) expect(taskOutcomes(miss.output).get(task), miss.output).toBe('ran');
    const printed = printedReports(miss);
    expect(printed, miss.output).toEqual(expected);
    // The stale reports are gone, so the cache entry cannot capture them.
    expect(filesUnder(reportDirectory)).toEqual(printed);
    const bytes = printed.map((path) => readFileSync(join(ws.dir, path)));

    removeReports();
    const hit = run(flags);
    expect(hit.status, hit.output).toBe(0);
    for (const task of TASKS) expect(taskOutcomes(hit.output).get(task), hit.output).toBe('cache');
    expect(printedReports(hit)).toEqual(printed);
    for (const [index, path] of printed.entries()) {
      expect(ws.exists(path), `${path} after the cache hit`).toBe(true);
      expect(readFileSync(join(ws.dir, path)).equals(bytes[index]!), `${path} has the bytes of the miss`).toBe(true);
    }
    // Nothing else came back: no stale report of another format captured by the entry.
    expect(filesUnder(reportDirectory)).toEqual(printed);
  });
});

// Last: its runs fill Nx's cache with the default flags' hashes, and the cases above must start with a miss.
describe('surf’s result cache under verify-claims', { timeout: 300_000 }, () => {
  it('is filled by the target but is neither its input nor its output: removing it changes no Nx cache hit', () => {
    const cacheDir = join(ws.dir, 'node_modules', '.cache', 'driftgate', 'surf-v2');
    rmSync(cacheDir, { recursive: true, force: true });
    const miss = run(['--skip-nx-cache']);
    expect(miss.status, miss.output).toBe(0);
    expect(readdirSync(cacheDir).filter((name) => name.endsWith('.json')), miss.output).toHaveLength(1);
    const first = run([]);
    expect(first.status, first.output).toBe(0);
    rmSync(cacheDir, { recursive: true, force: true });
    const again = run([]);
    expect(again.status, again.output).toBe(0);
    expect(taskOutcomes(again.output).get('lib:verify-claims'), again.output).toBe('cache');
  });
});
