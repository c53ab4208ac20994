import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMergeConflict, createTempRepo, GIT_TEST_ENV, type TempRepo } from '../../../../test/support/temp-repo.js';
import { isGitError } from '../git-error.js';
import { expectGitError, rejection } from '../git-error.test-helpers.js';
import { decodeGitPath, encodeGitPath } from '../paths/git-path.js';
import { captureSnapshot, type FileContent, type Snapshot, type SourceMode } from './snapshot.js';

const repos: TempRepo[] = [];
const snapshots: Snapshot[] = [];
afterEach(async () => {
  for (const s of snapshots.splice(0)) await s.close();
  for (const r of repos.splice(0)) r.dispose();
});

function repo(...args: Parameters<typeof createTempRepo>): TempRepo {
  const r = createTempRepo(...args);
  repos.push(r);
  return r;
}

async function capture(r: TempRepo, source: SourceMode, limits?: Parameters<typeof captureSnapshot>[2]): Promise<Snapshot> {
  const s = await captureSnapshot(r.dir, source, limits);
  snapshots.push(s);
  return s;
}

/** Runs git with byte-exact stdin (for paths that are not valid UTF-8). */
function gitWithInput(r: TempRepo, args: string[], input: Buffer): string {
  return execFileSync('git', args, { cwd: r.dir, env: { ...process.env, ...GIT_TEST_ENV }, input }).toString().trim();
}

async function readAll(s: Snapshot, paths: Iterable<string>): Promise<FileContent[]> {
  const out: FileContent[] = [];
  for await (const f of s.readMany(paths)) out.push(f);
  return out;
}

const BINARY = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from([0]), Buffer.from('tail')]);
const LATIN1_NAME = Buffer.from('docs/caf\xe9.txt', 'latin1');

/**
 * The shared corpus: CRLF, binary with NUL, empty, Unicode and invalid-UTF-8 names, a symlink,
 * an executable set through the index only, and a gitlink. Expected object ids come from
 * `git hash-object`, independently of the code under test.
 */
function corpus(): { r: TempRepo; invalidPath: string; expected: Map<string, { mode: string; content: Buffer | null }> } {
  const r = repo(
    {
      'a/crlf.txt': 'one\r\ntwo\r\n',
      'a/lf.txt': 'one\ntwo\n',
      'a/empty.txt': '',
      'a/binary.bin': BINARY,
      'a/unicode-é中.txt': 'u\n',
      'a/link': { symlink: 'lf.txt' },
      'run.sh': '#!/bin/sh\necho hi\n',
    },
    { commit: false, attributes: '* -text\n' },
  );
  mkdirSync(join(r.dir, 'docs'));
  writeFileSync(Buffer.concat([Buffer.from(`${r.dir}/`), LATIN1_NAME]), 'latin\n');
  r.git('add', '-A');
  r.git('update-index', '--chmod=+x', 'run.sh');
  const sub = '1234567890abcdef1234567890abcdef12345678';
  r.git('update-index', '--add', '--cacheinfo', `160000,${sub},vendor/sub`);
  r.git('commit', '-q', '-m', 'corpus');
  const invalidPath = decodeGitPath(LATIN1_NAME);
  const expected = new Map<string, { mode: string; content: Buffer | null }>([
    ['a/binary.bin', { mode: '100644', content: BINARY }],
    ['a/crlf.txt', { mode: '100644', content: Buffer.from('one\r\ntwo\r\n') }],
    ['a/empty.txt', { mode: '100644', content: Buffer.alloc(0) }],
    ['a/lf.txt', { mode: '100644', content: Buffer.from('one\ntwo\n') }],
    ['a/link', { mode: '120000', content: Buffer.from('lf.txt') }],
    ['a/unicode-é中.txt', { mode: '100644', content: Buffer.from('u\n') }],
    [invalidPath, { mode: '100644', content: Buffer.from('latin\n') }],
    ['run.sh', { mode: '100755', content: Buffer.from('#!/bin/sh\necho hi\n') }],
    ['vendor/sub', { mode: '160000', content: null }],
  ]);
  return { r, invalidPath, expected };
}

