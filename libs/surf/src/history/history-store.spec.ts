import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { ResultCache } from '../cache/result-cache.js';
import { GitContext } from './git-context.js';
import { type HistoryQuery, magnitudeFromHistory } from './magnitude-from-history.js';

// History answers kept in the result cache: a second run over the same versions reads nothing
// from git and parses nothing, and gives the answers the first one computed.

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const SOURCE = 'pub fn add(a: i64, b: i64) -> i64 {\n    a + b\n}\n';

async function setup(): Promise<{ repo: TempRepo; cacheDir: string; commit: string }> {
  const repo = createTempRepo({ 'surf.toml': '', 'src/a.rs': SOURCE });
  const cacheDir = mkdtempSync(join(tmpdir(), 'surf-history-store-'));
  cleanups.push(() => repo.dispose(), () => rmSync(cacheDir, { recursive: true, force: true }));
  return { repo, cacheDir, commit: repo.git('rev-parse', 'HEAD').trim() };
}

/** A git context whose reads of file contents are counted. */
async function countingGit(root: string): Promise<{ git: GitContext; shows: string[] }> {
  const git = (await GitContext.open(root))!;
  const shows: string[] = [];
  const show = git.show.bind(git);
  git.show = (rev: string, file: string) => {
    shows.push(`${rev}:${file}`);
    return show(rev, file);
  };
  cleanups.push(() => void git.close());
  return { git, shows };
}

describe('history answers in the result cache', () => {
  it('are served by commit and blob id on the next run, at the verified commit and at HEAD', async () => {
    const { repo, cacheDir, commit } = await setup();
    const anchor = { file: 'src/a.rs', segments: [{ name: 'add' }] };
    const queries: HistoryQuery[] = [
      { rev: commit, anchor, currentTokens: ['fn', 'add'], stamp: { recipe: 'v2', hex: '0123456789ab', ignoreLiterals: false } },
      { rev: 'HEAD', anchor, currentTokens: ['fn', 'add', '('] },
    ];
    const first = await countingGit(repo.dir);
    const cold = await ResultCache.open(repo.dir, { dir: cacheDir });
    const computed = await magnitudeFromHistory(first.git, queries, undefined, cold);
    expect(computed[0]).toMatchObject({ oldCode: SOURCE.trimEnd(), matchesStamp: false });
    expect(first.shows).toHaveLength(2);
    await cold.save();

    const second = await countingGit(repo.dir);
    const warm = await ResultCache.open(repo.dir, { dir: cacheDir });
    expect(await magnitudeFromHistory(second.git, queries, undefined, warm)).toEqual(computed);
    expect(second.shows).toEqual([]);

    // Another question about the same version (the current code changed again) is graded anew.
    const third = await countingGit(repo.dir);
    const again = await magnitudeFromHistory(third.git, [{ ...queries[1]!, currentTokens: ['fn'] }], undefined, warm);
    expect(third.shows).toEqual([`${commit}:src/a.rs`]);
    expect(again[0]!.oldCode).toBe(computed[1]!.oldCode);
  });

  it('follow HEAD when it moves: a new commit is looked up, and its bytes answered by blob id', async () => {
    const { repo, cacheDir } = await setup();
    const anchor = { file: 'src/a.rs', segments: [{ name: 'add' }] };
    const query: HistoryQuery = { rev: 'HEAD', anchor, currentTokens: ['fn'] };
    const cache = await ResultCache.open(repo.dir, { dir: cacheDir });
    const before = await magnitudeFromHistory((await countingGit(repo.dir)).git, [query], undefined, cache);
    repo.write({ 'src/a.rs': SOURCE.replace('a + b', 'a - b') });
    repo.commit('change add');
    const moved = await countingGit(repo.dir);
    const after = await magnitudeFromHistory(moved.git, [query], undefined, cache);
    expect(moved.shows).toHaveLength(1);
    expect(after[0]!.oldCode).toContain('a - b');
    expect(before[0]!.oldCode).toContain('a + b');
  });
});
