import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type CheckResult, type Divergence, loadWorkspace, runCheck } from '@driftgate/surf';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runVerify } from '@driftgate/surf';
import { GIT_TEST_ENV, createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { CHANGED, SOURCE, threeDivergenceRepo } from '../model/three-divergences.test-helpers.js';
import { TRIAGE_BINDINGS } from '../model/key-bindings.js';
import { cells } from './labels.js';
import type { EditorLauncher } from '../decisions/editor-launcher.js';
import { type TriageEnd, TriageApp } from './triage-app.js';

let repo: TempRepo;
let check: CheckResult;
beforeAll(async () => {
  repo = await threeDivergenceRepo();
  check = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
});
afterAll(() => repo?.dispose());

const tick = (ms = 30) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const UNRESOLVABLE: Divergence = {
  hub: 'hubs/other.md',
  claim: 'delta exists',
  prose: 'delta exists',
  at: 'src/lib.ts > delta',
  kind: 'unresolvable',
  detail: 'symbol `delta` not found',
  hubLine: 4,
  sites: ['src/lib.ts > delta'],
};

function session(options: { divergences?: readonly Divergence[]; size?: { columns: number; rows: number }; launcher?: (file: string, line: number) => void } = {}) {
  const ends: TriageEnd[] = [];
  const app = render(
    <TriageApp
      root={repo.dir}
      divergences={options.divergences ?? check.divergences}
      onEnd={(end) => ends.push(end)}
      size={options.size ?? { columns: 80, rows: 24 }}
      {...(options.launcher !== undefined ? { launcher: options.launcher } : {})}
    />,
  );
  // Under load a frame can take longer than any fixed pause: wait for the next frame (keys that
  // change nothing on screen fall through after a bound).
  const nextFrame = async (before: number, bound = 1000) => {
    for (let waited = 0; app.frames.length === before && waited < bound; waited += 10) await tick(10);
  };
  let ready: Promise<void> | undefined;
  const press = async (...keys: string[]) => {
    ready ??= nextFrame(0).then(() => tick(50));
    await ready;
    for (const key of keys) {
      const before = app.frames.length;
      app.stdin.write(key);
      await nextFrame(before, 300);
      await tick(10);
    }
  };
  const frame = () => app.lastFrame() ?? '';
  /** The list rows (lines starting with the cursor column). */
  const rows = () => frame().split('\n').filter((line) => /^[› ] [✓→· ] (LARGE|MED|SMALL|CHG|UNRES|UNVER|STALE)/.test(line));
  return { app, ends, press, frame, rows };
}

describe('TriageApp (ink frames)', () => {
  it('shows counts, the list largest first, the detail with a coloured diff, and the help bar, within 80×24', async () => {
    const s = session();
    await tick();
    const frame = s.frame();
    expect(frame).toContain('3 diverged: 1 large 1 medium 1 small');
    expect(s.rows().map((r) => r.slice(4, 9))).toEqual(['LARGE', 'MED  ', 'SMALL']);
    expect(s.rows()[0]).toMatch(/^› /);
    expect(frame).toContain('at: src/lib.ts > beta');
    expect(frame).toContain('claim: beta sums the items');
    const beta = check.divergences.find((d) => d.at.endsWith('beta'))!;
    expect(frame).toContain(`hash: ${beta.oldHash} → ${beta.newHash}`);
    expect(frame).toContain('-   let total = 0;');
    expect(frame).toContain('+   const sorted = [...items].sort((x, y) => x - y);');
    expect(frame).toMatch(/a\/u accept {2}s\/r skip {2}f follow {2}z undo {2}w write {2}\/ search {2}\? help {2}q\/Esc quit/);
    const lines = frame.split('\n');
    expect(lines.length).toBeLessThanOrEqual(23);
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(80);
    s.app.unmount();
  });

  it('navigates with arrows and j/k and follows the selection in the detail pane', async () => {
    const s = session();
    await s.press('\u001B[B');
    expect(s.rows()[1]).toMatch(/^› /);
    expect(s.frame()).toContain('at: src/lib.ts > gamma');
    await s.press('j', 'j');
    expect(s.rows()[2]).toMatch(/^› /);
    await s.press('k', '\u001B[A', 'k');
    expect(s.rows()[0]).toMatch(/^› /);
    s.app.unmount();
  });

  it('counts every key of a chunk the terminal delivers at once (a held key, tmux send-keys jjj)', async () => {
    const s = session();
    await s.press('jj');
    expect(s.rows()[2]).toMatch(/^› /);
    await s.press('kk');
    expect(s.rows()[0]).toMatch(/^› /);
    // Three decisions typed in one chunk: each claim gets one, in order.
    await s.press('asa');
    expect(s.rows().map((row) => row.slice(0, 4))).toEqual(['  ✓ ', '  · ', '› ✓ ']);
    expect(s.frame()).toContain('remaining 0 · accepted 2 · skipped 1');
    s.app.unmount();
  });

  it('filters by magnitude, kind and hub, and clears', async () => {
    const s = session({ divergences: [...check.divergences, UNRESOLVABLE] });
    await s.press('m');
    expect(s.rows()).toHaveLength(1);
    expect(s.frame()).toContain('magnitude=large');
    await s.press('m', 'm', 'm');
    expect(s.rows()).toHaveLength(1);
    expect(s.rows()[0]).toContain('UNRES');
    await s.press('x', 't', 't');
    expect(s.frame()).toContain('kind=unresolvable');
    expect(s.rows()).toHaveLength(1);
    await s.press('x', 'h');
    expect(s.frame()).toContain('hub=hubs/helpers.md');
    expect(s.rows()).toHaveLength(3);
    await s.press('x');
    expect(s.rows()).toHaveLength(4);
    s.app.unmount();
  });

  it('accepts, skips and undoes, with markers and pending counts', async () => {
    const s = session();
    await s.press('a');
    expect(s.rows()[0]).toMatch(/^ {2}✓ LARGE/);
    expect(s.rows()[1]).toMatch(/^› /);
    await s.press('s');
    expect(s.rows()[1]).toMatch(/^ {2}· MED/);
    expect(s.frame()).toContain('accepted 1 · skipped 1');
    await s.press('z');
    expect(s.rows()[1]).toMatch(/^› {3}MED/);
    expect(s.frame()).toContain('accepted 1 · skipped 0');
    s.app.unmount();
  });

  it('refuses follow on a changed claim with a notice', async () => {
    const s = session();
    await s.press('f');
    expect(s.frame()).toContain('follow re-points a renamed anchor');
    expect(s.frame()).toContain('accepted 0 · skipped 0');
    s.app.unmount();
  });

  it('write asks for confirmation; back returns; confirm ends with the decisions', async () => {
    const s = session();
    await s.press('a', 's', 'w');
    expect(s.frame()).toContain('Write and quit?');
    expect(s.frame()).toContain('Re-stamp 1 claim(s) (1 accepted, 0 followed) in 1 hub(s)');
    expect(s.frame()).toContain('Nothing has been written yet.');
    await s.press('n');
    expect(s.frame()).not.toContain('Write and quit?');
    expect(s.ends).toEqual([]);
    await s.press('w', 'y');
    expect(s.ends).toHaveLength(1);
    const end = s.ends[0]!;
    expect(end.mode).toBe('write');
    expect([...end.state.decisions].map(([id, d]) => [end.state.items[id]!.at, d])).toEqual([
      ['src/lib.ts > beta', 'accept'],
      ['src/lib.ts > gamma', 'skip'],
    ]);
  });

  it('Ctrl-C interrupts from anywhere, even the confirm dialog; q with nothing pending cancels', async () => {
    for (const [keys, mode] of [[['\u0003'], 'interrupted'], [['a', 'w', '\u0003'], 'interrupted'], [['q'], 'cancelled'], [['a', 'q', 'y'], 'cancelled']] as const) {
      const s = session();
      await s.press(...keys);
      expect(s.ends.map((e) => e.mode), keys.join(' ')).toEqual([mode]);
      // Look through every frame, not just the last: with CI set, ink writes one more frame on
      // unmount (its CI summary of the screen), which the testing library records as empty.
      await vi.waitFor(() => expect(s.app.frames.some((f) => f.includes('cancelled: no file was changed'))).toBe(true), { timeout: 5000 });
    }
  });

  it('opens the hub and the code in the editor at their lines through the launcher', async () => {
    const opened: Array<[string, number]> = [];
    const s = session({ launcher: (file, line) => opened.push([file, line]) });
    await s.press('e', 'o');
    const beta = check.divergences.find((d) => d.at.endsWith('beta'))!;
    expect(opened).toEqual([
      [join(repo.dir, 'hubs/helpers.md'), beta.hubLine],
      [join(repo.dir, 'src/lib.ts'), beta.location!.startLine],
    ]);
    s.app.unmount();
  });

  it('fits a small terminal by truncating, never wrapping', async () => {
    const s = session({ size: { columns: 40, rows: 12 } });
    await tick();
    const lines = s.frame().split('\n');
    expect(lines.length).toBeLessThanOrEqual(11);
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(40);
    expect(s.rows()).toHaveLength(3);
    s.app.unmount();
  });

  it('shows every binding in the help view, which scrolls and fits 60×15 without overlapping rows', async () => {
    const s = session({ size: { columns: 60, rows: 15 } });
    await s.press('?');
    const seen = new Set<string>();
    for (let page = 0; page < 12; page++) {
      const lines = s.frame().split('\n');
      expect(lines.length).toBeLessThanOrEqual(14);
      for (const line of lines) {
        expect(cells(line)).toBeLessThanOrEqual(60);
        seen.add(line.trim());
      }
      await s.press(' ');
    }
    for (const b of TRIAGE_BINDINGS.filter((b) => b.modes.includes('browse'))) {
      expect([...seen].some((line) => line.endsWith(b.label) && line.startsWith(b.keys[0] === 'return' ? 'Enter' : b.keys[0] === 'up' ? '↑' : b.keys[0] === 'down' ? '↓' : b.keys[0] === 'pageup' ? 'PgUp' : b.keys[0] === 'pagedown' ? 'PgDn' : b.keys[0] === 'ctrl+c' ? '^C' : b.keys[0] === 'escape' ? 'Esc' : b.keys[0]!)), b.label).toBe(true);
    }
    await s.press('?');
    expect(s.frame()).not.toContain('magnitude filter');
    s.app.unmount();
  });
});

describe('TriageApp: the conventions and the defects of the terminal walk', () => {
  const LONG: Divergence = {
    hub: 'hubs/wide.md',
    claim: '',
    prose: `用户登录后会话令牌在十五分钟内过期，刷新令牌保存七天，${'and the last words of a long claim '.repeat(4)}END-OF-CLAIM`,
    at: 'src/long.ts > session',
    kind: 'changed',
    magnitude: 'large',
    hubLine: 4,
    sites: ['src/long.ts > session'],
    oldCode: Array.from({ length: 30 }, (_, i) => `  line ${i};`).join('\n'),
    newCode: `${Array.from({ length: 30 }, (_, i) => `  line ${i};`).join('\n')}\n  LAST-DIFF-LINE;`,
  };

  it('measures CJK text in cells: at 60×15 no row is wider than the terminal and the frame keeps its height', async () => {
    const s = session({ divergences: [LONG, ...check.divergences], size: { columns: 60, rows: 15 } });
    await s.press('j', 'k');
    const lines = s.frame().split('\n');
    expect(lines.length).toBeLessThanOrEqual(14);
    for (const line of lines) expect(cells(line), line).toBeLessThanOrEqual(60);
    expect(lines[0]).toContain('Reviewing [1/4]');
    s.app.unmount();
  });

  it('shows the whole claim and scrolls the detail with PgDn; Enter opens a full-screen pager, never accepts', async () => {
    const s = session({ divergences: [LONG], size: { columns: 60, rows: 15 } });
    await s.press('j');
    expect(s.frame()).toContain('END-OF-CLAIM');
    expect(s.frame()).not.toContain('LAST-DIFF-LINE');
    expect(s.frame()).toMatch(/↓ \d+ more/);
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      seen.push(s.frame());
      await s.press('\u001B[6~');
    }
    expect(seen.join('\n')).toContain('END-OF-CLAIM');
    expect(seen.join('\n')).toContain('+ LAST-DIFF-LINE;');
    await s.press('\r');
    expect(s.frame()).toContain('Esc back');
    const pager: string[] = [];
    for (let i = 0; i < 6; i++) {
      pager.push(s.frame());
      await s.press(' ');
    }
    expect(pager.join('\n')).toContain('LAST-DIFF-LINE');
    await s.press('\u001B');
    expect(s.frame()).toContain('accepted 0 · skipped 0');
    s.app.unmount();
  });

  it('d hides the diff, i hides the detail pane', async () => {
    const s = session();
    expect(s.frame()).toContain('-   let total = 0;');
    await s.press('d');
    expect(s.frame()).not.toContain('-   let total = 0;');
    expect(s.frame()).toContain('diff hidden');
    await s.press('d', 'i');
    expect(s.frame()).not.toContain('at: src/lib.ts > beta');
    await s.press('i');
    expect(s.frame()).toContain('at: src/lib.ts > beta');
    s.app.unmount();
  });

  it('/ searches by claim or path; Esc drops the search, Enter keeps it', async () => {
    const s = session({ divergences: [...check.divergences, UNRESOLVABLE] });
    await s.press('/', 'greets');
    expect(s.rows()).toHaveLength(1);
    expect(s.rows()[0]).toContain('gamma');
    await s.press('\u001B');
    expect(s.rows()).toHaveLength(4);
    await s.press('/', 'other.md', '\r');
    expect(s.rows()).toHaveLength(1);
    expect(s.frame()).toContain('search="other.md"');
    // Out of the search field, letters are keys again.
    await s.press('s');
    expect(s.frame()).toContain('skipped 1');
    await s.press('x');
    expect(s.rows()).toHaveLength(4);
    s.app.unmount();
  });

  it('a chunk that opens a search and types in it is read key by key in the mode each key meets', async () => {
    const opened: string[] = [];
    const s = session({ divergences: [...check.divergences, UNRESOLVABLE], launcher: (file) => void opened.push(file) });
    // `o` and `e` inside the query are text, not editor keys; Enter inside the chunk ends the search.
    await s.press('/other.md\rs');
    expect(opened).toEqual([]);
    expect(s.frame()).toContain('search="other.md"');
    expect(s.frame()).toContain('skipped 1');
    s.app.unmount();
  });

  it('A and S decide every remaining item after a confirm; z undoes the whole step', async () => {
    const s = session({ divergences: [...check.divergences, UNRESOLVABLE] });
    await s.press('s', 'A');
    expect(s.frame()).toContain('Accept all 2 remaining shown item(s)?');
    expect(s.frame()).toContain('1 cannot be accepted');
    await s.press('n');
    expect(s.frame()).toContain('accepted 0 · skipped 1');
    await s.press('A', 'y');
    expect(s.frame()).toContain('remaining 1 · accepted 2 · skipped 1');
    await s.press('z');
    expect(s.frame()).toContain('remaining 3 · accepted 0 · skipped 1');
    await s.press('S', 'y');
    expect(s.frame()).toContain('remaining 0 · accepted 0 · skipped 4');
    s.app.unmount();
  });

  it('q and Esc ask before dropping pending decisions, also from the help; n goes back', async () => {
    for (const quit of ['q', '\u001B']) {
      const s = session();
      await s.press('a', quit);
      expect(s.frame()).toContain('Quit and discard your decisions?');
      expect(s.ends).toEqual([]);
      await s.press('n');
      expect(s.frame()).not.toContain('Quit and discard');
      await s.press('?', 'q');
      expect(s.frame()).toContain('Quit and discard your decisions?');
      await s.press('y');
      expect(s.ends.map((e) => e.mode)).toEqual(['cancelled']);
    }
  });

  it('Enter does not confirm a write; the write dialog is as wide as the terminal and wraps its text', async () => {
    const s = session({ size: { columns: 100, rows: 30 } });
    await s.press('a', 'w', '\r');
    expect(s.ends).toEqual([]);
    const box = s.frame().split('\n').find((line) => line.startsWith('╭'))!;
    expect(cells(box)).toBe(99);
    expect(s.frame()).toContain('through surf verify.');
    expect(s.frame()).toContain('Nothing has been written yet.');
    s.app.unmount();
  });

  it('shows the position, and how many items are above and below the list window', async () => {
    const many = Array.from({ length: 9 }, (_, i): Divergence => ({ ...UNRESOLVABLE, at: `src/lib.ts > d${i}`, sites: [`src/lib.ts > d${i}`], hubLine: 4 + i }));
    const s = session({ divergences: many, size: { columns: 60, rows: 15 } });
    expect(s.frame()).toContain('Reviewing [1/9]');
    expect(s.frame()).toContain('↓ 6 more below');
    await s.press('j', 'j', 'j', 'j');
    expect(s.frame()).toContain('Reviewing [5/9]');
    expect(s.frame()).toMatch(/↑ \d+ above · ↓ \d+ more below/);
    s.app.unmount();
  });

  it('offers follow only with a preview, and shows the new anchor first', async () => {
    const s = session({ divergences: [UNRESOLVABLE] });
    await s.press('f');
    expect(s.frame()).toContain('follow is not available');
    s.app.unmount();
    const ends: TriageEnd[] = [];
    const app = render(<TriageApp root={repo.dir} divergences={[UNRESOLVABLE]} follows={new Map([[UNRESOLVABLE, { newAt: 'src/lib.ts > deltaRenamed' }]])} onEnd={(e) => ends.push(e)} size={{ columns: 80, rows: 24 }} />);
    await tick(100);
    expect(app.lastFrame()).toContain('f follows to: src/lib.ts > deltaRenamed');
    app.stdin.write('f');
    await vi.waitFor(() => expect(app.lastFrame()).toContain('accepted 1 (1 follow)'));
    app.unmount();
  });

  it('an editor that cannot start is reported, not taken as an edit; a missing file is not opened', async () => {
    const opened: string[] = [];
    const s = session({
      divergences: [...check.divergences, { ...UNRESOLVABLE, sites: ['src/gone.ts > delta'], at: 'src/gone.ts > delta' }],
      launcher: (file) => {
        opened.push(file);
        return { ok: false, message: 'could not start the editor `/nonexistent` (ENOENT); set $EDITOR' };
      },
    });
    await s.press('e');
    // The notice comes a frame after the key (the editor runs from an effect): under load that
    // can be later than `press` waits.
    await vi.waitFor(() => expect(s.frame()).toContain('could not start the editor `/nonexistent`'));
    expect(s.frame()).not.toContain('edited hubs/helpers.md');
    await s.press('G', 'o');
    await vi.waitFor(() => expect(s.frame()).toContain('src/gone.ts does not exist'));
    expect(opened).toEqual([join(repo.dir, 'hubs/helpers.md')]);
    s.app.unmount();
  });
});

