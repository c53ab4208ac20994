import { findRepoRoot } from '@driftgate/git';
import type { Facet } from '../config/config-types.js';
import { DEFAULT_LOCK_NAME } from '../config/config-types.js';
import { BoundverError } from '../errors.js';
import { MAX_LOCK_BYTES } from '../limits.js';
import { readLock } from './lock-read.js';
import type { Lock } from './lock-types.js';
import { readDiskFile, resolveRepoFile, type RepoFile } from '../source/operation-source.js';

/** One member of a slice report. */
export interface SliceMemberReport {
  readonly name: string;
  /** The member's locked version, or null (unversioned, or not in the lock). */
  readonly version: string | null;
  /** The member's digest for the slice mode, or null. */
  readonly digest: string | null;
}

/** A slice as the lock records it (the reference's `slice --format json`). */
export interface SliceReport {
  readonly name: string;
  readonly description: string;
  readonly mode: Facet;
  readonly fingerprint: string;
  /** Members in the lock's (sorted) order. */
  readonly components: SliceMemberReport[];
}

/** One slice of a lock; `BOUNDVER_USAGE` naming the available slices when it has no such slice. */
export function sliceReport(lock: Lock, name: string): SliceReport {
  const slice = lock.slices.get(name);
  if (slice === undefined) {
    const available = [...lock.slices.keys()];
    throw new BoundverError(
      'BOUNDVER_USAGE',
      `Slice '${name}' not found in the lockfile. ${available.length === 0 ? 'The lock has no slices; declare them under "slices" in the config and run `boundver generate`.' : `Available: ${available.join(', ')}.`}`,
    );
  }
  return {
    name,
    description: slice.description,
    mode: slice.mode,
    fingerprint: slice.fingerprint,
    components: slice.components.map((member) => ({
      name: member,
      version: lock.components.get(member)?.version ?? null,
      digest: slice.component_digests.get(member) ?? null,
    })),
  };
}

/** Options of {@link readLockSlice}. */
export interface ReadLockSliceOptions {
  cwd: string;
  name: string;
  /** Lock file relative to the repository root. Default `boundary.lock.json`. */
  lock?: string;
}

/**
 * `boundver slice`: the slice of the lock on disk. A missing or invalid lock throws
 * `BOUNDVER_LOCK_UNAVAILABLE`; an unknown slice `BOUNDVER_USAGE`.
 */
export async function readLockSlice(options: ReadLockSliceOptions): Promise<SliceReport & { readonly lockFile: RepoFile }> {
  const root = await findRepoRoot(options.cwd);
  const lockFile = resolveRepoFile(root, options.lock ?? DEFAULT_LOCK_NAME);
  const bytes = readDiskFile(lockFile.absolute, MAX_LOCK_BYTES + 1);
  if (bytes === null) throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Lockfile not found: ${lockFile.display}. Run \`boundver generate\` first.`);
  const read = readLock(bytes, { source: lockFile.display });
  if (read.lock === null) {
    throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Lockfile ${lockFile.display} is invalid; regenerate it with \`boundver generate\`:\n${read.issues.map((issue) => `  - ${issue}`).join('\n')}`, {
      details: read.issues,
    });
  }
  return { ...sliceReport(read.lock, options.name), lockFile };
}
