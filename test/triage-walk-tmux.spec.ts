import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadWorkspace } from '@driftgate/surf';
import { afterEach, describe, expect, it } from 'vitest';
import { cells } from '../libs/triage/src/view/labels.js';
import { nextRead } from './support/next-read.js';
import { tmuxServers } from './support/tmux-servers.js';
import { GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';
import { WALK_CLAIMS, triageWalkRepo } from './support/triage-walk-repo.js';

// The whole triage walk in a real terminal (tmux, the built bin), on nine divergences of every
// kind in three languages, at 100×30 and 60×15, with the first keys typed during start-up in one
// chunk. `.ci/run` installs tmux when it is missing; without it this suite fails rather than skips.

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));
const servers = tmuxServers('driftgate-triage-walk');

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const { tmux } = servers;

function startTriage(repo: TempRepo, columns: number, rows: number) {
  execFileSync('tmux', ['-V'], { encoding: 'utf8' });
  const env = Object.entries(GIT_TEST_ENV).map(([k, v]) => `${k}=${v}`);
  const command = ['env', '-u', 'CI', 'TERM=xterm-256color', ...env, process.execPath, BIN, 'triage'].map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  servers.next(cleanups);
  tmux('new-session', '-d', '-s', 'walk', '-x', String(columns), '-y', String(rows), '-c', repo.dir, `${command}; echo TRIAGE-EXIT=$?; sleep 120`);
  // -J joins rows the terminal wrapped, so the summary reads as printed at any width.
  const screen = (): string => tmux('capture-pane', '-p', '-J', '-t', 'walk');
  return {
    screen,
    /** Literal keys, delivered to the program as one chunk. */
    type: (text: string) => void tmux('send-keys', '-t', 'walk', '-l', text),
    async until(text: string | RegExp | ((screen: string) => boolean), bound = 20_000): Promise<string> {
      let last = '';
      for (let waited = 0; waited < bound; waited += 20) {
        last = screen();
        if (typeof text === 'string' ? last.includes(text) : typeof text === 'function' ? text(last) : text.test(last)) return last;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`timed out waiting for ${String(text)}; screen:\n${last}`);
    },
  };
}

/** Stamp fields of every claim, by claim prose. */
async function stamps(dir: string): Promise<Map<string, { at: string; hash: string | undefined; line: number }>> {
  const out = new Map<string, { at: string; hash: string | undefined; line: number }>();
  for (const hub of (await loadWorkspace(dir)).hubs) {
    for (const claim of hub.hub?.anchors ?? []) out.set(claim.claim.trim(), { at: String(claim.at), hash: claim.hash, line: claim.line });
  }
  return out;
}

