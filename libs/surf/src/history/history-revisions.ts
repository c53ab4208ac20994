import { isObjectId, shortRevision } from '@driftgate/git';
import type { GitContext } from './git-context.js';

/**
 * Where a changed claim's old code is looked for. `candidates` are tried in order and the first
 * whose span hashes to the claim's stamp is the code the claim was verified against; when none
 * does, `fallback` is used (undefined: no old code, since every base that is left already holds
 * the change).
 */
export interface HistoryRevisions {
  readonly candidates: readonly string[];
  readonly fallback: string | undefined;
  /** The stamp's `verified_commit` when this clone does not have it (a shallow clone). */
  readonly missing?: string;
}

/**
 * The claim's own history first: its `verified_commit` when the clone has it, then the merge
 * base of `--base` and HEAD (or `--base` itself), then HEAD. A missing `verified_commit` is not
 * replaced by HEAD as the fallback: once the change is committed HEAD holds it, and its old
 * code would be the new code.
 */
export async function historyRevisions(
  git: GitContext,
  verifiedCommit: string | undefined,
  base: string | undefined,
): Promise<HistoryRevisions> {
  const candidates: string[] = [];
  let missing: string | undefined;
  if (verifiedCommit !== undefined && isObjectId(verifiedCommit)) {
    if (await git.hasCommit(verifiedCommit)) candidates.push(verifiedCommit);
    else missing = verifiedCommit;
  }
  if (base !== undefined) candidates.push((await git.mergeBaseWithHead(base)) ?? base);
  const fallback = candidates[0] ?? (missing === undefined ? 'HEAD' : undefined);
  if (!candidates.includes('HEAD')) candidates.push('HEAD');
  return { candidates: [...new Set(candidates)], fallback, ...(missing !== undefined ? { missing } : {}) };
}

/** How to get a missing `verified_commit` into the clone, for reports. */
export function missingHistoryHint(commit: string): string {
  return (
    `the claim was verified at ${shortRevision(commit)}, which this clone does not have (a shallow clone?); ` +
    `fetch it with \`git fetch --unshallow\` or \`git fetch origin ${commit}\` (in CI: a full-depth checkout) to see the old code and who changed it`
  );
}

