import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { findRepoRoot, type Snapshot, type SourceMode } from '@driftgate/git';
import { canonicalJson } from '../hashing/canonical-json.js';
import { changedComponents } from './changed-components.js';
import { comparableJson } from '../formats/comparable-json.js';
import { computeEntries, generationErrors } from '../engine/component-entry.js';
import { loadConfigFromSource, type LoadedConfig } from '../config/config-source.js';
import { DEFAULT_CONFIG_NAME, DEFAULT_LOCK_NAME, type BoundverConfig, type ComponentConfig, type Facet } from '../config/config-types.js';
import { validateConfig } from '../config/config-validate.js';
import { affectedConsumers, affectedConsumersLine, previewNames, type ConsumerNode } from '../config/consumers.js';
import { diagnosticRepr } from '../formats/diagnostic-repr.js';
import { createEngineContext, type EngineContext, type ProgressListener, type SnapshotNote, distinctNotes } from '../engine/engine-context.js';
import type { EngineLimits } from '../engine/engine-limits.js';
import { BoundverError, isBoundverError } from '../errors.js';
import { availabilityRequired, effectiveFacets, facetPolicy, parseFacetList, sortFacets, type FacetPolicy } from './facet-policy.js';
import { assembleLock, mergePartialLock } from '../operations/generate.js';
import { MAX_CONFIG_BYTES } from '../limits.js';
import { ensureLockOutsideComponents } from '../lock/lock-location.js';
import { readLock } from '../lock/lock-read.js';
import { apiSymbolChanges, describeApiChanges } from '../api-surface/api-surface-entries.js';
import type { ReexportFacts } from '../api-surface/api-surface-types.js';
import { COMPONENT_METADATA_FIELDS, type Lock, type LockComponent, type LockSlice } from '../lock/lock-types.js';
import { lockComponentValue, lockSliceValue, serializeLock } from '../lock/lock-write.js';
import { captureOperationSource, readDiskFile, readSourceFile, resolveRepoFile, type RepoFile } from '../source/operation-source.js';
import { configDigest } from '../config/semantic-config.js';
import { computeSliceEntry, consumerGraph, sliceMembers } from '../engine/slice-entry.js';
import { notInSnapshotHint, sourceLabel } from '../source/source-mode.js';
import { boundDiagnostics, driftExitCode, failFastIssues, isSafetyIssue, shortDigest } from './verify-issues.js';
import { workingTreeDifference, type WorkingTreeDifference } from '../source/working-tree-difference.js';
import { writeFileAtomic } from '../source/write-file-atomic.js';
import { applyVerifyBaseline, type BaselineOutcome, type BaselineRequest } from './verify-baseline-step.js';

/** Options of {@link verifyLock}; config and lock are read from the selected source. */
export interface VerifyOptions {
  cwd: string;
  /** Default `head`: config and lock are blobs of the captured commit. */
  source?: SourceMode;
  /** Config file; undefined means `boundary.config.json` with its fallbacks. */
  config?: string;
  /** Lock file. Default `boundary.lock.json`. */
  lock?: string;
  /** Check only these components (and every slice touching them). */
  components?: readonly string[];
  /**
   * One share of a verification split across targets (the Nx plugin's per-project targets), in
   * place of `components`. The CLI never sets it: `--components` keeps the reference's meaning.
   */
  share?: VerifyShare;
  /** Explicit gate (`--facets`); overrides every configured policy. Empty or undefined: none. */
  facets?: readonly string[];
  /** Report one issue (the first safety issue, else the most severe); the exit code is unchanged. */
  failFast?: boolean;
  /** AFFECTED CONSUMERS over the transitive consumer closure. */
  transitive?: boolean;
  /** Regenerate and atomically rewrite the lock when drift is found and computation succeeds. */
  update?: boolean;
  /** With `update`: refuse when the snapshot config differs from the working-tree file. */
  strictConfigSource?: boolean;
  /** Report `changedComponents` since this revision (scheduling only). */
  changedFrom?: string;
  allowCustomProviders?: boolean;
  /**
   * Check the issues against a baseline of reviewed violations, write one, or shrink one (see
   * `verify-baseline-step.ts`). Not with `update`, which rewrites the lock a baseline is about.
   */
  baseline?: BaselineRequest;
  limits?: EngineLimits;
  onProgress?: ProgressListener;
}

