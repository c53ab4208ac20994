import type { JsonValue } from '../formats/json-value.js';
import { pythonJsonDumps } from '../formats/python-json.js';

/** Limits for {@link canonicalJson}. */
export interface CanonicalJsonOptions {
  /** Stop with an error once the UTF-8 output would exceed this many bytes. */
  maxBytes?: number;
  /** Deepest level allowed (root = 0). Default 128. */
  maxDepth?: number;
  /** Most values allowed. Default 100,000. */
  maxNodes?: number;
}

/**
 * Canonical JSON: Python `json.dumps(v, sort_keys=True, separators=(",", ":"),
 * ensure_ascii=False)`. Keys by code point, raw UTF-8, only the mandatory escapes, integers in
 * decimal, floats as Python `repr`. Used for slice fingerprints, the config digest and the
 * canonical providers.
 */
export function canonicalJson(value: JsonValue, options: CanonicalJsonOptions = {}): string {
  return pythonJsonDumps(value, { ...options, sortKeys: true, ensureAscii: false, separators: [',', ':'] });
}

/** {@link canonicalJson} as UTF-8 bytes. */
export function canonicalJsonBytes(value: JsonValue, options: CanonicalJsonOptions = {}): Uint8Array {
  return Buffer.from(canonicalJson(value, options), 'utf8');
}
