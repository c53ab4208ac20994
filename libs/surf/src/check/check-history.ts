import { combineSiteHashes } from '../hash/hash.js';
import { cappedTokenDistance, categorizeMagnitude } from '../history/magnitude.js';
import type { Divergence } from './divergence.js';
import type { GitContext } from '../history/git-context.js';
import { historyRevisions, missingHistoryHint } from '../history/history-revisions.js';
import { type HistoryAnswer, type HistoryQuery, type HistoryStore, magnitudeFromHistory } from '../history/magnitude-from-history.js';
import type { WorkPool } from '../pool/work-pool.js';
import { blameClaims } from './check-blame.js';

/** A changed single-site claim (or one site of a multi-site claim) waiting for its history. */
export interface HistoryItem {
  /** Index of the divergence in the check's list. */
  readonly index: number;
  /** With a `stamp` whose `hex` is the claim's stored (combined) digest. */
  readonly query: Omit<HistoryQuery, 'rev'>;
  readonly verifiedCommit: string | undefined;
}

/** One site of a changed multi-site claim. */
export interface SiteHistoryItem extends HistoryItem {
  /** Index of the site in the claim's `at:` list. */
  readonly site: number;
  /** The site's source now (what `new_code` shows when this site changed). */
  readonly currentCode: string | undefined;
}

/** A changed claim and the queries of its sites (one for a single-site claim). */
interface Group {
  readonly index: number;
  readonly verifiedCommit: string | undefined;
  readonly queries: ReadonlyArray<Omit<HistoryQuery, 'rev'>>;
  /** Present for a multi-site claim: its sites, in `at:` order. */
  readonly sites?: readonly SiteHistoryItem[];
}

/**
 * Adds the advisory history fields to changed claims, in place. Every claim, single- or
 * multi-site, is read at the first revision of {@link historyRevisions} whose code hashes to the
 * claim's stamp (a multi-site claim combines its sites' digests there), else at its fallback:
 * `oldCode`, `magnitude` and `oldCodeFrom` come from that revision, and `historyMissing` is set
 * when the stamp's commit is not in the clone and no revision holds the verified code.
 *
 * A multi-site claim also gets `changedSites` (the sites whose code differs at that revision; a
 * site missing there counts as changed), a magnitude graded over those sites (their token
 * distances summed), `oldCode`/`newCode` of those sites (joined by a blank line, in `at:` order)
 * and a `location` on the first of them.
 *
 * With a `store` (the result cache), a version of a file already graded for the same question
 * is neither read from git nor parsed again (see `HistoryStore`).
 *
 * Returns the indexes of the divergences whose history is settled: found at the claim's own
 * `verified_commit`, whose files never change, so another run gives the same fields whatever
 * HEAD or the clone's other commits are then.
 */
