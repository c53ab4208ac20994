// git failing under the gates: not on PATH, an object that is missing or corrupt, a pack removed
// after the snapshot was captured. boundver must fail closed with a typed error and a message,
// exit 2, and leave the lock as it was; surf reads git for advice only, so its verdict must not
// change. Runs the built bins (`npm run build`).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateLock, isBoundverError } from '@driftgate/boundver';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { boundver, requireBuiltCli } from '../tools/boundver/src/cli-run.test-helpers.js';
import { GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';
import { tempReposPerTest } from './support/temp-repos.js';

const SURF = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));
const tempRepo = tempReposPerTest();
beforeAll(requireBuiltCli);
vi.setConfig({ testTimeout: 120_000 });

const CONFIG = `${JSON.stringify(
  {
    project: 'gitfail',
    components: {
      a: { path: 'a', boundary: { provider: 'path-hash', paths: ['api.ts'] } },
      b: { path: 'b', boundary: { provider: 'leaf' } },
    },
  },
  null,
  2,
)}\n`;
const HUB = '---\nanchors:\n  - claim: add adds\n    at: a/api.ts > add\nrefs: []\n---\n';

function repo(): TempRepo {
  const r = tempRepo({
    'a/api.ts': 'export function add(x: number, y: number): number {\n  return x + y;\n}\n',
    'a/impl.ts': `export const table = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => i))};\n`,
    'b/index.ts': 'export const b = 1;\n',
    'boundary.config.json': CONFIG,
    'surf.toml': 'hubs = ["hubs/*.md"]\n',
    'hubs/a.md': HUB,
  });
  expect(boundver(r.dir, ['generate']).code).toBe(0);
  expect(surf(r.dir, ['verify']).code).toBe(0);
  r.commit('lock and stamps');
  return r;
}

