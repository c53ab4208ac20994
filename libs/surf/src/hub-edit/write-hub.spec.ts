import { lstatSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SurfError } from '../errors.js';
import { writeHubIfChanged } from './write-hub.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'surf-write-hub-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('writeHubIfChanged', () => {
  it('does not touch the file when the text is unchanged', async () => {
    const path = join(dir, 'a.md');
    writeFileSync(path, 'same');
    const before = statSync(path, { bigint: true });
    expect(await writeHubIfChanged(path, 'same', 'same')).toBe(false);
    const after = statSync(path, { bigint: true });
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeNs).toBe(before.mtimeNs);
    expect(readdirSync(dir)).toEqual(['a.md']);
  });

  it('clears a lock left by a killed writer even when the text is unchanged, and keeps a live one', async () => {
    const path = join(dir, 'a.md');
    writeFileSync(path, 'same');
    // A pid that ran and is gone: what a writer killed between its rename and its unlock leaves.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${path}.surf-lock`, `${gone}\n`);
    expect(await writeHubIfChanged(path, 'same', 'same')).toBe(false);
    expect(readdirSync(dir)).toEqual(['a.md']);
    writeFileSync(`${path}.surf-lock`, `${process.pid}\n`);
    expect(await writeHubIfChanged(path, 'same', 'same')).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['a.md', 'a.md.surf-lock']);
  });

  it('replaces the file atomically, keeping its permission bits and leaving no temp file', async () => {
    const path = join(dir, 'a.md');
    writeFileSync(path, 'old\r\n');
    chmodSync(path, 0o640);
    const inode = statSync(path).ino;
    expect(await writeHubIfChanged(path, 'new\r\n', 'old\r\n')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('new\r\n');
    expect(statSync(path).mode & 0o777).toBe(0o640);
    // rename() puts a new inode in place: readers see the old or the new file, never a mix.
    expect(statSync(path).ino).not.toBe(inode);
    expect(readdirSync(dir)).toEqual(['a.md']);
  });

  it('refuses to overwrite a file that changed since it was read', async () => {
    const path = join(dir, 'a.md');
    writeFileSync(path, 'edited by someone else');
    await expect(writeHubIfChanged(path, 'new', 'old')).rejects.toMatchObject({ code: 'SURF_HUB_CHANGED' });
    expect(readFileSync(path, 'utf8')).toBe('edited by someone else');
  });

  it('writes through a symlink, keeping the link', async () => {
    writeFileSync(join(dir, 'target.md'), 'old');
    symlinkSync('target.md', join(dir, 'link.md'));
    expect(await writeHubIfChanged(join(dir, 'link.md'), 'new', 'old')).toBe(true);
    expect(lstatSync(join(dir, 'link.md')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.md'))).toBe('target.md');
    expect(readFileSync(join(dir, 'target.md'), 'utf8')).toBe('new');
  });

  it('reports a missing file as SURF_IO', async () => {
    const error = await writeHubIfChanged(join(dir, 'missing.md'), 'new', 'old').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SurfError);
    expect((error as SurfError).code).toBe('SURF_IO');
  });
});
