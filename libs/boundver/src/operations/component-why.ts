import type { Snapshot, SourceMode } from '@driftgate/git';
import { type ApiSymbolChanges, apiSymbolChanges } from '../api-surface/api-surface-entries.js';
import { comparableJson } from '../formats/comparable-json.js';
import { computeComponentEntry, generationErrors } from '../engine/component-entry.js';
import { loadConfigFromSource, requireValidConfig, type LoadedConfig } from '../config/config-source.js';
import { DEFAULT_LOCK_NAME, FACETS, type Facet } from '../config/config-types.js';
import { affectedConsumers, type AffectedConsumers } from '../config/consumers.js';
import { componentChanges, type DiagnosticChanges } from './diagnostic-changes.js';
import { createEngineContext } from '../engine/engine-context.js';
import type { EngineLimits } from '../engine/engine-limits.js';
import { BoundverError, isBoundverError } from '../errors.js';
import { effectiveFacets } from '../verify/facet-policy.js';
import type { JsonValue } from '../formats/json-value.js';
import { summarizeChange } from '../lock/lock-diff.js';
import { readLock } from '../lock/lock-read.js';
import { COMPONENT_METADATA_FIELDS, type LockFingerprints } from '../lock/lock-types.js';
import { lockComponentValue } from '../lock/lock-write.js';
import { captureOperationSource, readSourceFile, resolveRepoFile } from '../source/operation-source.js';
import { consumerGraph } from '../engine/slice-entry.js';
import { sourceLabel } from '../source/source-mode.js';
import { compareCodePoints } from '../formats/string-order.js';
import { boundDiagnostics } from '../verify/verify-issues.js';
import { withDifferences, workingTreeDifference, type WorkingTreeDifference } from '../source/working-tree-difference.js';

/** Options of {@link whyComponent}; config and lock are read from the selected source. */
export interface WhyOptions {
  cwd: string;
  component: string;
  /** Default `head`. */
  source?: SourceMode;
  /** Config file; undefined means `boundary.config.json` with its fallbacks. */
  config?: string;
  /** Lock file. Default `boundary.lock.json`. */
  lock?: string;
  /** Revision the changed files are listed against; default see `componentChanges`. */
  baseRef?: string;
  /** Affected consumers over the transitive closure. */
  transitive?: boolean;
  allowCustomProviders?: boolean;
  limits?: EngineLimits;
}

/** A facet digest before (lock) and now (current), each 64 hex or null. */
export interface FacetChange {
  readonly locked: string | null;
  readonly current: string | null;
}

/** A metadata field before and now; an absent optional field is null. */
export interface MetadataChange {
  readonly locked: JsonValue;
  readonly current: JsonValue;
}

/** Why a component's lock entry is (or is not) out of date. */
export interface WhyResult {
  readonly component: string;
  readonly path: string;
  readonly source: SourceMode;
  /** `<selector>:<path>` of the config and lock read (selector `HEAD@<oid>`, `INDEX`, `WORKING-TREE`). */
  readonly configInput: string;
  readonly lockInput: string;
  /** Current version, else the locked one. */
  readonly version: string | null;
  /** A gated facet, any metadata field or a digest error differs: the lock needs an update. */
  readonly drifted: boolean;
  /** Anything differs, gated or not. */
  readonly observedDrift: boolean;
  /** Facets whose digest changed, in facet order. */
  readonly changes: Partial<Record<Facet, FacetChange>>;
  /** Facets the component's policy gates (sorted). */
  readonly gatedFacets: Facet[];
  readonly gatedChanges: Facet[];
  readonly nonGatingChanges: Facet[];
  /** Metadata fields that differ, in verify's order. */
  readonly metadataChanges: Record<string, MetadataChange>;
  /**
   * For an API-surface provider (`typescript-api`, `signatures`): the exported symbols added,
   * removed and changed since the lock, as `<entry>#<name>`; absent for other providers.
   */
  readonly apiChanges?: ApiSymbolChanges;
  /** Generation errors of the current (`current …`) and the locked (`locked …`) entry, bounded. */
  readonly digestErrors: string[];
  /** The kind of change in words; '' when nothing differs. */
  readonly summary: string;
  readonly lockedFingerprints: LockFingerprints;
  readonly currentFingerprints: LockFingerprints;
  /** Files changed since the diagnostic base (run only when a facet changed). */
  readonly changedFiles: DiagnosticChanges;
  /** The component's boundary declarations as configured. */
  readonly boundaryPaths: string[];
  /** Downstream components and external labels reached by a boundary or compat change (empty otherwise). */
  readonly affected: AffectedConsumers;
  readonly transitive: boolean;
  /** 0 current (or only non-gating drift), 1 drifted. */
  readonly exitCode: 0 | 1;
  /** The working-tree config and lock where they are not the ones read (head/index only). */
  readonly workingTreeDifferences: WorkingTreeDifference[];
}

