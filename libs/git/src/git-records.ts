import { GitError } from './git-error.js';
import { commandFailed, spawnGit } from './git-process.js';
import { RecordSplitter } from './record-splitter.js';

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
 * listings stream with constant overhead per chunk. Records are views valid until the next batch
 * is requested. Ending the iteration early, or any error, ends the git process.
 */
export async function* gitRecordBatches(cwd: string, args: readonly string[], options: GitRecordOptions): AsyncGenerator<Buffer[]> {
  const proc = spawnGit(cwd, args);
  const splitter = new RecordSplitter(options.delimiter ?? 0, options.maxRecordBytes, options.recordTooLarge);
  let total = 0;
  let finished = false;
  try {
    const stdout = proc.subprocess.stdout;
    if (stdout === null) throw new GitError('GIT_COMMAND_FAILED', `git ${args[0] ?? ''} has no output stream.`);
    for await (const chunk of stdout as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > options.maxTotalBytes) throw options.outputTooLarge(total);
      const records = splitter.push(chunk);
      if (records.length > 0) yield records;
    }
    const rest = splitter.end();
    const { exitCode, error } = await proc.exited;
    if (error) throw error;
    if (exitCode !== 0) throw commandFailed(args, exitCode, proc.stderr());
    if (options.allowUnterminated) {
      yield [rest ?? Buffer.alloc(0)];
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
