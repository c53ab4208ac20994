import { GitError } from '../git-error.js';
import { runGitOk } from '../process/git-process.js';

/** True when the repository is a shallow clone (history is cut off). */
export async function isShallowRepository(root: string): Promise<boolean> {
  const text = (await runGitOk(root, ['rev-parse', '--is-shallow-repository'])).toString('latin1').trim();
  if (text !== 'true' && text !== 'false') {
    throw new GitError('GIT_MALFORMED_OUTPUT', `git rev-parse --is-shallow-repository printed ${JSON.stringify(text.slice(0, 100))}; Git 2.15 or newer is required.`);
  }
  return text === 'true';
}
