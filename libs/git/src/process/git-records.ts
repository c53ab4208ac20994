import { GitError } from '../git-error.js';
import { commandFailed, spawnGit } from './git-process.js';
import { RecordSplitter, splitRecords, type RecordSegment } from './record-splitter.js';

export interface GitRecordOptions {
  /** Record delimiter byte; NUL (`-z` output) by default. */
  delimiter?: number;
  /** Ceiling on one record; breaching it ends git and throws `recordTooLarge()`. */
  maxRecordBytes: number;
  /** Ceiling on all output bytes; breaching it ends git and throws `outputTooLarge()`. */
  maxTotalBytes: number;
  recordTooLarge(bytes: number): GitError;
  outputTooLarge(bytes: number): GitError;
  /**
   * Text formats with a record *marker*: always yield what follows the last delimiter (possibly
   * empty) instead of treating an unterminated end as truncation.
   */
  allowUnterminated?: boolean;
}

/**
 * Runs git and yields its stdout split into records, in batches (one per chunk read), so large
 * listings stream with constant overhead per chunk. Records are views into stdout chunks, which
 * Node never reuses, or fresh buffers where a record spans chunks. Ending the iteration early,
 * or any error, ends the git process.
 */
export async function* gitRecordBatches(cwd: string, args: readonly string[], options: GitRecordOptions): AsyncGenerator<Buffer[]> {
  for await (const segment of gitRecordSegments(cwd, args, options)) {
    const batch = splitRecords(segment, options.delimiter ?? 0, options.maxRecordBytes, options.recordTooLarge);
    if (batch.length > 0) yield batch;
  }
}

/**
 * The stream under {@link gitRecordBatches}: per chunk, the record it completed and its own run of
 * whole records, unsplit (see `RecordSegment`), for parsers that walk a run faster than a record
 * at a time; records spanning chunks are checked against `maxRecordBytes` here. `records` is a
 * slice of one stdout chunk, which Node allocates afresh for every read and never reuses, so
 * views into it stay valid. With `allowUnterminated`, the last segment's `spanning` is whatever
 * followed the last delimiter (possibly empty).
 */
export async function* gitRecordSegments(
  cwd: string,
  args: readonly string[],
  options: GitRecordOptions,
): AsyncGenerator<RecordSegment> {
  const proc = spawnGit(cwd, args);
  const splitter = new RecordSplitter(options.delimiter ?? 0, options.maxRecordBytes, options.recordTooLarge);
  let total = 0;
  let finished = false;
  try {
    for await (const chunk of proc.subprocess.stdout as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > options.maxTotalBytes) throw options.outputTooLarge(total);
      const segment = splitter.pushSegment(chunk);
      if (segment.spanning !== null || segment.records.length > 0) yield segment;
    }
    const rest = splitter.end();
    const { exitCode, error } = await proc.exited;
    if (error) throw error;
    if (exitCode !== 0) throw commandFailed(args, exitCode, proc.stderr());
    if (options.allowUnterminated) {
      yield { spanning: rest ?? Buffer.alloc(0), records: Buffer.alloc(0) };
    } else if (rest !== null) {
      throw new GitError('GIT_TRUNCATED_OUTPUT', `git ${args[0] ?? ''} output ended inside a record; the listing is incomplete. Retry; if it persists, run \`git fsck\`.`, {
        stderr: proc.stderr(),
      });
    }
    finished = true;
  } finally {
    if (!finished) {
      proc.kill();
      await proc.exited;
    }
  }
}
