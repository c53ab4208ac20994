import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { type CheckResult, runCheck } from '../check/check.js';
import { loadWorkspace } from '../workspace/load-workspace.js';
import { CACHE_FORMAT_VERSION } from './engine-key.js';
import { ResultCache, defaultCacheDir } from './result-cache.js';
import { verdictOf } from './warm-check.test-helpers.js';

const VERSIONED = `surf-v${CACHE_FORMAT_VERSION}`;
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
  const versioned = join(dir, VERSIONED);
  const names = readdirSync(versioned).filter((name) => name.endsWith('.json'));
  expect(names).toHaveLength(1);
  return join(versioned, names[0]!);
}

describe('the result cache of surf check', () => {
  it('answers unchanged files from the cache and parses only the edited one, without reading files git vouches for', async () => {
    const r = repo(workspaceFiles(4));
    const dir = tempDir('surf-cache-');
    expect((await cachedCheck(r.dir, dir)).cache).toEqual({ hits: 0, misses: 4, uncacheable: 0, vouchedByGit: 4, hubsRemembered: 0 });
    // The hub was all clean: the next run counts it clean from its remembered verdict.
    expect((await cachedCheck(r.dir, dir)).cache).toEqual({ hits: 4, misses: 0, uncacheable: 0, vouchedByGit: 4, hubsRemembered: 1 });
    r.write({ 'src/f2.rs': ADD.replace('a + b', 'a - b') });
    const edited = await cachedCheck(r.dir, dir);
    expect(edited.cache).toEqual({ hits: 3, misses: 1, uncacheable: 0, vouchedByGit: 3, hubsRemembered: 0 });
    expect(edited.divergences.map((d) => [d.at, d.kind])).toEqual([['src/f2.rs > add', 'changed']]);
    // The edited bytes are now cached too, and a hub with a divergence is not remembered.
    expect((await cachedCheck(r.dir, dir)).cache).toMatchObject({ hits: 4, misses: 0, hubsRemembered: 0 });
    // Undone, every file has the bytes the hub was clean over again: remembered, never stale.
    r.write({ 'src/f2.rs': ADD });
    const undone = await cachedCheck(r.dir, dir);
    expect(undone.cache).toMatchObject({ hits: 4, misses: 0, hubsRemembered: 1 });
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
    expect((await cachedCheck(root, dir)).cache).toEqual({ hits: 2, misses: 0, uncacheable: 0, vouchedByGit: 0, hubsRemembered: 1 });
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
    expect((await cachedCheck(r.dir, dir)).cache).toEqual({ hits: 0, misses: 4, uncacheable: 0, vouchedByGit: 2, hubsRemembered: 0 });
    const warm = await cachedCheck(r.dir, dir);
    expect(warm.cache).toEqual({ hits: 4, misses: 0, uncacheable: 0, vouchedByGit: 2, hubsRemembered: 0 });
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
    // A tampered answer that would turn the diverged claim clean, its line's checksum left as it was.
    const forged = body.replaceAll(/\["[0-9a-f]{12}",/g, '["f1075e760a17",');
    // Well-formed lines with correct checksums whose values are not what a check writes.
    const resummed = (values: (value: string) => string): string => mapLines(body, (fields) => withValue(fields, values(fields[4])));
    expect(forged).not.toBe(body);
    const variants: Record<string, string> = {
      garbage: 'not a cache\n\u0000\u0001',
      empty: '',
      'truncated in its header': good.slice(0, Math.floor(newline / 2)),
      // Cut inside the last file's line: the lines before it are whole and still answer (the
      // history lines after it go with it).
      'truncated in its last line': good.slice(0, good.lastIndexOf('\t', good.indexOf('\n', good.lastIndexOf('\nF\t') + 1)) + 3),
      'header only': good.slice(0, newline + 1),
      'another version': `${JSON.stringify({ ...header, version: CACHE_FORMAT_VERSION + 1 })}\n${body}`,
      'another engine': `${JSON.stringify({ ...header, engine: '0'.repeat(64) })}\n${body}`,
      'tampered lines': `${good.slice(0, newline)}\n${forged}`,
      'bad entries': `${good.slice(0, newline)}\n${resummed(() => '7')}`,
      'bad answers': `${good.slice(0, newline)}\n${resummed((value) => value.replaceAll(/\["[0-9a-f]{12}",/g, '[7,'))}`,
      'lines swapped between files': `${good.slice(0, newline)}\n${mapLines(body, (fields) => [fields[0], fields[1] === '"src/f0.rs"' ? '"src/f1.rs"' : '"src/f0.rs"', ...fields.slice(2)])}`,
    };
    for (const [name, text] of Object.entries(variants)) {
      writeFileSync(path, text);
      const result = await cachedCheck(r.dir, dir);
      // f0's line is untouched by these two (its digest already is the one forged into f1's).
      const whole = name === 'truncated in its last line' || name === 'tampered lines' ? 1 : 0;
      expect(result.cache, name).toMatchObject({ hits: whole, misses: 2 - whole });
      expect(result.divergences.map((d) => d.at), name).toEqual(['src/f1.rs > add']);
      // Rebuilt: the next run is answered from it.
      expect((await cachedCheck(r.dir, dir)).cache, name).toMatchObject({ hits: 2, misses: 0 });
    }
  });

  it('never trusts a remembered hub verdict whose line was tampered with or whose files changed', async () => {
    const r = repo(workspaceFiles(3));
    const dir = tempDir('surf-cache-');
    await cachedCheck(r.dir, dir);
    const path = cacheFile(dir);
    const good = readFileSync(path, 'utf8');
    expect(good.split('\n').filter((line) => line.startsWith('H\t'))).toHaveLength(1);
    // The remembered verdict alone answers the hub: with every file's answers gone, nothing is parsed.
    writeFileSync(path, good.split('\n').filter((line) => !line.startsWith('F\t')).join('\n'));
    expect((await cachedCheck(r.dir, dir)).cache).toMatchObject({ hits: 3, misses: 0, hubsRemembered: 1 });
    // A tampered verdict line (its checksum left as it was) is not trusted: the files are parsed.
    writeFileSync(path, good.split('\n').filter((line) => !line.startsWith('F\t')).join('\n').replace('"claims":3', '"claims":2'));
    const tampered = await cachedCheck(r.dir, dir);
    expect(tampered.cache).toMatchObject({ hits: 0, misses: 3, hubsRemembered: 0 });
    expect(tampered.stats.claims).toBe(3);
    // An untracked file read by the hub, edited under its old modification time: seen.
    r.write({ 'src/f9.rs': ADD, 'hubs/h.md': readFileSync(join(r.dir, 'hubs/h.md'), 'utf8').replace(/---\n$/, `  - claim: add 9\n    at: src/f9.rs > add\n    hash: ${ADD_STAMP}\n---\n`) });
    expect((await cachedCheck(r.dir, dir)).cache).toMatchObject({ hubsRemembered: 0 });
    expect((await cachedCheck(r.dir, dir)).cache).toMatchObject({ hubsRemembered: 1, vouchedByGit: 3 });
    const file = join(r.dir, 'src/f9.rs');
    const { atime, mtime } = statSync(file);
    writeFileSync(file, ADD.replace('a + b', 'b - a'));
    utimesSync(file, atime, mtime);
    const edited = await cachedCheck(r.dir, dir);
    expect(edited.cache).toMatchObject({ hits: 3, misses: 1, hubsRemembered: 0 });
    expect(edited.divergences.map((d) => d.at)).toEqual(['src/f9.rs > add']);
    // A hub whose text changed is planned again, whatever its files.
    writeFileSync(file, ADD);
    expect((await cachedCheck(r.dir, dir)).cache).toMatchObject({ hubsRemembered: 1 });
    r.write({ 'hubs/h.md': readFileSync(join(r.dir, 'hubs/h.md'), 'utf8').replace('claim: add 0', 'claim: adds 0') });
    // (f9's answers on file are still those of the edited bytes: the remembered verdict spared its parse.)
    expect((await cachedCheck(r.dir, dir)).cache).toMatchObject({ hits: 3, misses: 1, hubsRemembered: 0 });
    // A scoped check judges claim by claim.
    expect((await cachedCheck(r.dir, dir, { files: ['src/f0.rs'] })).cache).toMatchObject({ hits: 1, hubsRemembered: 0 });
    expect((await cachedCheck(r.dir, dir)).checked.map((claim) => claim.hubLine)).toEqual([4, 7, 10, 13]);
  });

  it('survives concurrent runs: every save is whole, and a later run is answered from it', async () => {
    const r = repo(workspaceFiles(6));
    const dir = tempDir('surf-cache-');
    const runs = await Promise.all(Array.from({ length: 4 }, () => check(r.dir, dir)));
    for (const run of runs) expect(run.passed).toBe(true);
    expect((await cachedCheck(r.dir, dir)).cache).toMatchObject({ hits: 6, misses: 0 });
    expect(readdirSync(join(dir, VERSIONED)).sort()).toEqual(['.gitignore', expect.stringMatching(/^check-[0-9a-f]{16}\.json$/)]);
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
    expect(result.cache).toEqual({ hits: 0, misses: 1, uncacheable: 1, vouchedByGit: 0, hubsRemembered: 0 });
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
    const entries = () => readFileSync(cacheFile(dir), 'utf8').split('\n').filter((line) => line.startsWith('F\t')).map((line) => JSON.parse(line.split('\t')[1]!) as string);
    expect(entries()).toEqual(['src/f0.rs', 'src/f1.rs', 'src/f2.rs']);
    r.write({ 'src/f2.rs': null, 'src/f1.rs': ADD.replace('a + b', 'a - b') });
    await cachedCheck(r.dir, dir);
    expect(entries()).toEqual(['src/f0.rs', 'src/f1.rs']);
  });

  it('keys a re-point answer on both versions of the file, so another verified version is never answered for', async () => {
    const root = tempDir('surf-cache-root-');
    writeFileSync(join(root, 'a.py'), 'x = 1\n');
    const dir = tempDir('surf-cache-');
    const moved = { holdsStamp: true, moved: { segment: 1, was: 2, countThen: 2, countNow: 1, oldCode: 'x: bool', oldLine: 4, newCode: 'x: bool', newLine: 7 } };
    const [old1, old2, new1, new2] = ['1'.repeat(40), '2'.repeat(40), 'a'.repeat(40), 'b'.repeat(40)];
    const cache = await ResultCache.open(root, { dir });
    cache.recordRepoint('a.py', old1, new1, 'q', moved);
    cache.recordRepoint('a.py', old2, new1, 'q', { holdsStamp: true });
    expect(await cache.save()).toBe(true);

    const again = await ResultCache.open(root, { dir });
    expect(again.repoint('a.py', old1, new1, 'q')).toEqual(moved);
    expect(again.repoint('a.py', old2, new1, 'q')).toEqual({ holdsStamp: true });
    // Another earlier version, another current one, another question: no answer.
    expect(again.repoint('a.py', '3'.repeat(40), new1, 'q')).toBeUndefined();
    expect(again.repoint('a.py', old1, new2, 'q')).toBeUndefined();
    expect(again.repoint('a.py', old1, new1, 'other')).toBeUndefined();
    // A new current version replaces the answers for the old one.
    again.recordRepoint('a.py', old1, new2, 'q', { holdsStamp: false });
    expect(again.repoint('a.py', old2, new1, 'q')).toBeUndefined();
    await again.save();
    expect(readFileSync(again.path, 'utf8').split('\n').filter((line) => line.startsWith('R\t'))).toHaveLength(1);

    // A tampered line is not trusted.
    writeFileSync(again.path, mapLines(readFileSync(again.path, 'utf8'), (fields) => (fields[0] === 'R' ? [...fields.slice(0, 4), fields[4]!.replace('false', 'true')] : fields)));
    expect((await ResultCache.open(root, { dir })).repoint('a.py', old1, new2, 'q')).toBeUndefined();
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
    expect((await ResultCache.open(r.dir)).path.startsWith(join(r.dir, '.surf-cache', VERSIONED))).toBe(true);
    expect(existsSync((await ResultCache.open(r.dir)).path)).toBe(true);
    // The directory ignores itself: a check leaves the repository clean.
    expect(r.git('status', '--porcelain', '--untracked-files=all')).toBe('');
    mkdirSync(join(r.dir, 'node_modules'));
    expect(defaultCacheDir(r.dir)).toBe(join(r.dir, 'node_modules', '.cache', 'driftgate'));
  });
});

/** Each entry line of a cache body, split into its five tab-separated fields, rewritten by `edit`. */
function mapLines(body: string, edit: (fields: string[]) => string[]): string {
  return body
    .split('\n')
    .map((line) => (line === '' ? line : edit(splitFields(line)).join('\t')))
    .join('\n');
}

function splitFields(line: string): string[] {
  const fields = line.split('\t');
  return [...fields.slice(0, 4), fields.slice(4).join('\t')];
}

/** The fields with a new value and the checksum a cache writes for it (kind, path, key, value). */
function withValue(fields: string[], value: string): string[] {
  const [kind, path, key] = fields as [string, string, string];
  const sum = createHash('sha256').update(`${kind}\t${path}\t${key}\t`).update(value).digest('hex').slice(0, 32);
  return [kind, path, key, sum, value];
}
