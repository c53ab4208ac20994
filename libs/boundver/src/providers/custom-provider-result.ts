import { canonicalJson } from '../hashing/canonical-json.js';
import type { BoundaryStatus } from '../hashing/digests.js';
import { BoundverError } from '../errors.js';
import type { HashEntry } from '../hashing/framing.js';
import type { JsonObject, JsonValue } from '../formats/json-value.js';
import { DEFAULT_HASH_LIMITS, MAX_VALIDATION_ISSUES, type HashLimits } from '../limits.js';
import { hasLoneSurrogate } from '../formats/string-order.js';

/** Most nesting levels of custom-provider metadata. */
export const MAX_METADATA_DEPTH = 64;
/** Most values in custom-provider metadata. */
export const MAX_METADATA_NODES = 100_000;
/** Largest canonical JSON of custom-provider metadata, in bytes. */
export const MAX_METADATA_BYTES = 1024 * 1024;
/** Longest provider error message kept, in characters. */
export const MAX_PROVIDER_ERROR_CHARS = 16 * 1024;

/** A custom provider's result after validation: safe to hash and to store. */
export interface ValidatedProviderResult {
  readonly status: BoundaryStatus;
  /** Labels as UTF-8 bytes, strictly increasing. */
  readonly entries: HashEntry[];
  readonly errors: string[];
  readonly metadata: JsonObject | null;
}

function invalid(reason: string): BoundverError {
  return new BoundverError('BOUNDVER_JSON_VALUE', `the provider returned an invalid result: ${reason}`);
}

/**
 * Validates and bounds what a custom provider returned, before anything is hashed: status,
 * errors (≤100, each ≤16 KiB), entries (label/mode/type strings, byte content, labels unique and
 * strictly increasing by UTF-8 bytes, the hash guardrails), the status contract (`ok`: entries
 * and no errors; `partial`: entries and errors; `error`: no entries) and metadata limits.
 * Throws a `BoundverError` naming the first violation.
 */
export function validateProviderResult(raw: unknown, limits: Partial<HashLimits> = {}): ValidatedProviderResult {
  const bounds = { ...DEFAULT_HASH_LIMITS, ...limits };
  if (typeof raw !== 'object' || raw === null) throw invalid('resolve() must return an object');
  const result = raw as Record<string, unknown>;
  const status = result.status;
  if (status !== 'ok' && status !== 'partial' && status !== 'error') throw invalid("status must be 'ok', 'partial' or 'error'");

  const errorsValue = result.errors ?? [];
  if (!Array.isArray(errorsValue)) throw invalid('errors must be an array of strings');
  if (errorsValue.length > MAX_VALIDATION_ISSUES) throw invalid(`more than ${MAX_VALIDATION_ISSUES} errors`);
  const errors = errorsValue.map((error, index) => {
    if (typeof error !== 'string' || error === '') throw invalid(`errors[${index}] must be a non-empty string`);
    return error.length > MAX_PROVIDER_ERROR_CHARS ? `${error.slice(0, MAX_PROVIDER_ERROR_CHARS - 3)}...` : error;
  });

  const entriesValue = result.entries ?? [];
  if (!Array.isArray(entriesValue)) throw invalid('entries must be an array');
  if (entriesValue.length > bounds.maxEntries) throw invalid(`Hash guardrail exceeded: more than ${bounds.maxEntries} entries`);
  const entries: HashEntry[] = [];
  let previous: Buffer | undefined;
  let labelBytes = 0;
  let contentBytes = 0;
  entriesValue.forEach((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null) throw invalid(`entries[${index}] must be an object`);
    const { label, mode, type, content } = entry as Record<string, unknown>;
    for (const [field, value] of [['label', label], ['mode', mode], ['type', type]] as const) {
      if (typeof value !== 'string' || value === '' || hasLoneSurrogate(value)) throw invalid(`entries[${index}].${field} must be a non-empty Unicode string`);
    }
    if (!(content instanceof Uint8Array)) throw invalid(`entries[${index}].content must be a Uint8Array (or Buffer)`);
    const encoded = Buffer.from(label as string, 'utf8');
    if (previous !== undefined && Buffer.compare(previous, encoded) >= 0) {
      throw invalid(`entries[${index}] label is not strictly greater than the previous label (labels must be unique and sorted by UTF-8 bytes)`);
    }
    if (encoded.length > bounds.maxLabelBytes) throw invalid(`Hash guardrail exceeded: label exceeds ${bounds.maxLabelBytes} UTF-8 bytes`);
    labelBytes += encoded.length;
    if (labelBytes > bounds.maxTotalLabelBytes) throw invalid(`Hash guardrail exceeded: labels exceed ${bounds.maxTotalLabelBytes} UTF-8 bytes in aggregate`);
    if (content.length > bounds.maxEntryBytes) throw invalid(`Hash guardrail exceeded: entry too large (${content.length} bytes, limit ${bounds.maxEntryBytes})`);
    contentBytes += content.length;
    if (contentBytes > bounds.maxTotalBytes) throw invalid(`Hash guardrail exceeded: total content exceeds ${bounds.maxTotalBytes} bytes`);
    previous = encoded;
    entries.push({ label: encoded, mode: mode as string, type: type as string, content });
  });

  if (status === 'ok' && (errors.length > 0 || entries.length === 0)) throw invalid("status 'ok' needs at least one entry and no errors");
  if (status === 'partial' && (errors.length === 0 || entries.length === 0)) throw invalid("status 'partial' needs at least one entry and at least one error");
  if (status === 'error' && entries.length > 0) throw invalid("status 'error' must not return entries");

  const metadata = result.metadata === undefined || result.metadata === null ? null : metadataValue(result.metadata);
  return { status, entries, errors: status === 'error' && errors.length === 0 ? ['Boundary computation failed'] : errors, metadata };
}

