import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleTemporaries, writeFileDurably } from './durable-write.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'driftgate-durable-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// A pid no process can have: far above any kernel's pid_max.
const DEAD = 2_147_483_646;

describe('writeFileDurably', () => {
  it('replaces the bytes, keeps the mode, writes through a symlink and leaves nothing beside the file', async () => {
    const file = join(dir, 'lock.json');
    writeFileSync(file, 'old\n');
    chmodSync(file, 0o640);
    symlinkSync('lock.json', join(dir, 'link.json'));
    await writeFileDurably(join(dir, 'link.json'), 'new\n');
    expect(readFileSync(file, 'utf8')).toBe('new\n');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir).sort()).toEqual(['link.json', 'lock.json']);
    await writeFileDurably(join(dir, 'fresh.txt'), new Uint8Array([1, 2, 3]), { fsync: false });
    expect([...readFileSync(join(dir, 'fresh.txt'))]).toEqual([1, 2, 3]);
  });

  it('removes what killed writers left in the directory, and keeps what a live one is writing', async () => {
    const file = join(dir, 'hub.md');
    writeFileSync(file, 'x\n');
    writeFileSync(join(dir, `hub.md.driftgate-${DEAD}-1.tmp`), 'half');
    writeFileSync(join(dir, `hub.md.driftgate-${process.ppid}-1.tmp`), 'in flight');
    writeFileSync(join(dir, `other.md.driftgate-${DEAD}-1.tmp`), 'another file of a killed run');
    writeFileSync(join(dir, 'hub.md.12345'), 'not ours');
    await removeStaleTemporaries(file);
    expect(readdirSync(dir).sort()).toEqual(['hub.md', `hub.md.driftgate-${process.ppid}-1.tmp`, 'hub.md.12345'].sort());
    // A directory is swept once per process; a write into a new one sweeps that one.
    const other = join(dir, 'sub');
    mkdirSync(other);
    writeFileSync(join(other, `lock.json.driftgate-${DEAD}-7.tmp`), 'half');
    await writeFileDurably(join(other, 'lock.json'), 'y\n');
    expect(readdirSync(other)).toEqual(['lock.json']);
  });

  it('rethrows the file-system error and removes its temporary file', async () => {
    await expect(writeFileDurably(join(dir, 'missing', 'x.json'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(readdirSync(dir)).toEqual([]);
  });
});
