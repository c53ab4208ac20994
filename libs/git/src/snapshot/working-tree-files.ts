import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, readlinkSync, type BigIntStats } from 'node:fs';
import { GitError } from '../git-error.js';
import { encodeGitPath } from '../paths/git-path.js';
import type { BlobMode } from './tree-listing.js';

/** What `lstat` found for one tracked path at capture time. */
export type DiskState =
  | { kind: 'absent' }
  /** Unreadable as content (unsupported type, symlinked parent, I/O error); reads fail with it. */
  | { kind: 'problem'; error: GitError }
  | { kind: 'present'; mode: BlobMode | '160000'; stat: BigIntStats };

const CHUNK_BYTES = 1024 * 1024;
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Classifies and reads tracked paths on disk without ever following a symlink: symlinks are
 * content (their target bytes), symlinked directories are errors, and regular files are read in
 * fixed-size chunks with identity/size/mtime/mode checks around the read.
 *
 * File-system calls are synchronous on purpose: each path needs several dependent stat/open/read
 * calls, and the thread-pool round trip of the async API costs more than the calls themselves.
 */
export class WorkingTreeFiles {
  readonly #rootBytes: Buffer;
  /** Directory path → whether it is a real directory (or why it is not usable). */
  readonly #dirs = new Map<string, 'dir' | 'absent' | GitError>();
  readonly #fileMode: boolean;
  readonly #maxBytes: number;

  /**
   * @param root absolute repository root (surrogateescape string)
   * @param fileMode git's `core.filemode`; when false a 100644/100755 index mode is kept
   * @param maxBytes per-file ceiling (maxBlobBytes)
   */
  constructor(root: string, fileMode: boolean, maxBytes: number) {
    this.#rootBytes = encodeGitPath(root.endsWith('/') ? root : `${root}/`);
    this.#fileMode = fileMode;
    this.#maxBytes = maxBytes;
  }