describe('the triage walk in a real terminal (tmux)', () => {
  it.each([
    [100, 30],
    [60, 15],
  ])('at %i×%i: type-ahead, search, accept, follow, skip, write; git diff holds exactly the chosen stamps', async (columns, rows) => {
    const repo = await triageWalkRepo();
    cleanups.push(() => repo.dispose());
    const sources = ['src/shop.ts', 'py/util.py', 'go/calc.go', 'go/scaling.go'].map((f) => [f, readFileSync(join(repo.dir, f))] as const);
    const before = await stamps(repo.dir);
    const t = startTriage(repo, columns, rows);
    // Typed before the view is up, in two chunks (the second while the process starts and the check
    // runs): every key must count, and none may be echoed into the view.
    t.type('/tax\rax/total\ra');
    const frames: string[] = [];
    const started = performance.now();
    let second = false;
    for (let screen = t.screen(); !screen.includes('remaining 3 · accepted 4 · skipped 2'); screen = t.screen()) {
      if (performance.now() - started > 20_000) throw new Error(`type-ahead was not applied; screen:\n${screen}`);
      if (!second && performance.now() - started > 150) {
        second = true;
        t.type('x/banner\rax/calc.go\rax/parse\rsx/legacy\rfsx');
      }
      if (screen.includes('Reviewing')) frames.push(screen);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    frames.push(t.screen());
    for (const frame of frames) {
      expect(frame.split('\n')[0], frame).toMatch(/^(surf triage {2})?Reviewing \[\d\/\d\]/);
      for (const echo of ['ax/total', 'x/banner', 'sx/legacy']) expect(frame, frame).not.toContain(echo);
    }

    // The help fits the terminal, one binding per row, and scrolls to the last one.
    t.type('?');
    let help = await t.until('j/k Space scroll');
    const helpRows: string[] = [];
    for (let page = 0; page < 10 && !help.includes('end  ·'); page++) {
      helpRows.push(...help.split('\n'));
      t.type(' ');
      // The next page, once drawn: a fixed pause would read the old one on a slow machine.
      const shown = help;
      help = await t.until((screen) => screen !== shown);
    }
    helpRows.push(...help.split('\n'));
    expect(help).toContain('end  ·');
    for (const row of helpRows) expect(cells(row), row).toBeLessThanOrEqual(columns);
    for (const label of ['accept all remaining', 'search claim or path', 'detail full-screen', 'cancel, write nothing']) expect(helpRows.some((row) => row.endsWith(label)), label).toBe(true);
    t.type('?');
    await t.until('a/u accept');

    // follow shows where it would go before it is chosen, and is refused where verify would fail.
    t.type('/formatPrice\r');
    await t.until('f follows to: src/shop.ts > renderPrice');
    t.type('fx/Cart\r');
    await t.until('follow not possible');
    t.type('f');
    await t.until('follow is not possible: only a top-level symbol');
    t.type('sx/Scale\r');
    await t.until('f follows to: go/scaling.go > Scale');
    t.type('fx');
    await t.until(/remaining 0 · accepted 6( \(2 follow\))? · skipped 3/);
    // Enter never accepts, nor confirms the write.
    t.type('w\r');
    await t.until('Write and quit?');
    t.type('y');
    const end = await t.until('TRIAGE-EXIT=');
    expect(end).toContain('TRIAGE-EXIT=0');
    expect(end).toContain('stamped 6 claim(s) in 2 hub(s); skipped 3; left 0 undecided');

    // Sources are untouched; each accepted or followed claim got a new stamp (and a followed one its
    // new anchor); skipped ones kept theirs; and the hubs' diff is stamp lines only.
    for (const [file, bytes] of sources) expect(readFileSync(join(repo.dir, file)).equals(bytes), file).toBe(true);
    const after = await stamps(repo.dir);
    const chosen = new Set<string>([WALK_CLAIMS.tax[0], WALK_CLAIMS.total[0], WALK_CLAIMS.banner[0], WALK_CLAIMS.add_go[0], WALK_CLAIMS.formatPrice[0], WALK_CLAIMS.scale[0]]);
    for (const [claim, was] of before) {
      const now = after.get(claim)!;
      // A moved file whose code is unchanged keeps its hash: following it rewrites only `at:`.
      expect(now.hash !== was.hash || now.at !== was.at, claim).toBe(chosen.has(claim));
    }
    expect(after.get(WALK_CLAIMS.formatPrice[0])!.at).toBe('src/shop.ts > renderPrice');
    expect(after.get(WALK_CLAIMS.scale[0])!.at).toBe('go/scaling.go > Scale');
    const diff = repo.git('diff', '-U0', '--', 'hubs').split('\n');
    const changed = diff.filter((line) => /^[-+] /.test(line));
    expect(changed.length).toBeGreaterThan(0);
    for (const line of changed) expect(line, line).toMatch(/^[-+] {4}(hash|verified_at|verified_commit|at): /);
    // The four accepted claims get new hashes; a rename or a move that kept the code keeps its hash.
    expect(changed.filter((line) => line.startsWith('+    hash: '))).toHaveLength(4);
    expect(changed.filter((line) => line.startsWith('+    at: ')).sort()).toEqual(['+    at: go/scaling.go > Scale', '+    at: src/shop.ts > renderPrice']);
  });

  it('Ctrl-C while writing finishes the hub being written, leaves the next one alone, prints what was stamped, exits 130', async () => {
    const repo = await triageWalkRepo();
    cleanups.push(() => repo.dispose());
    const shop = readFileSync(join(repo.dir, 'hubs/shop.md'));
    const calc = readFileSync(join(repo.dir, 'hubs/calc.md'));
    const t = startTriage(repo, 100, 30);
    await t.until('Reviewing [1/9]');
    t.type('/calc.go\rax/tax\ra');
    await t.until('remaining 7 · accepted 2');
    t.type('w');
    await t.until('Write and quit?');
    // Hold the first hub's write lock as a live surf process would, so the signal lands mid-write.
    const lock = join(repo.dir, 'hubs/calc.md.surf-lock');
    writeFileSync(lock, `${process.pid}\n`);
    cleanups.push(() => rmSync(lock, { force: true }));
    t.type('y');
    // surf reads the lock once in each sweep for abandoned writes (one before the hubs are written,
    // one as calc.md's verify starts, with git runs between them) and then on every retry. Once
    // it has read it six times it is retrying: writing calc.md, past the check that would skip it
    // on a signal, and running no git. However slow the machine, that holds.
    // A bound well inside the test's own, so a surf that stopped waiting shows its screen.
    const lockRead = (): Promise<void> =>
      nextRead(lock, 20_000).catch((error: Error) => {
        throw new Error(`${error.message}; screen:\n${t.screen()}`);
      });
    for (let read = 0; read < 6; read++) await lockRead();
    // The terminal sends the key to its whole foreground process group. That is surf alone: the
    // gits it runs (the long-lived cat-file that calc.md's write still needs among them) are each
    // in a group of their own.
    tmux('send-keys', '-t', 'walk', 'C-c');
    // The view is gone and echo is off, so nothing on screen says the signal arrived. tmux has
    // written the key to the terminal once a later command of ours has been served; after that,
    // every lock read is a system call made after the kernel raised SIGINT, and between two of
    // them surf's event loop has run its handler. Only then may the write go ahead.
    tmux('display-message', '-p', '');
    for (let read = 0; read < 3; read++) await lockRead();
    rmSync(lock);
    const end = await t.until('TRIAGE-EXIT=');
    expect(end).toContain('surf triage: interrupted; stamped 1 claim(s) in 1 hub(s); skipped 0; left 7 undecided; 1 not written');
    expect(end).toContain('stamped   hubs/calc.md:4 go/calc.go > Add');
    expect(end).toContain('not written hubs/shop.md:4 src/shop.ts > tax: interrupted before this hub was written');
    expect(end).toContain('TRIAGE-EXIT=130');
    expect(readFileSync(join(repo.dir, 'hubs/calc.md')).equals(calc)).toBe(false);
    expect(readFileSync(join(repo.dir, 'hubs/shop.md')).equals(shop)).toBe(true);
    // The terminal is handed back as it was: echo is on again.
    t.type('echo-check');
    await t.until('echo-check');
  });

  // Speed is the triage benchmark's to measure (`npm run bench -- triage`, through a pseudo-terminal,
  // with its p95 goal): here each key must draw its frame, and the latency is printed for the log.
  it('redraws a frame for every j/k under tmux, and prints the median and p95 latency', async () => {
    const repo = await triageWalkRepo();
    cleanups.push(() => repo.dispose());
    const t = startTriage(repo, 100, 30);
    await t.until('Reviewing [1/9]');
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const [key, expected] = i % 2 === 0 ? ['j', 'Reviewing [2/9]'] : ['k', 'Reviewing [1/9]'];
      const start = performance.now();
      t.type(key);
      for (let waited = 0; !t.screen().includes(expected) && waited < 5_000; waited = performance.now() - start);
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)]!;
    const p95 = samples[Math.floor(samples.length * 0.95)]!;
    console.log(`triage key-to-frame latency under tmux (100×30, 9 items, incl. send-keys + capture-pane): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    // A key whose frame never came shows as the 5 s wait; a second per key is far from any usable view.
    expect(samples.filter((ms) => ms >= 5_000)).toEqual([]);
    expect(median).toBeLessThan(1_000);
    t.type('q');
    await t.until('TRIAGE-EXIT=');
  });
});
