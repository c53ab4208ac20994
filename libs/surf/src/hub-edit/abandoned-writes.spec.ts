import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAbandonedHubWrites } from './abandoned-writes.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'surf-abandoned-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A pid that ran and is gone, as a killed writer's lock names it. */
const gone = () => `${spawnSync(process.execPath, ['-e', '']).pid}\n`;

describe('clearAbandonedHubWrites', () => {
  it("removes a gone writer's lock, keeps a live one and anything that is not a hub's", async () => {
    mkdirSync(join(dir, 'hubs'));
    for (const name of ['a.md', 'b.md', 'notes.txt']) writeFileSync(join(dir, 'hubs', name), 'x');
    writeFileSync(join(dir, 'hubs', 'a.md.surf-lock'), gone());
    writeFileSync(join(dir, 'hubs', 'b.md.surf-lock'), `${process.pid}\n`);
    writeFileSync(join(dir, 'hubs', 'notes.txt.surf-lock'), gone());
    await clearAbandonedHubWrites([join(dir, 'hubs', 'a.md'), join(dir, 'hubs', 'b.md'), join(dir, 'hubs', 'missing.md')]);
    expect(existsSync(join(dir, 'hubs', 'a.md.surf-lock'))).toBe(false);
    expect(existsSync(join(dir, 'hubs', 'b.md.surf-lock'))).toBe(true);
    expect(existsSync(join(dir, 'hubs', 'notes.txt.surf-lock'))).toBe(true);
  });

  it("looks beside a symlinked hub's target, where its writes go", async () => {
    mkdirSync(join(dir, 'real'));
    mkdirSync(join(dir, 'hubs'));
    writeFileSync(join(dir, 'real', 'a.md'), 'x');
    writeFileSync(join(dir, 'real', 'a.md.surf-lock'), gone());
    symlinkSync(join(dir, 'real', 'a.md'), join(dir, 'hubs', 'a.md'));
    await clearAbandonedHubWrites([join(dir, 'hubs', 'a.md')]);
    expect(existsSync(join(dir, 'real', 'a.md.surf-lock'))).toBe(false);
  });

  it('passes over a directory that cannot be listed', async () => {
    await expect(clearAbandonedHubWrites([join(dir, 'nowhere', 'a.md')])).resolves.toBeUndefined();
  });
});
