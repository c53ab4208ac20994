import { closeSync, fstatSync, lstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { captureSnapshot, isGitError, type Snapshot, type SourceMode } from '@driftgate/git';
import type { EngineLimits } from '../engine/engine-limits.js';
import { BoundverError } from '../errors.js';
import { MAX_CONFIG_BYTES, MAX_LOCK_BYTES } from '../limits.js';
import { sourceLabel } from './source-mode.js';

/**
 * Captures the one immutable source of an operation. Every read of the operation (config, lock,
 * components, versions, vendored copies, slices) goes through the returned snapshot; close it in
 * `finally`. With `commit` (source head), that commit instead of HEAD. A capture failure is `BOUNDVER_SOURCE_CAPTURE` ("Cannot capture <source> source: …").
 */
export async function captureOperationSource(cwd: string, source: SourceMode, limits: EngineLimits = {}, commit?: string): Promise<Snapshot> {
  try {
    return await captureSnapshot(cwd, source, { ...(limits.snapshot === undefined ? {} : { limits: limits.snapshot }), ...(commit === undefined ? {} : { commit }) });
  } catch (cause) {
    if (isGitError(cause)) {
      const prefix = `Cannot capture ${source} source: `;
      throw new BoundverError('BOUNDVER_SOURCE_CAPTURE', cause.message.startsWith(prefix) ? cause.message : `${prefix}${cause.message}`, { cause });
    }
    throw cause;
  }
}

/** A file named on the command line (config, lock, output), resolved against the repository root. */
export interface RepoFile {
  /** Absolute path on disk. */
  readonly absolute: string;
  /** Repository-relative POSIX path, or null when the file lies outside the repository. */
  readonly relative: string | null;
  /** How messages name it: the relative path when inside the repository, else the absolute one. */
  readonly display: string;
}

/**
 * Resolves `name` (relative names are taken from the repository root, as the reference does).
 * An empty name would resolve to the root itself, so it is refused (`BOUNDVER_USAGE`).
 */
export function resolveRepoFile(root: string, name: string): RepoFile {
  if (name.trim() === '') {
    throw new BoundverError('BOUNDVER_USAGE', 'An empty file name was given for a config, lock or output file; pass a path such as boundary.lock.json, or leave the option out for the default.');
  }
  const absolute = resolve(root, name);
  const rel = relative(root, absolute);
  const inside = rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
  const posix = inside ? rel.split(sep).join('/') : null;
  return { absolute, relative: posix, display: posix ?? absolute };
}

/** Bytes of a config or lock file read from the operation's source. */
export interface SourceFile {
  readonly file: RepoFile;
  readonly bytes: Buffer;
}

/**
 * Reads a config or lock file from the operation's source: a blob of the captured tree for
 * head/index (an unstaged edit is never seen), the file on disk for working-tree. Returns null
 * when the file does not exist there. At most the kind's size limit + 1 bytes are read from disk,
 * so the caller's own size check still fires without the whole file entering memory. A file that
 * is a symlink in a head/index snapshot (its blob is the link target) is refused:
 * `BOUNDVER_CONFIG_UNREADABLE` or `BOUNDVER_LOCK_UNAVAILABLE`.
 */
export async function readSourceFile(snapshot: Snapshot, file: RepoFile, kind: 'config' | 'lock'): Promise<SourceFile | null> {
  if (snapshot.source === 'working-tree') {
    const bytes = readDiskFile(file.absolute, (kind === 'config' ? MAX_CONFIG_BYTES : MAX_LOCK_BYTES) + 1);
    return bytes === null ? null : { file, bytes };
  }
  if (file.relative === null) {
    throw new BoundverError(
      'BOUNDVER_USAGE',
      `${file.display} lies outside the repository, so it cannot be read from the ${sourceLabel(snapshot.source)} snapshot; pass a path inside the repository or use --source working-tree.`,
    );
  }
  const entry = snapshot.get(file.relative);
  if (entry === undefined) return null;
  if (entry.mode === '120000') {
    throw new BoundverError(
      kind === 'config' ? 'BOUNDVER_CONFIG_UNREADABLE' : 'BOUNDVER_LOCK_UNAVAILABLE',
      `${kind === 'config' ? 'Config file' : 'Lockfile'} ${file.display} is a symlink in the ${sourceLabel(snapshot.source)} snapshot; the ${kind} must be a regular file. Replace the link with the file itself.`,
    );
  }
  try {
    const content = await snapshot.read(file.relative);
    return { file, bytes: content.content };
  } catch (cause) {
    if (!isGitError(cause)) throw cause;
    throw new BoundverError('BOUNDVER_SOURCE_READ', `Cannot read ${file.display} from the ${sourceLabel(snapshot.source)} snapshot: ${cause.message}`, { cause });
  }
}

/** Reads up to `limit` bytes of a regular file; null when it does not exist. */
export function readDiskFile(path: string, limit: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw new BoundverError('BOUNDVER_USAGE', `Cannot read ${path}: ${(cause as Error).message}. Check its permissions.`, { cause });
  }
  try {
    if (!fstatSync(fd).isFile()) throw new BoundverError('BOUNDVER_USAGE', `${path} is not a regular file; pass the path of a file.`);
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < limit) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, limit - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * The path with every existing ancestor resolved through symlinks (the file itself need not
 * exist), so aliases of a protected directory are recognised.
 */
export function physicalPath(path: string): string {
  let current = path;
  const rest: string[] = [];
  for (;;) {
    try {
      lstatSync(current);
      return join(realpathSync(current), ...rest.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      rest.push(current.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
      current = parent;
    }
  }
}
