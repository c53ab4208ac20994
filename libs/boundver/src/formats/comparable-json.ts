import type { JsonValue } from './json-value.js';
import { pythonJsonDumps } from './python-json.js';

/**
 * A value as text for comparing two values, never for hashing: canonical JSON, except that lone
 * surrogates (a Git path byte that is not UTF-8, say in a digest error) are escaped instead of
 * refused. `undefined` compares as `null`.
 */
export function comparableJson(value: JsonValue | undefined): string {
  return value === undefined ? 'null' : pythonJsonDumps(value, { sortKeys: true, separators: [',', ':'], escapeLoneSurrogates: true });
}
