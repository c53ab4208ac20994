import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltCli } from '../tools/boundver/src/cli-run.test-helpers.js';

// The bins turn on Node's compile cache (tools/node-support/compile-cache.js) where Node has one:
// beside the result cache, in a folder named by the build's bundle key, and never at the cost of
// a word on stderr or a failed command. Node 22.1+ is the registry's Node 24, as in
// node-support.spec.ts; the Node running the tests stands for Node 20 when it is one.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FROM_REGISTRY = join(ROOT, 'tools/node-support/node-from-registry.mjs');
const NEW_NODE = '24.22.3';
const STAGED = join(ROOT, 'dist/packages/nx');

const BINS = [
  { bin: 'surf', path: join(ROOT, 'tools/surf/bin/surf.js'), bundle: 'surf-cli.js', key: join(ROOT, 'tools/surf/dist/bundle-key') },
  { bin: 'boundver', path: join(ROOT, 'tools/boundver/bin/boundver.js'), bundle: 'boundver-cli.js', key: join(ROOT, 'tools/boundver/dist/bundle-key') },
  { bin: 'surf (published package)', path: join(STAGED, 'bin/surf.js'), bundle: 'surf-cli.js', key: join(STAGED, 'dist/bundle-key') },
] as const;

let workspaces: string[] = [];

/** A folder with an empty `node_modules`, where the cache goes by default. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'driftgate-compile-cache-'));
  mkdirSync(join(dir, 'node_modules'));
  workspaces.push(dir);
  return dir;
}

/** The environment of a start: none of the variables that move or switch off a cache. */
function env(extra: Record<string, string> = {}): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(SURF_CACHE_DIR|SURF_NO_CACHE|NODE_COMPILE_CACHE|NODE_DISABLE_COMPILE_CACHE|NODE_DEBUG_NATIVE)$/.test(name)) base[name] = value;
  }
  return { ...base, ...extra };
}

function start(node: string, bin: string, cwd: string, extra: Record<string, string> = {}) {
  return spawnSync(node, [bin, '--version'], { cwd, encoding: 'utf8', env: env(extra) });
}

function files(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort() : [];
}

afterEach(() => {
  for (const dir of workspaces) rmSync(dir, { recursive: true, force: true });
  workspaces = [];
});

describe(`the compile cache on Node ${NEW_NODE}`, () => {
  let newNode: string;
  beforeAll(() => {
    requireBuiltCli();
    const fetched = spawnSync(process.execPath, [FROM_REGISTRY, NEW_NODE], { encoding: 'utf8' });
    expect(fetched.status, fetched.stderr).toBe(0);
    newNode = join(fetched.stdout.trim(), 'node');
    expect(existsSync(newNode)).toBe(true);
  }, 300_000);

  for (const { bin, path, bundle, key } of BINS) {
    it(`${bin}: the first start writes it under the bundle key, the second reads it, neither prints a word more`, () => {
      const cwd = workspace();
      const folder = join(cwd, 'node_modules/.cache/driftgate/compile', readFileSync(key, 'utf8').trim());
      const first = start(newNode, path, cwd);
      expect({ status: first.status, stderr: first.stderr }).toEqual({ status: 0, stderr: '' });
      expect(first.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
      // Node keeps a folder per Node version inside, with one entry per compiled module.
      const written = files(folder);
      expect(written.some((name) => name.startsWith(`v${NEW_NODE}-`))).toBe(true);
      expect(written.length).toBeGreaterThan(1);

      const second = start(newNode, path, cwd, { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
      expect(second.status).toBe(0);
      expect(second.stdout).toBe(first.stdout);
      expect(second.stderr).toMatch(new RegExp(`V8 code cache for ESM \\S*${bundle.replace('.', '\\.')} was accepted`));
    });
  }

  it('goes beside a result cache moved by SURF_CACHE_DIR, and is off with SURF_NO_CACHE', () => {
    const cwd = workspace();
    const bin = BINS[1];
    expect(start(newNode, bin.path, cwd, { SURF_CACHE_DIR: 'elsewhere' }).status).toBe(0);
    expect(files(join(cwd, 'elsewhere/compile', readFileSync(bin.key, 'utf8').trim())).length).toBeGreaterThan(1);
    expect(files(join(cwd, 'node_modules/.cache'))).toEqual([]);
    const off = workspace();
    expect(start(newNode, bin.path, off, { SURF_NO_CACHE: '1' }).status).toBe(0);
    expect(files(join(off, 'node_modules/.cache'))).toEqual([]);
  });

  it('follows --cache-dir before SURF_CACHE_DIR, and is off with --no-cache, as the result cache is', () => {
    const surfBin = BINS.find((b) => b.bin === 'surf' && b.path.includes('tools/surf'))!;
    const key = readFileSync(surfBin.key, 'utf8').trim();
    const run = (cwd: string, args: string[], extra: Record<string, string> = {}) => spawnSync(newNode, [surfBin.path, 'check', ...args], { cwd, encoding: 'utf8', env: env(extra) });
    const cwd = workspace();
    run(cwd, ['--cache-dir', 'flagged'], { SURF_CACHE_DIR: 'unused' });
    expect(files(join(cwd, 'flagged/compile', key)).length).toBeGreaterThan(1);
    expect(existsSync(join(cwd, 'unused'))).toBe(false);
    run(cwd, ['--cache-dir=also']);
    expect(files(join(cwd, 'also/compile', key)).length).toBeGreaterThan(1);
    const off = workspace();
    run(off, ['--no-cache']);
    expect(files(join(off, 'node_modules/.cache'))).toEqual([]);
  });

  it('writes nothing where there is no node_modules folder up the tree', () => {
    const cwd = workspace();
    rmSync(join(cwd, 'node_modules'), { recursive: true });
    // The temporary folder itself must have no node_modules above it for this to mean anything.
    const result = start(newNode, BINS[1].path, cwd);
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('never fails or speaks when the folder cannot be made', () => {
    for (const { path } of BINS) {
      const cwd = workspace();
      // A file where the folder would go: no user can create a folder below it, root included.
      mkdirSync(join(cwd, 'node_modules/.cache/driftgate'), { recursive: true });
      writeFileSync(join(cwd, 'node_modules/.cache/driftgate/compile'), '');
      const result = start(newNode, path, cwd);
      expect({ path, status: result.status, stderr: result.stderr }).toEqual({ path, status: 0, stderr: '' });
      expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    }
  });
});

describe.runIf(Number(process.versions.node.split('.')[0]) === 20)('the compile cache on Node 20', () => {
  it('is not there: the bins start as before and write nothing', () => {
    requireBuiltCli();
    for (const { path } of BINS) {
      const cwd = workspace();
      const result = start(process.execPath, path, cwd);
      expect({ path, status: result.status, stderr: result.stderr }).toEqual({ path, status: 0, stderr: '' });
      expect(files(join(cwd, 'node_modules'))).toEqual([]);
    }
  });
});
