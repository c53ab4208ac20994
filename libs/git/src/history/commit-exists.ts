import { runGit } from '../process/git-process.js';
import { isObjectId } from './revision.js';

/**
 * Whether `id` (a full object id) names a commit present in the repository. False in a shallow
 * or partial clone that lacks it, and for anything that is not a full object id.
 */
export async function commitExists(root: string, id: string): Promise<boolean> {
  if (!isObjectId(id)) return false;
  const run = await runGit(root, ['cat-file', '-e', `${id}^{commit}`]);
  return run.exitCode === 0;
}