function surf(cwd: string, args: readonly string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [SURF, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV, NO_COLOR: '1', SURF_WORKERS: '0', ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** No stack trace of ours or of Node's in what a user sees. */
function expectNoTrace(text: string): void {
  expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(text).not.toContain('node:internal');
}

/** Every file under `.git/objects` of the given kind. */
function objectFiles(r: TempRepo, kind: 'loose' | 'pack'): string[] {
  const root = join(r.dir, '.git', 'objects');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => (kind === 'pack' ? path.includes(`${join('objects', 'pack')}`) : /objects[\\/][0-9a-f]{2}[\\/]/.test(path)));
}

describe('git not on PATH', () => {
  it('boundver generate, verify, validate-config and status exit 2 with an install hint, and write nothing', () => {
    const r = repo();
    const lock = readFileSync(join(r.dir, 'boundary.lock.json'));
    rmSync(join(r.dir, 'boundary.lock.json'));
    for (const args of [['generate'], ['verify'], ['verify', '--source', 'working-tree'], ['validate-config'], ['status']]) {
      const run = boundver(r.dir, args, { PATH: '/nonexistent' });
      expect(run.code, args.join(' ')).toBe(2);
      expect(`${run.stdout}${run.stderr}`, args.join(' ')).toContain('The `git` executable was not found on PATH; install Git 2.31 or newer.');
      expectNoTrace(`${run.stdout}${run.stderr}`);
    }
    expect(existsSync(join(r.dir, 'boundary.lock.json'))).toBe(false);
    writeFileSync(join(r.dir, 'boundary.lock.json'), lock);
    expect(boundver(r.dir, ['verify']).code).toBe(0);
  });

  it('surf check keeps its verdict without git (history is advice only)', () => {
    const r = repo();
    expect(surf(r.dir, ['check'], { PATH: '/nonexistent' }).code).toBe(0);
    writeFileSync(join(r.dir, 'a/api.ts'), 'export function add(x: number, y: number): number {\n  return x - y;\n}\n');
    const withGit = surf(r.dir, ['check', '--format', 'json']);
    const without = surf(r.dir, ['check', '--format', 'json'], { PATH: '/nonexistent' });
    expect(without.code).toBe(1);
    expect(withGit.code).toBe(1);
    const verdict = (run: { stdout: string }) => (JSON.parse(run.stdout) as { divergences: Array<{ kind: string; new_hash: string }> }).divergences.map((d) => `${d.kind} ${d.new_hash}`);
    expect(verdict(without)).toEqual(verdict(withGit));
    expectNoTrace(without.stderr);
  });
});

describe('objects missing or corrupt', () => {
  it('a missing blob: generate and verify exit 2 naming the component, the lock untouched', () => {
    const r = repo();
    const before = readFileSync(join(r.dir, 'boundary.lock.json'));
    const oid = r.git('rev-parse', 'HEAD:a/impl.ts');
    rmSync(join(r.dir, '.git', 'objects', oid.slice(0, 2), oid.slice(2)));
    const generate = boundver(r.dir, ['generate']);
    expect(generate.code).toBe(2);
    expect(generate.stderr).toMatch(/a: Exact digest failed: .*missing/i);
    expectNoTrace(generate.stderr);
    expect(readFileSync(join(r.dir, 'boundary.lock.json')).equals(before)).toBe(true);
    expect(readdirSync(r.dir).filter((name) => name.includes('.tmp') || name.startsWith('.boundary'))).toEqual([]);
    const verify = boundver(r.dir, ['verify']);
    expect(verify.code).toBe(2);
    expect(verify.stdout).toMatch(/CURRENT DIGEST ERROR a/);
  });

  it('a corrupt packfile: generate exits 2 with a typed error, the lock untouched', () => {
    const r = repo();
    r.git('gc', '-q', '--prune=now');
    expect(objectFiles(r, 'loose')).toEqual([]);
    const before = readFileSync(join(r.dir, 'boundary.lock.json'));
    const pack = objectFiles(r, 'pack').find((path) => path.endsWith('.pack'))!;
    chmodSync(pack, 0o644);
    const bytes = readFileSync(pack);
    // Keep the header and index intact so git finds the objects, and break their compressed data.
    bytes.fill(0x5a, 12, bytes.length - 20);
    writeFileSync(pack, bytes);
    const generate = boundver(r.dir, ['generate']);
    expect(generate.code).toBe(2);
    expect(generate.stderr).toMatch(/^boundver: /m);
    expectNoTrace(generate.stderr);
    expect(readFileSync(join(r.dir, 'boundary.lock.json')).equals(before)).toBe(true);
  });
});

describe('a pack removed after the snapshot was captured', () => {
  it('either reads the captured objects to the same lock, or fails with a typed error and writes nothing', async () => {
    const r = repo();
    r.git('gc', '-q', '--prune=now');
    const expected = readFileSync(join(r.dir, 'boundary.lock.json'), 'utf8');
    rmSync(join(r.dir, 'boundary.lock.json'));
    let removed = false;
    const onProgress = () => {
      if (removed) return;
      removed = true;
      // The snapshot (HEAD's tree) is captured before the first file is read.
      for (const path of objectFiles(r, 'pack')) rmSync(path, { force: true });
    };
    let outcome: 'same lock' | 'typed error';
    try {
      await generateLock({ cwd: r.dir, source: 'head', onProgress });
      outcome = 'same lock';
      expect(readFileSync(join(r.dir, 'boundary.lock.json'), 'utf8')).toBe(expected);
    } catch (error) {
      outcome = 'typed error';
      expect(isBoundverError(error), String(error)).toBe(true);
      expect(existsSync(join(r.dir, 'boundary.lock.json'))).toBe(false);
    }
    expect(removed).toBe(true);
    expect(['same lock', 'typed error']).toContain(outcome);
    // Once the objects are gone for good, a new run cannot capture HEAD and says so.
    const again = boundver(r.dir, ['generate']);
    expect(again.code).toBe(2);
    expectNoTrace(again.stderr);
    expect(existsSync(join(r.dir, 'boundary.lock.json'))).toBe(outcome === 'same lock');
  });
});
