import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadWorkspace, runCheck } from '@driftgate/surf';
import { afterEach, describe, expect, it } from 'vitest';
import { threeDivergenceRepo } from '../libs/triage/src/model/three-divergences.test-helpers.js';
import { tmuxServers } from './support/tmux-servers.js';
import { GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

// The TUI in a real terminal: tmux gives `surf triage` (the built bin) a pseudo-terminal of 80×24,
// keys go in through send-keys and the screen comes back through capture-pane. `.ci/run` installs
// tmux when it is missing; without it this suite fails rather than skips.

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));
const servers = tmuxServers('driftgate-triage');

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const { tmux } = servers;

/**
 * Every file of the work tree by POSIX relative path, but `.git` and surf's result cache
 * (`.surf-cache`, where there is no node_modules): the check triage runs may refresh the cache,
 * which holds no byte of the user's.
 */
function snapshot(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name === '.git' || (at === dir && entry.name === '.surf-cache')) continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(dir, path).split('\\').join('/'), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}

/** Starts `surf triage` in a detached 80×24 tmux session; the pane stays after the command ends. */
function startTriage(repo: TempRepo, extraEnv: readonly string[] = [], before = ''): { screen: () => string; keys: (...keys: string[]) => void; until: (text: string) => Promise<string> } {
  // A missing tmux must fail here, not skip.
  execFileSync('tmux', ['-V'], { encoding: 'utf8' });
  const env = Object.entries(GIT_TEST_ENV).map(([k, v]) => `${k}=${v}`);
  const command = ['env', '-u', 'CI', 'TERM=xterm-256color', ...env, ...extraEnv, process.execPath, BIN, 'triage'].map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  servers.next(cleanups);
  tmux('new-session', '-d', '-s', 'triage', '-x', '80', '-y', '24', '-c', repo.dir, `${before}${command}; echo TRIAGE-EXIT=$?; sleep 120`);
  const screen = (): string => tmux('capture-pane', '-p', '-t', 'triage');
  return {
    screen,
    keys: (...keys) => void tmux('send-keys', '-t', 'triage', ...keys),
    async until(text) {
      let last = '';
      for (let waited = 0; waited < 20_000; waited += 50) {
        last = screen();
        // A notice may wrap: its words are found across the line break too.
        if (last.includes(text) || last.replace(/\s+/g, ' ').includes(text)) return last;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`timed out waiting for ${JSON.stringify(text)}; screen:\n${last}`);
    },
  };
}