  /** Absolute path bytes of a repository-relative path. */
  absolute(pathBytes: Buffer): Buffer {
    return Buffer.concat([this.#rootBytes, pathBytes]);
  }

  /** Mode (and stat) of `path` as found on disk; `indexMode` is null for untracked fallback files. */
  classify(path: string, pathBytes: Buffer, indexMode: BlobMode | '160000' | null): DiskState {
    const parent = this.#checkAncestors(path);
    if (parent !== 'dir') return parent === 'absent' ? { kind: 'absent' } : { kind: 'problem', error: parent };
    let stat: BigIntStats | undefined;
    try {
      stat = lstatSync(this.absolute(pathBytes), { bigint: true, throwIfNoEntry: false });
    } catch (cause) {
      if (errno(cause) === 'ENOTDIR') return { kind: 'absent' };
      return { kind: 'problem', error: unreadable(path, cause) };
    }
    if (stat === undefined) return { kind: 'absent' };
    if (indexMode === '160000') return { kind: 'present', mode: '160000', stat };
    if (stat.isSymbolicLink()) return { kind: 'present', mode: '120000', stat };
    if (stat.isFile()) return { kind: 'present', mode: this.#regularMode(stat, indexMode), stat };
    return { kind: 'problem', error: unsupportedType(path, stat) };
  }

  /**
   * Current bytes of a path classified as `mode`. A path that vanished, changed kind or mode since
   * capture, or changed while being read is an error, never empty content.
   */
  read(path: string, pathBytes: Buffer, mode: BlobMode): Buffer {
    const abs = this.absolute(pathBytes);
    const before = this.#lstatForRead(path, abs);
    if (mode === '120000') return this.#readLink(path, abs, before);
    if (!before.isFile() || this.#regularMode(before, mode) !== mode) {
      throw changed(path, before.isFile() ? 'its execute bit changed' : 'it is no longer a regular file');
    }
    if (before.size > BigInt(this.#maxBytes)) throw tooLarge(path, before.size, this.#maxBytes);
    let fd: number;
    try {
      fd = openSync(abs, OPEN_FLAGS);
    } catch (cause) {
      const code = errno(cause);
      if (code === 'ENOENT' || code === 'ENOTDIR') throw vanished(path, cause);
      if (code === 'ELOOP') throw changed(path, 'it became a symlink', cause);
      throw unreadable(path, cause);
    }
    try {
      const opened = fstatSync(fd, { bigint: true });
      if (!sameFile(before, opened)) throw changed(path, 'it was replaced');
      const size = Number(opened.size);
      // One byte beyond the expected size: any growth shows up as a filled sentinel.
      const buffer = Buffer.allocUnsafe(size + 1);
      let filled = 0;
      for (;;) {
        const want = Math.min(CHUNK_BYTES, buffer.length - filled);
        if (want === 0) break;
        const got = readSync(fd, buffer, filled, want, null);
        if (got === 0) break;
        filled += got;
      }
      if (filled !== size) throw changed(path, filled > size ? 'it grew' : 'it shrank');
      const after = fstatSync(fd, { bigint: true });
      if (!sameFile(opened, after)) throw changed(path, 'it was modified');
      const still = this.#lstatForRead(path, abs);
      if (still.ino !== after.ino || still.dev !== after.dev) throw changed(path, 'it was replaced');
      return buffer.subarray(0, size);
    } finally {
      closeSync(fd);
    }
  }

  #readLink(path: string, abs: Buffer, before: BigIntStats): Buffer {
    if (!before.isSymbolicLink()) throw changed(path, 'it is no longer a symlink');
    if (before.size > BigInt(this.#maxBytes)) throw tooLarge(path, before.size, this.#maxBytes);
    let target: Buffer;
    try {
      target = readlinkSync(abs, { encoding: 'buffer' });
    } catch (cause) {
      const code = errno(cause);
      if (code === 'ENOENT' || code === 'ENOTDIR') throw vanished(path, cause);
      if (code === 'EINVAL') throw changed(path, 'it is no longer a symlink', cause);
      throw unreadable(path, cause);
    }
    const after = this.#lstatForRead(path, abs);
    if (!sameFile(before, after)) throw changed(path, 'the link was replaced');
    if (target.length > this.#maxBytes) throw tooLarge(path, BigInt(target.length), this.#maxBytes);
    return target;
  }

  #lstatForRead(path: string, abs: Buffer): BigIntStats {
    try {
      const stat = lstatSync(abs, { bigint: true, throwIfNoEntry: false });
      if (stat === undefined) throw vanished(path);
      return stat;
    } catch (cause) {
      if (cause instanceof GitError) throw cause;
      if (errno(cause) === 'ENOTDIR') throw vanished(path, cause);
      throw unreadable(path, cause);
    }
  }

  #regularMode(stat: BigIntStats, indexMode: BlobMode | null): BlobMode {
    if (!this.#fileMode && (indexMode === '100644' || indexMode === '100755')) return indexMode;
    return (stat.mode & 0o111n) !== 0n ? '100755' : '100644';
  }

  /** 'dir' when every ancestor of `path` is a real directory. */
  #checkAncestors(path: string): 'dir' | 'absent' | GitError {
    let slash = path.indexOf('/');
    while (slash >= 0) {
      const dir = path.slice(0, slash);
      let state = this.#dirs.get(dir);
      if (state === undefined) {
        state = this.#lstatDir(dir);
        this.#dirs.set(dir, state);
      }
      if (state !== 'dir') return state;
      slash = path.indexOf('/', slash + 1);
    }
    return 'dir';
  }

  #lstatDir(dir: string): 'dir' | 'absent' | GitError {
    try {
      const stat = lstatSync(this.absolute(encodeGitPath(dir)), { throwIfNoEntry: false });
      if (stat === undefined) return 'absent';
      if (stat.isSymbolicLink()) {
        return new GitError(
          'GIT_SYMLINKED_DIRECTORY',
          `Tracked paths below ${dir} cannot be read: ${dir} is a symlink to a directory, and directory symlinks are never traversed. Replace it with a real directory or untrack the paths below it.`,
          { path: dir },
        );
      }
      return stat.isDirectory() ? 'dir' : 'absent';
    } catch (cause) {
      if (errno(cause) === 'ENOTDIR') return 'absent';
      return unreadable(dir, cause);
    }
  }
}

function sameFile(a: BigIntStats, b: BigIntStats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.mode === b.mode && a.size === b.size && a.mtimeNs === b.mtimeNs;
}

function errno(cause: unknown): string | undefined {
  return typeof cause === 'object' && cause !== null && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
}

function describeType(stat: BigIntStats): string {
  if (stat.isDirectory()) return 'directory';
  if (stat.isFIFO()) return 'FIFO';
  if (stat.isSocket()) return 'socket';
  if (stat.isBlockDevice() || stat.isCharacterDevice()) return 'device';
  return 'special file';
}

function unsupportedType(path: string, stat: BigIntStats): GitError {
  return new GitError(
    'GIT_UNSUPPORTED_FILE_TYPE',
    `Unsupported working-tree file type at ${path}: a ${describeType(stat)} where Git tracks a file. Restore the file (\`git checkout -- <path>\`) or stage its removal.`,
    { path },
  );
}

export function changed(path: string, why: string, cause?: unknown): GitError {
  return new GitError('GIT_FILE_CHANGED', `File changed while hashing: ${path} (${why}). Stop the process writing to it and run again.`, {
    path,
    ...(cause === undefined ? {} : { cause }),
  });
}

export function vanished(path: string, cause?: unknown): GitError {
  return new GitError('GIT_FILE_VANISHED', `File vanished while hashing: ${path} was deleted after the snapshot was captured. Run again once the working tree is stable.`, {
    path,
    ...(cause === undefined ? {} : { cause }),
  });
}

function unreadable(path: string, cause: unknown): GitError {
  return new GitError('GIT_FILE_UNREADABLE', `Cannot read ${path} from the working tree (${errno(cause) ?? String(cause)}). Check its permissions.`, { path, cause });
}

function tooLarge(path: string, size: bigint, max: number): GitError {
  return new GitError(
    'GIT_OBJECT_TOO_LARGE',
    `${path} is ${size} bytes, more than the ${max}-byte limit per file (maxBlobBytes). Remove it from the hashed content or raise the limit.`,
    { path },
  );
}
