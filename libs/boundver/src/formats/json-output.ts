import type { JsonValue } from './json-value.js';
import { pythonJsonDumps } from './python-json.js';

/**
 * Converts a command result to the value model for JSON output. Plain objects keep their key
 * order and become maps, arrays are converted item by item, integral numbers become integers
 * (a count prints as `3`, never `3.0`), `undefined` properties are dropped. A `Map` is taken to
 * be a {@link JsonValue} already (lock entries, metadata) and is passed through untouched, so its
 * floats and big integers survive exactly.
 */
export function toOutputJson(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (value instanceof Map) return value as JsonValue;
  if (Array.isArray(value)) return value.map((item) => toOutputJson(item));
  if (typeof value === 'object') {
    const out = new Map<string, JsonValue>();
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) if (item !== undefined) out.set(key, toOutputJson(item));
    return out;
  }
  throw new TypeError(`Cannot write a ${typeof value} as JSON`);
}

/**
 * The `--format json` text of the reference CLI: one object, keys sorted by code point, 2-space
 * indent, non-ASCII written as UTF-8, LF-terminated. A path byte that is not UTF-8 shows as its
 * lone-surrogate escape (`\udcNN`), which a JSON parser gives back unchanged.
 */
export function outputJsonText(value: unknown): string {
  return `${pythonJsonDumps(toOutputJson(value), { indent: 2, sortKeys: true, maxNodes: 50_000_000, escapeLoneSurrogates: true })}\n`;
}