describe('surf triage in a real terminal (tmux)', () => {
  it('accept one, skip one, write and quit: exactly one claim re-stamped, every other byte identical', async () => {
    const repo = await threeDivergenceRepo();
    cleanups.push(() => repo.dispose());
    const check = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
    expect(check.divergences).toHaveLength(3);
    const beta = check.divergences.find((d) => d.at === 'src/lib.ts > beta')!;
    const before = snapshot(repo.dir);

    const t = startTriage(repo);
    const first = await t.until('3 diverged: 1 large');
    // The whole frame fits: the header and the help bar are on screen together.
    expect(first).toContain('w write');
    expect(first).toMatch(/› {3}LARGE hubs\/helpers\.md:\d+ {2}src\/lib\.ts > beta/);
    t.keys('a');
    await t.until('accepted 1 · skipped 0');
    t.keys('s');
    await t.until('accepted 1 · skipped 1');
    // Nothing is written before the confirmation.
    expect(snapshot(repo.dir)).toEqual(before);
    t.keys('w');
    await t.until('Write and quit?');
    expect(snapshot(repo.dir)).toEqual(before);
    t.keys('y');
    const end = await t.until('TRIAGE-EXIT=');
    expect(end).toContain('TRIAGE-EXIT=0');
    expect(end).toContain('surf triage: stamped 1 claim(s) in 1 hub(s); skipped 1; left 1 undecided');

    const after = snapshot(repo.dir);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [path, bytes] of before) if (path !== 'hubs/helpers.md') expect(after.get(path)!.equals(bytes), path).toBe(true);
    const oldLines = before.get('hubs/helpers.md')!.toString('utf8').split('\n');
    const newLines = after.get('hubs/helpers.md')!.toString('utf8').split('\n');
    expect(newLines).toHaveLength(oldLines.length);
    const changed = oldLines.flatMap((line, i) => (line === newLines[i] ? [] : [{ line: i + 1, old: line, now: newLines[i]! }]));
    // One stamp changed: beta's `hash:` line (old → the hash check computed), plus the provenance
    // surf verify always writes beside a new stamp; every other line of the hub is untouched.
    const stampLines = changed.filter((c) => c.old.trimStart().startsWith('hash:'));
    expect(stampLines).toEqual([{ line: stampLines[0]!.line, old: `    hash: ${beta.oldHash}`, now: `    hash: ${beta.newHash}` }]);
    expect(stampLines[0]!.line).toBeGreaterThan(beta.hubLine!);
    expect(changed.filter((c) => !c.old.trimStart().startsWith('hash:')).map((c) => c.old.trim().split(':')[0])).toEqual(['verified_at', 'verified_commit']);
    for (const c of changed) expect(c.line - beta.hubLine!).toBeLessThanOrEqual(5);
    expect(changed.find((c) => c.old.includes('verified_commit'))!.now).toBe(`    verified_commit: ${repo.git('rev-parse', 'HEAD')}`);
  });

  it('counts every key of `send-keys jjj` and of `asa`, which the terminal delivers as one chunk each', async () => {
    const repo = await threeDivergenceRepo();
    cleanups.push(() => repo.dispose());
    const t = startTriage(repo);
    await t.until('3 diverged: 1 large');
    t.keys('jj');
    const moved = await t.until('› ');
    // The cursor is on the third row of the list.
    const listRows = (screen: string) => screen.split('\n').filter((line) => /^[› ] [✓→· ] (LARGE|MED|SMALL)/.test(line));
    for (let waited = 0; !/^› /.test(listRows(t.screen())[2] ?? '') && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRows(t.screen())[2], moved).toMatch(/^› /);
    t.keys('kk');
    t.keys('asa');
    await t.until('accepted 2 · skipped 1');
    t.keys('C-c');
    await t.until('TRIAGE-EXIT=');
  });

  it('draws without colour under NO_COLOR=1, and with it otherwise', async () => {
    const repo = await threeDivergenceRepo();
    cleanups.push(() => repo.dispose());
    // SGR foreground colours: 30–37, 90–97, 38;5;n and 38;2;r;g;b.
    const COLOUR = /\u001B\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38)(?:;[0-9;]*)?m/;
    for (const [env, coloured] of [[[], true], [['NO_COLOR=1'], false]] as const) {
      const t = startTriage(repo, env);
      await t.until('3 diverged: 1 large');
      const styled = tmux('capture-pane', '-e', '-p', '-t', 'triage');
      expect(COLOUR.test(styled), `${env.join(' ') || 'no NO_COLOR'}:\n${JSON.stringify(styled.slice(0, 400))}`).toBe(coloured);
      t.keys('C-c');
      await t.until('TRIAGE-EXIT=');
      tmux('kill-server');
    }
  });

  it('opens $EDITOR at the claim, survives a resize, and Ctrl-C after deciding leaves every file untouched', async () => {
    const repo = await threeDivergenceRepo();
    cleanups.push(() => repo.dispose());
    const before = snapshot(repo.dir);
    // An "editor" that records how it was started, outside the repository.
    const tools = mkdtempSync(join(tmpdir(), 'driftgate-editor-'));
    cleanups.push(() => rmSync(tools, { recursive: true, force: true }));
    writeFileSync(join(tools, 'editor.sh'), `#!/bin/sh\necho "$@" > '${join(tools, 'opened.txt')}'\n`, { mode: 0o755 });
    const check = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
    const beta = check.divergences.find((d) => d.at === 'src/lib.ts > beta')!;
    const t = startTriage(repo, [`EDITOR=${join(tools, 'editor.sh')}`, 'VISUAL=']);
    const wide = await t.until('3 diverged: 1 large');
    expect(wide).toContain('─'.repeat(79));
    // Resize: the frame is redrawn for the new width and still fits.
    tmux('resize-window', '-t', 'triage', '-x', '60', '-y', '20');
    // The frame is redrawn within a moment: a rule of exactly the new width, none of the old.
    let narrow = t.screen();
    for (let waited = 0; waited < 5_000 && !(narrow.split('\n').includes('─'.repeat(59)) && !narrow.includes('─'.repeat(60))); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      narrow = t.screen();
    }
    expect(narrow.split('\n')).toContain('─'.repeat(59));
    expect(narrow).not.toContain('─'.repeat(60));
    expect(narrow).toContain('w write');
    t.keys('e');
    // The "editor" saves nothing: the view says so rather than claim an edit.
    await t.until('no change to hubs/helpers.md');
    expect(readFileSync(join(tools, 'opened.txt'), 'utf8')).toBe(`+${beta.hubLine} ${join(repo.dir, 'hubs/helpers.md')}\n`);
    t.keys('a');
    await t.until('accepted 1');
    t.keys('w');
    await t.until('Write and quit?');
    t.keys('C-c');
    const end = await t.until('TRIAGE-EXIT=');
    expect(end).toContain('surf triage: cancelled; no file was changed.');
    // Ctrl-C ends as a shell expects of an interrupted command.
    expect(end).toContain('TRIAGE-EXIT=130');
    expect(snapshot(repo.dir)).toEqual(before);
  });

  it('the summary starts at the beginning of its line, even after keys the terminal echoed before the view started', async () => {
    const repo = await threeDivergenceRepo();
    cleanups.push(() => repo.dispose());
    // What a person typing ahead leaves on the line before echo goes off, without a newline.
    const t = startTriage(repo, [], 'printf jj; ');
    await t.until('3 diverged: 1 large');
    t.keys('q');
    await t.until('TRIAGE-EXIT=');
    const lines = tmux('capture-pane', '-p', '-J', '-t', 'triage').split('\n');
    expect(lines).toContain('surf triage: cancelled; no file was changed.');
    expect(lines.some((line) => line.includes('jj'))).toBe(false);
  });

  it('EDITOR=/nonexistent is reported, not taken as an edit', async () => {
    const repo = await threeDivergenceRepo();
    cleanups.push(() => repo.dispose());
    const t = startTriage(repo, ['EDITOR=/nonexistent', 'VISUAL=']);
    await t.until('3 diverged: 1 large');
    t.keys('e');
    const after = await t.until('could not start the editor');
    expect(after).not.toContain('edited hubs/helpers.md');
    t.keys('q');
    const end = await t.until('TRIAGE-EXIT=');
    expect(end).toContain('TRIAGE-EXIT=0');
  });
});

