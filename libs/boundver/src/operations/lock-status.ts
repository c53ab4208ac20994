import { locateRepository, readFileAtRevision, type SourceMode } from '@driftgate/git';
import { DEFAULT_LOCK_NAME } from '../config/config-types.js';
import type { ProgressListener } from '../engine/engine-context.js';
import type { EngineLimits } from '../engine/engine-limits.js';
import { BoundverError, isBoundverError } from '../errors.js';
import type { FacetPolicy } from '../verify/facet-policy.js';
import type { JsonObject, JsonValue } from '../formats/json-value.js';
import { MAX_LOCK_BYTES } from '../limits.js';
import { readLock } from '../lock/lock-read.js';
import type { Lock } from '../lock/lock-types.js';
import { captureOperationSource, readDiskFile, readSourceFile, resolveRepoFile, type RepoFile } from '../source/operation-source.js';
import { notInSnapshotHint, sourceLabel } from '../source/source-mode.js';
import { parseStrictJson } from '../formats/strict-json.js';
import { verifyLock, type VerifyInputs } from '../verify/verify.js';
import type { WorkingTreeDifference } from '../source/working-tree-difference.js';

/** Options of {@link lockStatus}; config and lock are read from the selected source. */
export interface LockStatusOptions {
  cwd: string;
  /** Default `head`. */
  source?: SourceMode;
  /** Config file; undefined means `boundary.config.json` with its fallbacks. */
  config?: string;
  /** Lock file. Default `boundary.lock.json`. */
  lock?: string;
  allowCustomProviders?: boolean;
  limits?: EngineLimits;
  onProgress?: ProgressListener;
}

/** The lock as the selected source holds it, plus how it compares with the current state. */
export interface LockStatus {
  readonly source: SourceMode;
  readonly inputs: VerifyInputs;
  readonly lockFile: RepoFile;
  /** The lock, or null when it is structurally invalid (see `issues`). */
  readonly lock: Lock | null;
  /** The parsed lock document (also when invalid), or null when it is not JSON. */
  readonly document: JsonValue | null;
  /** Gating drift and every error, as verify reports them (without a filter or explicit facets). */
  readonly issues: string[];
  /** Non-gating drift. */
  readonly observations: string[];
  /** Errors and warnings recorded in the lock entries themselves (`<component>: …`). */
  readonly warnings: string[];
  /** Null when the config could not be loaded or validated. */
  readonly facetPolicy: FacetPolicy | null;
  /**
   * Exit code under `--strict`: verify's graded code when there are issues, 1 when only
   * warnings remain, else 0.
   */
  readonly strictExitCode: 0 | 1 | 2 | 3 | 4 | 5;
  /** The working-tree config and lock where they are not the ones read (head/index only). */
  readonly workingTreeDifferences: WorkingTreeDifference[];
}

/** The problems each lock entry records about itself, one line each, in lock order. */
export function lockWarnings(lock: Lock): string[] {
  const warnings: string[] = [];
  for (const [name, entry] of lock.components) {
    for (const warning of entry.warnings ?? []) warnings.push(`${name}: ${warning}`);
    for (const error of entry.boundary_errors ?? []) warnings.push(`${name}: boundary ${entry.boundary_status} - ${error}`);
    for (const error of entry.version_errors ?? []) warnings.push(`${name}: version error - ${error}`);
    for (const error of entry.behavior_errors ?? []) warnings.push(`${name}: behavior error - ${error}`);
    for (const error of entry.exact_errors ?? []) warnings.push(`${name}: exact error - ${error}`);
    for (const error of entry.vendored_errors ?? []) warnings.push(`${name}: vendored error - ${error}`);
  }
  return warnings;
}

/** A facet policy as a JSON value (maps sorted by name, as the policy keeps them). */
export function facetPolicyValue(policy: FacetPolicy): JsonObject {
  return new Map<string, JsonValue>([
    ['explicit', policy.explicit === null ? null : [...policy.explicit]],
    ['defaults', policy.defaults === null ? null : [...policy.defaults]],
    ['components', new Map<string, JsonValue>([...policy.components].map(([name, facets]) => [name, [...facets]]))],
    ['slices', new Map<string, JsonValue>([...policy.slices].map(([name, slice]) => [name, new Map<string, JsonValue>([['mode', slice.mode], ['gated', slice.gated]])]))],
  ]);
}