function hashObject(r: TempRepo, content: Buffer): string {
  return execFileSync('git', ['hash-object', '--stdin'], { cwd: r.dir, input: content }).toString().trim();
}

describe('captureSnapshot: the corpus in every source mode', () => {
  it.each(['head', 'index'] as const)('%s lists every entry with mode, type and object id, in byte order', async (source) => {
    const { r, expected } = corpus();
    const s = await capture(r, source);
    expect(s.source).toBe(source);
    expect(s.headCommit).toBe(r.git('rev-parse', 'HEAD'));
    const paths = [...expected.keys()].sort((a, b) => Buffer.compare(encodeGitPath(a), encodeGitPath(b)));
    expect(s.entries.map((e) => e.path)).toEqual(paths);
    for (const entry of s.entries) {
      const want = expected.get(entry.path)!;
      expect(entry.mode).toBe(want.mode);
      expect(entry.type).toBe(want.mode === '160000' ? 'commit' : 'blob');
      if (want.content) expect(entry.oid).toBe(hashObject(r, want.content));
    }
    expect(s.get('vendor/sub')?.oid).toBe('1234567890abcdef1234567890abcdef12345678');
  });

  it.each(['head', 'index', 'working-tree'] as const)('%s reads exact bytes and modes, CRLF and NUL untouched', async (source) => {
    const { r, expected } = corpus();
    if (source === 'working-tree') chmodSync(join(r.dir, 'run.sh'), 0o755);
    const s = await capture(r, source);
    const blobs = [...expected].filter(([, v]) => v.content !== null);
    const read = await readAll(s, blobs.map(([p]) => p));
    expect(read.map((f) => f.path)).toEqual(blobs.map(([p]) => p));
    for (const [i, [path, want]] of blobs.entries()) {
      expect(read[i]!.mode, path).toBe(want.mode);
      expect(read[i]!.content.equals(want.content!), path).toBe(true);
      const single = await s.read(path);
      expect(single.content.equals(want.content!)).toBe(true);
    }
  });

  it.each(['head', 'index', 'working-tree'] as const)('%s keeps an invalid-UTF-8 name byte-exact', async (source) => {
    const { r, invalidPath } = corpus();
    const s = await capture(r, source);
    const entry = s.get(invalidPath);
    expect(entry).toBeDefined();
    expect(invalidPath).toContain('\udce9');
    expect(encodeGitPath(entry!.path).equals(LATIN1_NAME)).toBe(true);
    expect((await s.read(invalidPath)).content.toString()).toBe('latin\n');
  });

  it.each(['head', 'index', 'working-tree'] as const)('%s hands out each read file with its path\'s Git bytes, invalid UTF-8 included', async (source) => {
    const { r, expected } = corpus();
    const s = await capture(r, source);
    const blobs = [...expected].filter(([, v]) => v.content !== null).map(([p]) => p);
    const read = await readAll(s, blobs);
    expect(read).toHaveLength(blobs.length);
    for (const file of read) expect(file.pathBytes?.equals(encodeGitPath(file.path)), file.path).toBe(true);
    expect((await s.read(blobs[0]!)).pathBytes?.equals(encodeGitPath(blobs[0]!))).toBe(true);
    expect(read.find((file) => file.path.includes('\udce9'))?.pathBytes?.equals(LATIN1_NAME)).toBe(true);
  });

  it.each(['head', 'index', 'working-tree'] as const)('%s reports a gitlink as a non-blob entry', async (source) => {
    const { r } = corpus();
    mkdirSync(join(r.dir, 'vendor', 'sub'), { recursive: true });
    const s = await capture(r, source);
    expect(s.get('vendor/sub')).toMatchObject({ mode: '160000', type: 'commit' });
    await expectGitError(s.read('vendor/sub'), 'GIT_NON_BLOB', /non-blob Git entry at vendor\/sub: commit mode 160000/);
    await expectGitError(readAll(s, ['a/lf.txt', 'vendor/sub']), 'GIT_NON_BLOB');
  });
});

