import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../check/check.js';
import type { Divergence } from '../check/divergence.js';
import { verdictChanges, verdictsOf } from './verdict-changes.js';

/** A check result with these judged claims and divergences (the other fields do not matter here). */
function result(checked: Array<[string, string, number]>, divergences: Array<Partial<Divergence>>): CheckResult {
  return {
    checked: checked.map(([hub, at, hubLine]) => ({ hub, at, hubLine })),
    divergences: divergences.map((d) => ({ hub: 'h.md', claim: 'c', at: '', kind: 'changed', prose: 'c', sites: [], ...d }) as Divergence),
    historyBase: 'HEAD',
    passed: divergences.length === 0,
    stats: { hubs: 1, malformedHubs: 0, claims: checked.length, clean: 0, v1Clean: 0, files: 0, unmatchedGlobs: [], globsGiven: false, scopedByBase: false, baseUnavailable: false },
  };
}

describe('verdictChanges', () => {
  it('reports a claim turning diverged and back, not one that only moved down its hub', () => {
    const clean = verdictsOf(result([['h.md', 'a.ts > f', 4], ['h.md', 'a.ts > g', 7]], []));
    const diverged = verdictsOf(result([['h.md', 'a.ts > f', 4], ['h.md', 'a.ts > g', 7]], [{ at: 'a.ts > g', hubLine: 7, newHash: '3:aaaaaaaaaaaa' }]));
    expect(verdictChanges(clean, diverged)).toEqual([
      { before: { hub: 'h.md', at: 'a.ts > g', hubLine: 7, kind: 'clean', detail: '' }, after: { hub: 'h.md', at: 'a.ts > g', hubLine: 7, kind: 'changed', detail: '3:aaaaaaaaaaaa' } },
    ]);
    // A claim added above both moves their lines: only the new claim is a change.
    const moved = verdictsOf(result([['h.md', 'b.ts > n', 4], ['h.md', 'a.ts > f', 7], ['h.md', 'a.ts > g', 10]], [{ at: 'a.ts > g', hubLine: 10, newHash: '3:aaaaaaaaaaaa' }]));
    expect(verdictChanges(diverged, moved)).toEqual([{ after: { hub: 'h.md', at: 'b.ts > n', hubLine: 4, kind: 'clean', detail: '' } }]);
    // A claim that stays changed with another new stamp (edited again) keeps its verdict; a removed claim is a change.
    const again = verdictsOf(result([['h.md', 'a.ts > g', 7]], [{ at: 'a.ts > g', hubLine: 7, newHash: '3:bbbbbbbbbbbb' }]));
    expect(verdictChanges(diverged, again).map((c) => [c.before?.at, c.before?.kind, c.after?.kind])).toEqual([['a.ts > f', 'clean', undefined]]);
    // Another reason for the same other kind is news.
    const unreadable = (detail: string) => verdictsOf(result([['h.md', 'a.ts > g', 7]], [{ at: 'a.ts > g', hubLine: 7, kind: 'unresolvable', detail }]));
    expect(verdictChanges(unreadable('cannot read `a.ts`'), unreadable('no symbol `g` in a.ts')).map((c) => [c.before?.kind, c.after?.kind])).toEqual([['unresolvable', 'unresolvable']]);
  });

  it('keeps an unverified claim whose new stamp moved as it was', () => {
    const unverified = (newHash: string) => verdictsOf(result([['h.md', 'a.ts > f', 4]], [{ at: 'a.ts > f', hubLine: 4, kind: 'unverified', newHash }]));
    expect(verdictChanges(unverified('2:aaaaaaaaaaaa'), unverified('2:bbbbbbbbbbbb'))).toEqual([]);
  });

  it('keeps two claims with the same sites apart, and hub-level findings apart from claims', () => {
    const before = verdictsOf(result([['h.md', 'a.ts > f', 4], ['h.md', 'a.ts > f', 7]], [{ at: 'a.ts > f', hubLine: 7, detail: 'x' }]));
    const after = verdictsOf(
      result([['h.md', 'a.ts > f', 4], ['h.md', 'a.ts > f', 7]], [{ at: 'a.ts > f', hubLine: 4, detail: 'x' }, { hub: 'm.md', at: '', kind: 'unresolvable', detail: 'invalid hub: y' }]),
    );
    expect(verdictChanges(before, after).map((c) => [c.after?.hub, c.after?.hubLine, c.after?.kind ?? 'gone'])).toEqual([
      ['m.md', 0, 'unresolvable'],
      ['h.md', 4, 'changed'],
      ['h.md', 7, 'clean'],
    ]);
  });
});

describe('verdictChanges with claim ids', () => {
  const clean = (hub: string, at: string, hubLine: number) => ({ hub, at, hubLine, kind: 'clean' as const, detail: '' });
  const ids = (byLine: Record<string, string>) => (v: { hub: string; hubLine: number }) => byLine[`${v.hub}:${v.hubLine}`];

  it('reports a re-pointed claim as one change, and a claim moved to another hub unchanged as none', () => {
    const before = verdictsOf(result([['h.md', 'a.ts > f', 4], ['h.md', 'a.ts > g', 7]], []));
    const after = verdictsOf(result([['h.md', 'a.ts > h', 4], ['k.md', 'a.ts > g', 4]], [{ at: 'a.ts > h', hubLine: 4, newHash: '2:aaaaaaaaaaaa' }]));
    const changes = verdictChanges(before, after, { before: ids({ 'h.md:4': 'c_1', 'h.md:7': 'c_2' }), after: ids({ 'h.md:4': 'c_1', 'k.md:4': 'c_2' }) });
    expect(changes).toEqual([{ before: clean('h.md', 'a.ts > f', 4), after: { hub: 'h.md', at: 'a.ts > h', hubLine: 4, kind: 'changed', detail: '2:aaaaaaaaaaaa' } }]);
    // Without ids: one claim gone, one new, per pair.
    expect(verdictChanges(before, after)).toHaveLength(4);
  });

  it('matches nothing by an id two claims share', () => {
    const before = verdictsOf(result([['h.md', 'a.ts > f', 4], ['h.md', 'a.ts > g', 7]], []));
    const after = verdictsOf(result([['h.md', 'a.ts > h', 4], ['h.md', 'a.ts > i', 7]], []));
    const same = () => 'c_1';
    expect(verdictChanges(before, after, { before: same, after: same }).map((c) => [c.before?.at, c.after?.at])).toEqual([
      [undefined, 'a.ts > h'],
      [undefined, 'a.ts > i'],
      ['a.ts > f', undefined],
      ['a.ts > g', undefined],
    ]);
  });
});
