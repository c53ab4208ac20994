import { GitError } from '../git-error.js';
import { decodeGitPath } from '../paths/git-path.js';
import { runGit } from '../process/git-process.js';
import { checkRevision } from './revision.js';

/**
 * The nearest tag reachable from `commit` whose name starts with `prefix`
 * (`git describe --tags --match '<prefix>*' --abbrev=0 <commit>`), or null when none is
 * reachable. Tags not reachable from `commit` are never returned.
 */
export async function describeTag(root: string, commit: string, prefix: string): Promise<string | null> {
  checkRevision(commit, 'commit');
  if (/[\u0000\n]/.test(prefix)) throw new GitError('GIT_INVALID_ARGUMENT', `Invalid tag prefix ${JSON.stringify(prefix)}.`);
  const run = await runGit(root, ['describe', '--tags', '--match', `${prefix}*`, '--abbrev=0', commit]);
  if (run.exitCode === 0) {
    const tag = decodeGitPath(run.stdout.subarray(0, run.stdout.length - (run.stdout.at(-1) === 0x0a ? 1 : 0)));
    if (tag === '' || tag.includes('\n')) throw new GitError('GIT_MALFORMED_OUTPUT', `git describe printed ${JSON.stringify(tag.slice(0, 100))}.`);
    return tag;
  }
  // describe fails alike for "no tag" and "no such commit": tell them apart.
  const valid = await runGit(root, ['rev-parse', '--verify', '-q', `${commit}^{commit}`]);
  if (valid.exitCode === 0) return null;
  throw new GitError('GIT_BAD_REVISION', `Unknown commit ${JSON.stringify(commit)}; pass an existing commit.`, { stderr: run.stderr });
}