/**
 * One target's share of a workspace's verification, so that every finding is reported by exactly
 * one target of a workspace run. Problems that stop verification (capture, config, lock) are in
 * every share, since none of its components can be checked without them.
 */
export interface VerifyShare {
  /** Exactly the components checked, in any order; empty checks none. */
  readonly components: readonly string[];
  /**
   * The workspace-level share: also the lock-wide findings (config digest, project, removed
   * components and slices) and every slice. Without it those are left to the workspace share.
   */
  readonly workspace: boolean;
}

/** Downstream impact of one component's gated boundary/compat drift. */
export interface ConsumerImpact {
  readonly component: string;
  /** The drifted facets among boundary and compat, sorted. */
  readonly facets: Facet[];
  /** Internal consumers (direct, or the closure when transitive), sorted. */
  readonly components: string[];
  readonly externalConsumers: string[];
  readonly transitive: boolean;
}

/** Which config and lock the operation read: `<selector>:<path>`, selector `HEAD@<oid>`, `INDEX` or `WORKING-TREE`. */
export interface VerifyInputs {
  readonly source: SourceMode;
  readonly commit: string | null;
  readonly config: string;
  readonly lock: string;
}

/**
 * Outcome of verify (the JSON of spec §13 plus the exit code). `issues` gate, `observations`
 * never do. Lists are bounded (256 items / 256 KiB with a `DIAGNOSTICS TRUNCATED` sentinel); the
 * exit code is computed from the complete list.
 */
export interface VerifyResult {
  /** No gated issue remains (true after a successful update). */
  readonly ok: boolean;
  /** 0 clean, 1 exact/metadata, 2 usage/config/lock/digest error, 3 behavior, 4 boundary, 5 compat. */
  readonly exitCode: 0 | 1 | 2 | 3 | 4 | 5;
  readonly issues: string[];
  readonly observations: string[];
  /** Explicit facets (sorted), or null. */
  readonly facets: Facet[] | null;
  /** Null when the config could not be loaded or validated. */
  readonly facetPolicy: FacetPolicy | null;
  /** `--components` as requested (empty = all; empty as well with `--changed-from`); a share's components. */
  readonly componentsFilter: string[];
  /** The share verified, or null for a whole (or `--components`) verification. */
  readonly share: VerifyShare | null;
  readonly changedComponents: string[];
  readonly updated: boolean;
  /** Issues the update resolved (non-empty only after a successful `update`). */
  readonly resolvedIssues: string[];
  /** Why `update` did not write, or null. */
  readonly updateRefused: string | null;
  readonly consumerImpact: ConsumerImpact[];
  /**
   * Every `API CHANGE` line of {@link issues} and {@link observations} with its symbol lists
   * unbounded (those lines name at most ten per list, then `and N more`), by component, in the
   * order they were found: what a view that shows an issue whole reads.
   */
  readonly apiChanges: ReadonlyArray<{ readonly component: string; readonly text: string }>;
  readonly inputs: VerifyInputs;
  /** The lock file on disk (where an update writes). */
  readonly lockFile: RepoFile;
  /**
   * Text of the lock as verified (the snapshot's blob for head/index, the file on disk for
   * working-tree), or null when none was read. Lets reports point at its lines even when the
   * file on disk differs.
   */
  readonly lockText: string | null;
  /**
   * Why the source could not be captured (then `issues` holds only that, as a `Verification
   * error`), or null. Callers that treat a capture failure as an error of their own read it here.
   */
  readonly captureError: string | null;
  /**
   * The working-tree config and lock where they are not the ones verified (head/index only; a
   * lock an update rewrote is left out). Not part of the verdict: callers show them as notes.
   */
  readonly workingTreeDifferences: WorkingTreeDifference[];
  /** Notes on the snapshot (see {@link EngineContext.notes}), one per file, sorted by file. */
  readonly notes: readonly SnapshotNote[];
  /** What the baseline request did, or null without one (or when verification stopped before it). */
  readonly baseline: BaselineOutcome | null;
}

const FACET_ORDER: readonly Facet[] = ['compat', 'boundary', 'behavior', 'exact'];

/** How inputs name their source: `HEAD@<commit>` (`HEAD` when nothing was captured), `INDEX`, `WORKING-TREE`. */
function selector(source: SourceMode, headCommit: string | null | undefined): string {
  if (source === 'head') return headCommit === undefined ? 'HEAD' : `HEAD@${headCommit ?? 'unborn'}`;
  return source === 'index' ? 'INDEX' : 'WORKING-TREE';
}

