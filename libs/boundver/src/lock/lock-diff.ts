import { resolve } from 'node:path';
import { canonicalJson } from '../hashing/canonical-json.js';
import { FACETS, type Facet } from '../config/config-types.js';
import { BoundverError } from '../errors.js';
import type { JsonValue } from '../formats/json-value.js';
import { MAX_LOCK_BYTES } from '../limits.js';
import { readLock } from './lock-read.js';
import { COMPONENT_METADATA_FIELDS, type Lock, type LockFingerprints } from './lock-types.js';
import { lockComponentValue, lockSliceValue } from './lock-write.js';
import { readDiskFile } from '../source/operation-source.js';
import { CONFIG_CONTRACT } from '../config/semantic-config.js';
import { compareCodePoints } from '../formats/string-order.js';

/** The semantic-config contracts `diff` accepts: the current one and its predecessor (read-only history). */
export const DIFFABLE_CONFIG_CONTRACTS: readonly string[] = [CONFIG_CONTRACT, 'boundver-semantic-config/v1'];

/** One changed value: before and after. Absent optional fields are null. */
export interface ValueChange<T = JsonValue> {
  readonly old: T;
  readonly new: T;
}

/** A component present in only one lock. */
export interface ComponentPresence {
  readonly name: string;
  readonly version: string | null;
}

export interface ComponentChange {
  readonly name: string;
  readonly old_version: string | null;
  readonly new_version: string | null;
  /** Facets whose digest differs, in facet order (exact, behavior, boundary, compat). */
  readonly changed_facets: Partial<Record<Facet, ValueChange<string | null>>>;
  /** Persisted metadata fields that differ, in verify's metadata order. */
  readonly changed_metadata: Record<string, ValueChange>;
  /** What kind of change this is, in words. */
  readonly summary: string;
}

/** A slice present in only one lock. */
export interface SlicePresence {
  readonly name: string;
  readonly fingerprint: string;
}

export interface SliceChange {
  readonly name: string;
  readonly old: string;
  readonly new: string;
  /** Non-fingerprint slice fields that differ, by field name. */
  readonly changed_metadata: Record<string, ValueChange>;
}

/**
 * The informational difference of two locks (the reference's `diff` JSON): lock-level metadata,
 * then components and slices, each added / removed / changed / unchanged, sorted by name.
 */
export interface LockDiff {
  readonly changed_metadata: Partial<Record<'project' | 'config_contract' | 'config_digest', ValueChange<string>>>;
  readonly components: {
    readonly added: ComponentPresence[];
    readonly removed: ComponentPresence[];
    readonly changed: ComponentChange[];
    readonly unchanged: string[];
  };
  readonly slices: {
    readonly added: SlicePresence[];
    readonly removed: SlicePresence[];
    readonly changed: SliceChange[];
    readonly unchanged: string[];
  };
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined): boolean => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/**
 * Names the kind of a component change from its changed facets, saying which declared artifacts
 * stayed the same (a facet neither side has is "not declared"): implementation-only, behavioral,
 * boundary, or a compatibility-family (breaking-policy) change.
 */
export function summarizeChange(changed: readonly Facet[], before: LockFingerprints | null, after: LockFingerprints | null): string {
  const available = new Set(FACETS.filter((facet) => (before !== null && before[facet] !== null) || (after !== null && after[facet] !== null)));
  const set = new Set(changed);
  if (changed.length === 1 && set.has('exact')) {
    const unchanged = (['behavior', 'boundary'] as const).filter((facet) => available.has(facet));
    const absent = (['behavior', 'boundary'] as const).filter((facet) => !available.has(facet));
    const detail =
      absent.length === 0
        ? 'declared behavior and boundary artifacts are unchanged'
        : unchanged.length > 0
          ? `declared ${unchanged[0]} artifact is unchanged; no ${absent[0]} artifact is declared`
          : 'no behavior or boundary artifact is declared';
    return `implementation-only by declaration: exact content changed; ${detail}`;
  }
  if (set.size === 2 && set.has('exact') && set.has('behavior')) {
    return `behavioral artifacts changed; ${available.has('boundary') ? 'declared boundary artifact is unchanged' : 'no boundary artifact is declared'}`;
  }
  if (set.has('boundary') && !set.has('compat')) {
    return `declared boundary changed; ${available.has('compat') ? 'compatibility family is unchanged' : 'no compatibility identity is declared'}`;
  }
  if (set.has('compat')) return 'BREAKING-policy signal: declared compatibility family changed';
  return `changed: ${changed.join(', ')}`;
}

