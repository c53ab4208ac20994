// Two `surf verify` runs on one hub at once, each stamping its own claim, as two terminals (or a
// pre-commit hook and an editor task) do. Neither may lose the other's stamp: the hub's write lock
// makes them take turns, and the second one, finding the text it read replaced, refuses and says
// to re-run. A lock left by a killed run does not block the next one. Runs the built bin.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { nextRead } from './support/next-read.js';
import { GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';
import { tempReposPerTest } from './support/temp-repos.js';

const SURF = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));
const tempRepo = tempReposPerTest();
vi.setConfig({ testTimeout: 180_000 });

const SOURCE = Array.from({ length: 40 }, (_, i) => `export function f${i}(x: number): number {\n  return x + ${i};\n}\n`).join('\n');
const HUB = `---\nanchors:\n${Array.from({ length: 40 }, (_, i) => `  - claim: f${i} adds ${i}\n    at: src/f.ts > f${i}\n`).join('')}refs: []\n---\n\n# F\n`;

interface Run {
  readonly code: number | null;
  readonly out: string;
}

function surf(cwd: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SURF, ...args], { cwd, env: { ...process.env, ...GIT_TEST_ENV, NO_COLOR: '1', SURF_WORKERS: '0' } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** The stamp of claim `f<i>` in the hub text, or undefined. */
function stampOf(text: string, i: number): string | undefined {
  const item = text.split('\n  - ').find((part) => part.startsWith(`claim: f${i} `));
  return item?.match(/\n {4}hash: (\S+)/)?.[1];
}

function repo(): TempRepo {
  return tempRepo({ 'surf.toml': 'hubs = ["hubs/*.md"]\n', 'src/f.ts': SOURCE, 'hubs/f.md': HUB });
}

describe('surf verify racing surf verify', () => {
  it('never loses a stamp: each run either stamped its claim or said to re-run, and the re-run completes', async () => {
    const r = repo();
    const rounds = 8;
    let refused = 0;
    for (let round = 0; round < rounds; round++) {
      const [a, b] = [2 * round, 2 * round + 1];
      const runs = await Promise.all([surf(r.dir, ['verify', `src/f.ts > f${a}`]), surf(r.dir, ['verify', `src/f.ts > f${b}`])]);
      const text = readFileSync(join(r.dir, 'hubs/f.md'), 'utf8');
      [a, b].forEach((claim, k) => {
        const run = runs[k]!;
        if (run.code === 0) {
          expect(stampOf(text, claim), `round ${round}: run ${k} exited 0 (${run.out}) but its stamp is missing`).toBeDefined();
        } else {
          refused++;
          expect(run.out).toMatch(/changed on disk while surf was updating it .*re-run the command|is being written by another surf process/);
          expect(stampOf(text, claim)).toBeUndefined();
        }
      });
      // Re-running what was refused completes the job.
      for (const [k, claim] of [a, b].entries()) if (runs[k]!.code !== 0) expect((await surf(r.dir, ['verify', `src/f.ts > f${claim}`])).code).toBe(0);
      const after = readFileSync(join(r.dir, 'hubs/f.md'), 'utf8');
      expect(stampOf(after, a)).toBeDefined();
      expect(stampOf(after, b)).toBeDefined();
    }
    // Every earlier round's stamps survived every later round.
    const final = readFileSync(join(r.dir, 'hubs/f.md'), 'utf8');
    for (let i = 0; i < 2 * rounds; i++) expect(stampOf(final, i), `f${i}`).toBeDefined();
    expect(readdirSync(join(r.dir, 'hubs'))).toEqual(['f.md']);
    // How often a run lost the race depends on timing; each outcome was checked above.
    void refused;
    expect((await surf(r.dir, ['check', '--files', 'src/f.ts'])).out).not.toContain('DIVERGED  hubs/f.md :: src/f.ts > f0');
  });

  it('removes a lock whose holder is gone, and waits for one that runs', async () => {
    const r = repo();
    const lock = join(r.dir, 'hubs/f.md.surf-lock');
    // A pid that cannot be running: the kernel's pid_max is far below it.
    writeFileSync(lock, '2147483646\n');
    const run = await surf(r.dir, ['verify', 'src/f.ts > f0']);
    expect(run.code, run.out).toBe(0);
    expect(existsSync(lock)).toBe(false);
    expect(stampOf(readFileSync(join(r.dir, 'hubs/f.md'), 'utf8'), 0)).toBeDefined();
    // A live holder (this process) is waited for; once it lets go, the run goes ahead.
    writeFileSync(lock, `${process.pid}\n`);
    const waiting = surf(r.dir, ['verify', 'src/f.ts > f1']);
    // Once surf has read the lock it is waiting for it: the hub must still lack the stamp then.
    await nextRead(lock);
    expect(stampOf(readFileSync(join(r.dir, 'hubs/f.md'), 'utf8'), 1)).toBeUndefined();
    rmSync(lock);
    const waited = await waiting;
    expect(waited.code, waited.out).toBe(0);
    expect(stampOf(readFileSync(join(r.dir, 'hubs/f.md'), 'utf8'), 1)).toBeDefined();
  });

  it('re-reads the hub under the lock: a write made while it waited is kept, and its own is refused', async () => {
    const r = repo();
    const hub = join(r.dir, 'hubs/f.md');
    const lock = `${hub}.surf-lock`;
    writeFileSync(lock, `${process.pid}\n`);
    const waiting = surf(r.dir, ['verify', 'src/f.ts > f2']);
    // surf reads the hub before it asks for the lock, and reads the lock while it waits: once it
    // has read the lock, the edit below is one made after surf's first read, however slow the machine.
    await nextRead(lock);
    // What another surf (or an editor) writes while this one waits for the lock.
    const edited = `${readFileSync(hub, 'utf8')}\nA paragraph saved meanwhile.\n`;
    writeFileSync(hub, edited);
    rmSync(lock);
    const run = await waiting;
    expect(run.code).not.toBe(0);
    expect(run.out).toContain('hubs/f.md changed on disk while surf was updating it (another surf, or an editor saved it); nothing of this run was written to it: re-run the command');
    expect(readFileSync(hub, 'utf8')).toBe(edited);
    expect(existsSync(lock)).toBe(false);
    expect((await surf(r.dir, ['verify', 'src/f.ts > f2'])).code).toBe(0);
    expect(readFileSync(hub, 'utf8')).toContain('A paragraph saved meanwhile.');
    expect(stampOf(readFileSync(hub, 'utf8'), 2)).toBeDefined();
  });
});
