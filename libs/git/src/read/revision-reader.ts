import { CatFileBatch, nonBlob, objectMissing, type RequestOptions } from './cat-file-batch.js';
import { GitError, isGitError, type GitErrorCode } from '../git-error.js';
import { decodeGitPath, encodeGitPath } from '../paths/git-path.js';
import { runGit, runGitOk } from '../process/git-process.js';
import { checkRevision, isObjectId, parseObjectIdLine } from '../history/revision.js';
import { DEFAULT_SNAPSHOT_LIMITS } from '../limits/snapshot-limits.js';

/** Options of {@link openRevisionReader}. */
export interface RevisionReaderOptions {
  /** Ceiling on each file's size in bytes (default 50 MiB); larger files are `GIT_OBJECT_TOO_LARGE`. */
  maxBytes?: number;
}

/**
 * Reads files at revisions through one long-lived `git cat-file` process. Each distinct
 * revision is resolved to its tree once, on first use, so later reads of a moving name such as
 * `HEAD` keep seeing the tree it named then. Reads may be issued concurrently; they are pipelined.
 * An idle reader does not keep Node alive, but `close()` it when done to end the git process.
 */
export interface RevisionReader {
  /**
   * Bytes of `path` (repository-relative, surrogateescape) in the tree of `rev`, like
   * `git show <rev>:<path>`; null when the path does not exist there. A bad revision is
   * `GIT_BAD_REVISION`; a bad path `GIT_BAD_PATH`; a directory or submodule at `path` is
   * `GIT_NON_BLOB`; an entry whose blob is not in the object database is `GIT_OBJECT_MISSING`;
   * a file over `maxBytes` is `GIT_OBJECT_TOO_LARGE`; any read once the reader is closed is
   * `GIT_SNAPSHOT_CLOSED`. Symlinks read as their target bytes. Like every read through
   * cat-file, the bytes may be a view into a read buffer (≤ 64 KiB) shared with other files.
   */
  read(rev: string, path: string): Promise<Buffer | null>;
  /**
   * Bytes of the blob with object id `oid` (40 or 64 hex digits), e.g. one named by `git log
   * --raw`; `label` names it in errors. Anything but a blob is `GIT_NON_BLOB`; an id not in the
   * object database is `GIT_OBJECT_MISSING`.
   */
  readBlob(oid: string, label: string): Promise<Buffer>;
  /** Ends the git process; reads still pending reject with `GIT_SNAPSHOT_CLOSED`. Idempotent. */
  close(): Promise<void>;
}

/** A reader for files at revisions of the repository at `root`. Starts no process until the first read. */
export function openRevisionReader(root: string, options: RevisionReaderOptions = {}): RevisionReader {
  return new BatchRevisionReader(root, options);
}

class BatchRevisionReader implements RevisionReader {
  readonly #root: string;
  readonly #maxBytes: number;
  #batch: CatFileBatch;
  readonly #trees = new Map<string, Promise<string>>();
  #closing: Promise<void> | undefined;

  constructor(root: string, options: RevisionReaderOptions) {
    this.#root = root;
    this.#maxBytes = options.maxBytes ?? DEFAULT_SNAPSHOT_LIMITS.maxBlobBytes;
    this.#batch = this.#newBatch();
  }

