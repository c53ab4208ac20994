import { isGitError, type Snapshot } from '@driftgate/git';
import { BoundverError, isBoundverError } from '../errors.js';
import type { FacetPolicy } from './facet-policy.js';
import { readDiskFile, resolveRepoFile, type RepoFile } from '../source/operation-source.js';
import { notInSnapshotHint, sourceLabel } from '../source/source-mode.js';
import {
  type BaselineContextInputs,
  type BaselineDocument,
  type BaselineViolation,
  MAX_BASELINE_BYTES,
  baselineContext,
  baselineText,
  createBaseline,
  parseBaseline,
  requireMatchingContext,
  splitByBaseline,
  writeBaselineCreateOnly,
} from './verify-baseline.js';
import { writeFileAtomic } from '../source/write-file-atomic.js';

/**
 * A baseline option of verify. `check` (`--baseline`): issues whose identities the baseline holds
 * pass, any other fails with its normal exit code; the file is read from the verified snapshot
 * and never written. `write` (`--write-baseline`): records every current violation in a new file
 * (refusing an existing one) and passes. `update` (`--update-baseline`): removes what no longer
 * fails, never adds; new violations still fail.
 */
export interface BaselineRequest {
  readonly mode: 'check' | 'write' | 'update';
  /** Baseline file, relative to the repository root. */
  readonly path: string;
}

/** What a baseline request did (verify's JSON `baseline`). */
export interface BaselineOutcome {
  readonly mode: BaselineRequest['mode'];
  /** The baseline file as messages name it. */
  readonly file: string;
  /** Issues the baseline covers (for `write`, every issue it recorded). */
  readonly acknowledged: string[];
  /**
   * Baseline identities this run no longer sees: debt paid off. `update` removed them; `check`
   * leaves them for an update (and, in a share of a split verification, lists none, since a
   * share does not see the others' violations).
   */
  readonly resolved: BaselineViolation[];
  /** Violations the baseline holds after this run. */
  readonly violations: number;
  /** True when the file was created or rewritten. */
  readonly written: boolean;
}

/** Inputs of {@link applyVerifyBaseline} beyond the issues. */
export interface BaselineStepInputs extends Omit<BaselineContextInputs, 'policy'> {
  readonly policy: FacetPolicy | null;
  /** A share of a split verification: only `check` is possible, and resolved ids are not listed. */
  readonly partial: boolean;
}

/**
 * Reads the baseline as the verification read its lock: a blob of the captured tree for
 * head/index (an unstaged baseline is not what a commit gates with), the file on disk for
 * working-tree. Null when it is not there.
 */
async function readBaselineFromSource(snapshot: Snapshot, file: RepoFile): Promise<Buffer | null> {
  if (snapshot.source === 'working-tree') return readDiskFile(file.absolute, MAX_BASELINE_BYTES + 1);
  if (file.relative === null) {
    throw new BoundverError('BOUNDVER_BASELINE', `Verification baseline ${file.display} lies outside the repository, so it cannot be read from the ${sourceLabel(snapshot.source)} snapshot; keep it in the repository.`);
  }
  const entry = snapshot.get(file.relative);
  if (entry === undefined) return null;
  if (entry.mode === '120000') throw new BoundverError('BOUNDVER_BASELINE', `Verification baseline ${file.display} is a symlink in the ${sourceLabel(snapshot.source)} snapshot; it must be a regular file.`);
  try {
    return (await snapshot.read(file.relative)).content;
  } catch (cause) {
    if (!isGitError(cause)) throw cause;
    throw new BoundverError('BOUNDVER_SOURCE_READ', `Cannot read ${file.display} from the ${sourceLabel(snapshot.source)} snapshot: ${cause.message}`, { cause });
  }
}

async function readRequired(snapshot: Snapshot, file: RepoFile): Promise<{ bytes: Buffer; document: BaselineDocument }> {
  const bytes = await readBaselineFromSource(snapshot, file);
  if (bytes === null) {
    const include = notInSnapshotHint(snapshot.source);
    const hint = include === null ? 'Write one with --write-baseline.' : `${include}, or write one with --write-baseline.`;
    throw new BoundverError('BOUNDVER_BASELINE', `Verification baseline not found: ${file.display} is not in the ${sourceLabel(snapshot.source)} snapshot. ${hint}`);
  }
  return { bytes, document: parseBaseline(bytes, file.display) };
}

/**
 * Applies a baseline request to verify's complete issue list (before `--fail-fast` and the
 * diagnostics bound): returns the issues that still gate and what was done. A request that cannot
 * be honoured (the baseline is missing, malformed, for another scope, already exists for `write`,
 * or an issue cannot be baselined) keeps every issue and adds a `Verification error` (exit 2),
 * and writes nothing.
 */
export async function applyVerifyBaseline(
  snapshot: Snapshot,
  request: BaselineRequest,
  issues: readonly string[],
  inputs: BaselineStepInputs,
): Promise<{ issues: string[]; outcome: BaselineOutcome | null }> {
  const file = resolveRepoFile(snapshot.root, request.path);
  try {
    if (inputs.policy === null) throw new BoundverError('BOUNDVER_BASELINE', 'The facet policy is unknown, so no baseline applies.');
    if (inputs.partial && request.mode !== 'check') {
      throw new BoundverError('BOUNDVER_BASELINE', 'A share of a split verification can only check a baseline; write or update it with `boundver verify` over the whole lock.');
    }
    const context = baselineContext({ ...inputs, policy: inputs.policy });
    if (request.mode === 'write') {
      const document = createBaseline(context, issues);
      await writeBaselineCreateOnly(file.absolute, baselineText(document), file.display);
      return { issues: [], outcome: { mode: 'write', file: file.display, acknowledged: [...issues], resolved: [], violations: document.violations.length, written: true } };
    }
    const { bytes, document } = await readRequired(snapshot, file);
    requireMatchingContext(document, context, file.display, request.mode === 'update');
    const split = splitByBaseline(document, issues);
    if (request.mode === 'check') {
      const resolved = inputs.partial ? [] : split.resolved;
      return { issues: split.fresh, outcome: { mode: 'check', file: file.display, acknowledged: split.acknowledged, resolved, violations: document.violations.length, written: false } };
    }
    const removed = new Set(split.resolved.map((violation) => violation.id));
    const next: BaselineDocument = { ...document, ...context, violations: document.violations.filter((violation) => !removed.has(violation.id)) };
    const text = baselineText(next);
    const changed = text !== bytes.toString('utf8');
    if (changed) {
      // Shrinks the file that was read: a working-tree file that differs from the snapshot's is
      // someone's unreviewed edit, not ours to overwrite.
      const disk = readDiskFile(file.absolute, MAX_BASELINE_BYTES + 1);
      if (disk === null || !disk.equals(bytes)) {
        throw new BoundverError(
          'BOUNDVER_BASELINE',
          `The working-tree ${file.display} differs from the one in the ${sourceLabel(snapshot.source)} snapshot that was verified; ${snapshot.source === 'head' ? 'commit' : 'stage'} or discard that edit, then update again.`,
        );
      }
      await writeFileAtomic(file.absolute, text);
    }
    return { issues: split.fresh, outcome: { mode: 'update', file: file.display, acknowledged: split.acknowledged, resolved: split.resolved, violations: next.violations.length, written: changed } };
  } catch (error) {
    if (!isBoundverError(error)) throw error;
    return { issues: [...issues, `Verification error: ${error.message}`], outcome: null };
  }
}
