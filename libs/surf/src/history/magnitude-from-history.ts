import { decodeSource } from '@driftgate/syntax';
import type { GitContext } from './git-context.js';
import { type HistoryAnswer, type HistoryQuery, historyOfFile } from './history-of-file.js';
import type { WorkPool } from '../pool/work-pool.js';

export type { HistoryAnswer, HistoryQuery } from './history-of-file.js';

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