/** Compares two locks. Pure; both must already be structurally valid. */
export function diffLocks(before: Lock, after: Lock): LockDiff {
  const changedMetadata: LockDiff['changed_metadata'] = {};
  for (const field of ['project', 'config_contract', 'config_digest'] as const) {
    if (before[field] !== after[field]) changedMetadata[field] = { old: before[field], new: after[field] };
  }
  const components: LockDiff['components'] = { added: [], removed: [], changed: [], unchanged: [] };
  const names = [...new Set([...before.components.keys(), ...after.components.keys()])].sort(compareCodePoints);
  for (const name of names) {
    const old = before.components.get(name);
    const current = after.components.get(name);
    if (old === undefined) {
      components.added.push({ name, version: current!.version });
      continue;
    }
    if (current === undefined) {
      components.removed.push({ name, version: old.version });
      continue;
    }
    const facets: ComponentChange['changed_facets'] = {};
    for (const facet of FACETS) if (old.fingerprints[facet] !== current.fingerprints[facet]) facets[facet] = { old: old.fingerprints[facet], new: current.fingerprints[facet] };
    const oldValue = lockComponentValue(old);
    const newValue = lockComponentValue(current);
    const metadata: Record<string, ValueChange> = {};
    for (const field of COMPONENT_METADATA_FIELDS) {
      if (!same(oldValue.get(field), newValue.get(field))) metadata[field] = { old: oldValue.get(field) ?? null, new: newValue.get(field) ?? null };
    }
    const changedFacets = Object.keys(facets) as Facet[];
    if (changedFacets.length === 0 && Object.keys(metadata).length === 0) {
      components.unchanged.push(name);
      continue;
    }
    components.changed.push({
      name,
      old_version: old.version,
      new_version: current.version,
      changed_facets: facets,
      changed_metadata: metadata,
      summary: changedFacets.length > 0 ? summarizeChange(changedFacets, old.fingerprints, current.fingerprints) : 'component metadata changed',
    });
  }
  const slices: LockDiff['slices'] = { added: [], removed: [], changed: [], unchanged: [] };
  const sliceNames = [...new Set([...before.slices.keys(), ...after.slices.keys()])].sort(compareCodePoints);
  for (const name of sliceNames) {
    const old = before.slices.get(name);
    const current = after.slices.get(name);
    if (old === undefined) {
      slices.added.push({ name, fingerprint: current!.fingerprint });
      continue;
    }
    if (current === undefined) {
      slices.removed.push({ name, fingerprint: old.fingerprint });
      continue;
    }
    const oldValue = lockSliceValue(old);
    const newValue = lockSliceValue(current);
    const metadata: Record<string, ValueChange> = {};
    for (const field of [...new Set([...oldValue.keys(), ...newValue.keys()])].filter((key) => key !== 'fingerprint').sort(compareCodePoints)) {
      if (!same(oldValue.get(field), newValue.get(field))) metadata[field] = { old: oldValue.get(field) ?? null, new: newValue.get(field) ?? null };
    }
    if (old.fingerprint === current.fingerprint && Object.keys(metadata).length === 0) slices.unchanged.push(name);
    else slices.changed.push({ name, old: old.fingerprint, new: current.fingerprint, changed_metadata: metadata });
  }
  return { changed_metadata: changedMetadata, components, slices };
}

/** Options of {@link diffLockFiles}; both paths are taken relative to `cwd`. */
export interface DiffLockFilesOptions {
  cwd: string;
  old: string;
  new: string;
}

/**
 * `boundver diff`: reads two lock files from disk (no repository needed), validates both (v3;
 * semantic-config v2, or v1 for history) and compares them. A missing or invalid lock throws
 * `BOUNDVER_LOCK_UNAVAILABLE` with every `LOCKFILE` issue.
 */
export function diffLockFiles(options: DiffLockFilesOptions): LockDiff {
  const read = (label: 'old' | 'new', path: string): Lock => {
    const absolute = resolve(options.cwd, path);
    const bytes = readDiskFile(absolute, MAX_LOCK_BYTES + 1);
    if (bytes === null) throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `The ${label} lockfile was not found: ${path}. Pass the path of an existing boundary.lock.json.`);
    const result = readLock(bytes, { source: path, acceptedConfigContracts: DIFFABLE_CONFIG_CONTRACTS });
    if (result.lock === null) {
      throw new BoundverError('BOUNDVER_LOCK_UNAVAILABLE', `Invalid ${label} lockfile ${path}; regenerate it with \`boundver generate\` before diffing:\n${result.issues.map((issue) => `  - ${issue}`).join('\n')}`, {
        details: result.issues,
      });
    }
    return result.lock;
  };
  return diffLocks(read('old', options.old), read('new', options.new));
}
