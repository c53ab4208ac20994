import { CatFileBatch, nonBlob } from './cat-file-batch.js';
import { GitError, isGitError } from './git-error.js';
import { decodeGitPath, encodeGitPath } from './git-path.js';
import { runGit, runGitOk } from './git-process.js';
import { checkRevision, parseObjectIdLine } from './revision.js';
import { DEFAULT_SNAPSHOT_LIMITS } from './snapshot-limits.js';

export interface ReadAtRevisionOptions {
  /** Ceiling on the file's size in bytes (default 50 MiB). */
  maxBytes?: number;
}

/**
 * Bytes of `path` (repository-relative, surrogateescape) in the tree of `rev`, like
 * `git show <rev>:<path>`; null when the path does not exist there. A bad revision is
 * `GIT_BAD_REVISION`; a directory or submodule at `path` is `GIT_NON_BLOB`; an entry whose blob
 * is not in the object database is `GIT_OBJECT_MISSING`. Symlinks read as their target bytes.
 */
export async function readFileAtRevision(root: string, rev: string, path: string, options: ReadAtRevisionOptions = {}): Promise<Buffer | null> {
  checkRevision(rev);
  checkRelativePath(path);
  const resolved = await runGit(root, ['rev-parse', '--verify', '-q', `${rev}^{tree}`]);
  if (resolved.exitCode !== 0) {
    throw new GitError('GIT_BAD_REVISION', `Unknown revision ${JSON.stringify(rev)}; fetch it or pass an existing branch, tag or commit.`, {
      stderr: resolved.stderr,
    });
  }
  const tree = parseObjectIdLine(resolved.stdout, 'rev-parse');
  // The object name travels on stdin, so any path bytes (not only valid UTF-8) can be asked for.
  const name = Buffer.concat([Buffer.from(`${tree}:`), encodeGitPath(path)]).toString('latin1');
  const batch = new CatFileBatch(root, { maxObjectBytes: options.maxBytes ?? DEFAULT_SNAPSHOT_LIMITS.maxBlobBytes, maxBufferedBytes: Infinity });
  try {
    const object = await batch.request(name, { label: path, expectType: 'blob' }).promise;
    return object.content;
  } catch (error) {
    if (isGitError(error, 'GIT_OBJECT_MISSING')) return await explainMissing(root, tree, path);
    throw error;
  } finally {
    await batch.close();
  }
}

/**
 * cat-file says "missing" both for an absent path and for an entry whose object is not in the
 * repository (a submodule commit, a corrupt or partial clone); the tree entry tells them apart.
 */
async function explainMissing(root: string, tree: string, path: string): Promise<null> {
  // Argument bytes must be valid UTF-8; names that are not can only be absent paths here.
  if (/[\uD800-\uDFFF]/.test(path.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))) return null;
  const listed = await runGitOk(root, ['ls-tree', '-z', '--full-tree', tree, '--', path]);
  for (const record of listed.toString('latin1').split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0 || decodeGitPath(Buffer.from(record.slice(tab + 1), 'latin1')) !== path) continue;
    const [mode, type, oid] = record.slice(0, tab).split(' ');
    if (type !== 'blob') throw nonBlob(path, type ?? 'unknown', mode);
    throw new GitError('GIT_OBJECT_MISSING', `Git object ${oid} for ${path} is missing from the object database (objects are never fetched lazily). Fetch the missing objects or run \`git fsck\`.`, { path });
  }
  return null;
}

function checkRelativePath(path: string): void {
  const segments = path.split('/');
  if (path === '' || segments.some((s) => s === '' || s === '.' || s === '..') || /[\u0000\n]/.test(path)) {
    throw new GitError('GIT_BAD_PATH', `Invalid repository path ${JSON.stringify(path)}: use a repository-relative POSIX path without '.', '..' or empty segments.`, { path });
  }
}
