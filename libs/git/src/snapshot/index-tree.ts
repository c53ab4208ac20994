import { GitError } from '../git-error.js';
import { decodeGitPath } from '../paths/git-path.js';
import { gitRecordBatches } from '../process/git-records.js';
import { commandFailed, runGit } from '../process/git-process.js';
import { parseObjectIdLine } from '../history/revision.js';
import { listingRecordOptions } from './tree-listing.js';
import type { SnapshotLimits } from '../limits/snapshot-limits.js';

const NAMED_PATHS = 20;
/**
 * `git write-tree` locks the index to record its cache tree, so concurrent captures of one
 * repository (`nx run-many -t verify-boundary` runs tasks in parallel) race for `index.lock`.
 * The loser waits and tries again, for up to about 5 s in all.
 */
const LOCK_RETRIES = 30;
const LOCKED_INDEX = /index\.lock'?: File exists/;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Captures the index as one immutable tree (`git write-tree`) and returns its id. Unresolved
 * merge stages are `GIT_UNMERGED_INDEX`, naming the conflicted paths.
 */
export async function writeIndexTree(root: string, limits: SnapshotLimits): Promise<string> {
  let run = await runGit(root, ['write-tree']);
  for (let attempt = 1; run.exitCode !== 0 && LOCKED_INDEX.test(run.stderr) && attempt <= LOCK_RETRIES; attempt++) {
    await sleep(Math.min(250, 10 * attempt) + Math.floor(Math.random() * 20));
    run = await runGit(root, ['write-tree']);
  }
  if (run.exitCode === 0) return parseObjectIdLine(run.stdout, 'write-tree');
  const unmerged = await listUnmergedPaths(root, limits);
  if (unmerged.length > 0) {
    const named = unmerged.slice(0, NAMED_PATHS).join(', ');
    const more = unmerged.length > NAMED_PATHS ? ` and ${unmerged.length - NAMED_PATHS} more` : '';
    throw new GitError(
      'GIT_UNMERGED_INDEX',
      `The index has unresolved merge conflicts in ${named}${more}. Resolve them and \`git add\` the results before capturing the index or working tree.`,
      { stderr: run.stderr, ...(unmerged.length === 1 ? { path: unmerged[0] } : {}) },
    );
  }
  throw commandFailed(['write-tree'], run.exitCode, run.stderr);
}

/** Distinct paths with stage > 0 (`ls-files -u -z`), in index order. */
async function listUnmergedPaths(root: string, limits: SnapshotLimits): Promise<string[]> {
  const paths: string[] = [];
  for await (const batch of gitRecordBatches(root, ['ls-files', '-u', '-z'], listingRecordOptions(limits, 128))) {
    for (const record of batch) {
      const tab = record.indexOf(0x09);
      const path = decodeGitPath(record.subarray(tab + 1));
      if (paths.at(-1) !== path) paths.push(path);
    }
  }
  return paths;
}
