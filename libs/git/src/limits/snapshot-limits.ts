import { GitError } from '../git-error.js';

/**
 * Ceilings of one captured snapshot, enforced while git's output streams in (before a complete
 * tree can accumulate in memory). All sizes are in bytes.
 */
export interface SnapshotLimits {
  /** Entries of the captured tree (tracked paths, gitlinks included). */
  maxTreeEntries: number;
  /** Bytes of one encoded path. */
  maxPathBytes: number;
  /** Bytes of all encoded paths together. */
  maxTotalPathBytes: number;
  /** Bytes of listing transport (raw `ls-tree` / `ls-files` output). */
  maxListingBytes: number;
  /** Bytes of one blob or working-tree file (symlink targets included). */
  maxBlobBytes: number;
}

/** The hashing contract's repository-level ceilings. */
export const DEFAULT_SNAPSHOT_LIMITS: Readonly<SnapshotLimits> = Object.freeze({
  maxTreeEntries: 50_000,
  maxPathBytes: 16 * 1024,
  maxTotalPathBytes: 16 * 1024 * 1024,
  maxListingBytes: 32 * 1024 * 1024,
  maxBlobBytes: 50 * 1024 * 1024,
});

/** Fills defaults and rejects anything but positive safe integers. */
export function resolveLimits(partial: Partial<SnapshotLimits> | undefined): SnapshotLimits {
  const limits = { ...DEFAULT_SNAPSHOT_LIMITS, ...stripUndefined(partial ?? {}) };
  for (const [key, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new GitError('GIT_INVALID_ARGUMENT', `Snapshot limit ${key} must be a positive integer, got ${String(value)}.`);
    }
  }
  return limits;
}

function stripUndefined(partial: Partial<SnapshotLimits>): Partial<SnapshotLimits> {
  return Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined));
}

/** The typed error for a breached ceiling: which limit, its value, and what to do. */
export function limitExceeded(limit: keyof SnapshotLimits, value: number, what: string, path?: string): GitError {
  return new GitError(
    'GIT_LIMIT_EXCEEDED',
    `Snapshot limit ${limit} (${value}) exceeded: ${what}. ` +
      'Reduce the repository content (or move large files out of the tracked tree), or raise the limit if your configuration allows it.',
    path === undefined ? {} : { path },
  );
}
