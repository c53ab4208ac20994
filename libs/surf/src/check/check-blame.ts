import { shortRevision } from '@driftgate/git';
import { combineSiteHashes } from '../hash/hash.js';
import type { GitContext } from '../history/git-context.js';
import { type HistoryQuery, type HistoryStore, magnitudeFromHistory } from '../history/magnitude-from-history.js';
import type { WorkPool } from '../pool/work-pool.js';
import type { Blame } from './divergence.js';

/**
 * Commits read per claim at most, oldest first. A claim verified long ago in a busy file would
 * otherwise cost one parse per commit; past this many, blame names the first change among them
 * only if it is there.
 */
export const BLAME_COMMIT_LIMIT = 200;

/** A changed claim whose verified code was found at `from`, with the queries of its sites. */
export interface BlameItem {
  /** The revision whose code hashes to the stamp (a commit id, a ref, `HEAD`). */
  readonly from: string;
  /** In `at:` order; each with the claim's stamp (its `hex` the combined digest). */
  readonly queries: ReadonlyArray<Omit<HistoryQuery, 'rev'>>;
}

/**
 * Who changed the code under each claim (an answer per item, in order): the first commit after
 * the verified code whose version of the claim's code hashes differently, and how many commits
 * changed that code since. It reads the same versions the history grading reads, through the same
 * store keyed by blob id, so a second run reads nothing again; there is no `git blame`. When HEAD
 * still holds the verified code, the change is in the working tree only (`uncommitted`).
 * Undefined where git cannot list the commits.
 */
export async function blameClaims(git: GitContext, items: readonly BlameItem[], pool: WorkPool, store?: HistoryStore): Promise<Array<Blame | undefined>> {
  const head = await git.headCommit();
  const commits = await Promise.all(
    items.map(async (item) => {
      if (head === undefined) return undefined;
      const from = item.from === 'HEAD' ? head : item.from;
      if (from === head) return [];
      const files = [...new Set(item.queries.map((query) => query.anchor.file))].sort();
      return git.commitsSince(from, files, BLAME_COMMIT_LIMIT);
    }),
  );
  // Every (claim, commit) version in one grading pass, shared with the pool and the store.
  const asked = items.flatMap((item, i) => (commits[i] ?? []).flatMap((commit) => item.queries.map((query) => ({ ...query, rev: commit.id }))));
  const answers = await magnitudeFromHistory(git, asked, pool, store);
  let offset = 0;
  return items.map((item, i) => {
    const list = commits[i];
    if (list === undefined) return undefined;
    let previous = item.queries[0]!.stamp?.hex.toLowerCase();
    let first: (typeof list)[number] | undefined;
    let changes = 0;
    for (const commit of list) {
      const mine = answers.slice(offset, offset + item.queries.length);
      offset += item.queries.length;
      const digests = mine.map((answer) => answer.digest);
      // A site missing at a commit (file or symbol gone) is a version of its own.
      const digest = digests.every((d) => d !== undefined) ? combineSiteHashes(digests as string[]) : `absent:${digests.map((d) => d ?? '-').join(',')}`;
      if (digest !== previous) {
        changes++;
        first ??= commit;
      }
      previous = digest;
    }
    if (first === undefined) return { commits: 0, uncommitted: true };
    return {
      commit: first.id,
      shortCommit: shortRevision(first.id),
      author: first.author,
      date: first.date,
      subject: first.subject,
      commits: changes,
      // HEAD's code still hashing as the last commit's does, while the claim diverges, cannot
      // tell a further working-tree edit apart; blame names the committed change.
      uncommitted: false,
    };
  });
}
