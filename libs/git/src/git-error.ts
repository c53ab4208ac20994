/** Stable machine-readable codes of {@link GitError}. */
export type GitErrorCode =
  | 'GIT_NOT_INSTALLED'
  | 'GIT_NOT_A_REPOSITORY'
  | 'GIT_UNBORN_HEAD'
  | 'GIT_BAD_REVISION'
  | 'GIT_UNMERGED_INDEX'
  | 'GIT_LIMIT_EXCEEDED'
  | 'GIT_OBJECT_MISSING'
  | 'GIT_NON_BLOB'
  | 'GIT_OBJECT_TOO_LARGE'
  | 'GIT_TRUNCATED_OUTPUT'
  | 'GIT_MALFORMED_OUTPUT'
  | 'GIT_UNSUPPORTED_ENTRY'
  | 'GIT_PATH_NOT_FOUND'
  | 'GIT_FILE_CHANGED'
  | 'GIT_FILE_VANISHED'
  | 'GIT_FILE_UNREADABLE'
  | 'GIT_UNSUPPORTED_FILE_TYPE'
  | 'GIT_SYMLINKED_DIRECTORY'
  | 'GIT_SNAPSHOT_CLOSED'
  | 'GIT_COMMAND_FAILED'
  | 'GIT_BAD_PATH'
  | 'GIT_INVALID_ARGUMENT';

export interface GitErrorOptions {
  /** git's standard error (the tail of it for long-running processes), trimmed. */
  stderr?: string;
  /** Repository-relative path the error is about, when there is one. */
  path?: string;
  cause?: unknown;
}

/**
 * The one error type this package throws. `message` says what went wrong and what to do;
 * `code` is stable for programs; `stderr` carries git's own words when git reported the failure.
 */
export class GitError extends Error {
  override readonly name = 'GitError';
  readonly code: GitErrorCode;
  /** git's standard error, '' when git said nothing or was not involved. */
  readonly stderr: string;
  /** Repository-relative path (surrogateescape string) the error is about, if any. */
  readonly path: string | undefined;

  constructor(code: GitErrorCode, message: string, options: GitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.stderr = options.stderr ?? '';
    this.path = options.path;
  }
}

/** True when `value` is a {@link GitError}, optionally with the given code. */
export function isGitError(value: unknown, code?: GitErrorCode): value is GitError {
  return value instanceof GitError && (code === undefined || value.code === code);
}
