import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { type CheckResult, runCheck } from '../check/check.js';
import { loadWorkspace } from '../workspace/load-workspace.js';
import { ResultCache, defaultCacheDir } from './result-cache.js';
import { verdictOf } from './warm-check.test-helpers.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// Vector G1 (Rust `add`): its v2 digest is f1075e760a17.
const ADD = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n';
const ADD_STAMP = '2:f1075e760a17';

/** A workspace of `files` Rust files, each with `add`, claimed and stamped in one hub. */
function workspaceFiles(files: number): TreeSpec {
  const tree: TreeSpec = { 'surf.toml': '' };
  let claims = '';
  for (let i = 0; i < files; i++) {
    tree[`src/f${i}.rs`] = ADD;
    claims += `  - claim: add ${i}\n    at: src/f${i}.rs > add\n    hash: ${ADD_STAMP}\n`;
  }
  tree['hubs/h.md'] = `---\nsummary: x\nanchors:\n${claims}---\n`;
  return tree;
}

function repo(files: TreeSpec, commit = true): TempRepo {
  const r = createTempRepo(files, { commit });
  cleanups.push(() => r.dispose());
  return r;
}

async function check(root: string, dir: string | undefined, options: Parameters<typeof runCheck>[1] = {}): Promise<CheckResult> {
  return runCheck(await loadWorkspace(root), { workers: 0, ...options, cache: dir === undefined ? { enabled: false } : { dir } });
}

/** Checks with the cache in `dir` and asserts the verdict is the uncached one. */
async function cachedCheck(root: string, dir: string, options: Parameters<typeof runCheck>[1] = {}): Promise<CheckResult> {
  const cached = await check(root, dir, options);
  expect(verdictOf(cached)).toEqual(verdictOf(await check(root, undefined, options)));
  return cached;
}

function cacheFile(dir: string): string {
  const versioned = join(dir, 'surf-v1');
  const names = readdirSync(versioned).filter((name) => name.endsWith('.json'));
  expect(names).toHaveLength(1);
  return join(versioned, names[0]!);
}

