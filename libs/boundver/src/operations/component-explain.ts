import { readFileAtRevision, resolveCommit, isGitError, type Snapshot, type SourceMode } from '@driftgate/git';
import { computeComponentEntry } from '../engine/component-entry.js';
import { loadConfigFromSource, requireValidConfig } from '../config/config-source.js';
import { DEFAULT_LOCK_NAME, FACETS, availableFacets, type ComponentConfig, type Facet } from '../config/config-types.js';
import { componentChanges, type DiagnosticChanges } from './diagnostic-changes.js';
import { createEngineContext } from '../engine/engine-context.js';
import type { EngineLimits } from '../engine/engine-limits.js';
import { BoundverError, isBoundverError } from '../errors.js';
import { effectiveFacets } from '../verify/facet-policy.js';
import { MAX_LOCK_BYTES } from '../limits.js';
import { readLock } from '../lock/lock-read.js';
import type { LockComponent, LockFingerprints } from '../lock/lock-types.js';
import { captureOperationSource, readSourceFile, resolveRepoFile } from '../source/operation-source.js';
import { selectDeclaredPaths } from '../paths/select-declared-paths.js';
import { consumerGraph, sliceMembers } from '../engine/slice-entry.js';
import { sourceLabel } from '../source/source-mode.js';
import { compareCodePoints } from '../formats/string-order.js';
import { API_SYMBOLS_KEY, apiSymbolChanges, type ApiSymbolChanges } from '../api-surface/api-surface-entries.js';

/** Options of {@link explainComponent}; config and lock are read from the selected source. */
export interface ExplainOptions {
  readonly cwd: string;
  readonly component: string;
  /** Default `head`. */
  readonly source?: SourceMode;
  readonly config?: string;
  /** Default `boundary.lock.json`. */
  readonly lock?: string;
  /** Also say what changed since this revision: files under the component, and its lock entry then and now. */
  readonly baseRef?: string;
  readonly allowCustomProviders?: boolean;
  readonly limits?: EngineLimits;
}

/** Declared paths and the files of the snapshot they select (repository-relative, sorted). */
export interface ExplainedSelection {
  /** As configured (component-relative); null when the provider or facet declares none. */
  readonly declared: string[] | null;
  /** Selected files; empty when nothing is declared. */
  readonly files: string[];
  /** Why the declaration selects nothing usable, one line each; empty when it is fine. */
  readonly errors: string[];
}

/** One facet of the lock entry. */
export interface ExplainedFacet {
  readonly facet: Facet;
  /** Locked digest (64 hex), or null when the component cannot supply it. */
  readonly locked: string | null;
  /** Recomputed from the snapshot. */
  readonly current: string | null;
  /** The component's declarations can produce it. */
  readonly available: boolean;
  /** Its policy (verify_facets, defaults, or every available facet) gates it. */
  readonly gated: boolean;
}

/** What changed since `--base-ref`. */
export interface ExplainedSince {
  readonly ref: string;
  readonly commit: string;
  /** Files under the component changed between that commit and the source. */
  readonly files: DiagnosticChanges;
  /** The component's lock entry at that commit: null when its lock did not have it (or had no lock). */
  readonly lockedThen: { readonly version: string | null; readonly fingerprints: LockFingerprints } | null;
  /** Facets whose locked digest differs between then and now, in facet order. */
  readonly facetsChanged: Facet[];
  /** For an API-surface provider, the exported symbols added, removed and changed between then and now; else null. */
  readonly apiChanges: ApiSymbolChanges | null;
}