function sliceText(slice: LockSlice): string {
  return canonicalJson(lockSliceValue(slice));
}

interface Accumulated {
  issues: string[];
  observations: string[];
  consumerImpact: ConsumerImpact[];
  apiChanges: Array<{ component: string; text: string }>;
  changedComponents: string[];
  facets: Facet[] | null;
  policy: FacetPolicy | null;
  componentsFilter: string[];
  differences: WorkingTreeDifference[];
  notes: SnapshotNote[];
}

function accumulated(options: VerifyOptions): Accumulated {
  const components = options.share?.components ?? options.components ?? [];
  return { issues: [], observations: [], consumerImpact: [], apiChanges: [], changedComponents: [], facets: null, policy: null, componentsFilter: [...new Set(components)], differences: [], notes: [] };
}

/** Where a result's inputs came from; `headCommit` is undefined when no source was captured. */
interface ResultInputs {
  readonly source: SourceMode;
  readonly headCommit: string | null | undefined;
  readonly configDisplay: string;
  readonly lockFile: RepoFile;
  readonly lockText: string | null;
}

/** The result of what `acc` holds: the one place a VerifyResult is built. */
function resultOf(
  acc: Accumulated,
  options: VerifyOptions,
  at: ResultInputs,
  extra: Partial<Pick<VerifyResult, 'updated' | 'resolvedIssues' | 'updateRefused' | 'captureError' | 'baseline'>> = {},
): VerifyResult {
  const reported = options.failFast ? failFastIssues(acc.issues) : acc.issues;
  const updated = extra.updated ?? false;
  const issues = updated ? [] : reported;
  const name = selector(at.source, at.headCommit);
  return {
    ok: issues.length === 0,
    exitCode: updated ? 0 : driftExitCode(acc.issues),
    issues: boundDiagnostics(issues),
    observations: boundDiagnostics(acc.observations),
    facets: acc.facets,
    facetPolicy: acc.policy,
    componentsFilter: options.changedFrom === undefined ? acc.componentsFilter : [],
    share: options.share === undefined ? null : { components: [...acc.componentsFilter], workspace: options.share.workspace },
    changedComponents: acc.changedComponents,
    updated,
    resolvedIssues: boundDiagnostics(extra.resolvedIssues ?? []),
    updateRefused: extra.updateRefused ?? null,
    consumerImpact: acc.consumerImpact,
    apiChanges: updated ? [] : acc.apiChanges,
    inputs: { source: at.source, commit: at.headCommit ?? null, config: `${name}:${at.configDisplay}`, lock: `${name}:${at.lockFile.display}` },
    lockFile: at.lockFile,
    lockText: at.lockText,
    captureError: extra.captureError ?? null,
    workingTreeDifferences: acc.differences.filter((difference) => !updated || difference.kind !== 'lock'),
    notes: distinctNotes(acc.notes),
    baseline: extra.baseline ?? null,
  };
}

/**
 * `boundver verify`: recomputes the lock from one snapshot and compares it with the locked one
 * (spec §11): config digest and project, per component NEW / digest errors / facets (compat,
 * boundary, behavior, exact, gated or observed per the facet policy) / metadata, REMOVED
 * components, slices, and the graded exit code. Problems with the source's capture, the config or
 * the lock are issues (exit 2), not exceptions.
 */
export async function verifyLock(options: VerifyOptions): Promise<VerifyResult> {
  const source = options.source ?? 'head';
  if (options.baseline !== undefined && options.update) {
    throw new BoundverError('BOUNDVER_USAGE', '--update cannot be combined with a baseline option: a baseline is about the lock --update rewrites. Update the lock first, then shrink the baseline with --update-baseline.');
  }
  let snapshot: Snapshot;
  try {
    snapshot = await captureOperationSource(options.cwd, source, options.limits);
  } catch (error) {
    if (!isBoundverError(error, 'BOUNDVER_SOURCE_CAPTURE')) throw error;
    return uncapturedResult(options, source, error.message);
  }
  try {
    return await verifyWithSnapshot(snapshot, options);
  } finally {
    await snapshot.close();
  }
}

/**
 * A source that cannot be captured (unresolved merge stages, an unborn HEAD, a limit, no
 * repository) is reported like a config or lock problem, exit 2, so that `--format json` still
 * prints one object and `--report` files are still written for the CI dashboard.
 */
