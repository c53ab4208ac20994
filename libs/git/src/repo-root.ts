import { GitError } from './git-error.js';
import { decodeGitPath } from './git-path.js';
import { commandFailed, runGit } from './git-process.js';

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
