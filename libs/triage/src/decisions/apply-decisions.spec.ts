import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWorkspace, runCheck } from '@driftgate/surf';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '../../../../test/support/temp-repo.js';
import { applyDecisions, summaryLines } from './apply-decisions.js';
import { type Decision, initialState } from '../model/state.js';
import { CHANGED, threeDivergenceRepo } from '../model/three-divergences.test-helpers.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.dispose();
});

const NOW = new Date('2026-07-01T16:53:08Z');
const clock = { now: () => NOW, nowNs: () => 1_782_924_788_000_000_000n };

async function setup() {
  const repo = await threeDivergenceRepo();
  repos.push(repo);
  const check = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
  const state = initialState(check.divergences);
  const idOf = (symbol: string) => state.items.findIndex((d) => d.at === `src/lib.ts > ${symbol}`);
  const hub = () => readFileSync(join(repo.dir, 'hubs/helpers.md'), 'utf8');
  return { repo, state, idOf, hub };
}

/** Lines of `after` that differ from `before` (same line count: stamps are edited in place). */
function changedLines(before: string, after: string): Array<[number, string, string]> {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b).toHaveLength(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[i + 1, line, b[i]!] as [number, string, string]]));
}

describe('applyDecisions', () => {
  it('does not stamp an accepted claim whose code changed since the session showed it; the hub\'s other accepted claims are stamped', async () => {
    const { repo, state, idOf, hub } = await setup();
    const alpha = state.items[idOf('alpha')]!;
    const beta = state.items[idOf('beta')]!;
    // Between the confirmation and the write: another process edits beta once more.
    writeFileSync(join(repo.dir, 'src/lib.ts'), CHANGED.replace('sum + x * 2', 'sum + x * 3'));
    const decisions = new Map<number, Decision>([
      [idOf('alpha'), 'accept'],
      [idOf('beta'), 'accept'],
    ]);
    const summary = await applyDecisions(repo.dir, state.items, decisions, { clock });
    expect(summary.applied.map((a) => [a.at, a.outcome, a.reason])).toEqual([
      ['src/lib.ts > alpha', 'stamped', undefined],
      ['src/lib.ts > beta', 'not-written', 'the code changed since you accepted it'],
    ]);
    expect(summary.updatedFiles).toEqual(['hubs/helpers.md']);
    expect(hub()).toContain(`hash: ${alpha.newHash}`);
    expect(hub()).toContain(`hash: ${beta.oldHash}`);
    expect(summaryLines(summary)[0]).toBe('surf triage: stamped 1 claim(s) in 1 hub(s); skipped 0; left 1 undecided; 1 not written');
  });

  it('compares under the shown stamp\'s own recipe: a reference `2:` stamp is re-stamped as `3:` only while the code is as shown', async () => {
    const { repo } = await setup();
    // The hub as the reference would have stamped it: v2 stamps.
    const { hashAnchor } = await import('@driftgate/surf');
    const old = repo.git('show', 'HEAD:src/lib.ts');
    writeFileSync(join(repo.dir, 'src/old.ts'), old);
    const v2 = async (symbol: string) => `2:${(await hashAnchor(old, `src/old.ts > ${symbol}`, { recipe: 'v2' })).digest}`;
    repo.write({ 'hubs/ref.md': `---\nanchors:\n  - claim: alpha adds one\n    at: src/lib.ts > alpha\n    hash: ${await v2('alpha')}\n  - claim: beta sums\n    at: src/lib.ts > beta\n    hash: ${await v2('beta')}\n---\n` });
    const check = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
    const items = initialState(check.divergences.filter((d) => d.hub === 'hubs/ref.md')).items;
    expect(items.map((d) => d.newHash?.slice(0, 2))).toEqual(['2:', '2:']);
    writeFileSync(join(repo.dir, 'src/lib.ts'), CHANGED.replace('sum + x * 2', 'sum + x * 3'));
    const summary = await applyDecisions(repo.dir, items, new Map<number, Decision>(items.map((_, i) => [i, 'accept'] as const)), { clock });
    expect(summary.applied.map((a) => [a.at, a.outcome])).toEqual([
      ['src/lib.ts > alpha', 'stamped'],
      ['src/lib.ts > beta', 'not-written'],
    ]);
    const ref = readFileSync(join(repo.dir, 'hubs/ref.md'), 'utf8');
    expect(ref).toMatch(/hash: 3:[0-9a-f]{12}/);
    expect(ref).toContain(`hash: ${await v2('beta')}`);
  });

  it('removes a write lock a killed run left on a hub it has nothing to write to', async () => {
    const { repo, state, idOf } = await setup();
    // A second hub, already current: the killed run renamed its new text in place, then died.
    repo.write({ 'hubs/other.md': '---\nanchors: []\nrefs: []\n---\n' });
    const lock = join(repo.dir, 'hubs/other.md.surf-lock');
    writeFileSync(lock, `${spawnSync(process.execPath, ['-e', '']).pid}\n`);
    await applyDecisions(repo.dir, state.items, new Map<number, Decision>([[idOf('beta'), 'accept']]), { clock });
    expect(existsSync(lock)).toBe(false);
  });

  it('re-stamps only the accepted claim; skipped and undecided ones keep every byte', async () => {
    const { repo, state, idOf, hub } = await setup();
    const before = hub();
    const decisions = new Map<number, Decision>([
      [idOf('beta'), 'accept'],
      [idOf('gamma'), 'skip'],
    ]);
    const summary = await applyDecisions(repo.dir, state.items, decisions, { clock });
    expect(summary).toMatchObject({ skipped: 1, undecided: 1, updatedFiles: ['hubs/helpers.md'] });
    expect(summary.applied).toEqual([{ hub: 'hubs/helpers.md', at: 'src/lib.ts > beta', hubLine: state.items[idOf('beta')]!.hubLine, decision: 'accept', outcome: 'stamped' }]);
    const changed = changedLines(before, hub());
    // Only beta's stamp lines: its hash and the provenance verify writes with it.
    expect(changed.map(([, old]) => old.trim().split(':')[0])).toEqual(['hash', 'verified_at', 'verified_commit']);
    const betaLine = state.items[idOf('beta')]!.hubLine!;
    const nextClaim = before.split('\n').findIndex((l, i) => i >= betaLine && l.startsWith('  - '));
    for (const [line] of changed) expect(line > betaLine && line <= nextClaim).toBe(true);
    expect(changed[0]![2]).toBe(`    hash: ${state.items[idOf('beta')]!.newHash}`);
    expect(changed[1]![2]).toBe('    verified_at: 2026-07-01T16:53:08Z');
    expect(readFileSync(join(repo.dir, 'src/lib.ts'), 'utf8')).toBe(CHANGED);
    const after = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
    expect(after.divergences.map((d) => d.at).sort()).toEqual(['src/lib.ts > alpha', 'src/lib.ts > gamma']);
    expect(summaryLines(summary)[0]).toBe('surf triage: stamped 1 claim(s) in 1 hub(s); skipped 1; left 1 undecided');
  });

  it('writes nothing when every decision is a skip', async () => {
    const { repo, state, hub } = await setup();
    const before = hub();
    const summary = await applyDecisions(repo.dir, state.items, new Map(state.items.map((_, i) => [i, 'skip' as Decision])), { clock });
    expect(summary).toEqual({ applied: [], skipped: 3, undecided: 0, updatedFiles: [], interrupted: false });
    expect(hub()).toBe(before);
  });

  it('stamps two claims of one hub in one session (the hub is re-read in between)', async () => {
    const { repo, state, idOf } = await setup();
    const summary = await applyDecisions(repo.dir, state.items, new Map<number, Decision>([[idOf('alpha'), 'accept'], [idOf('gamma'), 'accept']]), { clock });
    expect(summary.applied.map((a) => a.outcome)).toEqual(['stamped', 'stamped']);
    const after = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
    expect(after.divergences.map((d) => d.at)).toEqual(['src/lib.ts > beta']);
  });

  it('does not stamp another claim that shares the accepted claim’s site', async () => {
    const { repo } = await setup();
    const text = readFileSync(join(repo.dir, 'hubs/helpers.md'), 'utf8');
    // A second claim on beta, stamped with the same (old) hash.
    const betaHash = /at: src\/lib\.ts > beta\n {4}hash: (\S+)/.exec(text)![1]!;
    const twin = text.replace('---\n# Helpers', `  - claim: beta also returns a number\n    at: src/lib.ts > beta\n    hash: ${betaHash}\n---\n# Helpers`);
    repo.write({ 'hubs/helpers.md': twin });
    const check = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
    const state = initialState(check.divergences);
    const first = state.items.findIndex((d) => d.at === 'src/lib.ts > beta' && d.prose === 'beta sums the items');
    await applyDecisions(repo.dir, state.items, new Map<number, Decision>([[first, 'accept']]), { clock });
    const after = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
    expect(after.divergences.filter((d) => d.at === 'src/lib.ts > beta').map((d) => d.prose)).toEqual(['beta also returns a number']);
  });

  it('follows a renamed symbol through verify --follow', async () => {
    const { repo } = await setup();
    repo.write({ 'src/lib.ts': readFileSync(join(repo.dir, 'src/lib.ts'), 'utf8').replace('function alpha(a', 'function alphaRenamed(a').replace('return a + 2;', 'return a + 1;') });
    const check = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
    const state = initialState(check.divergences);
    const alpha = state.items.findIndex((d) => d.at === 'src/lib.ts > alpha');
    expect(state.items[alpha]!.kind).toBe('unresolvable');
    const summary = await applyDecisions(repo.dir, state.items, new Map<number, Decision>([[alpha, 'follow']]), { clock });
    expect(summary.applied).toMatchObject([{ decision: 'follow', outcome: 'followed', newAt: 'src/lib.ts > alphaRenamed' }]);
    expect(readFileSync(join(repo.dir, 'hubs/helpers.md'), 'utf8')).toContain('at: src/lib.ts > alphaRenamed');
  });

  it('finds a claim again by its id after an edit shifted the hub\'s lines, and stamps only it', async () => {
    const { repo, state, idOf, hub } = await setup();
    repo.write({ 'hubs/helpers.md': hub().replace('anchors:\n', 'tags: [x]\nanchors:\n') });
    const before = hub().split('\n');
    const summary = await applyDecisions(repo.dir, state.items, new Map<number, Decision>([[idOf('beta'), 'accept'], [idOf('gamma'), 'accept']]), { clock });
    expect(summary.applied.map((a) => a.outcome)).toEqual(['stamped', 'stamped']);
    const after = hub().split('\n');
    expect(after).toHaveLength(before.length);
    const changed = before.flatMap((line, i) => (line === after[i] ? [] : [line.trim().split(':')[0]]));
    expect(changed.filter((key) => key === 'hash')).toHaveLength(2);
    expect(changed.every((key) => ['hash', 'verified_at', 'verified_commit'].includes(key!))).toBe(true);
  });

  it('writes a hub whole or not at all: one failing claim leaves the others of its hub unwritten', async () => {
    const { repo, state, idOf, hub } = await setup();
    const before = hub();
    // gamma's claim leaves the hub (no id, anchor or prose matches it any more).
    const gamma = state.items[idOf('gamma')]!;
    repo.write({ 'hubs/helpers.md': before.replace(/  - claim: gamma greets by name\n(    .*\n)+/, '') });
    const edited = hub();
    expect(edited).not.toBe(before);
    const summary = await applyDecisions(repo.dir, state.items, new Map<number, Decision>([[idOf('beta'), 'accept'], [idOf('gamma'), 'accept']]), { clock });
    expect(summary.applied.find((a) => a.at === gamma.at)).toMatchObject({ outcome: 'failed' });
    expect(summary.applied.find((a) => a.at !== gamma.at)).toMatchObject({ outcome: 'not-written' });
    expect(summary.updatedFiles).toEqual([]);
    expect(hub()).toBe(edited);
  });

  it('stops before the next hub once aborted (a signal), and says so', async () => {
    const { repo, state, idOf, hub } = await setup();
    const before = hub();
    const controller = new AbortController();
    controller.abort();
    const summary = await applyDecisions(repo.dir, state.items, new Map<number, Decision>([[idOf('beta'), 'accept']]), { clock, signal: controller.signal });
    expect(summary.interrupted).toBe(true);
    expect(summary.applied).toMatchObject([{ outcome: 'not-written' }]);
    expect(summaryLines(summary)[0]).toMatch(/^surf triage: interrupted; stamped 0 claim\(s\)/);
    expect(hub()).toBe(before);
    void repo;
  });
});

