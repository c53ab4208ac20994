import type { Anchor } from '../anchor.js';
import { resolutionTokens } from '../hash-anchor.js';
import { requireLang } from '../languages.js';
import { type Magnitude, cappedTokenDistance, categorizeMagnitude } from '../magnitude.js';
import { decodeSource } from '../decode-source.js';
import { type ParsedFile, parseSource } from '../parsed-file.js';
import { resolveAnchor } from '../resolve.js';
import type { GitContext } from './git-context.js';
import type { WorkPool } from './work-pool.js';

/** A changed single-site claim whose previous version is wanted. */
export interface HistoryQuery {
  readonly anchor: Anchor;
  /** The current span's v2 token stream under default options. */
  readonly currentTokens: readonly string[];
}

/** Advisory fields recovered from history; each is absent when git or the old resolution fails. */
export interface HistoryAnswer {
  readonly oldCode?: string;
  readonly magnitude?: Magnitude;
  /** The span's token stream at the revision equals the current one (the site did not change). */
  readonly unchanged?: boolean;
}

/**
 * `git show` requests in flight at once. They share one pipelined `git cat-file`, so a few keep it
 * busy. (Every decoded old version is kept until grading starts; this bounds requests, not memory.)
 */
const GIT_CONCURRENCY = 8;

/**
 * `old_code` and `magnitude` for changed claims (spec §5.7): each anchored file at `rev`
 * (`git show <rev>:<file>`) is parsed once, the anchor resolved in it, and the v2 default-option
 * token streams compared by Levenshtein distance (0–3 small, 4–15 medium, ≥16 large). This reads
 * git history, so it is advisory and never affects the verdict. One answer per query, in order;
 * files are graded on the pool's threads when one is given.
 */
export async function magnitudeFromHistory(
  git: GitContext | undefined,
  rev: string,
  queries: readonly HistoryQuery[],
  pool?: WorkPool,
): Promise<HistoryAnswer[]> {
  const answers: HistoryAnswer[] = queries.map(() => ({}));
  if (git === undefined || queries.length === 0) return answers;
  const byFile = new Map<string, number[]>();
  queries.forEach((query, index) => {
    const list = byFile.get(query.anchor.file);
    if (list) list.push(index);
    else byFile.set(query.anchor.file, [index]);
  });
  const files = [...byFile.keys()];
  const texts = new Array<string | undefined>(files.length);
  let next = 0;
  const fetch = async (): Promise<void> => {
    for (let i = next++; i < files.length; i = next++) {
      const bytes = await git.show(rev, files[i]!);
      try {
        texts[i] = bytes === undefined ? undefined : decodeSource(bytes, files[i]);
      } catch {
        texts[i] = undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(GIT_CONCURRENCY, files.length) }, fetch));

  const tasks = files.flatMap((file, i) => {
    const text = texts[i];
    return text === undefined ? [] : [{ kind: 'history' as const, file, text, queries: byFile.get(file)!.map((q) => queries[q]!) }];
  });
  const results = pool
    ? ((await pool.run(tasks)) as HistoryAnswer[][])
    : await Promise.all(tasks.map((task) => historyOfFile(task.file, task.text, task.queries)));
  tasks.forEach((task, t) => {
    byFile.get(task.file)!.forEach((queryIndex, k) => {
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
  const oldCode = parsed.text.slice(resolution.span.startIndex, resolution.span.endIndex);
  const before = resolutionTokens(parsed, resolution, { recipe: 'v2', ignoreLiterals: false });
  // Distances past 15 are all `large`, so the band-limited distance grades exactly.
  const unchanged = before.length === query.currentTokens.length && before.every((token, i) => token === query.currentTokens[i]);
  return { oldCode, magnitude: categorizeMagnitude(cappedTokenDistance(before, query.currentTokens, 15)), unchanged };
}
