import { BoundverError } from '../errors.js';
import type { JsonValue } from '../formats/json-value.js';
import { MAX_CONFIG_BYTES } from '../limits.js';
import { parseStrictJson } from '../formats/strict-json.js';
import { parseStrictToml } from '../formats/strict-toml.js';
import { parseStrictYaml } from '../formats/strict-yaml.js';

/** Config formats, chosen by file extension. */
export type ConfigFormat = 'json' | 'yaml' | 'toml';

/** The format for a config file name, or null for an unsupported extension. */
export function configFormatOf(fileName: string): ConfigFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  if (lower.endsWith('.toml')) return 'toml';
  return null;
}

/**
 * Parses config bytes by the file's extension into the value model (strict JSON, strict YAML,
 * TOML), after the 10 MiB size check. `fileName` chooses the format; `label` (default
 * `fileName`) names the file in errors, e.g. `boundary.config.json at HEAD`. Throws
 * `BOUNDVER_CONFIG_EXTENSION`, `BOUNDVER_CONFIG_TOO_LARGE`, `BOUNDVER_TEXT_ENCODING` or a
 * parse error.
 */
export function parseConfigDocument(input: string | Uint8Array, fileName: string, label: string = fileName): JsonValue {
  const format = configFormatOf(fileName);
  if (format === null) {
    throw new BoundverError(
      'BOUNDVER_CONFIG_EXTENSION',
      `Unsupported config file extension for ${label}: use .json, .yaml, .yml or .toml`,
    );
  }
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.length;
  if (size > MAX_CONFIG_BYTES) {
    throw new BoundverError(
      'BOUNDVER_CONFIG_TOO_LARGE',
      `Config file ${label} is ${size} bytes, over the ${MAX_CONFIG_BYTES}-byte limit; split or shrink it`,
    );
  }
  if (format === 'json') return parseStrictJson(input, label);
  if (format === 'yaml') return parseStrictYaml(input, label);
  return parseStrictToml(input, label);
}
