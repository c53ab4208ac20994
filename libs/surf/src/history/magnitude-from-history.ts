import { createHash } from 'node:crypto';
import { isObjectId } from '@driftgate/git';
import { decodeSource } from '@driftgate/syntax';
import { gitBlobId } from '../cache/blob-id.js';
import { formatAnchor } from '../locate/anchor.js';
import type { GitContext } from './git-context.js';
import { type HistoryAnswer, type HistoryQuery, historyOfFile } from './history-of-file.js';
import type { WorkPool } from '../pool/work-pool.js';

export type { HistoryAnswer, HistoryQuery } from './history-of-file.js';

/**
 * Where history answers are kept between runs (the result cache), by content: which blob a file
 * is at a commit (a commit id names its tree for good), and the answer to a question about the
 * bytes a blob id names.
 */
export interface HistoryStore {
  /** The blob id of `file` at commit `commit` (a full object id), when known. */
  versionBlob(file: string, commit: string): string | undefined;
  recordVersionBlob(file: string, commit: string, blob: string): void;
  /** The answer to `question` (see {@link historyQuestionKey}) about `file` as the bytes `oldBlob` names. */
  history(file: string, oldBlob: string, question: string): HistoryAnswer | undefined;
  recordHistory(file: string, oldBlob: string, question: string, answer: HistoryAnswer): void;
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
  store?: HistoryStore,
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
  const blobs = new Array<string | undefined>(versions.length);
  // Each query's key in the store, and the queries of each version it cannot answer.
  const questions = store === undefined ? [] : queries.map(historyQuestionKey);
  const open = versions.map((version) => byVersion.get(version)!);
  let head: Promise<string | undefined> | undefined;
  const commitOf = (rev: string): Promise<string | undefined> | string | undefined =>
    isObjectId(rev) ? rev : rev === 'HEAD' ? (head ??= git.headCommit()) : undefined;
  let next = 0;
  const fetch = async (): Promise<void> => {
    for (let i = next++; i < versions.length; i = next++) {
      const [rev, file] = versions[i]!.split('\0') as [string, string];
      // A version whose blob and answers are stored is not read at all.
      const commit = store === undefined ? undefined : await commitOf(rev);
      const known = commit === undefined ? undefined : store!.versionBlob(file, commit);
      if (known !== undefined) {
        blobs[i] = known;
        open[i] = open[i]!.filter((q) => {
          const stored = store!.history(file, known, questions[q]!);
          if (stored !== undefined) answers[q] = stored;
          return stored === undefined;
        });
        if (open[i]!.length === 0) continue;
      }
      // Read at the commit the key names, so a HEAD that moves meanwhile cannot mislabel the bytes.
      const bytes = await git.show(commit ?? rev, file);
      if (bytes !== undefined && store !== undefined) {
        blobs[i] = gitBlobId(bytes);
        if (commit !== undefined && known === undefined) store.recordVersionBlob(file, commit, blobs[i]!);
      }
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
    const members = open[i]!;
    const file = queries[byVersion.get(version)![0]!]!.anchor.file;
    return text === undefined || members.length === 0 ? [] : [{ kind: 'history' as const, file, text, blob: blobs[i], queries: members.map((q) => queries[q]!), members }];
  });
  const results = pool
    ? ((await pool.run(tasks.map(({ kind, file, text, queries: q }) => ({ kind, file, text, queries: q })))) as HistoryAnswer[][])
    : await Promise.all(tasks.map((task) => historyOfFile(task.file, task.text, task.queries)));
  tasks.forEach((task, t) => {
    task.members.forEach((queryIndex, k) => {
      answers[queryIndex] = results[t]![k]!;
      // Stored under the blob id of the bytes that were parsed, never of bytes seen before.
      if (task.blob !== undefined) store?.recordHistory(task.file, task.blob, questions[queryIndex]!, results[t]![k]!);
    });
  });
  return answers;
}

/**
 * Everything a history question asks besides the earlier version's bytes, in a fixed order: the
 * stamp (or none), a digest of the current span's tokens (the answer grades the distance to
 * them), and the anchor, which may hold anything, last.
 */
export function historyQuestionKey(query: HistoryQuery): string {
  const stamp = query.stamp === undefined ? '-' : `${query.stamp.recipe}\n${query.stamp.ignoreLiterals ? 1 : 0}\n${query.stamp.hex.toLowerCase()}`;
  const tokens = createHash('sha256').update(JSON.stringify(query.currentTokens)).digest('hex').slice(0, 32);
  return `${stamp}\n${tokens}\n${formatAnchor(query.anchor)}`;
}
