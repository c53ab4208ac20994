import { GitError } from '../git-error.js';
import { runGit } from '../process/git-process.js';
import { checkRevision, parseObjectIdLine } from './revision.js';

/** The best common ancestor of `a` and `b`, or null when their histories share none. */
export async function mergeBase(root: string, a: string, b: string): Promise<string | null> {
  checkRevision(a);
  checkRevision(b);
  const run = await runGit(root, ['merge-base', a, b]);
  if (run.exitCode === 0) return parseObjectIdLine(run.stdout, 'merge-base');
  if (run.exitCode === 1 && run.stderr === '') return null;
  throw new GitError(
    'GIT_BAD_REVISION',
    `Cannot find the merge base of ${a} and ${b} (${run.stderr.split('\n', 1)[0] || `exit ${run.exitCode}`}). Fetch both revisions; a shallow clone may need more history.`,
    { stderr: run.stderr },
  );
}
