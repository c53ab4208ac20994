import { isJsonObject, type JsonValue } from '../formats/json-value.js';
import { MAX_CONFIG_BYTES, MAX_GIT_TAG_PREFIX_CHARS } from '../limits.js';
import { pythonStr } from '../formats/python-str.js';
import { parseStrictJson } from '../formats/strict-json.js';
import { parseStrictToml } from '../formats/strict-toml.js';
import { parseStrictYaml } from '../formats/strict-yaml.js';

/** Largest version file read, in bytes. */
export const MAX_VERSION_FILE_BYTES = MAX_CONFIG_BYTES;

const FORBIDDEN_TAG_CHARACTERS = /[\u0000-\u0020\u007f~^:?*[\\]/;

/**
 * Why `prefix` cannot prefix a git tag, or null when it can. The prefix must be literal and
 * form a valid ref once a version is appended, so only its last, still incomplete component may
 * end in `/`, `.` or `.lock`.
 */
export function validateGitTagPrefix(prefix: unknown): string | null {
  if (typeof prefix !== 'string' || prefix === '') return 'must be a non-empty string';
  if (prefix.length > MAX_GIT_TAG_PREFIX_CHARS) return `must not exceed ${MAX_GIT_TAG_PREFIX_CHARS} characters`;
  const components = prefix.split('/');
  const completed = components.slice(0, -1);
  const invalid =
    prefix.startsWith('/') ||
    prefix.startsWith('.') ||
    prefix.includes('//') ||
    prefix.includes('/.') ||
    prefix.includes('..') ||
    prefix.includes('@{') ||
    FORBIDDEN_TAG_CHARACTERS.test(prefix) ||
    completed.some((component) => component.endsWith('.lock'));
  if (!invalid) return null;
  return (
    'must be a literal prefix that forms a valid git tag once a version is appended: no whitespace, ' +
    "control characters, wildcards or backslashes, no '..' or '@{', no empty or dot-prefixed path " +
    "components, and no completed component ending in '.lock'"
  );
}

/** The version a tag carries under `prefix`: the tag minus the prefix; null when absent or empty. */
export function versionFromTag(tag: string | null, prefix: string): string | null {
  if (tag === null || !tag.startsWith(prefix)) return null;
  const version = tag.slice(prefix.length);
  return version === '' ? null : version;
}

/** Format of a version file by extension, or null when the extension is not supported. */
export function versionFileFormat(fileName: string): 'json' | 'toml' | 'yaml' | null {
  if (fileName.endsWith('.json')) return 'json';
  if (fileName.endsWith('.toml')) return 'toml';
  if (fileName.endsWith('.yaml') || fileName.endsWith('.yml')) return 'yaml';
  return null;
}

/** Walks a dotted field (`a.b.c`) through objects; undefined when any step is missing. */
export function readDottedField(document: JsonValue, field: string): JsonValue | undefined {
  let current: JsonValue | undefined = document;
  for (const key of field.split('.')) {
    if (!isJsonObject(current) || !current.has(key)) return undefined;
    current = current.get(key);
  }
  return current;
}

/**
 * The version a `{file, field}` source yields from the file's bytes: parsed by extension, the
 * dotted field converted with Python `str()`. Null when the extension is unsupported, the file is
 * too large, not UTF-8 or does not parse, or the field is missing or null.
 */
export function versionFromFile(bytes: Uint8Array, fileName: string, field: string): string | null {
  const format = versionFileFormat(fileName);
  if (format === null || bytes.length > MAX_VERSION_FILE_BYTES) return null;
  let document: JsonValue;
  try {
    if (format === 'json') document = parseStrictJson(bytes, fileName);
    else if (format === 'toml') document = parseStrictToml(bytes, fileName);
    else document = parseStrictYaml(bytes, fileName);
  } catch {
    return null;
  }
  const value = readDottedField(document, field);
  return value === undefined || value === null ? null : pythonStr(value);
}