describe('captureSnapshot: sources differ exactly where they should', () => {
  it('head, index and working-tree see committed, staged and on-disk bytes', async () => {
    const r = repo({ 'f.txt': 'committed\n', 'g.txt': 'g\n' });
    r.write({ 'f.txt': 'staged\n' });
    r.git('add', 'f.txt');
    r.write({ 'f.txt': 'on disk\n', 'new.txt': 'untracked\n' });
    const head = await capture(r, 'head');
    const index = await capture(r, 'index');
    const work = await capture(r, 'working-tree');
    expect((await head.read('f.txt')).content.toString()).toBe('committed\n');
    expect((await index.read('f.txt')).content.toString()).toBe('staged\n');
    expect((await work.read('f.txt')).content.toString()).toBe('on disk\n');
    expect(work.get('new.txt')).toBeUndefined();
    await expectGitError(work.read('new.txt'), 'GIT_PATH_NOT_FOUND');
  });

  it('a ref moved after a head capture changes nothing', async () => {
    const r = repo({ 'f.txt': 'v1\n', 'gone.txt': 'x\n' });
    const first = r.git('rev-parse', 'HEAD');
    const s = await capture(r, 'head');
    r.write({ 'f.txt': 'v2\n', 'gone.txt': null, 'added.txt': 'y\n' });
    r.commit('move main');
    r.git('update-ref', 'refs/heads/main', r.git('rev-parse', 'HEAD'));
    expect(r.git('rev-parse', 'HEAD')).not.toBe(first);
    expect(s.headCommit).toBe(first);
    expect(s.entries.map((e) => e.path)).toEqual(['f.txt', 'gone.txt']);
    expect((await s.read('f.txt')).content.toString()).toBe('v1\n');
    expect((await s.read('gone.txt')).content.toString()).toBe('x\n');
  });

  it('an index capture is not changed by later staging', async () => {
    const r = repo({ 'f.txt': 'v1\n' });
    r.write({ 'f.txt': 'staged\n' });
    r.git('add', 'f.txt');
    const s = await capture(r, 'index');
    r.write({ 'f.txt': 'restaged\n' });
    r.git('add', 'f.txt');
    expect((await s.read('f.txt')).content.toString()).toBe('staged\n');
  });

  it('the execute bit: index chmod for head/index, chmod on disk for working-tree', async () => {
    const r = repo({ 'run.sh': 'x\n', 'plain.txt': 'p\n' });
    r.git('update-index', '--chmod=+x', 'run.sh');
    expect((await capture(r, 'head')).get('run.sh')?.mode).toBe('100644');
    expect((await capture(r, 'index')).get('run.sh')?.mode).toBe('100755');
    // On disk run.sh is still 0644: the working tree reports what lstat sees.
    expect((await capture(r, 'working-tree')).get('run.sh')?.mode).toBe('100644');
    chmodSync(join(r.dir, 'plain.txt'), 0o700);
    const work = await capture(r, 'working-tree');
    expect(work.get('plain.txt')?.mode).toBe('100755');
    expect((await work.read('plain.txt')).mode).toBe('100755');
  });

  it('core.filemode=false keeps the index mode of regular files', async () => {
    const r = repo({ 'run.sh': 'x\n', 'plain.txt': 'p\n' });
    r.git('update-index', '--chmod=+x', 'run.sh');
    r.git('config', 'core.filemode', 'false');
    chmodSync(join(r.dir, 'plain.txt'), 0o755);
    const s = await capture(r, 'working-tree');
    expect(s.get('run.sh')?.mode).toBe('100755');
    expect(s.get('plain.txt')?.mode).toBe('100644');
    expect((await s.read('run.sh')).mode).toBe('100755');
  });

  it('working-tree symlinks are content (the target bytes), never followed', async () => {
    const r = repo({ 'target.txt': 'pointed-to\n', 'plain.txt': 'p\n' });
    rmSync(join(r.dir, 'plain.txt'));
    symlinkSync('does/not/exist', join(r.dir, 'plain.txt'));
    const s = await capture(r, 'working-tree');
    expect(s.get('plain.txt')?.mode).toBe('120000');
    const file = await s.read('plain.txt');
    expect(file).toMatchObject({ mode: '120000' });
    expect(file.content.toString()).toBe('does/not/exist');
  });

  it('tracked paths missing on disk are left out of a working-tree snapshot', async () => {
    const r = repo({ 'keep.txt': 'k\n', 'gone.txt': 'g\n', 'dir/gone.txt': 'g\n' });
    rmSync(join(r.dir, 'gone.txt'));
    rmSync(join(r.dir, 'dir'), { recursive: true });
    const s = await capture(r, 'working-tree');
    expect(s.entries.map((e) => e.path)).toEqual(['keep.txt']);
  });
});