async function uncapturedResult(options: VerifyOptions, source: SourceMode, message: string): Promise<VerifyResult> {
  // Outside a repository, names resolve from where the command ran.
  const root = await findRepoRoot(options.cwd).catch(() => options.cwd);
  const acc = accumulated(options);
  acc.issues.push(`Verification error: ${message}`);
  const at = { source, headCommit: undefined, configDisplay: options.config ?? DEFAULT_CONFIG_NAME, lockFile: resolveRepoFile(root, options.lock ?? DEFAULT_LOCK_NAME), lockText: null };
  return resultOf(acc, options, at, { captureError: message });
}

/**
 * {@link verifyLock} over a snapshot the caller captured (and closes): for operations that verify
 * several snapshots, such as a range review checking that each endpoint's lock matches its commit.
 */
export async function verifyLockInSnapshot(snapshot: Snapshot, options: VerifyOptions): Promise<VerifyResult> {
  return await verifyWithSnapshot(snapshot, options);
}

async function verifyWithSnapshot(snapshot: Snapshot, options: VerifyOptions): Promise<VerifyResult> {
  const lockFile = resolveRepoFile(snapshot.root, options.lock ?? DEFAULT_LOCK_NAME);
  const acc = accumulated(options);
  let configDisplay = options.config ?? DEFAULT_CONFIG_NAME;
  let lockText: string | null = null;
  const finish = (extra: Partial<Pick<VerifyResult, 'updated' | 'resolvedIssues' | 'updateRefused' | 'baseline'>> = {}): VerifyResult =>
    resultOf(acc, options, { source: snapshot.source, headCommit: snapshot.headCommit, configDisplay, lockFile, lockText }, extra);

  // 1. Config, custom providers and lock, all from the snapshot.
  let loaded: LoadedConfig;
  try {
    loaded = await loadConfigFromSource(snapshot, options.config);
  } catch (error) {
    if (!isBoundverError(error)) throw error;
    acc.issues.push(`Config unavailable: ${error.message}`);
    return finish();
  }
  configDisplay = loaded.file.display;
  if (loaded.workingTree !== null) acc.differences.push(loaded.workingTree);
  const validation = validateConfig(loaded.document, { requireSliceFacets: false });
  if (validation.config === null) {
    acc.issues.push(...validation.issues.map((issue) => (issue.startsWith('Config root') ? issue : `Config invalid: ${issue}`)));
    return finish();
  }
  const config = validation.config;
  let context: EngineContext;
  try {
    context = await createEngineContext(snapshot, config, {
      notes: acc.notes,
      allowCustomProviders: options.allowCustomProviders ?? false,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    });
  } catch (error) {
    if (!isBoundverError(error, 'BOUNDVER_CUSTOM_PROVIDERS')) throw error;
    acc.issues.push(...error.details.map((detail) => `Custom provider loading failed: ${detail}`));
    return finish();
  }
  // Current entries are computed once, on demand; --changed-from only schedules, so it never filters.
  const share = options.share;
  const filter = share !== undefined ? new Set(acc.componentsFilter) : options.changedFrom === undefined && acc.componentsFilter.length > 0 ? new Set(acc.componentsFilter) : null;
  // A project share leaves the lock as a whole, and the slices, to the workspace share.
  const lockWide = share === undefined || share.workspace;
  const entries = new Map<string, LockComponent>();
  const checked = config.components.filter((component) => filter === null || filter.has(component.name));
  // Computes the entries not yet known, all in one read pass.
  const ensureEntries = async (components: readonly ComponentConfig[]): Promise<void> => {
    const missing = components.filter((component) => !entries.has(component.name));
    if (missing.length === 0) return;
    for (const [name, entry] of await computeEntries(context, missing, options.onProgress)) entries.set(name, entry);
  };
  // 2. Gate policy and filters (before the lock: nothing is repaired under a bad request).
  let explicit: Facet[] | null = null;
  if (options.facets !== undefined && options.facets.length > 0) {
    const parsed = parseFacetList(options.facets);
    if (parsed.unknown.length > 0) acc.issues.push(`Unknown verification facet(s): ${parsed.unknown.join(', ')}`);
    explicit = parsed.facets;
  }
  acc.facets = explicit;
  const byName = new Map(config.components.map((component) => [component.name, component]));
  const unknownComponents = acc.componentsFilter.filter((name) => !byName.has(name));
  if (unknownComponents.length > 0) acc.issues.push(`Unknown verification component(s): ${unknownComponents.join(', ')}`);
  if (acc.issues.length > 0) return finish();
  acc.policy = facetPolicy(config, explicit);
  let lock: Lock;
  try {
    const found = await readSourceFile(snapshot, lockFile, 'lock');
    const lockDifference = workingTreeDifference(snapshot.source, lockFile, 'lock', found?.bytes ?? null);
    if (lockDifference !== null) acc.differences.push(lockDifference);
    if (found === null) {
      const include = notInSnapshotHint(snapshot.source, 'the lock');
      const hint = include === null ? 'Run `boundver generate` to create it.' : `${include}, or verify with --source working-tree${snapshot.source === 'head' ? ' before committing' : ''}.`;
      acc.issues.push(`LOCKFILE missing: ${lockFile.display} is not in the ${sourceLabel(snapshot.source)} snapshot. ${hint}`);
      return await repair(null);
    }
    lockText = found.bytes.toString('utf8');
    const read = readLock(found.bytes, { source: lockFile.display });
    if (read.lock === null) {
      acc.issues.push(...read.issues);
      return await repair(null);
    }
    lock = read.lock;
  } catch (error) {
    if (!isBoundverError(error)) throw error;
    acc.issues.push(`LOCKFILE unavailable: ${error.message}`);
    return finish();
  }
  // 3. Lock-wide metadata, after the lock's own structure.
  if (options.changedFrom !== undefined) {
    try {
      acc.changedComponents = await changedComponents(snapshot, config, options.changedFrom);
    } catch (error) {
      acc.issues.push(`Verification error: --changed-from ${options.changedFrom}: ${(error as Error).message}`);
      return finish();
    }
  }

  const currentDigest = configDigest(config.raw);
  if (lockWide && lock.config_digest !== currentDigest) {
    acc.issues.push(`METADATA MISMATCH config_digest: lockfile=${diagnosticRepr(lock.config_digest)} current=${diagnosticRepr(currentDigest)}`);
  }
  if (lockWide && lock.project !== config.project) {
    acc.issues.push(`METADATA MISMATCH project: lockfile=${diagnosticRepr(lock.project)} current=${diagnosticRepr(config.project)}`);
  }

  // 4. Components.
  const graph = consumerGraph(config);
  const scopedSlices = config.slices
    .map((slice) => ({ slice, members: sliceMembers(slice, graph) }))
    .filter(({ members }) => (share !== undefined ? share.workspace : filter === null || members.some((member) => filter.has(member))));
  const needed = new Set([...checked.map((component) => component.name), ...scopedSlices.flatMap(({ members }) => members)]);
  await ensureEntries(config.components.filter((component) => needed.has(component.name)));
  for (const component of checked) checkComponent(config, component, entries.get(component.name)!, context.reexports.get(component.name), lock, explicit, graph, options.transitive ?? false, acc);
  if (lockWide) for (const name of lock.components.keys()) if (!byName.has(name)) acc.issues.push(`REMOVED component still in lockfile: ${name}`);

  // 5. Slices touching the checked components.
  for (const { slice, members } of scopedSlices) {
    const current = computeSliceEntry(slice, members, entries, false);
    const locked = lock.slices.get(slice.name);
    if (locked === undefined) {
      acc.issues.push(`NEW slice not in lockfile: ${slice.name}`);
      continue;
    }
    const gated = explicit !== null ? explicit.includes(slice.mode) : members.some((member) => acc.policy!.components.get(member)?.includes(slice.mode) ?? false);
    const required = explicit !== null || config.defaultVerifyFacets !== null || members.some((member) => byName.get(member)?.verifyFacets != null);
    const lacking = members.filter((member) => (locked.component_digests.get(member) ?? null) === null || current.component_digests.get(member) === null);
    if (required && gated && lacking.length > 0) {
      acc.issues.push(`UNAVAILABLE FACET ${slice.name}.${slice.mode}: slice members lack locked or current digests: ${previewNames(lacking)}`);
    } else if (sliceText(locked) !== sliceText(current)) {
      const message = `SLICE MISMATCH ${slice.name}.${slice.mode}: lockfile=${shortDigest(locked.fingerprint)} current=${shortDigest(current.fingerprint)}`;
      (gated ? acc.issues : acc.observations).push(message);
    }
  }
  const configuredSlices = new Set(config.slices.map((slice) => slice.name));
  if (lockWide) for (const name of lock.slices.keys()) if (!configuredSlices.has(name)) acc.issues.push(`REMOVED slice still in lockfile: ${name}`);

  // 6. A baseline of reviewed violations, or else the optional repair.
  if (options.baseline !== undefined) {
    const baseline = await applyVerifyBaseline(snapshot, options.baseline, acc.issues, {
      lockText: lockText!,
      source: snapshot.source,
      // A share is one part of a whole verification, so it uses the whole verification's baseline.
      componentsFilter: share !== undefined || options.changedFrom !== undefined ? [] : acc.componentsFilter,
      facets: explicit,
      transitive: options.transitive ?? false,
      policy: acc.policy,
      partial: share !== undefined,
    });
    acc.issues = baseline.issues;
    return finish({ baseline: baseline.outcome });
  }
  return await repair(lock);

  /**
   * `--update`: regenerate from the same snapshot and write atomically, unless the current state
   * cannot be computed safely. A missing or unreadable lock (`locked` null) is replaced whole.
   */
  async function repair(locked: Lock | null): Promise<VerifyResult> {
    if (!options.update || (acc.issues.length === 0 && acc.observations.length === 0)) return finish();
    const blocking = acc.issues.filter((issue) => isSafetyIssue(issue) && !issue.startsWith('LOCKED DIGEST ERROR') && !issue.startsWith('LOCKFILE'));
    if (blocking.length > 0) {
      const reason = blocking.some((issue) => issue.startsWith('UNAVAILABLE FACET'))
        ? 'Unavailable facets cannot be generated from the current configuration; add the missing facet inputs or select only available facets.'
        : 'The current state cannot be computed safely; fix the reported errors first.';
      return finish({ updateRefused: reason });
    }
    // A share sees only part of what the lock holds, so it cannot tell what a rewrite would bless.
    if (share !== undefined) return finish({ updateRefused: 'A share of a split verification cannot update the lock; run `boundver generate` (in Nx, the generate-boundary target).' });
    const scoped = options.changedFrom === undefined && acc.componentsFilter.length > 0;
    if (scoped && locked === null) {
      return finish({ updateRefused: 'A scoped --update cannot replace a missing or unreadable lock; rerun without --components.' });
    }
    if (options.strictConfigSource && snapshot.source !== 'working-tree') {
      const disk = readDiskFile(loaded.file.absolute, MAX_CONFIG_BYTES + 1);
      if (disk === null || !disk.equals(loaded.bytes)) {
        acc.issues.push(
          `Verification error: --update refused by --strict-config-source: the working-tree ${loaded.file.display} differs from the ${sourceLabel(snapshot.source)} config; ${snapshot.source === 'head' ? 'commit' : 'stage'} it, then verify again.`,
        );
        return finish();
      }
    }
    try {
      ensureLockOutsideComponents(snapshot.root, lockFile, loaded.file, config);
      await ensureEntries(config.components);
      const ordered = new Map(config.components.map((component) => [component.name, entries.get(component.name)!]));
      const full = assembleLock(context, ordered, { strict: true });
      const next = scoped && locked !== null ? mergePartialLock(locked, full, acc.componentsFilter) : full;
      const text = serializeLock(next);
      await mkdir(dirname(lockFile.absolute), { recursive: true });
      await writeFileAtomic(lockFile.absolute, text);
    } catch (error) {
      if (!isBoundverError(error)) throw error;
      acc.issues.push(`Verification error: update failed: ${error.message}`);
      return finish();
    }
    const resolved = options.failFast ? failFastIssues(acc.issues) : acc.issues;
    return finish({ updated: true, resolvedIssues: resolved });
  }
}