describe('surf triage never stamps code the reviewer was not shown (tmux)', () => {
  /** beta as CHANGED has it, changed once more: what a formatter or a `git pull` might leave. */
  const changedAgain = (source: string) => source.replace('sum + x * 2', 'sum + x * 3');

  /** A session that accepted beta, whose code another process then changed once more. */
  async function acceptedThenChanged(): Promise<{ repo: TempRepo; t: ReturnType<typeof startTriage>; hubBefore: Buffer }> {
    const repo = await threeDivergenceRepo();
    cleanups.push(() => repo.dispose());
    const t = startTriage(repo);
    await t.until('3 diverged: 1 large');
    t.keys('a');
    await t.until('accepted 1 · skipped 0');
    const hubBefore = readFileSync(join(repo.dir, 'hubs/helpers.md'));
    writeFileSync(join(repo.dir, 'src/lib.ts'), changedAgain(readFileSync(join(repo.dir, 'src/lib.ts'), 'utf8')));
    return { repo, t, hubBefore };
  }

  it('code changed after `a` and before `w`: the claim goes back to undecided with the new diff, and is not written', async () => {
    // Another process changes the accepted code while the view is open.
    const { repo, t, hubBefore } = await acceptedThenChanged();
    t.keys('w');
    const back = await t.until('changed since you accepted');
    expect(back).toContain('accepted 0 · skipped 0');
    expect(back).not.toContain('Write and quit?');
    // The detail pane now shows the code as it is.
    t.keys('g');
    const shown = await t.until('x * 3');
    expect(shown).toMatch(/› {3}LARGE hubs\/helpers\.md:\d+ {2}src\/lib\.ts > beta/);
    t.keys('w');
    await t.until('Write and quit?');
    t.keys('y');
    const end = await t.until('TRIAGE-EXIT=');
    expect(end).toContain('TRIAGE-EXIT=1');
    // -J: the summary's lines as printed, not as the 80 columns wrapped them.
    expect(tmux('capture-pane', '-p', '-J', '-t', 'triage')).toMatch(/\n {2}not written hubs\/helpers\.md:\d+ src\/lib\.ts > beta: the code changed since you accepted it; it was put back to undecided\n/);
    expect(tmux('capture-pane', '-p', '-J', '-t', 'triage')).toContain('stamped 0 claim(s) in 0 hub(s); skipped 0; left 2 undecided; 1 not written');
    expect(readFileSync(join(repo.dir, 'hubs/helpers.md')).equals(hubBefore)).toBe(true);
  });

  it('accepted again after the new diff was shown: the stamp written is the one of the code shown', async () => {
    const { repo, t } = await acceptedThenChanged();
    t.keys('w');
    await t.until('changed since you accepted');
    const shownNow = (await runCheck(await loadWorkspace(repo.dir), { workers: 0 })).divergences.find((d) => d.at === 'src/lib.ts > beta')!;
    t.keys('g', 'a');
    await t.until('accepted 1 · skipped 0');
    t.keys('w');
    await t.until('Write and quit?');
    t.keys('y');
    const end = await t.until('TRIAGE-EXIT=');
    expect(end).toContain('TRIAGE-EXIT=0');
    expect(readFileSync(join(repo.dir, 'hubs/helpers.md'), 'utf8')).toContain(`hash: ${shownNow.newHash}`);
  });

  it('after `o` edits the accepted code, the file is read again and the claim goes back to undecided', async () => {
    const repo = await threeDivergenceRepo();
    cleanups.push(() => repo.dispose());
    const tools = mkdtempSync(join(tmpdir(), 'driftgate-editor-'));
    cleanups.push(() => rmSync(tools, { recursive: true, force: true }));
    // An "editor" that changes beta once more, as a person typing in it would.
    writeFileSync(join(tools, 'editor.sh'), `#!/bin/sh\nfor f; do :; done\nsed -i 's/sum + x \\* 2/sum + x * 3/' "$f"\n`, { mode: 0o755 });
    const t = startTriage(repo, [`EDITOR=${join(tools, 'editor.sh')}`, 'VISUAL=']);
    await t.until('3 diverged: 1 large');
    t.keys('a');
    await t.until('accepted 1 · skipped 0');
    t.keys('g', 'o');
    const after = await t.until('changed since you accepted');
    expect(readFileSync(join(repo.dir, 'src/lib.ts'), 'utf8')).toContain('x * 3');
    expect(after).toContain('accepted 0 · skipped 0');
    expect(await t.until('x * 3')).toContain('x * 3');
    t.keys('C-c');
    await t.until('TRIAGE-EXIT=');
  });
});