/** A component's lock entry, for a person: what it is made of and where each part comes from. */
export interface ExplainResult {
  readonly component: string;
  readonly path: string;
  readonly source: SourceMode;
  /** `<selector>:<path>` of the config and lock read. */
  readonly configInput: string;
  readonly lockInput: string;
  /** Tracked files of the component in the snapshot: what `exact` hashes. */
  readonly trackedFiles: number;
  readonly version: string | null;
  /** Where the version comes from, in words, or null. */
  readonly versionSource: string | null;
  readonly compatFamily: string | null;
  readonly provider: string;
  readonly providerVersion: string | null;
  readonly boundary: ExplainedSelection;
  readonly behavior: ExplainedSelection;
  /** Exported symbols an API-surface provider recorded (`<entry>#<name>`), or null for other providers. */
  readonly apiSymbols: string[] | null;
  readonly facets: ExplainedFacet[];
  readonly consumers: string[];
  readonly externalConsumers: string[];
  /** Slices the component is a member of, with their mode. */
  readonly slices: Array<{ readonly name: string; readonly mode: Facet }>;
  /** Facets whose current digest differs from the locked one. */
  readonly drifted: Facet[];
  readonly since: ExplainedSince | null;
}

function selector(snapshot: Snapshot): string {
  if (snapshot.source === 'head') return `HEAD@${snapshot.headCommit ?? 'unborn'}`;
  return snapshot.source === 'index' ? 'INDEX' : 'WORKING-TREE';
}

function selection(declared: readonly string[] | null, component: ComponentConfig, candidates: readonly string[]): ExplainedSelection {
  if (declared === null || declared.length === 0) return { declared: declared === null ? null : [], files: [], errors: [] };
  const selected = selectDeclaredPaths(declared, candidates);
  const prefix = component.path === '' || component.path === '.' ? '' : `${component.path.replace(/\/$/, '')}/`;
  return selected.ok ? { declared: [...declared], files: selected.paths.map((path) => `${prefix}${path}`), errors: [] } : { declared: [...declared], files: [], errors: selected.errors };
}

function symbolsOf(entry: LockComponent): string[] | null {
  const symbols = entry.boundary_metadata?.get(API_SYMBOLS_KEY);
  return symbols instanceof Map ? [...symbols.keys()].sort(compareCodePoints) : null;
}

async function lockedAt(root: string, commit: string, lockPath: string | null, name: string): Promise<LockComponent | null> {
  if (lockPath === null) return null;
  const bytes = await readFileAtRevision(root, commit, lockPath, { maxBytes: MAX_LOCK_BYTES });
  if (bytes === null) return null;
  return readLock(bytes, { source: `${lockPath} at ${commit}` }).lock?.components.get(name) ?? null;
}

/**
 * `boundver explain <component>`: what the component's lock entry is made of: its files, version
 * and where it comes from, boundary provider with the declared paths and the files they select,
 * behavior paths likewise, each facet's locked and current digest with whether it is available and
 * gated, consumers, slices; with `baseRef`, the files changed since that revision and how the
 * locked entry then differs from now. Throws `BOUNDVER_*` (exit 2) for an unknown component, a
 * missing or invalid config or lock, or a revision that names no commit.
 */