function selector(snapshot: Snapshot): string {
  if (snapshot.source === 'head') return `HEAD@${snapshot.headCommit ?? 'unborn'}`;
  return snapshot.source === 'index' ? 'INDEX' : 'WORKING-TREE';
}

/**
 * `boundver why`: recomputes one component from a single snapshot and compares it with its lock
 * entry: which facets changed (gated or not by the component's policy), which metadata, which
 * digest errors, what kind of change it is, the files that changed since the diagnostic base,
 * and the consumers a boundary/compat change reaches. An unknown component, a missing or invalid
 * config or lock, or a component absent from the lock throws (`BOUNDVER_*`, exit 2).
 */
export async function whyComponent(options: WhyOptions): Promise<WhyResult> {
  if (options.baseRef !== undefined && (options.baseRef === '' || options.baseRef.trimStart().startsWith('-'))) {
    throw new BoundverError('BOUNDVER_USAGE', `Invalid --base-ref ${JSON.stringify(options.baseRef)}: pass a branch, tag or commit.`);
  }
  const snapshot = await captureOperationSource(options.cwd, options.source ?? 'head', options.limits);
  try {
    const loaded = await loadConfigFromSource(snapshot, options.config);
    const differences: WorkingTreeDifference[] = loaded.workingTree === null ? [] : [loaded.workingTree];
    try {
      return await explain(snapshot, loaded, options, differences);
    } catch (error) {
      // An unknown component or a missing lock entry is often an edit the snapshot does not hold.
      throw isBoundverError(error) ? withDifferences(error, differences) : error;
    }
  } finally {
    await snapshot.close();
  }
}

