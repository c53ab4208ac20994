import type { Divergence } from '@driftgate/surf';
import { describe, expect, it } from 'vitest';
import { orderDivergences } from './order-items.js';
import { type TriageAction, type TriageState, decisionCounts, initialState, selectedItem, triageReducer } from './state.js';

const div = (over: Partial<Divergence> & Pick<Divergence, 'hub' | 'at' | 'kind'>): Divergence => ({
  claim: 'c',
  prose: 'c',
  sites: over.kind === 'referenced_stale' ? [] : [over.at],
  hubLine: over.kind === 'referenced_stale' ? undefined : 4,
  ...over,
});

// Deliberately out of reading order.
const ITEMS: Divergence[] = [
  div({ hub: 'hubs/b.md', at: 'b.ts > stale', kind: 'referenced_stale' }),
  div({ hub: 'hubs/b.md', at: 'b.ts > un', kind: 'unverified' }),
  div({ hub: 'hubs/b.md', at: 'b.ts > small', kind: 'changed', magnitude: 'small' }),
  div({ hub: 'hubs/a.md', at: 'a.ts > gone', kind: 'unresolvable', detail: 'not found' }),
  div({ hub: 'hubs/b.md', at: 'b.ts > large', kind: 'changed', magnitude: 'large' }),
  div({ hub: 'hubs/a.md', at: 'a.ts > nomag', kind: 'changed' }),
  div({ hub: 'hubs/a.md', at: 'a.ts > large', kind: 'changed', magnitude: 'large' }),
  div({ hub: 'hubs/a.md', at: 'a.ts > medium', kind: 'changed', magnitude: 'medium' }),
];

const run = (state: TriageState, ...actions: TriageAction[]): TriageState => actions.reduce(triageReducer, state);
const ats = (state: TriageState): string[] => state.visible.map((i) => state.items[i]!.at);
const current = (state: TriageState): string | undefined => selectedItem(state)?.divergence.at;

describe('orderDivergences', () => {
  it('sorts large → medium → small → no magnitude, then unresolvable, unverified, referenced_stale; ties by hub then at', () => {
    expect(orderDivergences(ITEMS).map((d) => d.at)).toEqual([
      'a.ts > large',
      'b.ts > large',
      'a.ts > medium',
      'b.ts > small',
      'a.ts > nomag',
      'a.ts > gone',
      'b.ts > un',
      'b.ts > stale',
    ]);
  });

  it('is stable for equal keys and does not mutate its input', () => {
    const twins = [div({ hub: 'h.md', at: 'x', kind: 'unverified', claim: 'first' }), div({ hub: 'h.md', at: 'x', kind: 'unverified', claim: 'second' })];
    const copy = [...twins];
    expect(orderDivergences(twins).map((d) => d.claim)).toEqual(['first', 'second']);
    expect(twins).toEqual(copy);
  });
});