const missingLock = (file: RepoFile, source: SourceMode): BoundverError => {
  const include = notInSnapshotHint(source);
  const hint = include === null ? '' : ` ${include}, or run with --source working-tree.`;
  return new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `No lockfile found at ${file.display} in the ${sourceLabel(source)} ${source === 'working-tree' ? '' : 'snapshot '}— run \`boundver generate\` first.${hint}`);
};

/**
 * The lock's bytes in the selected source, read before verification so a missing lock fails
 * fast: the blob of the HEAD commit verify will capture (checked afterwards), the staged blob,
 * or the file on disk.
 */
async function readLockBytes(options: LockStatusOptions, source: SourceMode): Promise<{ file: RepoFile; bytes: Buffer; commit: string | null }> {
  const name = options.lock ?? DEFAULT_LOCK_NAME;
  if (source === 'index') {
    const snapshot = await captureOperationSource(options.cwd, 'index', options.limits);
    try {
      const file = resolveRepoFile(snapshot.root, name);
      const found = await readSourceFile(snapshot, file, 'lock');
      if (found === null) throw missingLock(file, source);
      return { file, bytes: found.bytes, commit: null };
    } finally {
      await snapshot.close();
    }
  }
  const { root, headCommit: commit } = await locateRepository(options.cwd);
  const file = resolveRepoFile(root, name);
  if (source === 'working-tree') {
    const bytes = readDiskFile(file.absolute, MAX_LOCK_BYTES + 1);
    if (bytes === null) throw missingLock(file, source);
    return { file, bytes, commit: null };
  }
  if (commit === null) throw new BoundverError('BOUNDVER_SOURCE_CAPTURE', 'Cannot capture head source: HEAD has no commit yet. Commit first, or use --source working-tree.');
  if (file.relative === null) {
    throw new BoundverError('BOUNDVER_USAGE', `${file.display} lies outside the repository, so it cannot be read from the HEAD snapshot; pass a path inside the repository or use --source working-tree.`);
  }
  const bytes = await readFileAtRevision(root, commit, file.relative, { maxBytes: MAX_LOCK_BYTES + 1 });
  if (bytes === null) throw missingLock(file, source);
  return { file, bytes, commit };
}

/**
 * `boundver status`: the lock of the selected source, the problems its entries record, and how
 * it compares with the current state (verify over everything, policy from the config). A missing
 * lock throws `BOUNDVER_LOCK_UNAVAILABLE`; everything else is reported as data.
 */
export async function lockStatus(options: LockStatusOptions): Promise<LockStatus> {
  const source = options.source ?? 'head';
  const { file, bytes, commit } = await readLockBytes(options, source);
  let document: JsonValue | null = null;
  try {
    document = parseStrictJson(bytes, file.display);
  } catch (error) {
    if (!isBoundverError(error)) throw error;
  }
  const read = readLock(bytes, { source: file.display });
  const verify = await verifyLock({
    cwd: options.cwd,
    source,
    ...(options.config === undefined ? {} : { config: options.config }),
    lock: options.lock ?? DEFAULT_LOCK_NAME,
    ...(options.allowCustomProviders === undefined ? {} : { allowCustomProviders: options.allowCustomProviders }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  // status reports drift; a source it cannot read at all stays an error, as before verify
  // learned to report it as an issue.
  if (verify.captureError !== null) throw new BoundverError('BOUNDVER_SOURCE_CAPTURE', verify.captureError);
  if (commit !== null && verify.inputs.commit !== commit) {
    throw new BoundverError('BOUNDVER_SOURCE_CAPTURE', `HEAD moved from ${commit} to ${verify.inputs.commit ?? 'nothing'} while \`boundver status\` ran; run it again.`);
  }
  const warnings = read.lock === null ? [] : lockWarnings(read.lock);
  const strictExitCode = verify.issues.length > 0 ? verify.exitCode : warnings.length > 0 ? 1 : 0;
  return {
    source,
    inputs: verify.inputs,
    lockFile: file,
    lock: read.lock,
    document,
    issues: verify.issues,
    observations: verify.observations,
    warnings,
    facetPolicy: verify.facetPolicy,
    strictExitCode,
    workingTreeDifferences: verify.workingTreeDifferences,
  };
}
