import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, GIT_TEST_ENV, type TempRepo, type TreeSpec } from './support/temp-repo.js';

// `surf lint` and `surf verify` on the work pool (and verify through the result cache) answer
// exactly what one thread without a cache answers: the built bin, run both ways on one workspace.

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function surf(cwd: string, args: string[], env: Record<string, string>): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, ...GIT_TEST_ENV, NO_COLOR: '1', ...env } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const item = (at: string, hash?: string): string => `  - claim: the ${at.replace(/[^a-z0-9]+/gi, ' ')} holds\n    at: ${at}\n${hash ? `    hash: ${hash}\n` : ''}`;
const hub = (items: string): string => `---\nsummary: x\nanchors:\n${items}---\n${'word '.repeat(30)}\n`;

/**
 * Forty files of varied sizes (so the pool's largest-first order is not claim order) with clean,
 * vanished, renamed-looking, unparsable, unreadable and multi-site claims, committed; then edits.
 */
function workspace(): TempRepo {
  const files: TreeSpec = { 'surf.toml': '' };
  let items = '';
  for (let i = 0; i < 40; i++) {
    const padding = Array.from({ length: ((i * 7) % 11) * 30 }, (_, k) => `fn pad${k}() -> i64 { ${k} }\n`).join('');
    files[`src/f${i}.rs`] = `${padding}pub fn f${i}(a: i64) -> i64 { a + ${i} }\npub fn g${i}(a: i64) -> i64 { a * ${i} }\n`;
    items += item(`src/f${i}.rs > f${i}`, i % 3 === 0 ? undefined : '2:000000000000');
    if (i % 4 === 0) items += item(`src/f${i}.rs > gone${i}`, '3:000000000000');
    if (i % 5 === 0) items += `  - claim: two sites of file ${i}\n    at:\n      - src/f${i}.rs > g${i}\n      - src/f${(i + 1) % 40}.rs > f${(i + 1) % 40}\n`;
  }
  items += item('src/missing.rs > f');
  files['hubs/a.md'] = hub(items);
  const r = createTempRepo(files, { commit: true });
  cleanups.push(() => r.dispose());
  r.write({ 'src/f8.rs': 'broken file {{{', 'src/f13.rs': 'pub fn renamed13(a: i64) -> i64 { a + 13 }\n' });
  return r;
}

/** A copy of the workspace, so the same run can be made twice from the same bytes. */
function copyOf(r: TempRepo): string {
  const dir = mkdtempSync(join(tmpdir(), 'surf-pool-'));
  cpSync(r.dir, dir, { recursive: true });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A hub with the parts a verify run writes from the clock (when, and new claim ids) blanked. */
const timeless = (text: string): string => text.replace(/^( +verified_at: ).*$/gm, '$1…').replace(/^( +id: ).*$/gm, '$1…');

describe('lint and verify on the work pool', () => {
  it('lint gives the same findings on two workers as on one thread', () => {
    const r = workspace();
    const serial = surf(r.dir, ['lint', '--format', 'json'], { SURF_WORKERS: '0' });
    const parallel = surf(r.dir, ['lint', '--format', 'json'], { SURF_WORKERS: '2' });
    expect(serial.status).toBe(1);
    expect(parallel).toEqual(serial);
    const messages = (JSON.parse(serial.stdout) as Array<{ message: string }>).map((f) => f.message).join('\n');
    expect(messages).toContain('`f8` not found');
    expect(messages).toContain('cannot read `src/missing.rs`');
    expect(messages).toContain('no current symbol matches the stored hash');
  });

  it('verify writes the same hub on two workers with a warm cache as on one thread without one', () => {
    const r = workspace();
    const [cold, warm] = [copyOf(r), copyOf(r)];
    const serial = surf(cold, ['verify', '--format', 'json', '--no-cache'], { SURF_WORKERS: '0' });
    // The cache is filled by a check first, whose answers the verify then reads.
    expect(surf(warm, ['check', '--format', 'json'], { SURF_WORKERS: '2' }).status).toBe(1);
    const parallel = surf(warm, ['verify', '--format', 'json'], { SURF_WORKERS: '2' });
    expect(serial.status).toBe(1);
    expect(parallel.status).toBe(serial.status);
    expect(timeless(parallel.stdout)).toEqual(timeless(serial.stdout));
    const stamped = readFileSync(join(cold, 'hubs', 'a.md'), 'utf8');
    expect(stamped).not.toEqual(readFileSync(join(r.dir, 'hubs', 'a.md'), 'utf8'));
    expect(timeless(readFileSync(join(warm, 'hubs', 'a.md'), 'utf8'))).toEqual(timeless(stamped));
    // A second verify has nothing left to stamp, from the cache or not.
    const again = JSON.parse(surf(warm, ['verify', '--format', 'json'], { SURF_WORKERS: '2' }).stdout) as { stamped: number };
    expect(again.stamped).toBe(0);
  });
});
