import { canonicalJson } from '../hashing/canonical-json.js';
import { normalizePosixPath } from '../paths/declared-path.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../formats/json-value.js';
import { sha256Hex } from '../hashing/sha256.js';
import { compareCodePoints } from '../formats/string-order.js';

/** The semantic configuration contract a v3 lock records. */
export const CONFIG_CONTRACT = 'boundver-semantic-config/v2';

const HANDLED_COMPONENT_KEYS = new Set([
  'path',
  'boundary',
  'behavior',
  'version_source',
  'vendored_copies',
  'consumers',
  'external_consumers',
  'verify_facets',
  'ecosystem',
  'note',
]);

/** `sorted()` as the reference applies it: by each item's canonical JSON, stable. */
function sortedByCanonical(items: readonly JsonValue[]): JsonValue[] {
  return items
    .map((item) => ({ item, key: canonicalJson(item) }))
    .sort((a, b) => compareCodePoints(a.key, b.key))
    .map(({ item }) => item);
}

function normalizedPaths(value: JsonValue | undefined): JsonValue {
  if (!Array.isArray(value)) return value ?? null;
  return sortedByCanonical(value.map((path) => (typeof path === 'string' ? normalizePosixPath(path) : path)));
}

/** `mapping.get(key, fallback)` where an explicit null also takes the fallback. */
function valueOr(object: JsonObject, key: string, fallback: JsonValue): JsonValue {
  const value = object.get(key);
  return value === undefined || value === null ? fallback : value;
}

function semanticComponent(component: JsonValue): JsonValue {
  if (!isJsonObject(component)) return component;
  const out: JsonObject = new Map();
  for (const [key, value] of component) if (!HANDLED_COMPONENT_KEYS.has(key)) out.set(key, value);
  out.set('path', typeof component.get('path') === 'string' ? normalizePosixPath(component.get('path') as string) : valueOr(component, 'path', null));

  const boundaryValue = valueOr(component, 'boundary', new Map());
  if (isJsonObject(boundaryValue)) {
    const boundary: JsonObject = new Map();
    for (const [key, value] of boundaryValue) {
      if (key === 'note') continue;
      boundary.set(key, key === 'paths' ? normalizedPaths(value) : value);
    }
    out.set('boundary', boundary);
  } else {
    out.set('boundary', boundaryValue);
  }

  const behaviorValue = valueOr(component, 'behavior', null);
  if (isJsonObject(behaviorValue)) {
    const behavior: JsonObject = new Map();
    for (const [key, value] of behaviorValue) behavior.set(key, key === 'paths' ? normalizedPaths(value) : value);
    out.set('behavior', behavior);
  } else {
    out.set('behavior', behaviorValue);
  }

  out.set('version_source', valueOr(component, 'version_source', null));
  out.set('vendored_copies', normalizedPaths(valueOr(component, 'vendored_copies', [])));
  for (const key of ['consumers', 'external_consumers']) {
    const list = valueOr(component, key, []);
    out.set(key, Array.isArray(list) ? sortedByCanonical(list) : list);
  }
  const facets = component.get('verify_facets');
  if (facets !== undefined && facets !== null) out.set('verify_facets', Array.isArray(facets) ? sortedByCanonical(facets) : facets);
  return out;
}

function semanticSlice(slice: JsonValue): JsonValue {
  if (!isJsonObject(slice)) return slice;
  const out: JsonObject = new Map(slice);
  out.set('description', valueOr(slice, 'description', ''));
  out.set('mode', valueOr(slice, 'mode', 'exact'));
  const members = slice.get('components');
  if (Array.isArray(members)) out.set('components', sortedByCanonical(members));
  return out;
}

/**
 * The semantic value of a config (contract v2): normalized defaults, paths and sorted set-like
 * lists; `$schema`, component `ecosystem`/`note` and boundary `note` dropped; slice
 * `description` kept. Key order is irrelevant: the value is hashed as canonical JSON.
 */
export function semanticConfigValue(config: JsonObject): JsonObject {
  const out: JsonObject = new Map();
  out.set('project', valueOr(config, 'project', 'unknown'));
  out.set('providers', valueOr(config, 'providers', []));

  const defaultsValue = valueOr(config, 'defaults', new Map());
  const defaults: JsonObject = new Map(isJsonObject(defaultsValue) ? defaultsValue : []);
  defaults.set('compat_mode', isJsonObject(defaultsValue) ? valueOr(defaultsValue, 'compat_mode', 'major') : 'major');
  const facets = isJsonObject(defaultsValue) ? valueOr(defaultsValue, 'verify_facets', null) : null;
  defaults.set('verify_facets', Array.isArray(facets) ? sortedByCanonical(facets) : facets);
  out.set('defaults', defaults);

  const components: JsonObject = new Map();
  const componentsValue = valueOr(config, 'components', new Map());
  if (isJsonObject(componentsValue)) for (const [name, component] of componentsValue) components.set(name, semanticComponent(component));
  out.set('components', components);

  const slices: JsonObject = new Map();
  const slicesValue = valueOr(config, 'slices', new Map());
  if (isJsonObject(slicesValue)) for (const [name, slice] of slicesValue) slices.set(name, semanticSlice(slice));
  out.set('slices', slices);
  return out;
}

/** The exact text hashed for `config_digest`: the contract line, LF, canonical JSON. */
export function semanticConfigPreimage(config: JsonObject): string {
  return `${CONFIG_CONTRACT}\n${canonicalJson(semanticConfigValue(config))}`;
}

/** `config_digest` of a v3 lock: SHA-256 of {@link semanticConfigPreimage}, lowercase hex. */
export function configDigest(config: JsonObject): string {
  return sha256Hex(semanticConfigPreimage(config));
}