/**
 * Converts plain JavaScript metadata into the value model, iteratively and within the metadata
 * limits. Safe integers and bigints become integers, other finite numbers floats; anything that
 * is not JSON (functions, symbols, class instances, non-finite numbers) is rejected.
 */
function metadataValue(raw: unknown): JsonObject {
  if (!isPlainObject(raw)) throw invalid('metadata must be a plain JSON object');
  let nodes = 0;
  const root: JsonObject = new Map();
  const stack: Array<{ source: unknown; target: JsonObject | JsonValue[]; depth: number }> = [{ source: raw, target: root, depth: 0 }];
  const seen = new Set<object>([raw as object]);
  while (stack.length > 0) {
    const { source, target, depth } = stack.pop()!;
    const children: Array<[string | number, unknown]> = Array.isArray(source) ? source.map((item, index) => [index, item]) : Object.entries(source as object);
    for (const [key, child] of children) {
      nodes += 1;
      if (nodes > MAX_METADATA_NODES) throw invalid(`metadata exceeds ${MAX_METADATA_NODES} values`);
      let converted: JsonValue;
      if (child === null || typeof child === 'boolean' || typeof child === 'string' || typeof child === 'bigint') converted = child;
      else if (typeof child === 'number') {
        if (!Number.isFinite(child)) throw invalid('metadata numbers must be finite');
        converted = Number.isSafeInteger(child) ? BigInt(child) : child;
      } else if (Array.isArray(child) || isPlainObject(child)) {
        if (depth + 1 >= MAX_METADATA_DEPTH) throw invalid(`metadata is nested deeper than ${MAX_METADATA_DEPTH} levels`);
        if (seen.has(child as object)) throw invalid('metadata contains a reference cycle');
        seen.add(child as object);
        converted = Array.isArray(child) ? [] : new Map();
        stack.push({ source: child, target: converted as JsonObject | JsonValue[], depth: depth + 1 });
      } else {
        throw invalid(`metadata contains a ${typeof child} value, which is not JSON`);
      }
      if (Array.isArray(target)) target.push(converted);
      else target.set(String(key), converted);
    }
  }
  try {
    canonicalJson(root, { maxBytes: MAX_METADATA_BYTES, maxDepth: MAX_METADATA_DEPTH, maxNodes: MAX_METADATA_NODES + 1 });
  } catch (cause) {
    throw invalid(`metadata does not fit the ${MAX_METADATA_BYTES}-byte canonical JSON limit (${(cause as Error).message})`);
  }
  return root;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
