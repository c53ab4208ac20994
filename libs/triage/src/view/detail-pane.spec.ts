import { loadWorkspace, runCheck, runVerify } from '@driftgate/surf';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { detailRows } from './detail-pane.js';
import { cells, compactSites, fitRow } from './labels.js';
import { DEFAULT_THEME } from './theme.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.dispose();
});

const MONEY = [
  'export class Money {',
  '  scale(by: number): number {',
  '    return by * 100;',
  '  }',
  '',
  '  round(value: number): number {',
  '    return Math.round(value);',
  '  }',
  '}',
  '',
].join('\n');
const LEDGER = ['export function post(amount: number): number {', '  return amount;', '}', ''].join('\n');

/** A committed repository with one three-site claim, two of whose sites then change. */
async function multiSiteRepo(): Promise<TempRepo> {
  const repo = createTempRepo({
    'surf.toml': '',
    'src/money.ts': MONEY,
    'src/ledger.ts': LEDGER,
    'hubs/money.md': '---\nanchors:\n  - claim: amounts are scaled, rounded and posted in cents\n    at:\n      - src/money.ts > Money > scale\n      - src/money.ts > Money > round\n      - src/ledger.ts > post\n---\n',
  });
  repos.push(repo);
  await runVerify(await loadWorkspace(repo.dir));
  repo.commit('stamp');
  repo.write({ 'src/money.ts': MONEY.replace('return Math.round(value);', 'return Math.round(value * 100) / 100;'), 'src/ledger.ts': LEDGER.replace('return amount;', 'return amount * 100;') });
  return repo;
}

const text = (rows: ReadonlyArray<{ text: string }>) => rows.map((r) => r.text);

describe('detailRows', () => {
  it('gives every changed site of a multi-site claim its own code header, and names the unchanged ones', async () => {
    const repo = await multiSiteRepo();
    const [d] = (await runCheck(await loadWorkspace(repo.dir), { workers: 0 })).divergences;
    expect(d!.kind).toBe('changed');
    const rows = text(detailRows(d!, DEFAULT_THEME, { showDiff: true }, 100));
    const round = rows.indexOf('code: src/money.ts:6-8  (src/money.ts > Money > round)');
    const post = rows.indexOf('code: src/ledger.ts:1-3  (src/ledger.ts > post)');
    expect(round, rows.join('\n')).toBeGreaterThan(rows.indexOf('--- old (from git history, advisory)  +++ now'));
    expect(post).toBeGreaterThan(round);
    // Each hunk holds its own site's lines: round's change above post's header, post's below it.
    expect(rows.slice(round, post)).toContain('+   return Math.round(value * 100) / 100;');
    expect(rows.slice(post)).toContain('+   return amount * 100;');
    expect(rows.at(-2)).toBe('unchanged: src/money.ts > Money > scale');
    // Who changed it closes the pane, below the diff.
    expect(rows.at(-1)).toBe('changed in the working tree, not committed yet');
  });

  it('says who changed the code: the commit, or that the change is not committed yet', async () => {
    const repo = await multiSiteRepo();
    const [uncommitted] = (await runCheck(await loadWorkspace(repo.dir), { workers: 0 })).divergences;
    expect(text(detailRows(uncommitted!, DEFAULT_THEME, { showDiff: false }, 100))).toContain('changed in the working tree, not committed yet');
    const id = repo.commit('post and round in cents');
    const [committed] = (await runCheck(await loadWorkspace(repo.dir), { workers: 0 })).divergences;
    expect(text(detailRows(committed!, DEFAULT_THEME, { showDiff: false }, 100))).toContain(`changed in ${id.slice(0, 12)} by Test Author on 2026-01-01: "post and round in cents" (1 commit since)`);
  });

  it('shows a method at its own depth: the first line keeps its column, the body one level under it', async () => {
    const repo = createTempRepo({ 'surf.toml': '', 'src/money.ts': MONEY, 'hubs/money.md': '---\nanchors:\n  - claim: rounds to cents\n    at: src/money.ts > Money > round\n---\n' });
    repos.push(repo);
    await runVerify(await loadWorkspace(repo.dir));
    repo.commit('stamp');
    repo.write({ 'src/money.ts': MONEY.replace('return Math.round(value);', 'return Math.round(value * 100) / 100;') });
    const [d] = (await runCheck(await loadWorkspace(repo.dir), { workers: 0 })).divergences;
    const rows = text(detailRows(d!, DEFAULT_THEME, { showDiff: true }, 100));
    const diff = rows.slice(rows.indexOf('--- old (from git history, advisory)  +++ now') + 2);
    expect(diff).toEqual(['  round(value: number): number {', '-   return Math.round(value);', '+   return Math.round(value * 100) / 100;', '  }', 'changed in the working tree, not committed yet']);
  });

  it('repeats a wrapped diff line\'s marker on every row, so it reads without colour', async () => {
    const repo = await multiSiteRepo();
    const [d] = (await runCheck(await loadWorkspace(repo.dir), { workers: 0 })).divergences;
    const rows = text(detailRows(d!, DEFAULT_THEME, { showDiff: true }, 24));
    const at = rows.indexOf('-   return');
    expect(rows.slice(at, at + 6)).toEqual(['-   return', '- Math.round(value);', '+   return', '+ Math.round(value *', '+ 100) / 100;', '  }']);
  });
});

describe('a multi-site row of the list', () => {
  it('writes a later site of the same file from its symbol on, and keeps the prose at 100 columns', async () => {
    const repo = await multiSiteRepo();
    const [d] = (await runCheck(await loadWorkspace(repo.dir), { workers: 0 })).divergences;
    const at = compactSites(d!.sites);
    expect(at).toBe('src/money.ts > Money > scale  +  … > Money > round  +  src/ledger.ts > post');
    const row = fitRow(`${d!.hub}:${d!.hubLine}`, at, d!.prose, 90);
    expect(cells(row)).toBeLessThanOrEqual(90);
    // The first path whole, and the prose begun rather than dropped.
    expect(row).toMatch(/^hubs\/money\.md:3 {2}src\/money\.ts > Money > scale {2}\+ {2}… > Money > round .* {2}amounts are/);
  });
});