describe('start-up type-ahead (tmux)', () => {
  const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const uptimeMs = () => Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 1000;
  /** When a process started, in ms of uptime (10 ms resolution at 100 ticks a second). */
  const startedAt = (pid: number) => (Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]) / TICKS) * 1000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * Runs `argv` in a detached tmux pane and measures, from /proc, how long after its process
   * started the pane's terminal had echo off.
   */
  async function echoOffWindow(session: string, dir: string, argv: readonly string[]): Promise<number> {
    const env = Object.entries(GIT_TEST_ENV).map(([k, v]) => `${k}=${v}`);
    const command = ['env', '-u', 'CI', 'TERM=xterm-256color', ...env, ...argv].map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
    tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '24', '-c', dir, `exec ${command}`);
    cleanups.push(() => {
      try {
        tmux('kill-session', '-t', session);
      } catch {
        // Already gone.
      }
    });
    const [tty, pid] = tmux('display-message', '-p', '-t', session, '#{pane_tty} #{pane_pid}').trim().split(' ') as [string, string];
    const started = performance.now();
    for (;;) {
      const flags = execFileSync('stty', ['-F', tty, '-a'], { encoding: 'utf8' });
      if (/(^|\s)-echo(\s|$)/.test(flags)) return uptimeMs() - startedAt(Number(pid));
      if (performance.now() - started > 20_000) throw new Error('echo never went off');
      await sleep(2);
    }
  }

  // Both the repository's bin and the one the published package ships (written by the build's staging step).
  it.each([
    ['the repository bin', BIN],
    ['the published package bin', fileURLToPath(new URL('../dist/packages/nx/bin/surf.js', import.meta.url))],
  ])('%s turns echo off within 100 ms of where a bare node process can, and keys typed after that reach the view, not the shell', async (_name, bin) => {
    expect(existsSync(bin), `${bin} is written by npm run build`).toBe(true);
    const repo = await threeDivergenceRepo();
    cleanups.push(() => repo.dispose());
    // The floor: a node process whose first statement turns echo off, started the same way.
    const floorScript = join(repo.dir, '.floor.mjs');
    writeFileSync(floorScript, "import { spawnSync } from 'node:child_process';\nspawnSync('sh', ['-c', 'stty -g && stty -echo -icanon'], { stdio: ['inherit', 'pipe', 'ignore'] });\nsetTimeout(() => {}, 3000);\n");
    // The rounds' sessions end (the floor's process exits after 3 s, ours is killed), and a server
    // whose last session ends exits: a session that outlives them keeps this server up for all rounds.
    servers.next(cleanups);
    tmux('new-session', '-d', '-s', 'keep', 'sleep 600');
    const floors: number[] = [];
    const ours: number[] = [];
    for (let round = 0; round < 3; round++) {
      floors.push(await echoOffWindow(`floor${round}`, repo.dir, [process.execPath, floorScript]));
      ours.push(await echoOffWindow(`ours${round}`, repo.dir, [process.execPath, bin, 'triage']));
      // Typed while the bundles load and the check runs: read by the view (two moves down).
      tmux('send-keys', '-t', `ours${round}`, '-l', 'jj');
      let screen = '';
      for (let waited = 0; waited < 20_000 && !screen.includes('Reviewing [3/3]'); waited += 20) {
        await sleep(20);
        screen = tmux('capture-pane', '-p', '-t', `ours${round}`);
      }
      expect(screen).toContain('Reviewing [3/3]');
      expect(screen).not.toContain('jj');
      tmux('kill-session', '-t', `ours${round}`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`echo off after the process started: bare node ${floors.map((x) => x.toFixed(0)).join('/')} ms, surf triage ${ours.map((x) => x.toFixed(0)).join('/')} ms (shared machine; 10 ms resolution)`);
    expect(median(ours) - median(floors)).toBeLessThanOrEqual(100);
  });
});