describe('captureSnapshot: working-tree failures are errors, never empty bytes', () => {
  it('a file deleted between capture and read has vanished', async () => {
    const r = repo({ 'f.txt': 'x\n' });
    const s = await capture(r, 'working-tree');
    rmSync(join(r.dir, 'f.txt'));
    await expectGitError(s.read('f.txt'), 'GIT_FILE_VANISHED', /vanished/);
  });

  it('a file whose execute bit flips after capture has changed', async () => {
    const r = repo({ 'f.txt': 'x\n' });
    const s = await capture(r, 'working-tree');
    chmodSync(join(r.dir, 'f.txt'), 0o755);
    await expectGitError(s.read('f.txt'), 'GIT_FILE_CHANGED', /File changed while hashing/);
  });

  it('a file replaced by a symlink after capture has changed', async () => {
    const r = repo({ 'f.txt': 'x\n', 'other.txt': 'o\n' });
    const s = await capture(r, 'working-tree');
    rmSync(join(r.dir, 'f.txt'));
    symlinkSync('other.txt', join(r.dir, 'f.txt'));
    await expectGitError(s.read('f.txt'), 'GIT_FILE_CHANGED');
  });

  it('a tracked file that became a directory is an unsupported file type', async () => {
    const r = repo({ 'f.txt': 'x\n', 'ok.txt': 'ok\n' });
    rmSync(join(r.dir, 'f.txt'));
    mkdirSync(join(r.dir, 'f.txt'));
    const s = await capture(r, 'working-tree');
    await expectGitError(s.read('f.txt'), 'GIT_UNSUPPORTED_FILE_TYPE', /^Unsupported working-tree file type at f\.txt/);
    expect((await s.read('ok.txt')).content.toString()).toBe('ok\n');
  });

  it('a FIFO is an unsupported file type and is never opened', async () => {
    const r = repo({ 'pipe': 'x\n' });
    rmSync(join(r.dir, 'pipe'));
    execFileSync('mkfifo', [join(r.dir, 'pipe')]);
    const s = await capture(r, 'working-tree');
    await expectGitError(s.read('pipe'), 'GIT_UNSUPPORTED_FILE_TYPE', /FIFO/);
  });

  it('a path below a symlinked directory is an error (directories are never traversed)', async () => {
    const r = repo({ 'real/x.txt': 'x\n', 'elsewhere/x.txt': 'other\n' });
    renameSync(join(r.dir, 'real'), join(r.dir, 'moved'));
    symlinkSync('elsewhere', join(r.dir, 'real'));
    const s = await capture(r, 'working-tree');
    await expectGitError(s.read('real/x.txt'), 'GIT_SYMLINKED_DIRECTORY', /symlink/);
    await expectGitError(readAll(s, ['elsewhere/x.txt', 'real/x.txt']), 'GIT_SYMLINKED_DIRECTORY');
  });
});

