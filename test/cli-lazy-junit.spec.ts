import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoRun, runDemo } from './reports-demo.test-helpers.js';
import { GIT_TEST_ENV } from './support/temp-repo.js';

// junit-report-builder brings all of lodash: the built CLIs load it only for a JUnit report, so
// every other command starts without it. (boundver verify ends with 4 here: the demo has drifted.) Needs `npm run build` first, as `.ci/run` does.

const SURF = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));
const BOUNDVER = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));
const PRELOAD = pathToFileURL(fileURLToPath(new URL('./support/loaded-packages-on-exit.mjs', import.meta.url))).href;

let demo: DemoRun;
let scratch: string;

beforeAll(async () => {
  demo = await runDemo();
  scratch = mkdtempSync(join(tmpdir(), 'driftgate-loaded-'));
});

afterAll(() => {
  demo?.repo.dispose();
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

/** The packages the CLI loaded from node_modules through require (with its exit status). */
function loadedPackages(bin: string, args: string[]): { status: number | null; packages: string[]; stderr: string } {
  const list = join(scratch, 'loaded.txt');
  rmSync(list, { force: true });
  const result = spawnSync(process.execPath, ['--import', PRELOAD, bin, ...args], {
    cwd: demo.repo.dir,
    encoding: 'utf8',
    env: { ...process.env, ...GIT_TEST_ENV, SURF_WORKERS: '0', DRIFTGATE_LOADED_PACKAGES: list },
  });
  return { status: result.status, packages: readFileSync(list, 'utf8').split('\n').filter(Boolean), stderr: result.stderr };
}

describe('the CLIs load the JUnit builder only for a JUnit report', () => {
  it('is not bundled into either CLI (a bundled copy would be evaluated at every start)', () => {
    for (const bundle of ['../tools/boundver/dist/boundver-cli.js', '../tools/surf/dist/surf-cli.js']) {
      const text = readFileSync(fileURLToPath(new URL(bundle, import.meta.url)), 'utf8');
      expect(text, bundle).not.toContain('node_modules/junit-report-builder/');
      expect(text, bundle).not.toContain('node_modules/lodash/');
    }
  });

  it('boundver verify and generate without a JUnit report never load it', () => {
    const verify = loadedPackages(BOUNDVER, ['verify', '--source', 'working-tree', '--format', 'json']);
    expect(verify.status, verify.stderr).toBe(4);
    expect(verify.packages).not.toContain('junit-report-builder');
    const generate = loadedPackages(BOUNDVER, ['generate', '--source', 'working-tree', '--dry-run']);
    expect(generate.status, generate.stderr).toBe(0);
    expect(generate.packages).not.toContain('junit-report-builder');
  });

  it('boundver verify loads it for --report junit=…, and writes the report', () => {
    const run = loadedPackages(BOUNDVER, ['verify', '--source', 'working-tree', '--report', `junit=${join(scratch, 'boundary.xml')}`]);
    expect(run.status, run.stderr).toBe(4);
    expect(run.packages).toContain('junit-report-builder');
    expect(readFileSync(join(scratch, 'boundary.xml'), 'utf8')).toMatch(/<failure/);
  });

  it('surf check loads it for --format junit only', () => {
    const human = loadedPackages(SURF, ['check']);
    expect(human.status, human.stderr).toBe(1);
    expect(human.packages).not.toContain('junit-report-builder');
    const junit = loadedPackages(SURF, ['check', '--format', 'junit']);
    expect(junit.status, junit.stderr).toBe(1);
    expect(junit.packages).toContain('junit-report-builder');
  });
});