describe('TriageApp: a multi-site claim graded from the commit it was verified at', () => {
  it('shows its changed site as a diff and sorts it by its magnitude, like a single-site claim', async () => {
    const hub = [
      '---',
      'summary: two helpers',
      'anchors:',
      '  - claim: alpha adds one',
      '    at: src/lib.ts > alpha',
      '  - claim: beta and gamma agree',
      '    at:',
      '      - src/lib.ts > gamma',
      '      - src/lib.ts > beta',
      '---',
      '',
    ].join('\n');
    const multi = createTempRepo({ 'surf.toml': '', 'src/lib.ts': SOURCE, 'hubs/pair.md': hub });
    try {
      await runVerify(await loadWorkspace(multi.dir));
      multi.commit('stamp');
      // alpha changes by one token (small); of the pair only beta is rewritten (large); committed.
      const beta = CHANGED.slice(CHANGED.indexOf('export function beta'), CHANGED.indexOf('export function gamma'));
      multi.write({ 'src/lib.ts': SOURCE.replace('return a + 1;', 'return a + 2;').replace(/export function beta[\s\S]*?\n}\n\n/, beta) });
      multi.commit('rewrite beta');
      const result = await runCheck(await loadWorkspace(multi.dir), { workers: 0 });
      const s = session({ divergences: result.divergences });
      await s.press();
      expect(s.rows().map((r) => r.slice(4, 9))).toEqual(['LARGE', 'SMALL']);
      const frame = s.frame();
      expect(frame).toContain('at: src/lib.ts > gamma  +  src/lib.ts > beta');
      expect(frame).toContain('-   let total = 0;');
      expect(frame).toContain('+   const sorted = [...items].sort((x, y) => x - y);');
      // gamma did not change, so its code is not part of the diff.
      expect(frame).not.toContain('hello ${name}');
      s.app.unmount();
    } finally {
      multi.dispose();
    }
  });
});

