import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxWorkspace, createNxWorkspace, taskOutcomes } from './nx-workspace.js';
import { createTempRepo } from './support/temp-repo.js';

// verify-boundary run by Nx as one batch: the tasks of a run-many share one process, so the
// workspace's TypeScript is loaded and its lib files parsed once, not once per task; each task
// still has its own verdict, terminal output and reports, the same bytes as when every task runs
// in a process of its own (--batch=false).

const LIBRARIES = ['alpha', 'beta', 'gamma'];
const source = (name: string) => `export interface ${name}Options {\n  readonly limit: number;\n}\n\nexport function ${name}(options: ${name}Options): number {\n  return options.limit * 2;\n}\n`;

let ws: NxWorkspace;
/** Where a preloaded module records the argv of every Node process the runs start. */
let processLog: string;
let disposeLogDir: () => void;

beforeAll(() => {
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({ name: 'acme', version: '0.0.0', private: true, devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1', typescript: '5.9.3' } }, null, 2)}\n`,
    'nx.json': `${JSON.stringify({ plugins: ['@driftgate/nx/plugin'] }, null, 2)}\n`,
    '.gitignore': 'node_modules/\n.nx/\nreports/\n',
    'boundary.config.json': `${JSON.stringify({ project: 'acme', components: Object.fromEntries(LIBRARIES.map((lib) => [lib, { path: `libs/${lib}`, boundary: { provider: 'typescript-api', paths: ['src/index.ts'] } }])) }, null, 2)}\n`,
  };
  for (const lib of LIBRARIES) {
    files[`libs/${lib}/project.json`] = `${JSON.stringify({ name: lib, projectType: 'library' }, null, 2)}\n`;
    files[`libs/${lib}/src/index.ts`] = `export * from './lib/${lib}.js';\n`;
    files[`libs/${lib}/src/lib/${lib}.ts`] = source(lib);
  }
  ws = createNxWorkspace(files);
  const generated = spawnSync(join(ws.dir, 'node_modules', '.bin', 'boundver'), ['generate'], { cwd: ws.dir, encoding: 'utf8' });
  expect(generated.status, `${generated.stdout}${generated.stderr}`).toBe(0);
  ws.commit('boundary lock');
  const logDir = createTempRepo({ 'record.cjs': "require('node:fs').appendFileSync(process.env.DRIFTGATE_TEST_PROCESS_LOG, JSON.stringify(process.argv.slice(1)) + '\\n');\n" });
  processLog = join(logDir.dir, 'processes.jsonl');
  disposeLogDir = () => logDir.dispose();
}, 120_000);
afterAll(() => {
  ws?.dispose();
  disposeLogDir?.();
});

/** Runs verify-boundary over every project (each task executed), recording the processes Nx starts. */
function runMany(...extra: string[]): { status: number | null; output: string; processes: string[][]; reports: Record<string, string> } {
  writeFileSync(processLog, '');
  const run = ws.nx('run-many', '-t', 'verify-boundary', '--outputStyle=static', '--skip-nx-cache', ...extra);
  const processes = readFileSync(processLog, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as string[]);
  const reports = Object.fromEntries(LIBRARIES.map((lib) => [lib, ws.read(`reports/driftgate/libs/${lib}/verify-boundary.json`)]));
  return { status: run.status, output: run.output, processes, reports };
}

describe('verify-boundary as an Nx batch', () => {
  it('runs every task of a run-many in one process, with the verdicts and reports of separate processes', { timeout: 300_000 }, () => {
    // An API change in beta: its task fails with boundary drift, the others pass.
    const beta = join(ws.dir, 'libs/beta/src/lib/beta.ts');
    writeFileSync(beta, source('beta').replace('readonly limit: number;', 'readonly limit: number;\n  readonly floor?: number;'));
    process.env['NODE_OPTIONS'] = `${process.env['NODE_OPTIONS'] ?? ''} --require ${join(processLog, '..', 'record.cjs')}`.trim();
    process.env['DRIFTGATE_TEST_PROCESS_LOG'] = processLog;
    let batched: ReturnType<typeof runMany>;
    let separate: ReturnType<typeof runMany>;
    try {
      batched = runMany();
      separate = runMany('--batch=false');
    } finally {
      delete process.env['DRIFTGATE_TEST_PROCESS_LOG'];
      process.env['NODE_OPTIONS'] = (process.env['NODE_OPTIONS'] ?? '').replace(/\s*--require \S+record\.cjs/, '').trim();
    }
    const script = (argv: string[]) => (argv[0] ?? '').replace(/\\/g, '/').split('/').pop();
    const count = (processes: string[][], name: string) => processes.filter((argv) => script(argv) === name).length;

    // One batch process, no per-task executor process; and without the batch, one per task.
    expect(count(batched.processes, 'run-batch.js'), JSON.stringify(batched.processes)).toBe(1);
    expect(count(batched.processes, 'run-executor.js')).toBe(0);
    expect(count(separate.processes, 'run-batch.js')).toBe(0);
    expect(count(separate.processes, 'run-executor.js')).toBeGreaterThanOrEqual(LIBRARIES.length);

    for (const run of [batched, separate]) {
      expect(run.status, run.output).not.toBe(0);
      const outcomes = taskOutcomes(run.output);
      for (const lib of LIBRARIES) expect(outcomes.get(`${lib}:verify-boundary`), run.output).toBe('ran');
      expect(run.output).toContain('boundver verify: exit 4 (boundary drift).');
      expect(run.output).toContain('boundver verify: exit 0 (the lock matches).');
      expect(run.output).toContain('report: reports/driftgate/libs/beta/verify-boundary.json');
      // The hint names the project that carries generate-boundary (the root package's), not a placeholder.
      expect(run.output).toContain('record reviewed drift with the generate-boundary target (`nx run acme:generate-boundary`)');
    }
    expect(batched.reports).toEqual(separate.reports);
  });

  it('refuses an unknown option in one clear line and a non-zero exit, batched as when not', { timeout: 120_000 }, () => {
    // `--dry-run` is no option of run-many: Nx hands it to the tasks as `dry-run`.
    for (const [flag, name] of [['--foo=1', 'foo'], ['--dry-run', 'dry-run']] as const) {
      for (const extra of [[], ['--batch=false']]) {
        const run = ws.nx('run-many', '-t', 'verify-boundary', '--outputStyle=static', '--skip-nx-cache', flag, ...extra);
        expect(run.status, run.output).not.toBe(0);
        expect(run.output).toContain(`verify-boundary: DRIFTGATE_NX_BAD_OPTIONS: '${name}' is not found in schema of @driftgate/nx:verify-boundary`);
        expect(run.output).not.toMatch(/UnhandledPromiseRejection|at async|    at /);
      }
    }
  });
});