export async function addHistory(
  git: GitContext,
  divergences: Divergence[],
  single: readonly HistoryItem[],
  sites: readonly SiteHistoryItem[],
  base: string | undefined,
  pool: WorkPool,
  store?: HistoryStore,
): Promise<ReadonlySet<number>> {
  const groups: Group[] = single.map((item) => ({ index: item.index, verifiedCommit: item.verifiedCommit, queries: [item.query] }));
  const bySite = new Map<number, SiteHistoryItem[]>();
  for (const item of sites) {
    const list = bySite.get(item.index) ?? [];
    bySite.set(item.index, list);
    list.push(item);
  }
  for (const [index, list] of bySite) {
    groups.push({ index, verifiedCommit: list[0]!.verifiedCommit, queries: list.map((item) => item.query), sites: list });
  }
  const revisions = await Promise.all(groups.map((group) => historyRevisions(git, group.verifiedCommit, base)));

  // Round k asks every claim not yet matched at its k-th candidate, so a claim whose stamp
  // matches its own verified commit costs one read.
  const answers = groups.map(() => new Map<string, readonly HistoryAnswer[]>());
  const chosen: Array<string | undefined> = groups.map(() => undefined);
  for (let round = 0; ; round++) {
    const asked = groups.flatMap((_group, g) => {
      const rev = revisions[g]!.candidates[round];
      return chosen[g] === undefined && rev !== undefined ? [{ g, rev }] : [];
    });
    if (asked.length === 0) break;
    const got = await magnitudeFromHistory(
      git,
      asked.flatMap(({ g, rev }) => groups[g]!.queries.map((query) => ({ ...query, rev }))),
      pool,
      store,
    );
    let offset = 0;
    for (const { g, rev } of asked) {
      const group = groups[g]!;
      const mine = got.slice(offset, offset + group.queries.length);
      offset += group.queries.length;
      answers[g]!.set(rev, mine);
      if (matchesStamp(group, mine)) chosen[g] = rev;
    }
  }
  // Blame: only for claims whose verified code was found (a fallback revision holds the change).
  const blamed = groups.flatMap((group, g) => (chosen[g] === undefined ? [] : [{ g, item: { from: chosen[g]!, queries: group.queries } }]));
  const blames = await blameClaims(git, blamed.map(({ item }) => item), pool, store);
  const blameOf = new Map(blamed.map(({ g }, k) => [g, blames[k]]));
  const settled = new Set<number>();
  groups.forEach((group, g) => {
    const { fallback, missing } = revisions[g]!;
    const blame = blameOf.get(g);
    // An uncommitted change's blame names HEAD: a memo of it also records HEAD (`HubMemo.head`).
    if (chosen[g] !== undefined && chosen[g] === group.verifiedCommit && blame !== undefined) settled.add(group.index);
    const rev = chosen[g] ?? fallback;
    const found = rev === undefined ? undefined : answers[g]!.get(rev);
    const d = divergences[group.index]!;
    const history = group.sites === undefined ? singleSite(found?.[0]) : multiSite(d, group.sites, found);
    divergences[group.index] = {
      ...d,
      ...history,
      ...(history.oldCode !== undefined || history.magnitude !== undefined ? { oldCodeFrom: rev } : {}),
      ...(blame !== undefined ? { blame } : {}),
      ...(missing !== undefined && chosen[g] === undefined ? { historyMissing: missing, historyNote: missingHistoryHint(missing) } : {}),
    };
  });
  return settled;
}

/** Whether a claim's code at one revision hashes to its stamp. */
function matchesStamp(group: Group, answers: readonly HistoryAnswer[]): boolean {
  if (group.sites === undefined) return answers[0]?.matchesStamp === true;
  const digests = answers.map((answer) => answer.digest);
  const hex = group.queries[0]!.stamp?.hex.toLowerCase();
  return hex !== undefined && digests.every((digest) => digest !== undefined) && combineSiteHashes(digests as string[]) === hex;
}

function singleSite(answer: HistoryAnswer | undefined): Partial<Divergence> {
  return {
    ...(answer?.oldCode !== undefined ? { oldCode: answer.oldCode } : {}),
    ...(answer?.magnitude !== undefined ? { magnitude: answer.magnitude } : {}),
  };
}

function multiSite(d: Divergence, sites: readonly SiteHistoryItem[], answers: readonly HistoryAnswer[] | undefined): Partial<Divergence> {
  if (answers === undefined) return {};
  // A site absent at the revision (a new file or symbol) or unreadable there counts as changed.
  const changed = sites.flatMap((_site, k) => (answers[k]!.unchanged === true ? [] : [k]));
  // A stamp can differ while every site's v2 token stream is equal (a recipe-3 attribute, an
  // ignored literal): then history cannot single a site out, and every site is shown.
  const shown = changed.length > 0 ? changed : sites.map((_site, k) => k);
  const distance = shown.reduce((sum, k) => sum + (answers[k]!.distance ?? cappedTokenDistance([], sites[k]!.query.currentTokens, 15)), 0);
  const oldCode = shown.flatMap((k) => (answers[k]!.oldCode === undefined ? [] : [answers[k]!.oldCode!]));
  const newCode = shown.flatMap((k) => (sites[k]!.currentCode === undefined ? [] : [sites[k]!.currentCode!]));
  const first = d.siteLocations?.[sites[shown[0]!]!.site];
  const siteCode = shown.map((k) => ({
    site: sites[k]!.site,
    ...(answers[k]!.oldCode !== undefined ? { oldCode: answers[k]!.oldCode! } : {}),
    ...(sites[k]!.currentCode !== undefined ? { newCode: sites[k]!.currentCode! } : {}),
  }));
  return {
    changedSites: changed.map((k) => sites[k]!.site),
    siteCode,
    magnitude: categorizeMagnitude(distance),
    ...(oldCode.length > 0 ? { oldCode: oldCode.join('\n\n') } : {}),
    ...(newCode.length > 0 ? { newCode: newCode.join('\n\n') } : {}),
    ...(first !== undefined ? { location: first } : {}),
  };
}
