import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { unchangedTrackedBlobs } from './unchanged-tracked-blobs.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repo(files: Parameters<typeof createTempRepo>[0], options: Parameters<typeof createTempRepo>[1] = {}): TempRepo {
  const r = createTempRepo(files, options);
  cleanups.push(() => r.dispose());
  return r;
}

describe('unchangedTrackedBlobs', () => {
  it('vouches for committed files git sees unchanged, and for nothing it cannot vouch for', async () => {
    const r = repo({
      'a.ts': 'export const a = 1;\n',
      'b.ts': 'export const b = 1;\n',
      'staged.ts': 'export const s = 1;\n',
      'gone.ts': 'x\n',
      'old-name.ts': 'export const moved = 1;\n',
      'link.ts': { symlink: 'a.ts' },
      'sub/c.ts': 'export const c = 1;\n',
    });
    const blobOf = (path: string) => r.git('rev-parse', `HEAD:${path}`);
    r.write({ 'b.ts': 'export const b = 2;\n', 'staged.ts': 'export const s = 2;\n', 'gone.ts': null, 'new.ts': 'untracked\n' });
    r.git('add', 'staged.ts');
    r.git('mv', 'old-name.ts', 'new-name.ts');
    const blobs = await unchangedTrackedBlobs(r.dir);
    expect(Object.fromEntries(blobs!)).toEqual({
      'a.ts': blobOf('a.ts'),
      // Staged only: the working tree equals the index entry, which is what is listed.
      'staged.ts': r.git('rev-parse', ':staged.ts'),
      'new-name.ts': blobOf('old-name.ts'),
      'sub/c.ts': blobOf('sub/c.ts'),
    });
  });

  it('answers relative to a subdirectory the call runs in', async () => {
    const r = repo({ 'top.ts': 'x\n', 'pkg/in.ts': 'y\n', 'pkg/changed.ts': 'z\n' });
    r.write({ 'pkg/changed.ts': 'zz\n' });
    const blobs = await unchangedTrackedBlobs(join(r.dir, 'pkg'));
    expect([...blobs!.keys()]).toEqual(['in.ts']);
  });

  it('leaves out files whose blob is converted text, and gives up when autocrlf converts', async () => {
    const r = repo({ '.gitattributes': '*.py text eol=crlf\n', 'a.py': 'x = 1\n', 'b.ts': 'y\n' });
    expect([...(await unchangedTrackedBlobs(r.dir))!.keys()].sort()).toEqual(['.gitattributes', 'b.ts']);
    r.git('config', 'core.autocrlf', 'true');
    expect(await unchangedTrackedBlobs(r.dir)).toBeUndefined();
    r.git('config', 'core.autocrlf', 'input');
    expect(await unchangedTrackedBlobs(r.dir)).toBeUndefined();
  });

  it('cannot tell outside a repository', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-repo-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    expect(await unchangedTrackedBlobs(dir)).toBeUndefined();
  });
});