describe('triageReducer', () => {
  it('starts in browse mode on the largest item with nothing decided', () => {
    const s = initialState(ITEMS);
    expect(s.mode).toBe('browse');
    expect(current(s)).toBe('a.ts > large');
    expect(s.decisions.size).toBe(0);
  });

  it('moves within bounds', () => {
    const s = initialState(ITEMS);
    expect(current(run(s, { type: 'move', delta: -1 }))).toBe('a.ts > large');
    expect(current(run(s, { type: 'move', delta: 2 }))).toBe('a.ts > medium');
    expect(current(run(s, { type: 'move', delta: 99 }))).toBe('b.ts > stale');
    expect(current(run(s, { type: 'move-to', where: 'last' }, { type: 'move-to', where: 'first' }))).toBe('a.ts > large');
  });

  it('cycles each filter through the values present, then back to none', () => {
    let s = initialState(ITEMS);
    s = run(s, { type: 'cycle-filter', filter: 'hub' });
    expect(s.filters).toEqual({ hub: 'hubs/a.md' });
    expect(ats(s)).toEqual(['a.ts > large', 'a.ts > medium', 'a.ts > nomag', 'a.ts > gone']);
    s = run(s, { type: 'cycle-filter', filter: 'hub' });
    expect(s.filters).toEqual({ hub: 'hubs/b.md' });
    s = run(s, { type: 'cycle-filter', filter: 'hub' });
    expect(s.filters).toEqual({});
    expect(s.visible).toHaveLength(ITEMS.length);

    s = run(s, { type: 'cycle-filter', filter: 'magnitude' });
    expect(ats(s)).toEqual(['a.ts > large', 'b.ts > large']);
    s = run(s, { type: 'cycle-filter', filter: 'kind' }, { type: 'cycle-filter', filter: 'kind' });
    expect(s.filters).toEqual({ magnitude: 'large', kind: 'unresolvable' });
    expect(s.visible).toEqual([]);
    expect(selectedItem(s)).toBeUndefined();
    expect(run(s, { type: 'decide', decision: 'skip' })).toEqual(s);
    expect(run(s, { type: 'clear-filters' }).visible).toHaveLength(ITEMS.length);
  });

  it('keeps the selected item selected when a filter leaves it visible', () => {
    const s = run(initialState(ITEMS), { type: 'move', delta: 2 }, { type: 'cycle-filter', filter: 'hub' });
    expect(current(s)).toBe('a.ts > medium');
  });

  it('records decisions and advances to the next undecided item', () => {
    const s = run(initialState(ITEMS), { type: 'decide', decision: 'accept' }, { type: 'decide', decision: 'skip' });
    expect([...s.decisions].map(([id, d]) => [s.items[id]!.at, d])).toEqual([
      ['a.ts > large', 'accept'],
      ['b.ts > large', 'skip'],
    ]);
    expect(current(s)).toBe('a.ts > medium');
    expect(decisionCounts(s)).toEqual({ accept: 1, follow: 0, skip: 1 });
  });

  it('refuses decisions that cannot apply, with a notice and no state change otherwise', () => {
    const onGone = run(initialState(ITEMS), { type: 'move', delta: 5 });
    expect(current(onGone)).toBe('a.ts > gone');
    const refused = run(onGone, { type: 'decide', decision: 'accept' });
    expect(refused.decisions.size).toBe(0);
    expect(refused.notice).toMatch(/follow/);
    expect(run(refused, { type: 'move', delta: 0 }).notice).toBeUndefined();
    // follow is offered only where a preview found the new anchor (as verify --follow would).
    expect(run(onGone, { type: 'decide', decision: 'follow' }).decisions.size).toBe(0);
    expect(run(onGone, { type: 'decide', decision: 'follow' }).notice).toMatch(/follow is not available/);
    const gone = ITEMS.find((d) => d.at === 'a.ts > gone')!;
    const withPreview = (preview: { newAt: string } | { problem: string }) => run(initialState(ITEMS, new Map([[gone, preview]])), { type: 'move', delta: 5 }, { type: 'decide', decision: 'follow' });
    expect(withPreview({ newAt: 'a.ts > went' }).decisions.size).toBe(1);
    expect(withPreview({ problem: 'only a top-level symbol can be followed' }).notice).toBe('follow is not possible: only a top-level symbol can be followed');
    expect(run(initialState(ITEMS), { type: 'decide', decision: 'follow' }).notice).toMatch(/unresolvable/);
    const onStale = run(initialState(ITEMS), { type: 'move-to', where: 'last' });
    expect(run(onStale, { type: 'decide', decision: 'accept' }).decisions.size).toBe(0);
    expect(run(onStale, { type: 'decide', decision: 'skip' }).decisions.size).toBe(1);
  });

  it('undoes decisions one at a time, restoring the previous one and the cursor', () => {
    let s = run(initialState(ITEMS), { type: 'decide', decision: 'accept' }, { type: 'move', delta: -1 }, { type: 'decide', decision: 'skip' });
    expect(s.decisions.get(0)).toBe('skip');
    s = run(s, { type: 'undo' });
    expect(s.decisions.get(0)).toBe('accept');
    expect(current(s)).toBe('a.ts > large');
    s = run(s, { type: 'undo' });
    expect(s.decisions.size).toBe(0);
    expect(run(s, { type: 'undo' }).notice).toBe('nothing to undo');
  });

  it('undo clears filters that would hide the undone item', () => {
    const s = run(initialState(ITEMS), { type: 'decide', decision: 'accept' }, { type: 'cycle-filter', filter: 'hub' }, { type: 'cycle-filter', filter: 'hub' }, { type: 'undo' });
    expect(s.filters).toEqual({});
    expect(current(s)).toBe('a.ts > large');
  });

  it('writes only through request → confirm; back returns to browsing', () => {
    const s = run(initialState(ITEMS), { type: 'confirm-write' });
    expect(s.mode).toBe('browse');
    const asking = run(s, { type: 'request-write' });
    expect(asking.mode).toBe('confirm');
    expect(run(asking, { type: 'decide', decision: 'accept' })).toEqual(asking);
    expect(run(asking, { type: 'back' }).mode).toBe('browse');
    expect(run(asking, { type: 'confirm-write' }).mode).toBe('write');
  });

  it('quit cancels from any live mode, and an ended session ignores every action', () => {
    for (const mode of [[], [{ type: 'request-write' }], [{ type: 'toggle-help' }]] as TriageAction[][]) {
      expect(run(initialState(ITEMS), ...mode, { type: 'quit' }).mode).toBe('cancelled');
    }
    const ended = run(initialState(ITEMS), { type: 'quit' });
    expect(run(ended, { type: 'request-write' }, { type: 'confirm-write' })).toBe(ended);
  });

  it('toggles help, where list actions do nothing', () => {
    const help = run(initialState(ITEMS), { type: 'toggle-help' });
    expect(help.mode).toBe('help');
    expect(run(help, { type: 'move', delta: 1 }).cursor).toBe(0);
    expect(run(help, { type: 'toggle-help' }).mode).toBe('browse');
  });

  it('never mutates the previous state', () => {
    const s = initialState(ITEMS);
    const snapshot = JSON.stringify({ ...s, decisions: [...s.decisions] });
    run(s, { type: 'decide', decision: 'accept' }, { type: 'cycle-filter', filter: 'kind' });
    expect(JSON.stringify({ ...s, decisions: [...s.decisions] })).toBe(snapshot);
  });
});

