import { GitError } from '../git-error.js';
import { runGit } from '../process/git-process.js';
import { checkRevision, parseObjectIdLine } from './revision.js';

/** A revision resolved once: the commit and its root tree, both full object ids. */
export interface ResolvedCommit {
  readonly commit: string;
  readonly tree: string;
}

/**
 * Resolves `ref` (a branch, tag, `origin/main`, `HEAD~1`, a commit id) to the commit it names and
 * that commit's tree, once, so an operation keeps reading the same commit however refs move.
 * `GIT_BAD_REVISION` when it names no commit (unknown, not fetched, or not a commit).
 */
export async function resolveCommit(root: string, ref: string, what = 'revision'): Promise<ResolvedCommit> {
  checkRevision(ref, what);
  const run = await runGit(root, ['rev-parse', '--verify', '-q', '--end-of-options', `${ref}^{commit}`]);
  if (run.exitCode !== 0) {
    throw new GitError('GIT_BAD_REVISION', `Cannot resolve the ${what} ${JSON.stringify(ref)} to a commit; check the name, and fetch it (a shallow clone may lack it).`, { stderr: run.stderr });
  }
  const commit = parseObjectIdLine(run.stdout, 'rev-parse');
  const tree = await runGit(root, ['rev-parse', '--verify', '-q', `${commit}^{tree}`]);
  if (tree.exitCode !== 0) throw new GitError('GIT_BAD_REVISION', `Cannot read the tree of commit ${commit}.`, { stderr: tree.stderr });
  return { commit, tree: parseObjectIdLine(tree.stdout, 'rev-parse') };
}

/**
 * The one best common ancestor of two commits. `GIT_BAD_REVISION` when they share none, or when
 * there are several (criss-cross merges), since then no single base describes the range.
 */
export async function uniqueMergeBase(root: string, a: string, b: string): Promise<string> {
  checkRevision(a);
  checkRevision(b);
  const run = await runGit(root, ['merge-base', '--all', a, b]);
  const lines = run.stdout.toString('latin1').split('\n').filter((line) => line !== '');
  if (run.exitCode === 1 && lines.length === 0) {
    throw new GitError('GIT_BAD_REVISION', `Commits ${a} and ${b} have no common ancestor; compare them without --merge-base, or fetch the history that joins them.`, { stderr: run.stderr });
  }
  if (run.exitCode !== 0) throw new GitError('GIT_BAD_REVISION', `Cannot find the merge base of ${a} and ${b}; fetch both, with complete history.`, { stderr: run.stderr });
  if (lines.length > 1) {
    throw new GitError('GIT_BAD_REVISION', `Commits ${a} and ${b} have ${lines.length} merge bases (criss-cross merges), so none is the base of the range; compare two explicit commits without --merge-base.`);
  }
  return parseObjectIdLine(Buffer.from(lines[0]!, 'latin1'), 'merge-base');
}
