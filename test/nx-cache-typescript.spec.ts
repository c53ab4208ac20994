import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NxWorkspace, createNxWorkspace, taskOutcomes } from './nx-workspace.js';

// A typescript-api component's surface is what the workspace's compiler reports, so the compiler
// is an input of its boundary targets: installing another TypeScript is a cache miss, and a
// workspace whose lock file does not know TypeScript still runs (Nx refuses an
// `externalDependencies` entry it has no npm node for).

/** The two compilers this repository installs: `typescript` and the `typescript-6` alias. */
const REPO_MODULES = join(process.cwd(), 'node_modules');
const COMPILERS = {
  '5': { dir: join(REPO_MODULES, 'typescript'), ...lockEntryOf('node_modules/typescript') },
  '6': { dir: join(REPO_MODULES, 'typescript-6'), ...lockEntryOf('node_modules/typescript-6') },
};

function lockEntryOf(key: string): { version: string; integrity: string } {
  const entry = JSON.parse(readFileSync(join(process.cwd(), 'package-lock.json'), 'utf8')).packages[key];
  return { version: entry.version, integrity: entry.integrity };
}

let ws: NxWorkspace;

/** What `npm i -D typescript@<version>` leaves behind: the package in node_modules, the manifest and the lock entry. */
function installTypescript(major: keyof typeof COMPILERS | null): void {
  const modules = join(ws.dir, 'node_modules', 'typescript');
  rmSync(modules, { recursive: true, force: true });
  const manifest = JSON.parse(ws.read('package.json'));
  const lock = JSON.parse(ws.read('package-lock.json'));
  if (major === null) {
    delete manifest.devDependencies.typescript;
    delete lock.packages['node_modules/typescript'];
  } else {
    const compiler = COMPILERS[major];
    symlinkSync(compiler.dir, modules);
    manifest.devDependencies.typescript = compiler.version;
    lock.packages['node_modules/typescript'] = { version: compiler.version, resolved: `https://registry.npmjs.org/typescript/-/typescript-${compiler.version}.tgz`, integrity: compiler.integrity, dev: true, license: 'Apache-2.0' };
  }
  lock.packages[''].devDependencies = manifest.devDependencies;
  ws.write({ 'package.json': `${JSON.stringify(manifest, null, 2)}\n`, 'package-lock.json': `${JSON.stringify(lock, null, 2)}\n` });
}

function targetsOf(project: string): Record<string, { inputs: unknown[] }> {
  const run = ws.nx('show', 'project', project, '--json');
  expect(run.status, run.output).toBe(0);
  return JSON.parse(run.output.slice(run.output.indexOf('{'))).targets;
}

beforeAll(() => {
  ws = createNxWorkspace({
    'package.json': `${JSON.stringify({ name: 'acme', version: '0.0.0', private: true, devDependencies: { '@driftgate/nx': '0.1.0', nx: '23.2.1' } }, null, 2)}\n`,
    'nx.json': `${JSON.stringify({ plugins: ['@driftgate/nx/plugin'] }, null, 2)}\n`,
    '.gitignore': 'node_modules/\n.nx/\nreports/\n',
    'boundary.config.json': `${JSON.stringify({ project: 'acme', components: { calc: { path: 'libs/calc', boundary: { provider: 'typescript-api', paths: ['src/index.ts'] } } } }, null, 2)}\n`,
    'libs/calc/project.json': `${JSON.stringify({ name: 'calc', projectType: 'library' }, null, 2)}\n`,
    'libs/calc/src/index.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  });
  // The repository's node_modules/typescript is linked in; the lock file records it as npm would.
  installTypescript('5');
  const generated = spawnSync(join(ws.dir, 'node_modules', '.bin', 'boundver'), ['generate'], { cwd: ws.dir, encoding: 'utf8' });
  expect(generated.status, `${generated.stdout}${generated.stderr}`).toBe(0);
  ws.commit('boundary lock');
}, 120_000);
afterAll(() => ws?.dispose());

describe('the workspace TypeScript as an input of typescript-api boundary targets', { timeout: 120_000 }, () => {
  it('names the locked typescript among the inputs of verify-boundary and generate-boundary', () => {
    expect(targetsOf('calc')['verify-boundary']!.inputs).toContainEqual({ externalDependencies: ['typescript'] });
    expect(targetsOf('acme')['generate-boundary']!.inputs).toContainEqual({ externalDependencies: ['typescript'] });
  });

  it('misses the cache after another TypeScript is installed', () => {
    const first = ws.nx('run', 'calc:verify-boundary');
    expect(first.status, first.output).toBe(0);
    const second = ws.nx('run', 'calc:verify-boundary');
    expect(taskOutcomes(second.output).get('calc:verify-boundary'), second.output).toBe('cache');

    installTypescript('6');
    const third = ws.nx('run', 'calc:verify-boundary');
    expect(taskOutcomes(third.output).get('calc:verify-boundary'), third.output).toBe('ran');
    const fourth = ws.nx('run', 'calc:verify-boundary');
    expect(taskOutcomes(fourth.output).get('calc:verify-boundary'), fourth.output).toBe('cache');
  });

  it('runs in a workspace whose lock file has no typescript, keyed by the installed version', () => {
    installTypescript(null);
    const inputs = targetsOf('calc')['verify-boundary']!.inputs;
    expect(inputs.some((input) => typeof input === 'object' && input !== null && 'externalDependencies' in input && (input as { externalDependencies: string[] }).externalDependencies.includes('typescript'))).toBe(false);
    const run = ws.nx('run', 'calc:verify-boundary');
    // No TypeScript to load: the gate itself fails, not Nx's hashing of the inputs.
    expect(run.output).not.toMatch(/externalDependenc/i);
    expect(taskOutcomes(run.output).get('calc:verify-boundary'), run.output).toBe('ran');
  });
});