describe('captureSnapshot: unborn and conflicted repositories', () => {
  it('head on an unborn repository says to commit first or use the working tree', async () => {
    const r = repo({ 'a.txt': 'a\n' }, { commit: false });
    await expectGitError(captureSnapshot(r.dir, 'head'), 'GIT_UNBORN_HEAD', /commit first.*--source working-tree/i);
  });

  it('index before the first commit uses the staged files', async () => {
    const r = repo({ 'a.txt': 'a\n', 'b.txt': 'b\n' }, { commit: false });
    r.git('add', 'a.txt');
    const s = await capture(r, 'index');
    expect(s.headCommit).toBeNull();
    expect(s.entries.map((e) => e.path)).toEqual(['a.txt']);
  });

  it('working-tree with no HEAD and an empty index falls back to the non-ignored files', async () => {
    const r = repo({ '.gitignore': 'ignored/\n*.log\n', 'src/a.ts': 'a\n', 'x.log': 'no\n', 'ignored/z.txt': 'no\n' }, { commit: false });
    symlinkSync('src/a.ts', join(r.dir, 'link'));
    const s = await capture(r, 'working-tree');
    expect(s.headCommit).toBeNull();
    expect(s.entries).toEqual([
      { path: '.gitignore', mode: '100644', type: 'blob', oid: '' },
      { path: 'link', mode: '120000', type: 'blob', oid: '' },
      { path: 'src/a.ts', mode: '100644', type: 'blob', oid: '' },
    ]);
    expect((await s.read('src/a.ts')).content.toString()).toBe('a\n');
    expect((await s.read('link')).content.toString()).toBe('src/a.ts');
  });

  it('unresolved merge stages are a typed error naming the paths', async () => {
    const r = repo({ 'c.txt': 'base\n', 'other.txt': 'o\n' });
    createMergeConflict(r, 'c.txt');
    for (const source of ['index', 'working-tree'] as const) {
      await expectGitError(captureSnapshot(r.dir, source), 'GIT_UNMERGED_INDEX', /c\.txt/);
    }
  });

  it('a head capture from a subdirectory finds a root whose name holds a line feed', async () => {
    const outer = repo({});
    const root = join(outer.dir, 'line\nfeed');
    mkdirSync(join(root, 'sub'), { recursive: true });
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: root, env: { ...process.env, ...GIT_TEST_ENV } });
    writeFileSync(join(root, 'sub', 'a.txt'), 'a\n');
    execFileSync('git', ['add', '-A'], { cwd: root, env: { ...process.env, ...GIT_TEST_ENV } });
    execFileSync('git', ['commit', '-q', '-m', 'a'], { cwd: root, env: { ...process.env, ...GIT_TEST_ENV } });
    const s = await captureSnapshot(join(root, 'sub'), 'head');
    snapshots.push(s);
    expect(s.root).toBe(root);
    expect(s.entries.map((e) => e.path)).toEqual(['sub/a.txt']);
    expect((await s.read('sub/a.txt')).content.toString()).toBe('a\n');
  });

  it('outside a repository is GIT_NOT_A_REPOSITORY', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    rmSync(join(r.dir, '.git'), { recursive: true });
    await expectGitError(captureSnapshot(r.dir, 'head'), 'GIT_NOT_A_REPOSITORY');
  });
});