describe('triageReducer: conventions', () => {
  it('q asks before dropping decisions (from browse and help) and quits at once when none are pending', () => {
    expect(run(initialState(ITEMS), { type: 'quit' }).mode).toBe('cancelled');
    const decided = run(initialState(ITEMS), { type: 'decide', decision: 'accept' });
    const asking = run(decided, { type: 'quit' });
    expect(asking.mode).toBe('confirm-quit');
    expect(run(asking, { type: 'quit' }).mode).toBe('confirm-quit');
    expect(run(asking, { type: 'back' }).mode).toBe('browse');
    expect(run(asking, { type: 'back' }).decisions.size).toBe(1);
    expect(run(asking, { type: 'yes' }).mode).toBe('cancelled');
    expect(run(decided, { type: 'toggle-help' }, { type: 'quit' }).mode).toBe('confirm-quit');
  });

  it('Ctrl-C ends as interrupted from every live mode', () => {
    for (const before of [[], [{ type: 'request-write' }], [{ type: 'toggle-help' }], [{ type: 'start-search' }], [{ type: 'request-all', decision: 'skip' }]] as TriageAction[][]) {
      expect(run(initialState(ITEMS), ...before, { type: 'interrupt' }).mode).toBe('interrupted');
    }
  });

  it('A applies to every remaining shown item that can be accepted, as one undo step', () => {
    const s = run(initialState(ITEMS), { type: 'request-all', decision: 'accept' });
    expect(s.mode).toBe('confirm-all');
    const all = run(s, { type: 'yes' });
    // changed and unverified items: 5 changed + 1 unverified.
    expect(decisionCounts(all)).toEqual({ accept: 6, follow: 0, skip: 0 });
    expect(all.notice).toMatch(/2 item\(s\) could not be accepted/);
    expect(run(all, { type: 'undo' }).decisions.size).toBe(0);
  });

  it('search narrows by claim, anchor or hub; Esc restores the previous search', () => {
    let s = run(initialState(ITEMS), { type: 'start-search' }, { type: 'search-type', text: 'a.md' });
    expect(ats(s)).toEqual(['a.ts > large', 'a.ts > medium', 'a.ts > nomag', 'a.ts > gone']);
    s = run(s, { type: 'search-commit' }, { type: 'start-search' }, { type: 'search-type', text: 'x' });
    expect(s.visible).toEqual([]);
    s = run(s, { type: 'back' });
    expect(s.query).toBe('a.md');
    expect(s.visible).toHaveLength(4);
  });

  it('scrolls the detail within its bounds and starts a newly selected item at its top', () => {
    const s = run(initialState(ITEMS), { type: 'scroll', target: 'detail', delta: 50, max: 7 });
    expect(s.detailScroll).toBe(7);
    expect(run(s, { type: 'scroll', target: 'detail', delta: -100, max: 7 }).detailScroll).toBe(0);
    expect(run(s, { type: 'move', delta: 1 }).detailScroll).toBe(0);
  });

  it('Enter never accepts: open-pager changes no decision', () => {
    const s = run(initialState(ITEMS), { type: 'open-pager' });
    expect(s.mode).toBe('pager');
    expect(s.decisions.size).toBe(0);
  });
});
