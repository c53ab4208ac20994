import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Snapshot, SourceMode } from '@driftgate/git';
import { packageReexportNotes } from '../api-surface/unresolved-reexports.js';
import { canonicalJson } from '../hashing/canonical-json.js';
import { computeEntries, generationErrors } from '../engine/component-entry.js';
import { loadConfigFromSource, requireValidConfig, type LoadedConfig } from '../config/config-source.js';
import { DEFAULT_LOCK_NAME } from '../config/config-types.js';
import { createEngineContext, type EngineContext, type ProgressListener, type SnapshotNote, distinctNotes } from '../engine/engine-context.js';
import type { EngineLimits } from '../engine/engine-limits.js';
import { BoundverError, isBoundverError } from '../errors.js';
import { ensureLockOutsideComponents } from '../lock/lock-location.js';
import { readLock } from '../lock/lock-read.js';
import { LOCK_SCHEMA, LOCK_SCHEMA_URL, type Lock, type LockComponent, type LockSlice } from '../lock/lock-types.js';
import { lockComponentValue, serializeLock } from '../lock/lock-write.js';
import { captureOperationSource, readSourceFile, resolveRepoFile, type RepoFile } from '../source/operation-source.js';
import { CONFIG_CONTRACT, configDigest } from '../config/semantic-config.js';
import { computeSliceEntry, consumerGraph, sliceMembers } from '../engine/slice-entry.js';
import { compareCodePoints } from '../formats/string-order.js';
import { withDifferences, workingTreeDifference, type WorkingTreeDifference } from '../source/working-tree-difference.js';
import { writeFileAtomic } from '../source/write-file-atomic.js';

/** Options of {@link generateLock}; paths are taken relative to the repository root. */
export interface GenerateOptions {
  /** Any directory inside the repository. */
  cwd: string;
  /** Snapshot to hash. Default `head`. */
  source?: SourceMode;
  /** Config file; undefined means `boundary.config.json` with its YAML/TOML fallbacks. */
  config?: string;
  /** Lock output. Default `boundary.lock.json`. */
  out?: string;
  /** Store null slice inputs instead of failing (never relaxes digest errors). */
  allowPartial?: boolean;
  /** Compute and return the lock without writing it. */
  dryRun?: boolean;
  /** Refresh only these components; needs an existing v3 lock in the selected source. */
  components?: readonly string[];
  /** Load the config's custom providers (trusted code). */
  allowCustomProviders?: boolean;
  limits?: EngineLimits;
  onProgress?: ProgressListener;
}

/** What {@link generateLock} produced. */
export interface GenerateResult {
  readonly lock: Lock;
  /** The exact lock file text (Python `json.dumps(indent=2)` + LF). */
  readonly text: string;
  readonly source: SourceMode;
  /** HEAD commit captured by the operation (null when unborn). */
  readonly headCommit: string | null;
  readonly config: RepoFile;
  readonly out: RepoFile;
  /** False for `dryRun`. */
  readonly written: boolean;
  /** Components refreshed by a partial generation; empty for a full one. */
  readonly componentsFilter: string[];
  /** The working-tree config (and, for a partial generation, lock) when it is not the one read. */
  readonly workingTreeDifferences: WorkingTreeDifference[];
  /** Notes on the snapshot (see {@link EngineContext.notes}), one per file, sorted by file. */
  readonly notes: readonly SnapshotNote[];
}

/**
 * Computes the entries of every configured component (config order), or only those in `names`,
 * in one streamed read pass; progress is reported per file read. Entries carry their errors;
 * nothing is thrown for a digest failure.
 */
export async function computeComponentEntries(context: EngineContext, names?: ReadonlySet<string>): Promise<Map<string, LockComponent>> {
  const selected = context.config.components.filter((component) => names === undefined || names.has(component.name));
  return computeEntries(context, selected, context.onProgress);
}

/** Every generation error of the entries, `<component>: <message>`, in config order. */
export function collectGenerationErrors(entries: ReadonlyMap<string, LockComponent>): string[] {
  return [...entries].flatMap(([name, entry]) => generationErrors(name, entry));
}

/**
 * Builds the lock from computed entries: refuses any generation error ("Lockfile generation
 * failed:", `BOUNDVER_GENERATION_FAILED`; `--allow-partial` never relaxes this), then computes
 * every configured slice (`strict` refuses null behavior/boundary/compat members).
 */
export function assembleLock(context: EngineContext, entries: ReadonlyMap<string, LockComponent>, options: { strict: boolean }): Lock {
  const errors = collectGenerationErrors(entries);
  if (errors.length > 0) {
    throw new BoundverError('BOUNDVER_GENERATION_FAILED', `Lockfile generation failed:\n${errors.join('\n')}`, { details: errors });
  }
  const { config } = context;
  const graph = consumerGraph(config);
  const slices = new Map<string, LockSlice>();
  for (const slice of config.slices) slices.set(slice.name, computeSliceEntry(slice, sliceMembers(slice, graph), entries, options.strict));
  return {
    $schema: LOCK_SCHEMA_URL,
    schema: LOCK_SCHEMA,
    config_contract: CONFIG_CONTRACT,
    config_digest: configDigest(config.raw),
    project: config.project,
    components: new Map(entries),
    slices,
  };
}

/** The component entry as canonical JSON, for equality checks that ignore nothing. */
export function componentFingerprintText(entry: LockComponent): string {
  return canonicalJson(lockComponentValue(entry));
}

