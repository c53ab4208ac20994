import { GitError } from '../git-error.js';
import { decodeGitPath } from '../paths/git-path.js';
import { gitRecordBatches } from '../process/git-records.js';

export interface GitLogOptions {
  /** Ceiling on one record in bytes (default 16 MiB); a longer record is `GIT_LIMIT_EXCEEDED`. */
  maxRecordBytes?: number;
}

/** The byte that starts every record: put `%x01` first in `--format`. */
export const LOG_RECORD_MARKER = 0x01;

/**
 * Streams `git log <args>` and yields one record per 0x01 marker: the text after the marker up
 * to the next one (surrogateescape-decoded, so path bytes survive). Text before the first marker
 * is dropped. For surf stats: `['--topo-order', '--name-status', '--format=%x01%H %P', …]`.
 * Colour, external diff and textconv are always off. Breaking out of the loop ends git.
 */
export async function* gitLog(root: string, args: readonly string[], options: GitLogOptions = {}): AsyncGenerator<string> {
  const maxRecordBytes = options.maxRecordBytes ?? 16 * 1024 * 1024;
  const tooLarge = (bytes: number): GitError =>
    new GitError('GIT_LIMIT_EXCEEDED', `A git log record is larger than ${maxRecordBytes} bytes (${bytes} so far); narrow the range or the paths.`);
  const logArgs = ['log', '--no-color', '--no-ext-diff', '--no-textconv', ...args];
  let first = true;
  for await (const batch of gitRecordBatches(root, logArgs, {
    delimiter: LOG_RECORD_MARKER,
    maxRecordBytes,
    maxTotalBytes: Number.MAX_SAFE_INTEGER,
    recordTooLarge: tooLarge,
    outputTooLarge: tooLarge,
    allowUnterminated: true,
  })) {
    for (const record of batch) {
      if (first) {
        first = false;
        continue;
      }
      yield decodeGitPath(record);
    }
  }
}
