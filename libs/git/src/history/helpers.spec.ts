import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from '../../../../test/support/temp-repo.js';
import { changedFiles } from './changed-files.js';
import { readConfigValue } from '../process/config-value.js';
import { describeTag } from './describe-tag.js';
import { expectGitError } from '../git-error.test-helpers.js';
import { gitLog } from './git-log.js';
import { decodeGitPath } from '../paths/git-path.js';
import { resolveHeadCommit } from './head-commit.js';
import { mergeBase } from './merge-base.js';
import { readFileAtRevision } from '../read/read-file-at-revision.js';
import { findRepoRoot } from '../process/repo-root.js';
import { isShallowRepository } from './shallow-repository.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repo(...args: Parameters<typeof createTempRepo>): TempRepo {
  const r = createTempRepo(...args);
  cleanups.push(() => r.dispose());
  return r;
}

describe('findRepoRoot / resolveHeadCommit', () => {
  it('finds the root from a subdirectory', async () => {
    const r = repo({ 'a/b/c.txt': 'c\n' });
    expect(await findRepoRoot(join(r.dir, 'a', 'b'))).toBe(realpathSync(r.dir));
  });

  it('outside a repository is GIT_NOT_A_REPOSITORY', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'driftgate-norepo-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await expectGitError(findRepoRoot(dir), 'GIT_NOT_A_REPOSITORY');
    await expectGitError(findRepoRoot(join(dir, 'missing')), 'GIT_NOT_A_REPOSITORY');
  });

  it('HEAD is the commit id, null when unborn', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    expect(await resolveHeadCommit(r.dir)).toBe(r.git('rev-parse', 'HEAD'));
    const unborn = repo({ 'a.txt': 'a\n' }, { commit: false });
    expect(await resolveHeadCommit(unborn.dir)).toBeNull();
  });
});

describe('readFileAtRevision', () => {
  it('reads bytes at a revision, null for an absent path', async () => {
    const r = repo({ 'src/a.ts': 'old\r\n' });
    const first = r.git('rev-parse', 'HEAD');
    r.write({ 'src/a.ts': 'new\n' });
    r.commit();
    expect((await readFileAtRevision(r.dir, first, 'src/a.ts'))?.toString()).toBe('old\r\n');
    expect((await readFileAtRevision(r.dir, 'HEAD', 'src/a.ts'))?.toString()).toBe('new\n');
    expect(await readFileAtRevision(r.dir, 'HEAD', 'src/none.ts')).toBeNull();
    expect(await readFileAtRevision(r.dir, 'HEAD', 'src/a.ts/deeper')).toBeNull();
  });

  it('reads an invalid-UTF-8 path and names with spaces exactly', async () => {
    const r = repo({ 'with space .txt': 's\n' }, { commit: false });
    writeFileSync(Buffer.concat([Buffer.from(`${r.dir}/`), Buffer.from('x\xff.txt', 'latin1')]), 'bytes\n');
    r.commit();
    expect((await readFileAtRevision(r.dir, 'HEAD', decodeGitPath(Buffer.from('x\xff.txt', 'latin1'))))?.toString()).toBe('bytes\n');
    expect((await readFileAtRevision(r.dir, 'HEAD', 'with space .txt'))?.toString()).toBe('s\n');
  });

  it('a bad revision, a directory, a submodule and a bad path are errors', async () => {
    const r = repo({ 'dir/a.txt': 'a\n' });
    r.git('update-index', '--add', '--cacheinfo', '160000,1234567890abcdef1234567890abcdef12345678,vendor/sub');
    r.git('commit', '-q', '-m', 'gitlink');
    await expectGitError(readFileAtRevision(r.dir, 'no-such-branch', 'dir/a.txt'), 'GIT_BAD_REVISION');
    await expectGitError(readFileAtRevision(r.dir, '--output=x', 'dir/a.txt'), 'GIT_BAD_REVISION');
    await expectGitError(readFileAtRevision(r.dir, 'HEAD', 'dir'), 'GIT_NON_BLOB');
    await expectGitError(readFileAtRevision(r.dir, 'HEAD', 'vendor/sub'), 'GIT_NON_BLOB', /commit mode 160000/);
    await expectGitError(readFileAtRevision(r.dir, 'HEAD', '../etc/passwd'), 'GIT_BAD_PATH');
    await expectGitError(readFileAtRevision(r.dir, 'HEAD', 'dir/a.txt', { maxBytes: 1 }), 'GIT_OBJECT_TOO_LARGE');
  });
});

describe('mergeBase', () => {
  it('finds the fork point, null for unrelated histories', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    const fork = r.git('rev-parse', 'HEAD');
    r.git('checkout', '-q', '-b', 'side');
    r.write({ 'b.txt': 'b\n' });
    r.commit();
    r.git('checkout', '-q', 'main');
    r.write({ 'c.txt': 'c\n' });
    r.commit();
    expect(await mergeBase(r.dir, 'main', 'side')).toBe(fork);
    r.git('checkout', '-q', '--orphan', 'lonely');
    r.commit('orphan');
    expect(await mergeBase(r.dir, 'main', 'lonely')).toBeNull();
    await expectGitError(mergeBase(r.dir, 'main', 'nope'), 'GIT_BAD_REVISION');
  });
});