describe('applyDecisions interrupted while writing', () => {
  it('finishes the hub being written, writes no further hub, and says what was stamped', async () => {
    const { triageWalkRepo } = await import('../../../../test/support/triage-walk-repo.js');
    const repo = await triageWalkRepo();
    try {
      const check = await runCheck(await loadWorkspace(repo.dir), { workers: 0 });
      const state = initialState(check.divergences);
      const id = (at: string) => state.items.findIndex((d) => d.at === at);
      const shop = readFileSync(join(repo.dir, 'hubs/shop.md'), 'utf8');
      const calc = readFileSync(join(repo.dir, 'hubs/calc.md'), 'utf8');
      const controller = new AbortController();
      // The signal arrives while the first hub (hubs/calc.md) is being stamped.
      const interrupting = { now: () => (controller.abort(), NOW), nowNs: clock.nowNs };
      const decisions = new Map<number, Decision>([[id('src/shop.ts > tax'), 'accept'], [id('go/calc.go > Add'), 'accept']]);
      const summary = await applyDecisions(repo.dir, state.items, decisions, { clock: interrupting, signal: controller.signal });
      expect(summary.interrupted).toBe(true);
      expect(summary.updatedFiles).toEqual(['hubs/calc.md']);
      expect(summary.applied.map((a) => [a.hub, a.outcome])).toEqual([
        ['hubs/calc.md', 'stamped'],
        ['hubs/shop.md', 'not-written'],
      ]);
      expect(readFileSync(join(repo.dir, 'hubs/calc.md'), 'utf8')).not.toBe(calc);
      expect(readFileSync(join(repo.dir, 'hubs/shop.md'), 'utf8')).toBe(shop);
      const lines = summaryLines(summary);
      expect(lines[0]).toBe('surf triage: interrupted; stamped 1 claim(s) in 1 hub(s); skipped 0; left 7 undecided; 1 not written');
      expect(lines).toContain('  stamped   hubs/calc.md:4 go/calc.go > Add');
    } finally {
      repo.dispose();
    }
  });
});