/** whyComponent after the config is loaded; `differences` collects what the working tree holds otherwise. */
async function explain(snapshot: Snapshot, loaded: LoadedConfig, options: WhyOptions, differences: WorkingTreeDifference[]): Promise<WhyResult> {
  const config = requireValidConfig(loaded, { requireSliceFacets: false });
  const lockFile = resolveRepoFile(snapshot.root, options.lock ?? DEFAULT_LOCK_NAME);
  const found = await readSourceFile(snapshot, lockFile, 'lock');
  const lockDifference = workingTreeDifference(snapshot.source, lockFile, 'lock', found?.bytes ?? null);
  if (lockDifference !== null) differences.push(lockDifference);
  if (found === null) {
    throw new BoundverError(
      'BOUNDVER_LOCK_UNAVAILABLE',
      `Lockfile ${lockFile.display} is not in the ${sourceLabel(snapshot.source)} ${snapshot.source === 'working-tree' ? '' : 'snapshot '}— run \`boundver generate\` first${snapshot.source === 'working-tree' ? '' : ' and commit or stage the lock, or pass --source working-tree'}.`,
    );
  }
  const read = readLock(found.bytes, { source: lockFile.display });
  if (read.lock === null) {
    throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Lockfile ${lockFile.display} is invalid; regenerate it with \`boundver generate\`:\n${read.issues.map((issue) => `  - ${issue}`).join('\n')}`, {
      details: read.issues,
    });
  }
  const name = options.component;
  const component = config.components.find((candidate) => candidate.name === name);
  if (component === undefined) {
    const known = config.components.map((candidate) => candidate.name).sort(compareCodePoints);
    throw new BoundverError('BOUNDVER_USAGE', `Unknown component '${name}'. Known components: ${known.join(', ')}.`);
  }
  const locked = read.lock.components.get(name);
  if (locked === undefined) {
    throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Component '${name}' is not in the lockfile ${lockFile.display} — run \`boundver generate\` first.`);
  }
  // Only this component is computed: tag prefixes of the others are not resolved either.
  const context = await createEngineContext(snapshot, { ...config, components: [component] }, {
    allowCustomProviders: options.allowCustomProviders ?? false,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
  const current = await computeComponentEntry(context, component);

  const changes: Partial<Record<Facet, FacetChange>> = {};
  for (const facet of FACETS) {
    if (locked.fingerprints[facet] !== current.fingerprints[facet]) changes[facet] = { locked: locked.fingerprints[facet], current: current.fingerprints[facet] };
  }
  const changed = FACETS.filter((facet) => changes[facet] !== undefined);
  const lockedValue = lockComponentValue(locked);
  const currentValue = lockComponentValue(current);
  const metadataChanges: Record<string, MetadataChange> = {};
  for (const field of COMPONENT_METADATA_FIELDS) {
    const before = lockedValue.get(field) ?? null;
    const after = currentValue.get(field) ?? null;
    if (comparableJson(before) !== comparableJson(after)) metadataChanges[field] = { locked: before, current: after };
  }
  const digestErrors = boundDiagnostics([
    ...generationErrors(name, current).map((message) => `current ${message}`),
    ...generationErrors(name, locked).map((message) => `locked ${message}`),
  ]);
  const gatedFacets = effectiveFacets(config, component, null);
  const gatedChanges = changed.filter((facet) => gatedFacets.includes(facet)).sort(compareCodePoints);
  const nonGatingChanges = changed.filter((facet) => !gatedFacets.includes(facet)).sort(compareCodePoints);
  const apiChanges = apiSymbolChanges(lockedValue.get('boundary_metadata'), currentValue.get('boundary_metadata'), context.reexports.get(component.name));
  const hasMetadata = Object.keys(metadataChanges).length > 0;
  const drifted = gatedChanges.length > 0 || hasMetadata || digestErrors.length > 0;
  const summary =
    changed.length > 0
      ? summarizeChange(changed, locked.fingerprints, current.fingerprints)
      : digestErrors.length > 0
        ? 'fingerprint computation failed'
        : hasMetadata
          ? 'component metadata changed'
          : '';
  const changedFiles: DiagnosticChanges =
    changed.length > 0
      ? await componentChanges(snapshot, { componentName: name, componentPath: component.path, baseRef: options.baseRef ?? null, lockPath: lockFile.relative, locked })
      : { status: 'not-run', files: [], error: null, base: null, origin: null };
  const transitive = options.transitive === true;
  const reaches = changed.includes('boundary') || changed.includes('compat');
  return {
    component: name,
    path: component.path,
    source: snapshot.source,
    configInput: `${selector(snapshot)}:${loaded.file.display}`,
    lockInput: `${selector(snapshot)}:${lockFile.display}`,
    version: current.version ?? locked.version,
    drifted,
    observedDrift: changed.length > 0 || hasMetadata || digestErrors.length > 0,
    changes,
    gatedFacets,
    gatedChanges,
    nonGatingChanges,
    metadataChanges,
    ...(apiChanges === undefined ? {} : { apiChanges }),
    digestErrors,
    summary,
    lockedFingerprints: locked.fingerprints,
    currentFingerprints: current.fingerprints,
    changedFiles,
    boundaryPaths: [...(component.boundary.paths ?? [])],
    affected: reaches ? affectedConsumers(consumerGraph(config), name, transitive) : { components: [], externalConsumers: [] },
    transitive,
    exitCode: drifted ? 1 : 0,
    workingTreeDifferences: [...differences],
  };
}
