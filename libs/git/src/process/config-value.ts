import { GitError } from '../git-error.js';
import { decodeGitPath } from '../paths/git-path.js';
import { commandFailed, runGit } from './git-process.js';

export interface ReadConfigOptions {
  /** Let git normalise the value (`--type`): `bool` yields `true`/`false`. */
  type?: 'bool' | 'int' | 'path';
}

/**
 * The effective value of one config key as git resolves it for the repository (last one wins),
 * or null when it is unset.
 */
export async function readConfigValue(root: string, key: string, options: ReadConfigOptions = {}): Promise<string | null> {
  if (key === '' || key.startsWith('-') || /[\u0000\n]/.test(key)) {
    throw new GitError('GIT_INVALID_ARGUMENT', `Invalid Git config key ${JSON.stringify(key)}; use section.name, e.g. core.filemode.`);
  }
  const args = ['config', ...(options.type ? [`--type=${options.type}`] : []), '--get', key];
  const run = await runGit(root, args);
  if (run.exitCode === 1) return null;
  if (run.exitCode !== 0) throw commandFailed(args, run.exitCode, run.stderr);
  return decodeGitPath(run.stdout.subarray(0, run.stdout.length - (run.stdout.at(-1) === 0x0a ? 1 : 0)));
}