describe('the result cache of surf check', () => {
  it('answers unchanged files from the cache and parses only the edited one, without reading files git vouches for', async () => {
    const r = repo(workspaceFiles(4));
    const dir = tempDir('surf-cache-');
    expect((await cachedCheck(r.dir, dir)).cache).toEqual({ hits: 0, misses: 4, uncacheable: 0, vouchedByGit: 4 });
    expect((await cachedCheck(r.dir, dir)).cache).toEqual({ hits: 4, misses: 0, uncacheable: 0, vouchedByGit: 4 });
    r.write({ 'src/f2.rs': ADD.replace('a + b', 'a - b') });
    const edited = await cachedCheck(r.dir, dir);
    expect(edited.cache).toEqual({ hits: 3, misses: 1, uncacheable: 0, vouchedByGit: 3 });
    expect(edited.divergences.map((d) => [d.at, d.kind])).toEqual([['src/f2.rs > add', 'changed']]);
    // The edited bytes are now cached too; undoing the edit is one more miss, never a stale answer.
    expect((await cachedCheck(r.dir, dir)).cache).toMatchObject({ hits: 4, misses: 0 });
    r.write({ 'src/f2.rs': ADD });
    const undone = await cachedCheck(r.dir, dir);
    expect(undone.cache).toMatchObject({ hits: 3, misses: 1 });
    expect(undone.passed).toBe(true);
  });

  it('keys on content, never on modification times (no repository: every file is read)', async () => {
    const root = tempDir('surf-no-repo-');
    for (const [path, text] of Object.entries(workspaceFiles(2))) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text as string);
    }
    const dir = tempDir('surf-cache-');
    await cachedCheck(root, dir);
    // A new time on the same bytes (as a CI checkout gives every file) is still a hit.
    utimesSync(join(root, 'src/f0.rs'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect((await cachedCheck(root, dir)).cache).toEqual({ hits: 2, misses: 0, uncacheable: 0, vouchedByGit: 0 });
    // New bytes of the same size under the old time are a miss, and the change is seen.
    const file = join(root, 'src/f1.rs');
    const { atime, mtime } = statSync(file);
    writeFileSync(file, ADD.replace('a + b', 'a * b'));
    utimesSync(file, atime, mtime);
    const changed = await cachedCheck(root, dir);
    expect(changed.cache).toMatchObject({ hits: 1, misses: 1 });
    expect(changed.divergences.map((d) => d.kind)).toEqual(['changed']);
  });

  it('reads untracked and modified files itself inside a repository', async () => {
    const r = repo(workspaceFiles(3));
    r.write({ 'src/f0.rs': ADD.replace('a + b', 'b + a'), 'src/extra.rs': ADD, 'hubs/h.md': readFileSync(join(r.dir, 'hubs/h.md'), 'utf8').replace('---\n', '---\n').replace(/---\n$/, '  - claim: extra\n    at: src/extra.rs > add\n    hash: 2:f1075e760a17\n---\n') });
    const dir = tempDir('surf-cache-');
    expect((await cachedCheck(r.dir, dir)).cache).toEqual({ hits: 0, misses: 4, uncacheable: 0, vouchedByGit: 2 });
    const warm = await cachedCheck(r.dir, dir);
    expect(warm.cache).toEqual({ hits: 4, misses: 0, uncacheable: 0, vouchedByGit: 2 });
    expect(warm.divergences.map((d) => d.at)).toEqual(['src/f0.rs > add']);
  });

  it('ignores a corrupt, truncated, tampered or foreign-version cache, and rebuilds it', async () => {
    const r = repo(workspaceFiles(2));
    r.write({ 'src/f1.rs': ADD.replace('a + b', 'a - b') });
    const dir = tempDir('surf-cache-');
    await cachedCheck(r.dir, dir);
    const path = cacheFile(dir);
    const good = readFileSync(path, 'utf8');
    const newline = good.indexOf('\n');
    const header = JSON.parse(good.slice(0, newline)) as Record<string, unknown>;
    const body = good.slice(newline + 1);
    // A tampered answer that would turn the diverged claim clean, with and without a matching header.
    const forged = body.replaceAll(/\["[0-9a-f]{12}",/g, '["f1075e760a17",');
    // Well-formed, correctly summed, but every answer of the wrong shape.
    const misshapen = body.replaceAll(/\["[0-9a-f]{12}",/g, '[7,');
    expect(forged).not.toBe(body);
    const variants: Record<string, string> = {
      garbage: 'not a cache\n\u0000\u0001',
      empty: '',
      truncated: good.slice(0, Math.floor(good.length / 2)),
      'header only': good.slice(0, newline + 1),
      'another version': `${JSON.stringify({ ...header, version: 2 })}\n${body}`,
      'another engine': `${JSON.stringify({ ...header, engine: '0'.repeat(64) })}\n${body}`,
      'tampered body': `${good.slice(0, newline)}\n${forged}`,
      'bad entries': `${JSON.stringify({ ...header, body: sha256('{"files":{"src/f0.rs":7}}') })}\n{"files":{"src/f0.rs":7}}`,
      'bad answers': `${JSON.stringify({ ...header, body: sha256(misshapen) })}\n${misshapen}`,
    };
    for (const [name, text] of Object.entries(variants)) {
      writeFileSync(path, text);
      const result = await cachedCheck(r.dir, dir);
      expect(result.cache, name).toMatchObject({ hits: 0, misses: 2 });
      expect(result.divergences.map((d) => d.at), name).toEqual(['src/f1.rs > add']);
      // Rebuilt: the next run is answered from it.
      expect((await cachedCheck(r.dir, dir)).cache, name).toMatchObject({ hits: 2, misses: 0 });
    }
  });

  it('survives concurrent runs: every save is whole, and a later run is answered from it', async () => {
    const r = repo(workspaceFiles(6));
    const dir = tempDir('surf-cache-');
    const runs = await Promise.all(Array.from({ length: 4 }, () => check(r.dir, dir)));
    for (const run of runs) expect(run.passed).toBe(true);
    expect((await cachedCheck(r.dir, dir)).cache).toMatchObject({ hits: 6, misses: 0 });
    expect(readdirSync(join(dir, 'surf-v1')).sort()).toEqual(['.gitignore', expect.stringMatching(/^check-[0-9a-f]{16}\.json$/)]);
  });

  it('never serves a cached answer for a file that now resolves outside the workspace', async () => {
    const outside = tempDir('surf-outside-');
    writeFileSync(join(outside, 'add.rs'), ADD);
    const r = repo(workspaceFiles(1), false);
    const dir = tempDir('surf-cache-');
    await cachedCheck(r.dir, dir);
    rmSync(join(r.dir, 'src/f0.rs'));
    symlinkSync(join(outside, 'add.rs'), join(r.dir, 'src/f0.rs'));
    const result = await cachedCheck(r.dir, dir);
    expect(result.cache).toEqual({ hits: 0, misses: 1, uncacheable: 1, vouchedByGit: 0 });
    expect(result.divergences[0]?.detail).toMatch(/resolves outside the workspace root/);
  });

  it('keeps the entries of files a run did not ask about while they exist, and drops them once they are gone', async () => {
    const r = repo(workspaceFiles(3));
    const dir = tempDir('surf-cache-');
    await cachedCheck(r.dir, dir);
    await cachedCheck(r.dir, dir, { files: ['src/f0.rs'] });
    expect((await cachedCheck(r.dir, dir)).cache).toMatchObject({ hits: 3, misses: 0 });
    r.write({ 'hubs/h.md': readFileSync(join(r.dir, 'hubs/h.md'), 'utf8').replace(/  - claim: add 2\n.*\n.*\n/, '') });
    await cachedCheck(r.dir, dir);
    const entries = () => Object.keys((JSON.parse(readFileSync(cacheFile(dir), 'utf8').split('\n')[1]!) as { files: object }).files);
    expect(entries()).toEqual(['src/f0.rs', 'src/f1.rs', 'src/f2.rs']);
    r.write({ 'src/f2.rs': null, 'src/f1.rs': ADD.replace('a + b', 'a - b') });
    await cachedCheck(r.dir, dir);
    expect(entries()).toEqual(['src/f0.rs', 'src/f1.rs']);
  });

  it('is neither read nor written when disabled', async () => {
    const r = repo(workspaceFiles(1));
    const dir = join(tempDir('surf-cache-'), 'nested');
    expect((await check(r.dir, undefined)).cache).toEqual({ hits: 0, misses: 1, uncacheable: 0, vouchedByGit: 0 });
    await runCheck(await loadWorkspace(r.dir), { workers: 0, cache: { enabled: false, dir } });
    expect(existsSync(dir)).toBe(false);
  });

  it('lives in node_modules/.cache/driftgate where node_modules exists, else in a .surf-cache/ that ignores itself', async () => {
    const r = repo(workspaceFiles(1));
    expect(defaultCacheDir(r.dir)).toBe(join(r.dir, '.surf-cache'));
    await runCheck(await loadWorkspace(r.dir), { workers: 0 });
    expect((await ResultCache.open(r.dir)).path.startsWith(join(r.dir, '.surf-cache', 'surf-v1'))).toBe(true);
    expect(existsSync((await ResultCache.open(r.dir)).path)).toBe(true);
    // The directory ignores itself: a check leaves the repository clean.
    expect(r.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    mkdirSync(join(r.dir, 'node_modules'));
    expect(defaultCacheDir(r.dir)).toBe(join(r.dir, 'node_modules', '.cache', 'driftgate'));
  });
});

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
