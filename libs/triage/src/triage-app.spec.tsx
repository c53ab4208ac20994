import { join } from 'node:path';
import { type CheckResult, type Divergence, loadWorkspace, runCheck } from '@driftgate/surf';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TempRepo } from '../../../test/support/temp-repo.js';
import { threeDivergenceRepo } from './three-divergences.test-helpers.js';
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
    expect(frame).toMatch(/a accept {2}f follow {2}s skip {2}u undo {2}w write\+quit/);
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
    expect(s.frame()).toContain('pending: 2 accept, 0 follow, 1 skip');
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
    expect(s.frame()).toContain('pending: 1 accept, 0 follow, 1 skip');
    await s.press('u');
    expect(s.rows()[1]).toMatch(/^› {3}MED/);
    expect(s.frame()).toContain('pending: 1 accept, 0 follow, 0 skip');
    s.app.unmount();
  });

  it('refuses follow on a changed claim with a notice', async () => {
    const s = session();
    await s.press('f');
    expect(s.frame()).toContain('follow re-points a renamed anchor');
    expect(s.frame()).toContain('pending: 0 accept, 0 follow, 0 skip');
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

  it('Ctrl-C and q cancel, even from the confirm dialog', async () => {
    for (const keys of [['\u0003'], ['a', 'w', '\u0003'], ['q']]) {
      const s = session();
      await s.press(...keys);
      expect(s.ends.map((e) => e.mode), keys.join(' ')).toEqual(['cancelled']);
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

  it('shows every binding in the help view', async () => {
    const s = session();
    await s.press('?');
    expect(s.frame()).toContain('magnitude filter');
    expect(s.frame()).toContain('edit code');
    await s.press('?');
    expect(s.frame()).not.toContain('magnitude filter');
    s.app.unmount();
  });
});