describe('Snapshot reads', () => {
  it('a missing object fails closed, never empty bytes', async () => {
    const r = repo({ 'real.txt': 'r\n' });
    const ghost = 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef';
    r.git('update-index', '--add', '--cacheinfo', `100644,${ghost},ghost.txt`);
    const tree = r.git('write-tree', '--missing-ok');
    const commit = r.git('commit-tree', tree, '-p', 'HEAD', '-m', 'ghost');
    r.git('update-ref', 'refs/heads/main', commit);
    const s = await capture(r, 'head');
    expect(s.get('ghost.txt')?.oid).toBe(ghost);
    await expectGitError(s.read('ghost.txt'), 'GIT_OBJECT_MISSING', /missing/);
    // The batch process keeps serving after a miss.
    expect((await s.read('real.txt')).content.toString()).toBe('r\n');
  });

  it('readMany yields in the requested order with many reads in flight', async () => {
    const files: Record<string, string> = {};
    // Bodies that span several stdout chunks sit between small ones that are handed out as views
    // of a shared chunk: every content kept to the end must still hold its own bytes.
    for (let i = 0; i < 700; i++) {
      files[`d${i % 7}/f${i}.txt`] = `content ${i}\n`.repeat(1 + (i % 5));
      if (i % 100 === 50) files[`large/l${i}.txt`] = `large ${i} `.repeat(10_000 + 30 * i);
    }
    const r = repo(files);
    const s = await capture(r, 'head');
    const order = Object.keys(files).reverse();
    const read = await readAll(s, order);
    expect(read.map((f) => f.path)).toEqual(order);
    for (const f of read) expect(f.content.toString()).toBe(files[f.path]);
  });

  it('readMany stops at the first failing path after yielding the ones before it', async () => {
    const r = repo({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    const s = await capture(r, 'head');
    const seen: string[] = [];
    const error = await rejection(async () => {
      for await (const f of s.readMany(['a.txt', 'nope.txt', 'b.txt'])) seen.push(f.path);
    });
    expect(seen).toEqual(['a.txt']);
    expect(isGitError(error, 'GIT_PATH_NOT_FOUND')).toBe(true);
  });

  it('breaking out of readMany, closing twice, and reading after close', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 50; i++) files[`f${i}.txt`] = `${i}\n`;
    const r = repo(files);
    const s = await captureSnapshot(r.dir, 'head');
    for await (const f of s.readMany(Object.keys(files))) {
      expect(f.path).toBe('f0.txt');
      break;
    }
    expect((await s.read('f1.txt')).content.toString()).toBe('1\n');
    await s.close();
    await s.close();
    await expectGitError(s.read('f1.txt'), 'GIT_SNAPSHOT_CLOSED');
  });

  it('list(dir) returns the entry itself and everything below dir/, sorted', async () => {
    // 'd-x' and 'd.txt' sort between 'd' and 'd/' by bytes; list must not stop or start there.
    const r = repo({ 'd-x': '-\n', 'd.txt': '.\n', 'd/a': 'a\n', 'd/b/c': 'c\n', 'd/b-c': 'bc\n', e: 'e\n' });
    const s = await capture(r, 'head');
    expect(s.list('d').map((e) => e.path)).toEqual(['d/a', 'd/b-c', 'd/b/c']);
    expect(s.list('d/').map((e) => e.path)).toEqual(['d/a', 'd/b-c', 'd/b/c']);
    expect(s.list('d/b').map((e) => e.path)).toEqual(['d/b/c']);
    expect(s.list('d.txt').map((e) => e.path)).toEqual(['d.txt']);
    expect(s.list('e').map((e) => e.path)).toEqual(['e']);
    expect(s.list('nothing')).toEqual([]);
    expect(s.list('').map((e) => e.path)).toEqual(['d-x', 'd.txt', 'd/a', 'd/b-c', 'd/b/c', 'e']);
  });

  it('entries are ordered by UTF-8 bytes', async () => {
    const names = ['z.txt', 'é.txt', '\uffff.txt', '😀.txt', 'Z.txt', 'a b.txt'];
    const r = repo(Object.fromEntries(names.map((n) => [n, n])));
    const s = await capture(r, 'head');
    const byBytes = [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(s.entries.map((e) => e.path)).toEqual(byBytes);
  });
});

describe('head listings stream in chunks', () => {
  it('a listing of many chunks keeps every name exact, ASCII or not, in every kind of entry', async () => {
    // Runs of plain ASCII names and runs with UTF-8 or invalid UTF-8 names alternate across
    // about ten stdout chunks, with executables, symlinks and gitlinks among them.
    const r = repo();
    const names: Buffer[] = [];
    for (let i = 0; i < 10_000; i++) {
      const block = Math.floor(i / 1000);
      const stem = `d${block}/f${String(i).padStart(5, '0')}`;
      names.push(block % 3 === 1 && i % 5 === 0 ? Buffer.concat([Buffer.from(`${stem}-`), i % 10 === 0 ? Buffer.from([0xe9]) : Buffer.from('é中')]) : Buffer.from(stem));
    }
    const modes = ['100644 :1', '100755 :1', '120000 :1', '160000 1234567890abcdef1234567890abcdef12345678'];
    const lines = ['blob', 'mark :1', 'data 2', 'x', '', 'commit refs/heads/main', 'committer T <t@example.invalid> 1700000000 +0000', 'data 1', 'c'];
    const stream = Buffer.concat([
      Buffer.from(`${lines.join('\n')}\n`),
      ...names.map((name, i) => Buffer.concat([Buffer.from(`M ${modes[i % 4]} `), name, Buffer.from('\n')])),
      Buffer.from('\n'),
    ]);
    gitWithInput(r, ['-c', 'core.quotePath=false', 'fast-import', '--quiet'], stream);
    const listing = execFileSync('git', ['ls-tree', '-r', '-z', '--full-tree', 'HEAD'], { cwd: r.dir, maxBuffer: 1 << 26 });
    expect(listing.length).toBeGreaterThan(6 * 64 * 1024);
    const expected = listing
      .toString('latin1')
      .split('\0')
      .filter((record) => record !== '')
      .map((record) => {
        const [meta, path] = record.split('\t') as [string, string];
        const [mode, type, oid] = meta.split(' ');
        return { path: decodeGitPath(Buffer.from(path, 'latin1')), mode, type, oid };
      });
    const s = await capture(r, 'head');
    expect(s.entries.map((entry) => ({ ...entry }))).toEqual(expected);
    expect(new Set(s.entries.map((entry) => entry.mode))).toEqual(new Set(['100644', '100755', '120000', '160000']));
    for (const [i, name] of names.entries()) expect(s.get(decodeGitPath(name))?.mode, String(i)).toBe(modes[i % 4]!.slice(0, 6));
  });
});

describe('snapshot limits are enforced while streaming', () => {
  it.each([
    ['maxTreeEntries', { maxTreeEntries: 2 }],
    ['maxPathBytes', { maxPathBytes: 10 }],
    ['maxTotalPathBytes', { maxTotalPathBytes: 12 }],
    ['maxListingBytes', { maxListingBytes: 100 }],
  ] as const)('%s', async (limit, limits) => {
    const r = repo({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'long-name-here.txt': 'c\n' });
    for (const source of ['head', 'index', 'working-tree'] as const) {
      await expectGitError(captureSnapshot(r.dir, source, { limits }), 'GIT_LIMIT_EXCEEDED', new RegExp(limit));
    }
  });

  it('maxBlobBytes refuses an oversized blob from its header and keeps serving', async () => {
    const r = repo({ 'big.bin': Buffer.alloc(5000, 7), 'small.txt': 's\n' });
    for (const source of ['head', 'index', 'working-tree'] as const) {
      const s = await capture(r, source, { limits: { maxBlobBytes: 4096 } });
      await expectGitError(readAll(s, ['big.bin', 'small.txt']), 'GIT_OBJECT_TOO_LARGE', /maxBlobBytes/);
      expect((await s.read('small.txt')).content.toString()).toBe('s\n');
    }
  });

  it('the unborn fallback listing is bounded too', async () => {
    const r = repo({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' }, { commit: false });
    await expectGitError(captureSnapshot(r.dir, 'working-tree', { limits: { maxTreeEntries: 2 } }), 'GIT_LIMIT_EXCEEDED', /maxTreeEntries/);
  });

  it('a real 50,001-entry tree breaches the default entry limit; 50,000 pass', async () => {
    const r = repo();
    const lines: string[] = ['blob', 'mark :1', 'data 2', 'x', ''];
    const commit = (ref: string, count: number): void => {
      lines.push(`commit ${ref}`, 'committer T <t@example.invalid> 1700000000 +0000', 'data 1', 'c');
      for (let i = 0; i < count; i++) lines.push(`M 100644 :1 d${i % 100}/f${i}`);
      lines.push('');
    };
    commit('refs/heads/main', 50_000);
    commit('refs/heads/big', 50_001);
    gitWithInput(r, ['fast-import', '--quiet'], Buffer.from(`${lines.join('\n')}\n`));
    const ok = await capture(r, 'head');
    expect(ok.entries).toHaveLength(50_000);
    r.git('symbolic-ref', 'HEAD', 'refs/heads/big');
    await expectGitError(captureSnapshot(r.dir, 'head'), 'GIT_LIMIT_EXCEEDED', /maxTreeEntries \(50000\)/);
  });
});
