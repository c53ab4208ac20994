import { GitError } from '../git-error.js';
import { decodeGitPath } from '../paths/git-path.js';
import { commandFailed, runGit } from './git-process.js';
import { resolveHeadCommit } from '../history/head-commit.js';
import { parseObjectIdLine } from '../history/revision.js';

/**
 * Absolute root of the work tree containing `cwd` (`git rev-parse --show-toplevel`), decoded
 * losslessly (surrogateescape). `GIT_NOT_A_REPOSITORY` outside a work tree.
 */
export async function findRepoRoot(cwd: string): Promise<string> {
  const run = await runGit(cwd, ['rev-parse', '--show-toplevel']);
  if (run.exitCode !== 0) {
    const error = commandFailed(['rev-parse'], run.exitCode, run.stderr);
    if (error.code === 'GIT_NOT_A_REPOSITORY') throw error;
    throw new GitError('GIT_NOT_A_REPOSITORY', `${cwd} is not inside a Git work tree (${run.stderr.split('\n', 1)[0]}). Run from a checkout.`, {
      stderr: run.stderr,
    });
  }
  const root = decodeGitPath(run.stdout.subarray(0, run.stdout.length - (run.stdout.at(-1) === 0x0a ? 1 : 0)));
  if (root === '') throw new GitError('GIT_NOT_A_REPOSITORY', `${cwd} is not inside a Git work tree; run from a checkout.`);
  return root;
}

/**
 * The work tree's root (as {@link findRepoRoot}) and `HEAD^{commit}` (null when unborn), from one
 * `rev-parse` in the usual case. Whatever that `rev-parse` cannot answer (not a work tree, an
 * unborn HEAD, a HEAD that is no commit) is left to the two separate lookups, started together,
 * which say which it is; the root's error wins.
 */
export async function locateRepository(cwd: string): Promise<{ root: string; headCommit: string | null }> {
  const both = await runGit(cwd, ['rev-parse', '--show-toplevel', '--verify', '-q', 'HEAD^{commit}']);
  const lastLine = both.stdout.lastIndexOf(0x0a, both.stdout.length - 2);
  if (both.exitCode === 0 && lastLine > 0) {
    // A root path may itself hold a line feed: the commit is the last line.
    return { root: decodeGitPath(both.stdout.subarray(0, lastLine)), headCommit: parseObjectIdLine(both.stdout.subarray(lastLine + 1), 'rev-parse') };
  }
  const head = resolveHeadCommit(cwd);
  // Read only once the root is known, so its error must not surface on its own first.
  head.catch(() => undefined);
  const root = await findRepoRoot(cwd);
  return { root, headCommit: await head };
}
