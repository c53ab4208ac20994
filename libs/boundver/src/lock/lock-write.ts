import { BoundverError } from '../errors.js';
import type { JsonObject, JsonValue } from '../formats/json-value.js';
import { MAX_LOCK_BYTES } from '../limits.js';
import { OPTIONAL_COMPONENT_FIELDS, type Lock, type LockComponent, type LockSlice } from './lock-types.js';
import { pythonJsonDumps } from '../formats/python-json.js';
import { compareCodePoints } from '../formats/string-order.js';

/** One component entry as an ordered value, exactly as the lock file writes it. */
export function lockComponentValue(component: LockComponent): JsonObject {
  const out: JsonObject = new Map<string, JsonValue>([
    ['version', component.version],
    ['path', component.path],
    ['boundary_provider', component.boundary_provider],
    ['boundary_provider_version', component.boundary_provider_version],
    ['boundary_status', component.boundary_status],
    ['consumers', [...component.consumers]],
    ['external_consumers', [...component.external_consumers]],
    [
      'fingerprints',
      new Map<string, JsonValue>([
        ['exact', component.fingerprints.exact],
        ['behavior', component.fingerprints.behavior],
        ['boundary', component.fingerprints.boundary],
        ['compat', component.fingerprints.compat],
      ]),
    ],
    [
      'semver',
      new Map<string, JsonValue>([
        ['compat_family', component.semver.compat_family],
        ['api_surface', component.semver.api_surface],
        ['exact_version', component.semver.exact_version],
      ]),
    ],
  ]);
  for (const field of OPTIONAL_COMPONENT_FIELDS) {
    const value = component[field];
    if (value === undefined) continue;
    // vendored_copies mirrors the config key even when empty; the rest appear only when non-empty.
    if (field !== 'vendored_copies' && (Array.isArray(value) ? value.length === 0 : field !== 'boundary_metadata' && value.size === 0)) continue;
    out.set(field, value instanceof Map ? new Map(value) : [...value]);
  }
  return out;
}

/** One slice entry as an ordered value (member digests sorted), exactly as the lock file writes it. */
export function lockSliceValue(slice: LockSlice): JsonObject {
  const digests: JsonObject = new Map(
    [...slice.component_digests].sort(([a], [b]) => compareCodePoints(a, b)),
  );
  return new Map<string, JsonValue>([
    ['description', slice.description],
    ['mode', slice.mode],
    ['components', [...slice.components]],
    ['fingerprint', slice.fingerprint],
    ['component_digests', digests],
  ]);
}

/** The lock as an ordered value: the exact key order of the file format. */
export function lockToJsonValue(lock: Lock): JsonObject {
  return new Map<string, JsonValue>([
    ['$schema', lock.$schema],
    ['schema', lock.schema],
    ['config_contract', lock.config_contract],
    ['config_digest', lock.config_digest],
    ['project', lock.project],
    ['components', new Map([...lock.components].map(([name, component]) => [name, lockComponentValue(component)]))],
    ['slices', new Map([...lock.slices].map(([name, slice]) => [name, lockSliceValue(slice)]))],
  ]);
}

/**
 * The lock file text, byte-identical to Python `json.dumps(lock, indent=2) + "\n"`: two-space
 * indent, `": "` and `","` separators, ASCII-only with lowercase `\uXXXX` escapes (surrogate
 * pairs for astral characters), keys in file-format order. Throws `BOUNDVER_LOCK_ENCODE` for a
 * lone surrogate and `BOUNDVER_LOCK_TOO_LARGE` past 10 MiB.
 */
export function serializeLock(lock: Lock, maxBytes: number = MAX_LOCK_BYTES): string {
  let body: string;
  try {
    body = pythonJsonDumps(lockToJsonValue(lock), { indent: 2, ensureAscii: true, maxBytes: maxBytes - 1 });
  } catch (cause) {
    if (cause instanceof BoundverError && cause.code === 'BOUNDVER_JSON_TOO_LARGE') {
      throw new BoundverError(
        'BOUNDVER_LOCK_TOO_LARGE',
        `Lock output exceeds the ${maxBytes}-byte limit; nothing was written. Reduce components, slices or metadata.`,
        { cause },
      );
    }
    if (cause instanceof BoundverError) {
      throw new BoundverError('BOUNDVER_LOCK_ENCODE', `Cannot write the lock: ${cause.message}`, { cause });
    }
    throw cause;
  }
  return `${body}\n`;
}
