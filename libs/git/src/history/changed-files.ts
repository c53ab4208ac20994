import { GitError, isGitError } from '../git-error.js';
import { runGit } from '../process/git-process.js';
import { decodeGitPath } from '../paths/git-path.js';
import { gitRecordBatches } from '../process/git-records.js';
import { checkRevision } from './revision.js';
import { limitExceeded, resolveLimits, type SnapshotLimits } from '../limits/snapshot-limits.js';
import { listingRecordOptions } from '../snapshot/tree-listing.js';

/** One changed path, as `git diff --name-status` reports it. */
export interface ChangedFile {
  /** A added, C copied, D deleted, M modified, R renamed, T type changed, U unmerged, X unknown. */
  status: 'A' | 'C' | 'D' | 'M' | 'R' | 'T' | 'U' | 'X';
  /** Similarity percentage (0–100) for R and C. */
  score?: number;
  /** The path after the change (surrogateescape string). */
  path: string;
  /** The path before a rename or copy. */
  oldPath?: string;
}

export interface ChangedFilesOptions {
  /** Base revision. */
  from: string;
  /** Target revision; absent compares the working tree with `from`. */
  to?: string;
  /**
   * `true`: paths relative to (and limited to) the directory the call runs in (`--relative`);
   * a string: relative to that repository subdirectory.
   */
  relative?: boolean | string;
  /** Detect renames (default true). */
  renames?: boolean;
  /** Listing ceilings (entries, path bytes, transport); defaults as for snapshots. */
  limits?: Partial<Pick<SnapshotLimits, 'maxTreeEntries' | 'maxPathBytes' | 'maxListingBytes'>>;
}

const STATUS = /^(?:([ADMTUX])|([RC])(\d{1,3}))$/;

/**
 * Files that differ between `from` and `to` (or the working tree), with rename detection,
 * NUL-parsed as a stream. `cwd` is any directory of the work tree (it matters with `relative`).
 */
export async function changedFiles(cwd: string, options: ChangedFilesOptions): Promise<ChangedFile[]> {
  checkRevision(options.from);
  if (options.to !== undefined) checkRevision(options.to);
  const limits = resolveLimits(options.limits);
  const args = ['diff', '--name-status', '-z', '--no-ext-diff', '--no-textconv', '--no-color', options.renames === false ? '--no-renames' : '--find-renames'];
  if (options.relative === true) args.push('--relative');
  else if (typeof options.relative === 'string' && options.relative !== '') args.push(`--relative=${options.relative}`);
  args.push(options.from, ...(options.to === undefined ? [] : [options.to]), '--');
  const out: ChangedFile[] = [];
  try {
    await collect(cwd, args, limits, out);
  } catch (error) {
    if (isGitError(error, 'GIT_COMMAND_FAILED')) await checkRevisionsExist(cwd, options, error);
    throw error;
  }
  return out;
}

async function collect(cwd: string, args: string[], limits: SnapshotLimits, out: ChangedFile[]): Promise<void> {
  let pending: { status: ChangedFile['status']; score?: number; paths: string[]; need: number } | undefined;
  for await (const batch of gitRecordBatches(cwd, args, listingRecordOptions(limits, 8))) {
    for (const record of batch) {
      if (pending === undefined) {
        const match = STATUS.exec(record.toString('latin1'));
        if (!match) throw new GitError('GIT_MALFORMED_OUTPUT', `Unexpected git diff status ${JSON.stringify(record.toString('latin1').slice(0, 20))}.`);
        pending = match[1]
          ? { status: match[1] as ChangedFile['status'], paths: [], need: 1 }
          : { status: match[2] as ChangedFile['status'], score: Number(match[3]), paths: [], need: 2 };
        continue;
      }
      pending.paths.push(decodeGitPath(record));
      if (pending.paths.length < pending.need) continue;
      const [first, second] = pending.paths as [string, string | undefined];
      out.push({
        status: pending.status,
        ...(pending.score === undefined ? {} : { score: pending.score }),
        path: second ?? first,
        ...(second === undefined ? {} : { oldPath: first }),
      });
      pending = undefined;
      if (out.length > limits.maxTreeEntries) throw limitExceeded('maxTreeEntries', limits.maxTreeEntries, 'the diff lists more files');
    }
  }
  if (pending !== undefined) throw new GitError('GIT_TRUNCATED_OUTPUT', 'git diff output ended inside an entry; retry.');
}

/** git diff fails alike for every reason; an unknown revision gets its own code. */
async function checkRevisionsExist(cwd: string, options: ChangedFilesOptions, failure: GitError): Promise<void> {
  for (const rev of [options.from, options.to]) {
    if (rev === undefined) continue;
    const run = await runGit(cwd, ['rev-parse', '--verify', '-q', `${rev}^{commit}`]);
    if (run.exitCode !== 0) {
      throw new GitError('GIT_BAD_REVISION', `Unknown revision ${JSON.stringify(rev)}; fetch it or pass an existing branch, tag or commit.`, {
        stderr: failure.stderr,
        cause: failure,
      });
    }
  }
}