export async function explainComponent(options: ExplainOptions): Promise<ExplainResult> {
  if (options.baseRef !== undefined && (options.baseRef === '' || options.baseRef.trimStart().startsWith('-'))) {
    throw new BoundverError('BOUNDVER_USAGE', `Invalid --base-ref ${JSON.stringify(options.baseRef)}: pass a branch, tag or commit.`);
  }
  const snapshot = await captureOperationSource(options.cwd, options.source ?? 'head', options.limits);
  try {
    const loaded = await loadConfigFromSource(snapshot, options.config);
    const config = requireValidConfig(loaded, { requireSliceFacets: false });
    const component = config.components.find((candidate) => candidate.name === options.component);
    if (component === undefined) {
      throw new BoundverError('BOUNDVER_USAGE', `Unknown component '${options.component}'. Known components: ${config.components.map((c) => c.name).sort(compareCodePoints).join(', ')}.`);
    }
    const lockFile = resolveRepoFile(snapshot.root, options.lock ?? DEFAULT_LOCK_NAME);
    const found = await readSourceFile(snapshot, lockFile, 'lock');
    if (found === null) throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Lockfile ${lockFile.display} is not in the ${sourceLabel(snapshot.source)} snapshot; run \`boundver generate\` (and commit or stage the lock), or pass --source working-tree.`);
    const read = readLock(found.bytes, { source: lockFile.display });
    if (read.lock === null) throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Lockfile ${lockFile.display} is invalid; regenerate it with \`boundver generate\`:\n${read.issues.map((issue) => `  - ${issue}`).join('\n')}`);
    const locked = read.lock.components.get(component.name);
    if (locked === undefined) throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Component '${component.name}' is not in ${lockFile.display}; run \`boundver generate\` first.`);

    const context = await createEngineContext(snapshot, { ...config, components: [component] }, {
      allowCustomProviders: options.allowCustomProviders ?? false,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    });
    const current = await computeComponentEntry(context, component);
    const entries = snapshot.list(component.path === '.' ? '' : component.path);
    const base = component.path === '' || component.path === '.' ? '' : `${component.path.replace(/\/$/, '')}/`;
    const candidates = entries.map((entry) => entry.path.slice(base.length));
    const available = new Set(availableFacets(component));
    const gated = new Set(effectiveFacets(config, component, null));
    const facets = FACETS.map((facet) => ({ facet, locked: locked.fingerprints[facet], current: current.fingerprints[facet], available: available.has(facet), gated: gated.has(facet) }));
    const graph = consumerGraph(config);
    const slices = config.slices.filter((slice) => sliceMembers(slice, graph).includes(component.name)).map((slice) => ({ name: slice.name, mode: slice.mode }));
    const source = component.versionSource;

    let since: ExplainedSince | null = null;
    if (options.baseRef !== undefined) {
      let commit: string;
      try {
        commit = (await resolveCommit(snapshot.root, options.baseRef, 'base revision')).commit;
      } catch (error) {
        if (!isGitError(error)) throw error;
        throw new BoundverError('BOUNDVER_USAGE', `--base-ref: ${error.message}`, { cause: error });
      }
      const then = await lockedAt(snapshot.root, commit, lockFile.relative, component.name).catch((error: unknown) => {
        if (isGitError(error) || isBoundverError(error)) return null;
        throw error;
      });
      since = {
        ref: options.baseRef,
        commit,
        files: await componentChanges(snapshot, { componentName: component.name, componentPath: component.path, baseRef: commit, lockPath: lockFile.relative, locked }),
        lockedThen: then === null ? null : { version: then.version, fingerprints: then.fingerprints },
        facetsChanged: then === null ? [] : FACETS.filter((facet) => then.fingerprints[facet] !== locked.fingerprints[facet]),
        apiChanges: then === null ? null : (apiSymbolChanges(then.boundary_metadata, locked.boundary_metadata) ?? null),
      };
    }
    return {
      component: component.name,
      path: component.path,
      source: snapshot.source,
      configInput: `${selector(snapshot)}:${loaded.file.display}`,
      lockInput: `${selector(snapshot)}:${lockFile.display}`,
      trackedFiles: entries.length,
      version: locked.version,
      versionSource: source === null ? null : source.kind === 'file' ? `${base}${source.file} field ${source.field}` : `git tags ${source.gitTagPrefix}<version>`,
      compatFamily: locked.semver.compat_family,
      provider: locked.boundary_provider,
      providerVersion: locked.boundary_provider_version,
      boundary: selection(component.boundary.paths, component, candidates),
      behavior: selection(component.behaviorPaths, component, candidates),
      apiSymbols: symbolsOf(locked),
      facets,
      consumers: [...locked.consumers],
      externalConsumers: [...locked.external_consumers],
      slices,
      drifted: FACETS.filter((facet) => locked.fingerprints[facet] !== current.fingerprints[facet]),
      since,
    };
  } finally {
    await snapshot.close();
  }
}