/**
 * A partial refresh: the full current lock re-ordered like the existing one. Every component is
 * recomputed, so refreshing a subset can never keep a stale unselected entry: if one differs from
 * the existing lock, or is missing there, the refresh is refused. Entries of components no longer
 * configured are dropped; new selected components are appended in name order.
 */
export function mergePartialLock(existing: Lock, current: Lock, selected: readonly string[]): Lock {
  const configured = new Set(current.components.keys());
  const unknown = selected.filter((name) => !configured.has(name));
  if (unknown.length > 0) {
    throw new BoundverError('BOUNDVER_USAGE', `Unknown component(s): ${unknown.join(', ')}. Use component names from the config.`);
  }
  if (existing.project !== current.project) {
    throw new BoundverError('BOUNDVER_GENERATION_FAILED', 'Cannot partially update after the project name changed. Run a full `boundver generate`.');
  }
  const chosen = new Set(selected);
  for (const [name, entry] of current.components) {
    if (chosen.has(name)) continue;
    const locked = existing.components.get(name);
    if (locked === undefined) {
      throw new BoundverError('BOUNDVER_GENERATION_FAILED', `Cannot partially generate because the existing lockfile has no entry for: ${name}. Run a full \`boundver generate\`.`);
    }
    if (componentFingerprintText(locked) !== componentFingerprintText(entry)) {
      throw new BoundverError('BOUNDVER_GENERATION_FAILED', `Cannot partially generate because unselected component '${name}' is stale. Run a full \`boundver generate\`.`);
    }
  }
  const components = new Map<string, LockComponent>();
  for (const name of existing.components.keys()) if (configured.has(name)) components.set(name, current.components.get(name)!);
  for (const name of [...chosen].sort(compareCodePoints)) if (!components.has(name)) components.set(name, current.components.get(name)!);
  return { ...current, components };
}

/**
 * `boundver generate`: captures one snapshot, reads and validates the config from it, computes
 * every component and slice, and only then writes the lock atomically (temp file + rename).
 * Throws typed errors (`BOUNDVER_*`) for anything that prevents a trustworthy lock; nothing is
 * ever half-written.
 */
export async function generateLock(options: GenerateOptions): Promise<GenerateResult> {
  const source = options.source ?? 'head';
  const snapshot = await captureOperationSource(options.cwd, source, options.limits);
  try {
    const loaded: LoadedConfig = await loadConfigFromSource(snapshot, options.config);
    const differences: WorkingTreeDifference[] = loaded.workingTree === null ? [] : [loaded.workingTree];
    try {
      return await generateFrom(snapshot, loaded, options, differences);
    } catch (error) {
      // Whatever stopped generation, an edit the snapshot does not hold may be why.
      throw isBoundverError(error) ? withDifferences(error, differences) : error;
    }
  } finally {
    await snapshot.close();
  }
}

/** generateLock after the config is loaded; `differences` collects what the working tree holds otherwise. */
async function generateFrom(snapshot: Snapshot, loaded: LoadedConfig, options: GenerateOptions, differences: WorkingTreeDifference[]): Promise<GenerateResult> {
  const source = snapshot.source;
  const config = requireValidConfig(loaded, { requireSliceFacets: !options.allowPartial });
  const out = resolveRepoFile(snapshot.root, options.out ?? DEFAULT_LOCK_NAME);
  ensureLockOutsideComponents(snapshot.root, out, loaded.file, config);
  const notes: SnapshotNote[] = [];
  const context = await createEngineContext(snapshot, config, {
    notes,
    allowCustomProviders: options.allowCustomProviders ?? false,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  const selected = [...new Set(options.components ?? [])];
  const unknown = selected.filter((name) => !config.components.some((component) => component.name === name));
  if (unknown.length > 0) {
    throw new BoundverError('BOUNDVER_USAGE', `Unknown component(s): ${unknown.join(', ')}. Use component names from the config.`);
  }
  let existing: Lock | null = null;
  if (selected.length > 0) {
    const found = await readSourceFile(snapshot, out, 'lock');
    const lockDifference = workingTreeDifference(source, out, 'lock', found?.bytes ?? null);
    if (lockDifference !== null) differences.push(lockDifference);
    if (found === null) {
      throw new BoundverError(
        'BOUNDVER_LOCK_UNAVAILABLE',
        `Cannot generate a component subset without an existing ${LOCK_SCHEMA} lockfile at ${out.display} in the ${source} source. Run a full \`boundver generate\` first.`,
      );
    }
    const read = readLock(found.bytes, { source: out.display });
    if (read.lock === null) {
      throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Cannot partially update an invalid lockfile; run a full \`boundver generate\`:\n${read.issues.join('\n')}`, {
        details: read.issues,
      });
    }
    existing = read.lock;
  }
  const entries = await computeComponentEntries(context);
  // Said when the lock is written (not on every verify): what the lock covers of a package's re-export.
  for (const [component, facts] of context.reexports) notes.push(...packageReexportNotes(component, facts.unresolved));
  const full = assembleLock(context, entries, { strict: !options.allowPartial });
  const lock = existing === null ? full : mergePartialLock(existing, full, selected);
  const text = serializeLock(lock);
  if (!options.dryRun) {
    await mkdir(dirname(out.absolute), { recursive: true });
    await writeFileAtomic(out.absolute, text);
  }
  return {
    lock,
    text,
    source,
    headCommit: snapshot.headCommit,
    config: loaded.file,
    out,
    written: !options.dryRun,
    componentsFilter: selected,
    // A written lock replaced the working-tree one, so only an unread config is left to mention.
    workingTreeDifferences: differences.filter((difference) => options.dryRun || difference.kind !== 'lock'),
    notes: distinctNotes(notes),
  };
}
