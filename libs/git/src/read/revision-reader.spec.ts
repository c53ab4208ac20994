import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { isGitError, type GitErrorCode } from '../git-error.js';
import { expectGitError } from '../git-error.test-helpers.js';
import { decodeGitPath } from '../paths/git-path.js';
import { openRevisionReader, type RevisionReader } from './revision-reader.js';

/** Runs `body` with GIT_TRACE on (git processes inherit it) and returns the git commands started. */
async function tracedCommands(body: () => Promise<void>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'driftgate-trace-'));
  const file = join(dir, 'trace');
  const before = process.env.GIT_TRACE;
  process.env.GIT_TRACE = file;
  try {
    await body();
  } finally {
    if (before === undefined) delete process.env.GIT_TRACE;
    else process.env.GIT_TRACE = before;
  }
  const trace = readFileSync(file, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  return [...trace.matchAll(/built-in: git (?:\S+ )*?(rev-parse|cat-file|ls-tree)\b/g)].map((m) => m[1]!);
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function repo(...args: Parameters<typeof createTempRepo>): TempRepo {
  const r = createTempRepo(...args);
  cleanups.push(() => r.dispose());
  return r;
}

function reader(...args: Parameters<typeof openRevisionReader>): RevisionReader {
  const opened = openRevisionReader(...args);
  cleanups.push(() => opened.close());
  return opened;
}


const text = (bytes: Buffer | null): string | null => (bytes === null ? null : bytes.toString('latin1'));

describe('openRevisionReader', () => {
  it('reads several files at two revisions through one reader', async () => {
    const r = repo({ 'src/a.ts': 'a1\r\n', 'src/b.ts': 'b1\n', 'top.txt': 'top\n' });
    const first = r.git('rev-parse', 'HEAD');
    r.write({ 'src/a.ts': 'a2\n', 'src/b.ts': null, 'src/c.ts': 'c2\n' });
    r.commit();
    const rd = reader(r.dir);
    expect(text(await rd.read(first, 'src/a.ts'))).toBe('a1\r\n');
    expect(text(await rd.read('HEAD', 'src/a.ts'))).toBe('a2\n');
    expect(text(await rd.read(first, 'src/b.ts'))).toBe('b1\n');
    expect(await rd.read('HEAD', 'src/b.ts')).toBeNull();
    expect(await rd.read(first, 'src/c.ts')).toBeNull();
    expect(text(await rd.read('HEAD', 'src/c.ts'))).toBe('c2\n');
    expect(text(await rd.read('main~1', 'top.txt'))).toBe('top\n');
  });

  it('resolves each revision once: a ref moved later still reads the tree it named first', async () => {
    const r = repo({ 'f.txt': 'one\n' });
    const rd = reader(r.dir);
    expect(text(await rd.read('HEAD', 'f.txt'))).toBe('one\n');
    r.write({ 'f.txt': 'two\n' });
    r.commit();
    expect(text(await rd.read('HEAD', 'f.txt'))).toBe('one\n');
    const fresh = reader(r.dir);
    expect(text(await fresh.read('HEAD', 'f.txt'))).toBe('two\n');
  });

  it('answers null for absent paths, including a path below a file', async () => {
    const r = repo({ 'src/a.ts': 'a\n' });
    const rd = reader(r.dir);
    expect(await rd.read('HEAD', 'src/none.ts')).toBeNull();
    expect(await rd.read('HEAD', 'nowhere/none.ts')).toBeNull();
    expect(await rd.read('HEAD', 'src/a.ts/deeper')).toBeNull();
    expect(await rd.read('HEAD', decodeGitPath(Buffer.from('gone\xff.txt', 'latin1')))).toBeNull();
    expect(text(await rd.read('HEAD', 'src/a.ts'))).toBe('a\n');
  });

  it('a bad revision, a bad path, a directory, a gitlink and an oversized file are typed errors', async () => {
    const r = repo({ 'dir/a.txt': 'a\n', 'big.txt': 'x'.repeat(100) });
    r.git('update-index', '--add', '--cacheinfo', '160000,1234567890abcdef1234567890abcdef12345678,vendor/sub');
    r.git('commit', '-q', '-m', 'gitlink');
    const rd = reader(r.dir, { maxBytes: 10 });
    await expectGitError(rd.read('no-such-branch', 'dir/a.txt'), 'GIT_BAD_REVISION', /no-such-branch/);
    await expectGitError(rd.read('no-such-branch', 'dir/a.txt'), 'GIT_BAD_REVISION');
    await expectGitError(rd.read('--output=x', 'dir/a.txt'), 'GIT_BAD_REVISION');
    await expectGitError(rd.read('HEAD', '../etc/passwd'), 'GIT_BAD_PATH');
    await expectGitError(rd.read('HEAD', 'dir//a.txt'), 'GIT_BAD_PATH');
    await expectGitError(rd.read('HEAD', 'dir'), 'GIT_NON_BLOB', /tree/);
    await expectGitError(rd.read('HEAD', 'vendor/sub'), 'GIT_NON_BLOB', /commit mode 160000/);
    await expectGitError(rd.read('HEAD', 'big.txt'), 'GIT_OBJECT_TOO_LARGE');
    // None of these failures poisons the reader.
    expect(text(await rd.read('HEAD', 'dir/a.txt'))).toBe('a\n');
  });

  it('an entry whose blob is not in the object database is GIT_OBJECT_MISSING, not absent', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    const ghost = 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef';
    r.git('update-index', '--add', '--cacheinfo', `100644,${ghost},ghost.txt`);
    const commit = r.git('commit-tree', r.git('write-tree', '--missing-ok'), '-p', 'HEAD', '-m', 'ghost');
    const rd = reader(r.dir);
    await expectGitError(rd.read(commit, 'ghost.txt'), 'GIT_OBJECT_MISSING', new RegExp(ghost));
    expect(text(await rd.read(commit, 'a.txt'))).toBe('a\n');
  });

  it('reads non-UTF-8 path bytes and names with spaces exactly', async () => {
    const r = repo({ 'with space .txt': 's\n' }, { commit: false });
    const raw = Buffer.from('x\xff\xfe.txt', 'latin1');
    writeFileSync(Buffer.concat([Buffer.from(`${r.dir}/`), raw]), 'bytes\xff\n', 'latin1');
    r.commit();
    const rd = reader(r.dir);
    const path = decodeGitPath(raw);
    expect(text(await rd.read('HEAD', path))).toBe('bytes\xff\n');
    expect(text(await rd.read('HEAD', 'with space .txt'))).toBe('s\n');
  });

  it('shares one cat-file process and one rev-parse per distinct revision across all reads', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) files[`f${i}.txt`] = `${i}\n`;
    const r = repo(files);
    const first = r.git('rev-parse', 'HEAD');
    r.write({ 'f0.txt': 'changed\n' });
    r.commit();
    const names = Object.keys(files);
    const commands = await tracedCommands(async () => {
      const rd = reader(r.dir);
      await Promise.all(names.flatMap((name) => [rd.read(first, name), rd.read('HEAD', name)]));
      for (const name of names) await rd.read('HEAD', name);
      expect(text(await rd.read(first, 'f0.txt'))).toBe('0\n');
      await rd.close();
    });
    expect(commands.sort()).toEqual(['cat-file', 'rev-parse', 'rev-parse']);
  });

  it('reads a blob by object id, without resolving any revision', async () => {
    const r = repo({ 'a.txt': 'a\n', 'dir/b.txt': 'b\n' });
    const oid = r.git('rev-parse', 'HEAD:a.txt');
    const dirOid = r.git('rev-parse', 'HEAD:dir');
    const commands = await tracedCommands(async () => {
      const rd = reader(r.dir);
      expect(text(await rd.readBlob(oid, 'a.txt'))).toBe('a\n');
      await expectGitError(rd.readBlob(dirOid, 'dir'), 'GIT_NON_BLOB');
      await expectGitError(rd.readBlob('1234567890abcdef1234567890abcdef12345678', 'ghost'), 'GIT_OBJECT_MISSING');
      await expectGitError(rd.readBlob('HEAD', 'not an id'), 'GIT_BAD_REVISION');
      await rd.close();
    });
    expect(commands).toEqual(['cat-file']);
  });

  it('reads a path ending in a carriage return as that path, not the one without it', async () => {
    // cat-file strips a CR before each request's line feed; `<tree>:a\r` would read `a`.
    const r = repo({ a: 'plain\n', 'a\r': 'with cr\n', 'dir\r/x': 'x\n' });
    const rd = reader(r.dir);
    expect(text(await rd.read('HEAD', 'a\r'))).toBe('with cr\n');
    expect(text(await rd.read('HEAD', 'a'))).toBe('plain\n');
    expect(await rd.read('HEAD', 'b\r')).toBeNull();
    await expectGitError(rd.read('HEAD', 'dir\r'), 'GIT_NON_BLOB');
  });

  it('starts a new cat-file after its process fails, so later reads still answer', async () => {
    const r = repo({ 'good.txt': 'good\n', 'bad.txt': 'bad\n' });
    // A loose object whose header promises more bytes than it holds: git streams the short
    // content under a 100-byte header, which desynchronizes the answer stream for good.
    const oid = r.git('rev-parse', 'HEAD:bad.txt');
    const object = join(r.dir, '.git', 'objects', oid.slice(0, 2), oid.slice(2));
    chmodSync(object, 0o644);
    writeFileSync(object, deflateSync(Buffer.from('blob 100\0short', 'latin1')));
    const rd = reader(r.dir);
    const outcomes = await Promise.allSettled([rd.read('HEAD', 'bad.txt'), ...Array.from({ length: 4 }, () => rd.read('HEAD', 'good.txt'))]);
    expect(outcomes[0]!.status).toBe('rejected');
    expect(isGitError((outcomes[0] as PromiseRejectedResult).reason)).toBe(true);
    expect(text(await rd.read('HEAD', 'good.txt'))).toBe('good\n');
  });

  it('many concurrent reads across revisions each get their own answer', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`d${i % 5}/f${i}.txt`] = `v1 ${i}\n`;
    const r = repo(files);
    const first = r.git('rev-parse', 'HEAD');
    const changed: Record<string, string> = {};
    for (let i = 0; i < 60; i += 2) changed[`d${i % 5}/f${i}.txt`] = `v2 ${i}\n`;
    r.write(changed);
    r.commit();
    const rd = reader(r.dir);
    const asks: Array<{ rev: string; path: string; want: string | null | GitErrorCode }> = [];
    for (let i = 0; i < 60; i++) {
      const path = `d${i % 5}/f${i}.txt`;
      asks.push({ rev: first, path, want: `v1 ${i}\n` });
      asks.push({ rev: 'HEAD', path, want: i % 2 === 0 ? `v2 ${i}\n` : `v1 ${i}\n` });
      if (i % 10 === 0) {
        asks.push({ rev: 'HEAD', path: `d${i % 5}/absent${i}.txt`, want: null });
        asks.push({ rev: 'HEAD', path: `d${i % 5}`, want: 'GIT_NON_BLOB' });
        asks.push({ rev: 'no-such-ref', path, want: 'GIT_BAD_REVISION' });
      }
    }
    const got = await Promise.all(
      asks.map(({ rev, path }) =>
        rd.read(rev, path).then(
          (bytes) => text(bytes),
          (error: unknown) => (isGitError(error) ? error.code : String(error)),
        ),
      ),
    );
    expect(got).toEqual(asks.map((a) => a.want));
  });

  it('fails reads after close with a typed error; close is idempotent', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    const rd = openRevisionReader(r.dir);
    expect(text(await rd.read('HEAD', 'a.txt'))).toBe('a\n');
    await Promise.all([rd.close(), rd.close()]);
    await rd.close();
    await expectGitError(rd.read('HEAD', 'a.txt'), 'GIT_SNAPSHOT_CLOSED', /revision reader was closed/);
    await expectGitError(rd.read('HEAD', 'never-read.txt'), 'GIT_SNAPSHOT_CLOSED', /revision reader was closed/);
  });

  it('reads in flight when the reader closes reject instead of hanging', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    const rd = openRevisionReader(r.dir);
    const pending = [rd.read('HEAD', 'a.txt'), rd.read('HEAD', 'a.txt')];
    const settled = Promise.allSettled(pending);
    await rd.close();
    for (const outcome of await settled) {
      // A read may still have finished before the close reached it; none is left unanswered.
      if (outcome.status === 'fulfilled') expect(text(outcome.value)).toBe('a\n');
      else expect(isGitError(outcome.reason, 'GIT_SNAPSHOT_CLOSED')).toBe(true);
    }
  });

  it('a reader closed before any read refuses reads too', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    const rd = openRevisionReader(r.dir);
    await rd.close();
    await expectGitError(rd.read('HEAD', 'a.txt'), 'GIT_SNAPSHOT_CLOSED');
  });
});