describe('changedFiles', () => {
  it('lists working-tree changes against a revision with rename detection', async () => {
    const body = 'line one\nline two\nline three\nline four\n';
    const r = repo({ 'keep.txt': 'k\n', 'edit.txt': 'e\n', 'old/name.txt': body, 'del.txt': 'd\n' });
    r.write({ 'edit.txt': 'edited\n', 'del.txt': null, 'old/name.txt': null, 'new/name.txt': body, 'added.txt': 'a\n' });
    r.git('add', '-A');
    const changes = await changedFiles(r.dir, { from: 'HEAD' });
    expect(changes).toEqual([
      { status: 'A', path: 'added.txt' },
      { status: 'D', path: 'del.txt' },
      { status: 'M', path: 'edit.txt' },
      { status: 'R', score: 100, path: 'new/name.txt', oldPath: 'old/name.txt' },
    ]);
    const noRenames = await changedFiles(r.dir, { from: 'HEAD', renames: false });
    expect(noRenames.map((c) => `${c.status} ${c.path}`)).toContain('D old/name.txt');
  });

  it('compares two revisions, and relative to a subdirectory', async () => {
    const r = repo({ 'pkg/a.ts': 'a\n', 'top.txt': 't\n' });
    const first = r.git('rev-parse', 'HEAD');
    r.write({ 'pkg/a.ts': 'a2\n', 'pkg/sub/b.ts': 'b\n', 'top.txt': 't2\n' });
    r.commit();
    expect(await changedFiles(r.dir, { from: first, to: 'HEAD' })).toEqual([
      { status: 'M', path: 'pkg/a.ts' },
      { status: 'A', path: 'pkg/sub/b.ts' },
      { status: 'M', path: 'top.txt' },
    ]);
    expect(await changedFiles(join(r.dir, 'pkg'), { from: first, to: 'HEAD', relative: true })).toEqual([
      { status: 'M', path: 'a.ts' },
      { status: 'A', path: 'sub/b.ts' },
    ]);
    expect(await changedFiles(r.dir, { from: first, to: 'HEAD', relative: 'pkg/sub' })).toEqual([{ status: 'A', path: 'b.ts' }]);
    await expectGitError(changedFiles(r.dir, { from: 'nope' }), 'GIT_BAD_REVISION');
    await expectGitError(changedFiles(r.dir, { from: first, to: 'nope' }), 'GIT_BAD_REVISION');
  });
});

describe('describeTag', () => {
  it('finds the nearest reachable tag with a prefix (prefix overlap: v and v1 both match v11.0.0)', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    r.git('tag', 'v11.0.0');
    r.write({ 'b.txt': 'b\n' });
    const head = r.commit();
    expect(await describeTag(r.dir, head, 'v')).toBe('v11.0.0');
    expect(await describeTag(r.dir, head, 'v1')).toBe('v11.0.0');
    expect(await describeTag(r.dir, head, 'release-')).toBeNull();
  });

  it('never returns a tag that is not reachable from the commit', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    const base = r.git('rev-parse', 'HEAD');
    r.git('checkout', '-q', '-b', 'side');
    r.write({ 'b.txt': 'b\n' });
    r.commit();
    r.git('tag', 'v2.0.0');
    expect(await describeTag(r.dir, base, 'v')).toBeNull();
    await expectGitError(describeTag(r.dir, 'f'.repeat(40), 'v'), 'GIT_BAD_REVISION');
  });
});

describe('isShallowRepository / readConfigValue', () => {
  it('tells a shallow clone from a full one', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    r.write({ 'a.txt': 'a2\n' });
    r.commit();
    expect(await isShallowRepository(r.dir)).toBe(false);
    const clone = mkdtempSync(join(tmpdir(), 'driftgate-shallow-'));
    cleanups.push(() => rmSync(clone, { recursive: true, force: true }));
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${r.dir}`, clone], { env: { ...process.env, ...GIT_TEST_ENV } });
    expect(await isShallowRepository(clone)).toBe(true);
  });

  it('reads config values, null when unset, normalised booleans', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    r.git('config', 'driftgate.flag', 'yes');
    expect(await readConfigValue(r.dir, 'core.autocrlf')).toBe('false');
    expect(await readConfigValue(r.dir, 'driftgate.flag', { type: 'bool' })).toBe('true');
    expect(await readConfigValue(r.dir, 'driftgate.unset')).toBeNull();
  });
});

describe('gitLog', () => {
  it('streams one record per 0x01 marker with name-status lines', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    const first = r.git('rev-parse', 'HEAD');
    r.write({ 'a.txt': 'a2\n', 'b.txt': 'b\n' });
    const second = r.commit();
    const records: string[] = [];
    for await (const record of gitLog(r.dir, ['--topo-order', '--name-status', '--format=%x01%H %P'])) records.push(record);
    expect(records).toEqual([`${second} ${first}\n\nM\ta.txt\nA\tb.txt\n`, `${first} \n\nA\ta.txt\n`]);
  });

  it('ends git when the consumer stops early, and reports a bad revision', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    for (let i = 0; i < 5; i++) {
      r.write({ 'a.txt': `${i}\n` });
      r.commit();
    }
    let seen = 0;
    for await (const record of gitLog(r.dir, ['--format=%x01%H'])) {
      expect(record).toMatch(/^[0-9a-f]{40}\n$/);
      if (++seen === 2) break;
    }
    expect(seen).toBe(2);
    const bad = (async () => {
      for await (const _ of gitLog(r.dir, ['--format=%x01%H', 'no-such-rev'])) void _;
    })();
    await expectGitError(bad, 'GIT_COMMAND_FAILED');
  });
});
