import type { Divergence } from './divergence.js';
import type { GitContext } from './git-context.js';
import { historyRevisions, missingHistoryHint } from './history-revisions.js';
import { type HistoryAnswer, type HistoryQuery, magnitudeFromHistory } from './magnitude-from-history.js';
import type { WorkPool } from './work-pool.js';

/** A changed single-site claim (or one site of a multi-site claim) waiting for its history. */
export interface HistoryItem {
  /** Index of the divergence in the check's list. */
  readonly index: number;
  readonly query: Omit<HistoryQuery, 'rev'>;
  readonly verifiedCommit: string | undefined;
}

/**
 * Adds the advisory history fields to changed claims, in place: `oldCode`, `magnitude` and
 * `oldCodeFrom` from the first revision of {@link historyRevisions} whose span hashes to the
 * claim's stamp (else its fallback), `historyMissing` when the stamp's commit is not in the
 * clone and no revision holds the verified code, and `changedSites` of multi-site claims.
 */
export async function addHistory(
  git: GitContext,
  divergences: Divergence[],
  single: readonly HistoryItem[],
  sites: ReadonlyArray<HistoryItem & { readonly site: number }>,
  base: string | undefined,
  pool: WorkPool,
): Promise<void> {
  const singleRevs = await Promise.all(single.map((item) => historyRevisions(git, item.verifiedCommit, base)));

  // Round k asks every claim not yet matched at its k-th candidate, so a claim whose stamp
  // matches its own verified commit costs one read.
  const answers = single.map(() => new Map<string, HistoryAnswer>());
  const chosen: Array<string | undefined> = single.map(() => undefined);
  for (let round = 0; ; round++) {
    const asked = single.flatMap((_item, i) => {
      const rev = singleRevs[i]!.candidates[round];
      return chosen[i] === undefined && rev !== undefined ? [{ i, rev }] : [];
    });
    if (asked.length === 0) break;
    const got = await magnitudeFromHistory(git, asked.map(({ i, rev }) => ({ ...single[i]!.query, rev })), pool);
    asked.forEach(({ i, rev }, k) => {
      answers[i]!.set(rev, got[k]!);
      if (got[k]!.matchesStamp === true) chosen[i] = rev;
    });
  }
  single.forEach((item, i) => {
    const { fallback, missing } = singleRevs[i]!;
    const rev = chosen[i] ?? fallback;
    const answer = rev === undefined ? undefined : answers[i]!.get(rev);
    const d = divergences[item.index]!;
    divergences[item.index] = {
      ...d,
      ...(answer?.oldCode !== undefined ? { oldCode: answer.oldCode, oldCodeFrom: rev } : {}),
      ...(answer?.magnitude !== undefined ? { magnitude: answer.magnitude } : {}),
      ...(missing !== undefined && chosen[i] === undefined ? { historyMissing: missing, historyNote: missingHistoryHint(missing) } : {}),
    };
  });

  // Which sites of a multi-site claim changed is read against the base the reports name
  // (`--base`, else HEAD): a combined stamp cannot tell which revision holds the verified code.
  const siteQueries = sites.map((item) => ({ item, query: { ...item.query, rev: base ?? 'HEAD' } }));
  const siteAnswers = await magnitudeFromHistory(git, siteQueries.map((q) => q.query), pool);
  const changedSites = new Map<number, number[]>();
  siteQueries.forEach(({ item }, k) => {
    const list = changedSites.get(item.index) ?? [];
    changedSites.set(item.index, list);
    // A site absent at the base (a new file or symbol) or unreadable there counts as changed.
    if (siteAnswers[k]!.unchanged !== true) list.push(item.site);
  });
  for (const [index, list] of changedSites) divergences[index] = { ...divergences[index]!, changedSites: list };
}
