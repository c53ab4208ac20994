import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { GitContext } from './git-context.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repo(files: Record<string, string>): TempRepo {
  const r = createTempRepo(files);
  cleanups.push(() => r.dispose());
  return r;
}

describe('GitContext', () => {
  it('shows files of a workspace below the repository root at a revision, by workspace path', async () => {
    const r = repo({ 'ws/src/a.ts': 'one\n', 'top.txt': 'top\n' });
    const first = r.git('rev-parse', 'HEAD');
    r.write({ 'ws/src/a.ts': 'two\n' });
    r.commit();
    const git = (await GitContext.open(join(r.dir, 'ws')))!;
    expect(git.prefix).toBe('ws');
    const [old, now, absent] = await Promise.all([git.show(first, 'src/a.ts'), git.show('HEAD', 'src/a.ts'), git.show('HEAD', 'src/none.ts')]);
    expect(old?.toString()).toBe('one\n');
    expect(now?.toString()).toBe('two\n');
    expect(absent).toBeUndefined();
    expect(await git.show('no-such-ref', 'src/a.ts')).toBeUndefined();
    await git.close();
  });

  it('answers undefined after close, and close is idempotent', async () => {
    const r = repo({ 'a.txt': 'a\n' });
    const git = (await GitContext.open(r.dir))!;
    expect((await git.show('HEAD', 'a.txt'))?.toString()).toBe('a\n');
    await git.close();
    await git.close();
    expect(await git.show('HEAD', 'a.txt')).toBeUndefined();
  });

  it('is undefined outside a git repository', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surf-no-git-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    expect(await GitContext.open(dir)).toBeUndefined();
  });
});
