import { type ParsedFile, decodeSource, parseSource, requireLang } from '@driftgate/syntax';
import type { Anchor } from '../anchor.js';
import { hashTokens } from '../hash.js';
import { resolutionTokens } from '../hash-anchor.js';
import { type Magnitude, cappedTokenDistance, categorizeMagnitude } from '../magnitude.js';
import { recipeResolution } from '../recipe-extent.js';
import { resolveAnchor } from '../resolve.js';
import type { Recipe } from '../stamp.js';
import type { GitContext } from './git-context.js';
import type { WorkPool } from './work-pool.js';

/** A changed single-site claim whose previous version is wanted. */
export interface HistoryQuery {
  /** The revision to read the file at (a commit id, a ref, `HEAD`). */
  readonly rev: string;
  readonly anchor: Anchor;
  /** The current span's v2 token stream under default options. */
  readonly currentTokens: readonly string[];
  /**
   * The claim's stored stamp: when given, the answer says whether the span at {@link rev} hashes
   * to it (that version is exactly the code the claim was verified against).
   */
  readonly stamp?: { readonly recipe: Recipe; readonly hex: string; readonly ignoreLiterals: boolean };
}

/** Advisory fields recovered from history; each is absent when git or the old resolution fails. */
export interface HistoryAnswer {
  readonly oldCode?: string;
  readonly magnitude?: Magnitude;
  /** The span's token stream at the revision equals the current one (the site did not change). */
  readonly unchanged?: boolean;
  /** The span at the revision hashes to the query's stamp. */
  readonly matchesStamp?: boolean;
  /**
   * With a stamp: the span's bare digest at the revision under the stamp's recipe and options
   * (a multi-site claim combines its sites' digests to compare with its stamp).
   */
  readonly digest?: string;
  /** v2 token edit distance to the current span, capped at 16 (every larger one grades `large`). */
  readonly distance?: number;
}

/**
 * `git show` requests in flight at once. They share one pipelined `git cat-file`, so a few keep it
 * busy. (Every decoded old version is kept until grading starts; this bounds requests, not memory.)
 */
const GIT_CONCURRENCY = 8;

/**
 * `old_code` and `magnitude` for changed claims (spec §5.7): each anchored file at each query's
 * `rev` (`git show <rev>:<file>`) is parsed once, the anchor resolved in it, and the v2
 * default-option token streams compared by Levenshtein distance (0–3 small, 4–15 medium, ≥16
 * large). This reads git history, so it is advisory and never affects the verdict. One answer per
 * query, in order; files are graded on the pool's threads when one is given.
 */
export async function magnitudeFromHistory(
  git: GitContext | undefined,
  queries: readonly HistoryQuery[],
  pool?: WorkPool,
): Promise<HistoryAnswer[]> {
  const answers: HistoryAnswer[] = queries.map(() => ({}));
  if (git === undefined || queries.length === 0) return answers;
  // One version of a file per revision: `rev` and `file` joined by NUL (neither can hold one).
  const byVersion = new Map<string, number[]>();
  queries.forEach((query, index) => {
    const key = `${query.rev}\0${query.anchor.file}`;
    const list = byVersion.get(key);
    if (list) list.push(index);
    else byVersion.set(key, [index]);
  });
  const versions = [...byVersion.keys()];
  const texts = new Array<string | undefined>(versions.length);
  let next = 0;
  const fetch = async (): Promise<void> => {
    for (let i = next++; i < versions.length; i = next++) {
      const [rev, file] = versions[i]!.split('\0') as [string, string];
      const bytes = await git.show(rev, file);
      try {
        texts[i] = bytes === undefined ? undefined : decodeSource(bytes, file);
      } catch {
        texts[i] = undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(GIT_CONCURRENCY, versions.length) }, fetch));

  const tasks = versions.flatMap((version, i) => {
    const text = texts[i];
    const members = byVersion.get(version)!;
    const file = queries[members[0]!]!.anchor.file;
    return text === undefined ? [] : [{ kind: 'history' as const, file, text, queries: members.map((q) => queries[q]!), members }];
  });
  const results = pool
    ? ((await pool.run(tasks.map(({ kind, file, text, queries: q }) => ({ kind, file, text, queries: q })))) as HistoryAnswer[][])
    : await Promise.all(tasks.map((task) => historyOfFile(task.file, task.text, task.queries)));
  tasks.forEach((task, t) => {
    task.members.forEach((queryIndex, k) => {
      answers[queryIndex] = results[t]![k]!;
    });
  });
  return answers;
}

/** Grades every query against one previous version of a file, parsed once. */
export async function historyOfFile(file: string, text: string, queries: readonly HistoryQuery[]): Promise<HistoryAnswer[]> {
  let parsed: ParsedFile;
  try {
    parsed = await parseSource(text, requireLang(file), file);
  } catch {
    return queries.map(() => ({}));
  }
  try {
    return queries.map((query) => oldVersion(parsed, query));
  } finally {
    parsed.delete();
  }
}

function oldVersion(parsed: ParsedFile, query: HistoryQuery): HistoryAnswer {
  let resolution;
  try {
    resolution = resolveAnchor(parsed, query.anchor);
  } catch {
    return {};
  }
  // The old code spans what the stamp's recipe hashes (recipe 3 widens to attributes and
  // modifiers), as `new_code` does.
  const span = query.stamp === undefined ? resolution.span : recipeResolution(parsed, resolution, query.stamp.recipe).span;
  const oldCode = parsed.text.slice(span.startIndex, span.endIndex);
  const before = resolutionTokens(parsed, resolution, { recipe: 'v2', ignoreLiterals: false });
  // Distances past 15 are all `large`, so the band-limited distance grades exactly.
  const unchanged = before.length === query.currentTokens.length && before.every((token, i) => token === query.currentTokens[i]);
  const distance = cappedTokenDistance(before, query.currentTokens, 15);
  const answer = { oldCode, magnitude: categorizeMagnitude(distance), unchanged, distance };
  if (query.stamp === undefined) return answer;
  const { recipe, ignoreLiterals, hex } = query.stamp;
  const stamped = recipe === 'v2' && !ignoreLiterals ? before : resolutionTokens(parsed, resolution, { recipe, ignoreLiterals });
  const digest = hashTokens(stamped);
  return { ...answer, digest, matchesStamp: digest === hex.toLowerCase() };
}
