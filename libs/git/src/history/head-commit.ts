import { GitError } from '../git-error.js';
import { commandFailed, runGit } from '../process/git-process.js';
import { parseObjectIdLine } from './revision.js';

/**
 * `HEAD^{commit}` as a full object id, or null when HEAD names a branch with no commit yet
 * (unborn). A HEAD that exists but does not resolve to a commit is `GIT_BAD_REVISION`.
 */
export async function resolveHeadCommit(root: string): Promise<string | null> {
  const run = await runGit(root, ['rev-parse', '--verify', '-q', 'HEAD^{commit}']);
  if (run.exitCode === 0) return parseObjectIdLine(run.stdout, 'rev-parse');
  if (run.exitCode !== 1) throw commandFailed(['rev-parse'], run.exitCode, run.stderr);
  const head = await runGit(root, ['rev-parse', '--verify', '-q', 'HEAD']);
  const symbolic = await runGit(root, ['symbolic-ref', '-q', 'HEAD']);
  if (head.exitCode !== 0 && symbolic.exitCode === 0) return null;
  throw new GitError('GIT_BAD_REVISION', 'HEAD does not point to a commit; check out a branch or commit (`git checkout <branch>`).', {
    stderr: head.stderr || symbolic.stderr,
  });
}