  async read(rev: string, path: string): Promise<Buffer | null> {
    this.#checkOpen();
    checkRevision(rev);
    checkRelativePath(path);
    const tree = await this.#tree(rev);
    this.#checkOpen();
    if (path.endsWith('\r')) {
      // cat-file drops a CR before the line feed of each request, so `<tree>:<path>` would name
      // another file; such a path is looked up in the tree and read by object id instead.
      const entry = await lookupEntry(this.#root, tree, path);
      return entry === null ? null : await this.readBlob(entry, path);
    }
    // The object name travels on stdin, so any path bytes (not only valid UTF-8) can be asked for.
    const name = Buffer.concat([Buffer.from(`${tree}:`), encodeGitPath(path)]).toString('latin1');
    try {
      return await this.#request(name, { label: path, expectType: 'blob' });
    } catch (error) {
      if (isGitError(error, 'GIT_OBJECT_MISSING')) return await explainMissing(this.#root, tree, path);
      throw error;
    }
  }

  async readBlob(oid: string, label: string): Promise<Buffer> {
    this.#checkOpen();
    if (!isObjectId(oid)) {
      throw new GitError('GIT_BAD_REVISION', `${JSON.stringify(oid)} (for ${label}) is not a full object id.`, { path: label });
    }
    return await this.#request(oid, { label, expectOid: oid, expectType: 'blob' });
  }

  close(): Promise<void> {
    this.#closing ??= this.#batch.close();
    return this.#closing;
  }

  #newBatch(): CatFileBatch {
    return new CatFileBatch(this.#root, { maxObjectBytes: this.#maxBytes, maxBufferedBytes: Infinity });
  }

  async #request(name: string, options: RequestOptions): Promise<Buffer> {
    const batch = this.#batch;
    try {
      return (await batch.request(name, options)).content;
    } catch (error) {
      // The batch's own closed error speaks of snapshots; say what was closed here.
      if (this.#closing !== undefined && isGitError(error, 'GIT_SNAPSHOT_CLOSED')) throw closedError();
      // A failure of the process itself ends that cat-file for good; the next read starts a new
      // one rather than failing every later read of a long-lived reader.
      if (this.#closing === undefined && batch === this.#batch && isGitError(error) && PROCESS_FAILURES.has(error.code)) {
        this.#batch = this.#newBatch();
        void batch.close();
      }
      throw error;
    }
  }

  #checkOpen(): void {
    if (this.#closing !== undefined) throw closedError();
  }

  /**
   * The tree id of `rev`, resolved once per reader. Concurrent first reads share one `rev-parse`;
   * an unknown revision stays unknown for the reader's life, any other failure is retried.
   */
  #tree(rev: string): Promise<string> {
    let pending = this.#trees.get(rev);
    if (pending === undefined) {
      pending = resolveTree(this.#root, rev);
      this.#trees.set(rev, pending);
      pending.catch((error: unknown) => {
        if (!isGitError(error, 'GIT_BAD_REVISION') && this.#trees.get(rev) === pending) this.#trees.delete(rev);
      });
    }
    return pending;
  }
}

async function resolveTree(root: string, rev: string): Promise<string> {
  const resolved = await runGit(root, ['rev-parse', '--verify', '-q', `${rev}^{tree}`]);
  if (resolved.exitCode !== 0) {
    throw new GitError('GIT_BAD_REVISION', `Unknown revision ${JSON.stringify(rev)}; fetch it or pass an existing branch, tag or commit.`, {
      stderr: resolved.stderr,
    });
  }
  return parseObjectIdLine(resolved.stdout, 'rev-parse');
}

/** Failures of the cat-file process as a whole, as opposed to one object's answer. */
const PROCESS_FAILURES: ReadonlySet<GitErrorCode> = new Set(['GIT_MALFORMED_OUTPUT', 'GIT_TRUNCATED_OUTPUT', 'GIT_COMMAND_FAILED']);

/**
 * The blob id at `path` in `tree` (`ls-tree`), or null when there is no such path; any other entry
 * type is `GIT_NON_BLOB`. Paths that are not valid UTF-8 cannot travel as arguments: they are
 * `GIT_BAD_PATH` here.
 */
async function lookupEntry(root: string, tree: string, path: string): Promise<string | null> {
  if (!isWellFormed(path)) {
    throw new GitError('GIT_BAD_PATH', `Cannot look up ${JSON.stringify(path)} at a revision: only valid UTF-8 paths can be named on git's command line.`, { path });
  }
  const listed = await runGitOk(root, ['ls-tree', '-z', '--full-tree', tree, '--', path]);
  for (const record of listed.toString('latin1').split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0 || decodeGitPath(Buffer.from(record.slice(tab + 1), 'latin1')) !== path) continue;
    const [mode, type, oid] = record.slice(0, tab).split(' ');
    if (type !== 'blob') throw nonBlob(path, type ?? 'unknown', mode);
    return oid ?? null;
  }
  return null;
}

/** Whether `text` has no lone surrogates (surrogateescape marks bytes that are not UTF-8). */
function isWellFormed(text: string): boolean {
  // With the u flag a surrogate pair is one code point, so only lone surrogates match.
  return !/[\uD800-\uDFFF]/u.test(text);
}

/**
 * cat-file says "missing" both for an absent path and for an entry whose object is not in the
 * repository (a submodule commit, a corrupt or partial clone); the tree entry tells them apart.
 */
async function explainMissing(root: string, tree: string, path: string): Promise<null> {
  // Argument bytes must be valid UTF-8; names that are not can only be absent paths here.
  if (!isWellFormed(path)) return null;
  const oid = await lookupEntry(root, tree, path);
  if (oid === null) return null;
  throw objectMissing(oid, path);
}

function checkRelativePath(path: string): void {
  const segments = path.split('/');
  if (path === '' || segments.some((s) => s === '' || s === '.' || s === '..') || /[\u0000\n]/.test(path)) {
    throw new GitError('GIT_BAD_PATH', `Invalid repository path ${JSON.stringify(path)}: use a repository-relative POSIX path without '.', '..' or empty segments.`, { path });
  }
}

function closedError(): GitError {
  return new GitError('GIT_SNAPSHOT_CLOSED', 'The revision reader was closed; open a new one to read more files.');
}