function checkComponent(
  config: BoundverConfig,
  component: ComponentConfig,
  current: LockComponent,
  // What the current surface knows of its re-exports (why a symbol does not resolve): the lock cannot say.
  reexports: ReexportFacts | undefined,
  lock: Lock,
  explicit: Facet[] | null,
  graph: ReadonlyMap<string, ConsumerNode>,
  transitive: boolean,
  acc: Accumulated,
): void {
  const name = component.name;
  const locked = lock.components.get(name);
  if (locked === undefined) {
    acc.issues.push(`NEW component not in lockfile: ${name}`);
    return;
  }
  for (const message of generationErrors(name, current)) acc.issues.push(`CURRENT DIGEST ERROR ${message}`);
  for (const message of generationErrors(name, locked)) acc.issues.push(`LOCKED DIGEST ERROR ${message}`);
  // A boundary the provider could not compute now (TypeScript 7 has no compiler API, say) leaves
  // its digest, status, metadata and errors unlike the lock: those follow from the one cause above
  // and would bury it, so they are folded into one observation instead of listed as mismatches.
  const boundaryFailedNow = current.boundary_status === 'error' && locked.boundary_status !== 'error' && current.fingerprints.boundary === null;
  const followsFromError: string[] = [];
  const gated = new Set(effectiveFacets(config, component, explicit));
  const required = availabilityRequired(config, component, explicit);
  const impactFacets: Facet[] = [];
  for (const facet of FACET_ORDER) {
    const lockedDigest = locked.fingerprints[facet];
    const currentDigest = current.fingerprints[facet];
    if (required && gated.has(facet) && (lockedDigest === null || currentDigest === null)) {
      acc.issues.push(`UNAVAILABLE FACET ${name}.${facet}: selected gate requires both locked and current digests`);
      continue;
    }
    if (lockedDigest === currentDigest) continue;
    if (boundaryFailedNow && facet === 'boundary') {
      followsFromError.push(`lockfile=${shortDigest(lockedDigest)} current=${shortDigest(currentDigest)}`);
      continue;
    }
    const message = `MISMATCH ${name}.${facet}: lockfile=${shortDigest(lockedDigest)} current=${shortDigest(currentDigest)}`;
    if (!gated.has(facet)) {
      acc.observations.push(message);
      continue;
    }
    acc.issues.push(message);
    if (facet === 'boundary' || facet === 'compat') {
      if (impactFacets.length === 0) {
        const line = affectedConsumersLine(graph, name, transitive);
        if (line !== null) acc.issues.push(line);
      }
      impactFacets.push(facet);
    }
  }
  if (impactFacets.length > 0) {
    const impact = affectedConsumers(graph, name, transitive);
    if (impact.components.length > 0 || impact.externalConsumers.length > 0) {
      acc.consumerImpact.push({ component: name, facets: sortFacets(impactFacets), components: impact.components, externalConsumers: impact.externalConsumers, transitive });
    }
  }
  const lockedValue = lockComponentValue(locked);
  const currentValue = lockComponentValue(current);
  for (const field of COMPONENT_METADATA_FIELDS) {
    const before = lockedValue.get(field);
    const after = currentValue.get(field);
    if (comparableJson(before) !== comparableJson(after)) {
      if (boundaryFailedNow && BOUNDARY_ERROR_FIELDS.has(field)) {
        followsFromError.push(field.slice('boundary_'.length));
        continue;
      }
      // An API-surface provider's metadata is its symbols: name what changed, not two digest maps.
      const api = field === 'boundary_metadata' ? apiSymbolChanges(before, after, reexports) : undefined;
      if (api !== undefined) {
        (gated.has('boundary') ? acc.issues : acc.observations).push(`API CHANGE ${name}: ${describeApiChanges(api)}`);
        acc.apiChanges.push({ component: name, text: `API CHANGE ${name}: ${describeApiChanges(api, Number.POSITIVE_INFINITY)}` });
      }
      else acc.issues.push(`METADATA MISMATCH ${name}.${field}: lockfile=${diagnosticRepr(before)} current=${diagnosticRepr(after)}`);
    }
  }
  // Shaped like a non-gating facet mismatch, so reports attribute it to the component's boundary.
  if (followsFromError.length > 0) {
    const [digests, ...fields] = followsFromError[0]!.startsWith('lockfile=') ? followsFromError : ['', ...followsFromError];
    const what = fields.length === 0 ? '' : ` (and its ${fields.join(', ')})`;
    acc.observations.push(`MISMATCH ${name}.boundary: ${digests === '' ? '' : `${digests} `}follows from the CURRENT DIGEST ERROR above${what}; fix that and it is compared again`);
  }
}

/** The component fields that only record how the boundary was computed: a failed computation changes them all. */
const BOUNDARY_ERROR_FIELDS: ReadonlySet<string> = new Set(['boundary_status', 'boundary_metadata', 'boundary_errors']);
