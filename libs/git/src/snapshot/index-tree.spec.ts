import { writeFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { DEFAULT_SNAPSHOT_LIMITS } from '../limits/snapshot-limits.js';
import { writeIndexTree } from './index-tree.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.dispose();
});

describe('writeIndexTree while another git holds the index lock', () => {
  it('waits for the lock and then captures the index, as parallel Nx tasks need', async () => {
    const r = createTempRepo({ 'a.txt': 'a\n' });
    repos.push(r);
    const lock = join(r.dir, '.git', 'index.lock');
    // Another process (a parallel task's capture, a `git add`) holds the lock for a moment.
    writeFileSync(lock, '');
    setTimeout(() => rmSync(lock, { force: true }), 300);
    const tree = await writeIndexTree(r.dir, DEFAULT_SNAPSHOT_LIMITS);
    expect(tree).toBe(r.git('write-tree'));
    expect(existsSync(lock)).toBe(false);
  });

  it('still fails, naming the lock, when it is never released', async () => {
    const r = createTempRepo({ 'a.txt': 'a\n' });
    repos.push(r);
    writeFileSync(join(r.dir, '.git', 'index.lock'), '');
    await expect(writeIndexTree(r.dir, DEFAULT_SNAPSHOT_LIMITS)).rejects.toThrow(/index\.lock/);
  }, 20_000);
});
