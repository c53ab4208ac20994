import type { SourceMode } from '@driftgate/git';
import { BoundverError } from '../errors.js';
import { MAX_CONFIG_BYTES, MAX_LOCK_BYTES } from '../limits.js';
import { readDiskFile, type RepoFile } from './operation-source.js';
import { sourcePlace } from './source-mode.js';

/**
 * A config or lock whose working-tree copy is not the one a `head` or `index` operation read.
 * Without saying so, an edit that is not committed (or staged) yet looks ignored: `generate`
 * fails on the committed config while the one on disk is fine.
 */
export interface WorkingTreeDifference {
  readonly kind: 'config' | 'lock';
  /** The file as messages name it (repository-relative). */
  readonly file: string;
  /** The source the operation read instead. */
  readonly source: 'head' | 'index';
  /** `changed`: the working tree holds other bytes; `added`: only the working tree has the file. */
  readonly state: 'changed' | 'added';
  /** What differs and how to include it, in one sentence. */
  readonly message: string;
}

/** `\r\n` read as `\n`: what a checkout with `core.autocrlf` writes is not a change of the file. */
function sameText(a: Uint8Array, b: Buffer): boolean {
  if (b.equals(a)) return true;
  if (!a.includes(13) && !b.includes(13)) return false;
  const lf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1').replace(/\r\n/g, '\n');
  return lf(a) === lf(b);
}

/** The sentence of a difference: what the command read, what it did not, and the two ways to include it. */
function differenceMessage(file: string, source: 'head' | 'index', state: 'changed' | 'added'): string {
  const place = sourcePlace(source);
  const include = `${source === 'head' ? 'commit it' : 'stage it (git add)'}, or pass --source working-tree to read it`;
  return state === 'changed'
    ? `The working-tree ${file} differs from the one ${place}, which this command read; ${include}.`
    : `${file} is in the working tree but not ${place}, so this command did not read it; ${include}.`;
}

/**
 * Compares the working-tree copy of a config or lock with the bytes a head/index operation read
 * (`read`, null when the source has no such file). Null for a working-tree operation, a file
 * outside the repository, equal content, or a file the disk does not have. The disk is only
 * compared, never used: the operation's result still comes from its one snapshot.
 */
export function workingTreeDifference(source: SourceMode, file: RepoFile, kind: 'config' | 'lock', read: Uint8Array | null): WorkingTreeDifference | null {
  if (source === 'working-tree' || file.relative === null) return null;
  let disk: Buffer | null;
  try {
    disk = readDiskFile(file.absolute, (kind === 'config' ? MAX_CONFIG_BYTES : MAX_LOCK_BYTES) + 1);
  } catch {
    // A path on disk that cannot be read (a directory, no permission) is not a version of the file.
    return null;
  }
  if (disk === null || (read !== null && sameText(read, disk))) return null;
  return difference(kind, file, source, read === null ? 'added' : 'changed');
}

/** The difference of a file the working tree has and the source does not (checked by the caller). */
export function difference(kind: 'config' | 'lock', file: RepoFile, source: 'head' | 'index', state: 'changed' | 'added'): WorkingTreeDifference {
  return { kind, file: file.display, source, state, message: differenceMessage(file.display, source, state) };
}

/**
 * `error` with the differences' sentences appended, so a failure caused by an uncommitted edit
 * says how to include it; the same error when there are none. Code, details and cause are kept.
 */
export function withDifferences(error: BoundverError, differences: ReadonlyArray<WorkingTreeDifference | null>): BoundverError {
  const messages = differences.filter((difference): difference is WorkingTreeDifference => difference !== null).map((difference) => difference.message);
  if (messages.length === 0) return error;
  return new BoundverError(error.code, `${error.message}\n${messages.join('\n')}`, { cause: error, details: error.details });
}
