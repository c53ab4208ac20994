import { canonicalJsonBytes } from '../hashing/canonical-json.js';
import { BoundverError } from '../errors.js';
import { openApiCanonicalValue } from './openapi-canonical.js';
import { parseStrictJson } from '../formats/strict-json.js';
import { decodeUtf8Strict } from '../formats/text-decoding.js';

/** Largest canonical value one file may produce, in bytes (also capped by the entry guardrail). */
export const MAX_CANONICAL_BYTES = 50 * 1024 * 1024;

function failure(kind: 'JSON' | 'OpenAPI', label: string, cause: unknown): BoundverError {
  return new BoundverError('BOUNDVER_JSON_VALUE', `${kind} canonicalization failed for ${label}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
}

/**
 * `json-canonical` entry content: the file as strict JSON (UTF-8, no duplicate keys, no
 * NaN/Infinity, bounded numbers and trees) re-emitted as canonical JSON. `label` is the
 * component-relative path used in messages. Throws "JSON canonicalization failed for <p>: …".
 */
export function jsonCanonicalContent(bytes: Uint8Array, label: string, maxBytes = MAX_CANONICAL_BYTES): Uint8Array {
  try {
    return canonicalJsonBytes(parseStrictJson(decodeUtf8Strict(bytes, label), label), { maxBytes: Math.min(maxBytes, MAX_CANONICAL_BYTES) });
  } catch (cause) {
    throw failure('JSON', label, cause);
  }
}

/**
 * `openapi-canonical` entry content: canonical JSON of the document's contract (see
 * `openApiCanonicalValue`). Throws "OpenAPI canonicalization failed for <p>: …".
 */
export function openApiCanonicalContent(bytes: Uint8Array, label: string, maxBytes = MAX_CANONICAL_BYTES): Uint8Array {
  try {
    return canonicalJsonBytes(openApiCanonicalValue(bytes, label), { maxBytes: Math.min(maxBytes, MAX_CANONICAL_BYTES) });
  } catch (cause) {
    throw failure('OpenAPI', label, cause);
  }
}