describe('TriageApp in a shallow clone', () => {
  it('says the verified commit is missing and how to fetch it, as surf check does, instead of showing only the code now', async () => {
    const origin = await threeDivergenceRepo();
    const dir = mkdtempSync(join(tmpdir(), 'driftgate-shallow-'));
    try {
      origin.commit('change the helpers');
      const clone = spawnSync('git', ['clone', '-q', '--depth', '1', pathToFileURL(origin.dir).href, dir], { encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
      expect(clone.status, clone.stderr).toBe(0);
      const result = await runCheck(await loadWorkspace(dir), { workers: 0 });
      const stamped = result.divergences.find((d) => d.at.endsWith('beta'))!;
      expect(stamped.historyMissing).toBeDefined();
      const s = session({ divergences: result.divergences, size: { columns: 100, rows: 40 } });
      await s.press();
      const frame = s.frame().replace(/\s+/g, ' ');
      expect(frame).toContain('old code unknown: the claim was verified at');
      expect(frame).toContain('git fetch --unshallow');
      s.app.unmount();
    } finally {
      origin.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('TriageApp: the hub is read again after e', () => {
  it('shows the new line numbers and a claim added in the editor, and keeps the decisions already made', async () => {
    const r = await threeDivergenceRepo();
    try {
      const initial = await runCheck(await loadWorkspace(r.dir), { workers: 0 });
      const app = render(
        <TriageApp
          root={r.dir}
          divergences={initial.divergences}
          onEnd={() => undefined}
          size={{ columns: 100, rows: 30 }}
          // The "editor": two lines of prose before the claims, and a new claim on delta.
          launcher={(file) => {
            const text = readFileSync(file, 'utf8');
            writeFileSync(file, text.replace('anchors:\n', 'anchors:\n  - claim: alpha, once more\n    at: src/lib.ts > alpha\n'));
          }}
          recheck={async () => (await runCheck(await loadWorkspace(r.dir), { workers: 0 })).divergences}
        />,
      );
      const settle = () => new Promise((resolve) => setTimeout(resolve, 120));
      await settle();
      const frame = () => app.lastFrame() ?? '';
      expect(frame()).toContain('hubs/helpers.md:10');
      app.stdin.write('s');
      await settle();
      app.stdin.write('e');
      for (let waited = 0; waited < 10_000 && !frame().includes('read again'); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(frame()).toContain('read again');
      // beta's claim moved two lines down; the added claim is listed (unverified); beta is still skipped.
      expect(frame()).toContain('hubs/helpers.md:12');
      expect(frame()).not.toContain('hubs/helpers.md:10 ');
      expect(frame()).toContain('alpha, once more');
      expect(frame()).toMatch(/· +LARGE hubs\/helpers\.md:12/);
      expect(frame()).toContain('skipped 1');
      app.unmount();
    } finally {
      r.dispose();
    }
  });
});

describe('TriageApp: what e tells after the editor returns', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 120));

  /** The view over the three-divergence repository with `launcher` as its editor; counts rechecks. */
  async function withEditor(launcher: EditorLauncher, use: (app: ReturnType<typeof render>, rechecks: () => number) => Promise<void>): Promise<void> {
    const r = await threeDivergenceRepo();
    try {
      const initial = await runCheck(await loadWorkspace(r.dir), { workers: 0 });
      let rechecks = 0;
      const recheck = async () => {
        rechecks++;
        return (await runCheck(await loadWorkspace(r.dir), { workers: 0 })).divergences;
      };
      const app = render(<TriageApp root={r.dir} divergences={initial.divergences} onEnd={() => undefined} size={{ columns: 100, rows: 30 }} launcher={launcher} recheck={recheck} />);
      await settle();
      await use(app, () => rechecks);
      app.unmount();
    } finally {
      r.dispose();
    }
  }

  it('an editor left without saving changed nothing, and says so instead of "read again"', async () => {
    await withEditor(
      () => undefined,
      async (app, rechecks) => {
        app.stdin.write('e');
        await settle();
        expect(app.lastFrame()).toContain('no change to hubs/helpers.md');
        expect(app.lastFrame()).not.toContain('read again');
        expect(rechecks()).toBe(0);
      },
    );
  });

  it('a decided claim deleted in the editor is named in the notice, not dropped silently', async () => {
    // The "editor" deletes beta's claim (its item and the lines under it) from the hub.
    const deleteBeta: EditorLauncher = (file) => writeFileSync(file, readFileSync(file, 'utf8').replace(/ {2}- claim: beta sums the items\n(?: {4}.*\n)+/, ''));
    await withEditor(deleteBeta, async (app) => {
      app.stdin.write('s');
      await settle();
      expect(app.lastFrame()).toContain('skipped 1');
      app.stdin.write('e');
      const frame = () => (app.lastFrame() ?? '').replace(/\s+/g, ' ');
      for (let waited = 0; waited < 10_000 && !frame().includes('read again'); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(frame()).toContain('1 decided item(s) left the list: their claims no longer diverge or were removed');
      expect(frame()).toContain('skipped 0');
      expect(frame()).not.toContain('beta sums the items');
    });
  });
});

describe('TriageApp at 60 and 120 columns', () => {
  const longPath = (i: number): Divergence => ({
    hub: 'hubs/pricing.md',
    claim: `price ${i} is exact`,
    prose: `price ${i} is exact`,
    at: `packages/pricing/src/internal/rounding/index.ts > price${i}`,
    kind: 'changed',
    magnitude: 'large',
    oldHash: '3:000000000000',
    newHash: '3:111111111111',
    hubLine: 4 + 3 * i,
    sites: [`packages/pricing/src/internal/rounding/index.ts > price${i}`],
  });

  it('at 60 columns a row keeps the symbol and shortens the path in the middle', async () => {
    const s = session({ divergences: [0, 1, 2].map(longPath), size: { columns: 60, rows: 15 } });
    await s.press();
    const rows = s.rows();
    expect(rows).toHaveLength(3);
    for (const [i, row] of rows.entries()) {
      expect(row).toContain(`> price${i}`);
      expect(row).toContain('…');
      expect(cells(row)).toBeLessThanOrEqual(60);
    }
    s.app.unmount();
  });

  it('at 60 columns the help sentences wrap instead of being cut', async () => {
    const s = session({ size: { columns: 60, rows: 15 } });
    await s.press('?');
    const seen: string[] = [];
    for (let page = 0; page < 12; page++) {
      seen.push(...s.frame().split('\n'));
      await s.press(' ');
    }
    const text = seen.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('q or Esc ask before dropping decisions; Ctrl-C drops them.');
    expect(text).toContain('Enter keeps the search, Esc drops it; x clears filters and search.');
    s.app.unmount();
  });

  it('at 60 columns an editor error wraps instead of being cut, and the frame keeps its height', async () => {
    const message = 'could not start the editor `/opt/editors/bin/nonexistent-editor` (ENOENT); set $VISUAL or $EDITOR';
    const s = session({ size: { columns: 60, rows: 15 }, launcher: () => ({ ok: false, message }) });
    await s.press('e');
    await vi.waitFor(() => expect(s.frame().replace(/\s+/g, ' ')).toContain(message));
    const lines = s.frame().split('\n');
    for (const line of lines) expect(cells(line), line).toBeLessThanOrEqual(60);
    expect(lines.length).toBeLessThanOrEqual(14);
    // The help bar is still the last row, and the list still shows the cursor.
    expect(lines.at(-1)).toMatch(/^a\/u accept/);
    expect(s.rows().some((row) => row.startsWith('›'))).toBe(true);
    s.app.unmount();
  });

  it('at 60 columns the help bar gives up follow and undo before help and quit', async () => {
    const s = session({ size: { columns: 60, rows: 15 } });
    await s.press('j');
    expect(s.frame().split('\n').at(-1)).toBe('a/u accept  s/r skip  w write  / search  ? help  q/Esc quit');
    await s.press('?');
    // In the help, Esc closes it: the bar does not also offer it for quitting.
    expect(s.frame().split('\n').at(-1)).toMatch(/\?\/Esc close help {2}q quit$/);
    s.app.unmount();
  });

  it('at 120×40 fifteen items are all listed, the detail taking the rest', async () => {
    const fifteen = Array.from({ length: 15 }, (_, i) => longPath(i));
    const s = session({ divergences: fifteen, size: { columns: 120, rows: 40 } });
    await s.press();
    expect(s.rows()).toHaveLength(15);
    s.app.unmount();
  });
});

describe('TriageApp: keys as jest, insta and lazygit users know them', () => {
  it('u accepts (jest: update), r skips (insta: reject), z undoes (lazygit)', async () => {
    const s = session();
    await s.press('u');
    expect(s.frame()).toContain('accepted 1 · skipped 0');
    await s.press('r');
    expect(s.frame()).toContain('accepted 1 · skipped 1');
    await s.press('z');
    expect(s.frame()).toContain('accepted 1 · skipped 0');
    await s.press('z');
    expect(s.frame()).toContain('accepted 0 · skipped 0');
    s.app.unmount();
  });

  it('n and N go to the next and the previous match of the search', async () => {
    const s = session();
    await s.press('/', 'a', '\r');
    const at = () => /Reviewing \[(\d+)\//.exec(s.frame())![1];
    const first = at();
    await s.press('n');
    expect(at()).not.toBe(first);
    await s.press('N');
    expect(at()).toBe(first);
    s.app.unmount();
  });

  it('deciding the last item offers to write', async () => {
    const s = session();
    await s.press('a', 'a', 's');
    expect(s.frame()).toContain('every item is decided: w writes the stamps, q quits');
    s.app.unmount();
  });
});
