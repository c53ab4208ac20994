import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

// Blame on a divergence: the commit that first changed the code under the claim since its
// verified code, and how many commits changed that code since. Real repositories, the built bin.

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));

function surf(cwd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

const CALC = `export function total(items: readonly number[]): number {
  let sum = 0;
  for (const item of items) sum += item;
  return sum;
}

export function mean(items: readonly number[]): number {
  return total(items) / items.length;
}
`;

interface Blamed {
  at: string;
  blame?: { commit?: string; short_commit?: string; author?: string; date?: string; subject?: string; commits: number; uncommitted: boolean };
  history_missing?: string;
}

function divergences(dir: string, args: string[] = []): Blamed[] {
  const run = surf(dir, ['check', '--format', 'json', ...args]);
  expect(run.status, run.stderr).toBe(1);
  return (JSON.parse(run.stdout) as { divergences: Blamed[] }).divergences;
}

/** Commits the working tree as `author` on `date`. */
function commitAs(repo: TempRepo, message: string, author: string, date: string): string {
  repo.git('add', '-A');
  repo.git('commit', '-q', `--author=${author}`, `--date=${date}`, '-m', message);
  return repo.git('rev-parse', 'HEAD');
}

/** A stamped claim on `total`, then: an edit of another function, two edits of `total`. */
function history(): { repo: TempRepo; first: string } {
  const repo = createTempRepo({
    'surf.toml': '',
    'src/calc.ts': CALC,
    'hubs/calc.md': '---\nsummary: totals\nanchors:\n  - claim: total adds every item\n    at: src/calc.ts > total\n---\n',
  });
  cleanups.push(() => repo.dispose());
  expect(surf(repo.dir, ['verify']).status).toBe(0);
  repo.commit('stamp the claim');
  const guarded = CALC.replace('/ items.length', '/ Math.max(1, items.length)');
  repo.write({ 'src/calc.ts': guarded });
  repo.commit('guard mean against an empty list');
  const refunds = guarded.replace('sum += item', 'sum += Math.abs(item)');
  repo.write({ 'src/calc.ts': refunds });
  const first = commitAs(repo, 'Count refunds as positive', 'Grace Hopper <grace@example.invalid>', '2026-03-04T05:06:07+02:00');
  repo.write({ 'src/calc.ts': refunds.replace('let sum = 0', 'let sum = 0.0') });
  repo.commit('spell the start as a float');
  return { repo, first };
}

describe('blame on divergences', { timeout: 60_000 }, () => {
  it('names the commit that first changed the claimed code, not a commit that touched only the file', () => {
    const { repo, first } = history();
    const [d] = divergences(repo.dir);
    expect(d!.blame).toEqual({
      commit: first,
      short_commit: first.slice(0, 12),
      author: 'Grace Hopper',
      date: '2026-03-04T05:06:07+02:00',
      subject: 'Count refunds as positive',
      commits: 2,
      uncommitted: false,
    });
    const human = surf(repo.dir, ['check']);
    expect(human.stdout).toContain(`changed in ${first.slice(0, 12)} by Grace Hopper on 2026-03-04: "Count refunds as positive" (2 commits since)`);
    const markdown = surf(repo.dir, ['check', '--format', 'markdown']);
    expect(markdown.stdout).toContain(`blame: changed in ${first.slice(0, 12)} by Grace Hopper on 2026\\-03\\-04`);
    const sarif = JSON.parse(surf(repo.dir, ['check', '--format', 'sarif']).stdout) as { runs: Array<{ results: Array<{ properties: { blame?: unknown } }> }> };
    expect(sarif.runs[0]!.results[0]!.properties.blame).toEqual(d!.blame);
    expect(surf(repo.dir, ['check', '--format', 'junit']).stdout).toContain(`blame: changed in ${first.slice(0, 12)} by Grace Hopper`);
    // The second run reads the versions from the result cache and answers the same.
    expect(divergences(repo.dir)[0]!.blame).toEqual(d!.blame);
  });

  it('says a change that is only in the working tree is not committed yet', () => {
    const repo = createTempRepo({
      'surf.toml': '',
      'src/calc.ts': CALC,
      'hubs/calc.md': '---\nsummary: totals\nanchors:\n  - claim: total adds every item\n    at: src/calc.ts > total\n---\n',
    });
    cleanups.push(() => repo.dispose());
    expect(surf(repo.dir, ['verify']).status).toBe(0);
    repo.commit('stamp the claim');
    repo.write({ 'src/calc.ts': CALC.replace('sum += item', 'sum -= item') });
    const [d] = divergences(repo.dir);
    expect(d!.blame).toEqual({ commits: 0, uncommitted: true });
    expect(surf(repo.dir, ['check']).stdout).toContain('changed in the working tree, not committed yet');
    // Committing leaves the bytes as they are, and the remembered verdict must not outlive it.
    const committed = commitAs(repo, 'Subtract instead', 'Ada Lovelace <ada@example.invalid>', '2026-05-06T07:08:09Z');
    expect(divergences(repo.dir)[0]!.blame).toMatchObject({ commit: committed, author: 'Ada Lovelace', commits: 1, uncommitted: false });
  });

  it('in a shallow clone gives no blame and says history is needed, as for the old code', () => {
    const { repo } = history();
    const dir = mkdtempSync(join(tmpdir(), 'driftgate-shallow-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const clone = spawnSync('git', ['clone', '-q', '--depth', '1', pathToFileURL(repo.dir).href, dir], { encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
    expect(clone.status, clone.stderr).toBe(0);
    const [d] = divergences(dir);
    expect(d!.blame).toBeUndefined();
    expect(d!.history_missing).toMatch(/^[0-9a-f]{40}$/);
    expect(surf(dir, ['check']).stdout).toContain('to see the old code and who changed it');
  });
});
