import { openRevisionReader, type RevisionReaderOptions } from './revision-reader.js';

/** Ceiling on the file's size in bytes (default 50 MiB); larger files are `GIT_OBJECT_TOO_LARGE`. */
export type ReadAtRevisionOptions = RevisionReaderOptions;

/**
 * Bytes of `path` (repository-relative, surrogateescape) in the tree of `rev`, like
 * `git show <rev>:<path>`; null when the path does not exist there. A bad revision is
 * `GIT_BAD_REVISION`; a directory or submodule at `path` is `GIT_NON_BLOB`; an entry whose blob
 * is not in the object database is `GIT_OBJECT_MISSING`; the other errors are those of
 * `RevisionReader.read`. Symlinks read as their target bytes.
 * Each call starts its own git processes: for many reads, share one `openRevisionReader`.
 */
export async function readFileAtRevision(root: string, rev: string, path: string, options: ReadAtRevisionOptions = {}): Promise<Buffer | null> {
  const reader = openRevisionReader(root, options);
  try {
    return await reader.read(rev, path);
  } finally {
    await reader.close();
  }
}
