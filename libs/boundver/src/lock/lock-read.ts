import { CONFIG_CONTRACT } from '../config/semantic-config.js';
import { FACETS, type Facet } from '../config/config-types.js';
import { BoundverError } from '../errors.js';
import { isJsonObject, isStringArray, type JsonObject, type JsonValue } from '../formats/json-value.js';
import { MAX_DIAGNOSTIC_VALUE_CHARS, MAX_LOCK_BYTES, MAX_VALIDATION_ISSUES } from '../limits.js';
import { LOCK_SCHEMA, type Lock, type LockComponent, type LockSlice } from './lock-types.js';
import { isSha256Hex } from '../hashing/sha256.js';
import { parseStrictJson } from '../formats/strict-json.js';

/** Options of {@link readLock}. */
export interface ReadLockOptions {
  /** Accepted `config_contract` values; default only `boundver-semantic-config/v2` (diff may add v1). */
  acceptedConfigContracts?: readonly string[];
  /** Name of the lock in messages. Default `boundary.lock.json`. */
  source?: string;
}

/** Result of {@link readLock}: a typed lock only when there are no issues (all start `LOCKFILE`). */
export interface LockReadResult {
  readonly lock: Lock | null;
  readonly issues: string[];
}

const ROOT_FIELDS = new Set(['$schema', 'schema', 'config_contract', 'config_digest', 'project', 'components', 'slices']);
const COMPONENT_FIELDS = new Set([
  'version',
  'path',
  'boundary_provider',
  'boundary_provider_version',
  'boundary_status',
  'consumers',
  'external_consumers',
  'fingerprints',
  'semver',
  'boundary_errors',
  'boundary_metadata',
  'version_errors',
  'exact_errors',
  'behavior_errors',
  'warnings',
  'vendored_copies',
  'vendored_digests',
  'vendored_errors',
]);
const SEMVER_FIELDS = ['compat_family', 'api_surface', 'exact_version'] as const;
const SLICE_FIELDS = new Set(['description', 'mode', 'components', 'fingerprint', 'component_digests']);
const STRING_LIST_FIELDS = ['version_errors', 'exact_errors', 'behavior_errors', 'boundary_errors', 'warnings', 'vendored_copies', 'vendored_errors'] as const;
const FACET_SET = new Set<string>(FACETS);
const OLD_SCHEMAS = /^boundary-lock\/v[12]$/;
const CONTRACT_PREFIX = /^boundver-semantic-config\/v[0-9]+$/;

function preview(value: JsonValue | undefined): string {
  const text = typeof value === 'string' ? value : String(value);
  return text.length > MAX_DIAGNOSTIC_VALUE_CHARS ? `${text.slice(0, MAX_DIAGNOSTIC_VALUE_CHARS - 3)}...` : text;
}

class Issues {
  readonly list: string[] = [];

  add(message: string): void {
    if (this.list.length < MAX_VALIDATION_ISSUES - 1) this.list.push(message);
    else if (this.list.length === MAX_VALIDATION_ISSUES - 1) {
      this.list.push(`LOCKFILE malformed: validation stopped after reaching the ${MAX_VALIDATION_ISSUES}-issue limit`);
    }
  }

  unknown(value: JsonObject, allowed: ReadonlySet<string>, context: string): void {
    for (const key of value.keys()) if (!allowed.has(key)) this.add(`LOCKFILE malformed: unknown field in ${context}: ${preview(key)}`);
  }
}

const isNullableString = (value: JsonValue | undefined): value is string | null => value === null || typeof value === 'string';

/**
 * Reads a v3 lock: size check (10 MiB), strict JSON, then the structural rules. Every problem is
 * an issue starting with `LOCKFILE` (verify exits 2 on them); v1/v2 locks and semantic-config v1
 * are reported as needing regeneration. Never throws for bad content.
 */
export function readLock(input: string | Uint8Array, options: ReadLockOptions = {}): LockReadResult {
  const source = options.source ?? 'boundary.lock.json';
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.length;
  if (size > MAX_LOCK_BYTES) {
    return { lock: null, issues: [`LOCKFILE too large: ${source} is ${size} bytes, over the ${MAX_LOCK_BYTES}-byte limit`] };
  }
  let document: JsonValue;
  try {
    document = parseStrictJson(input, source);
  } catch (cause) {
    if (cause instanceof BoundverError) return { lock: null, issues: [`LOCKFILE malformed: ${cause.message}`] };
    throw cause;
  }
  return validateLockDocument(document, options);
}

/** The structural rules of {@link readLock} over an already parsed document. */
export function validateLockDocument(document: JsonValue, options: ReadLockOptions = {}): LockReadResult {
  if (!isJsonObject(document)) return { lock: null, issues: ['LOCKFILE malformed: root must be an object'] };
  const schema = document.get('schema');
  if (schema === undefined) return { lock: null, issues: [`LOCKFILE schema missing (expected ${LOCK_SCHEMA})`] };
  if (typeof schema === 'string' && OLD_SCHEMAS.test(schema)) {
    return {
      lock: null,
      issues: [
        `LOCKFILE schema ${schema} must be regenerated: it does not bind every input of ${LOCK_SCHEMA}. Run \`boundver generate\` to write a new lock from repository content.`,
      ],
    };
  }
  if (schema !== LOCK_SCHEMA) {
    return { lock: null, issues: [`LOCKFILE schema unsupported: ${preview(schema)} (expected ${LOCK_SCHEMA})`] };
  }
  const accepted = options.acceptedConfigContracts ?? [CONFIG_CONTRACT];
  const contract = document.get('config_contract');
  if (typeof contract !== 'string' || !accepted.includes(contract)) {
    if (typeof contract === 'string' && CONTRACT_PREFIX.test(contract)) {
      return {
        lock: null,
        issues: [
          `LOCKFILE semantic configuration contract mismatch: ${contract} must be regenerated, this boundver requires ${accepted.join(' or ')}. ` +
            'Semantic digests cannot be relabelled; run `boundver generate` after reviewing the change.',
        ],
      };
    }
    return { lock: null, issues: [`LOCKFILE malformed: config_contract must be ${accepted.map((item) => `'${item}'`).join(' or ')}`] };
  }

  const issues = new Issues();
  issues.unknown(document, ROOT_FIELDS, 'lockfile');
  const schemaUrl = document.get('$schema');
  if (document.has('$schema') && typeof schemaUrl !== 'string') issues.add('LOCKFILE malformed: $schema must be a string');
  const project = document.get('project');
  if (typeof project !== 'string' || project === '') issues.add('LOCKFILE malformed: project must be a non-empty string');
  const configDigest = document.get('config_digest');
  if (!isSha256Hex(configDigest)) issues.add('LOCKFILE malformed: config_digest must be a lowercase SHA-256 digest');

  const componentsValue = document.get('components');
  const components = new Map<string, LockComponent>();
  if (!isJsonObject(componentsValue)) issues.add('LOCKFILE malformed: components must be an object');
  else for (const [name, value] of componentsValue) {
    const component = readComponent(name, value, issues);
    if (component !== null) components.set(name, component);
  }

  const slicesValue = document.get('slices');
  const slices = new Map<string, LockSlice>();
  if (!isJsonObject(slicesValue)) issues.add('LOCKFILE malformed: slices must be an object');
  else for (const [name, value] of slicesValue) {
    const slice = readSlice(name, value, issues);
    if (slice !== null) slices.set(name, slice);
  }

  if (issues.list.length > 0) return { lock: null, issues: issues.list };
  return {
    lock: {
      $schema: typeof schemaUrl === 'string' ? schemaUrl : '',
      schema: LOCK_SCHEMA,
      config_contract: contract,
      config_digest: configDigest as string,
      project: project as string,
      components,
      slices,
    },
    issues: [],
  };
}

function readComponent(name: string, value: JsonValue, issues: Issues): LockComponent | null {
  const before = issues.list.length;
  const prefix = `LOCKFILE malformed: component '${name}'`;
  if (name === '') issues.add('LOCKFILE malformed: component names must be non-empty strings');
  if (!isJsonObject(value)) {
    issues.add(`${prefix} must be an object`);
    return null;
  }
  issues.unknown(value, COMPONENT_FIELDS, `component '${name}'`);
  for (const field of ['version', 'boundary_provider_version']) {
    if (!value.has(field) || !isNullableString(value.get(field))) issues.add(`${prefix} ${field} must be a string or null`);
  }
  for (const field of ['path', 'boundary_provider']) {
    const text = value.get(field);
    if (typeof text !== 'string' || text === '') issues.add(`${prefix} ${field} must be a non-empty string`);
  }
  const status = value.get('boundary_status');
  if (status !== 'ok' && status !== 'partial' && status !== 'error') issues.add(`${prefix} boundary_status must be one of ok, partial, or error`);
  for (const field of ['consumers', 'external_consumers']) {
    const list = value.get(field);
    if (!isStringArray(list) || new Set(list).size !== list.length) issues.add(`${prefix} ${field} must be an array of unique strings`);
  }
  const fingerprints = value.get('fingerprints');
  if (!isJsonObject(fingerprints)) issues.add(`${prefix} missing fingerprints object`);
  else {
    issues.unknown(fingerprints, FACET_SET, `component '${name}' fingerprints`);
    for (const facet of FACETS) {
      if (!fingerprints.has(facet)) issues.add(`${prefix} missing fingerprints.${facet}`);
      else if (fingerprints.get(facet) !== null && !isSha256Hex(fingerprints.get(facet))) {
        issues.add(`${prefix} fingerprints.${facet} must be a lowercase SHA-256 digest or null`);
      }
    }
  }
  const semver = value.get('semver');
  if (!isJsonObject(semver)) issues.add(`${prefix} semver must be an object`);
  else {
    issues.unknown(semver, new Set(SEMVER_FIELDS), `component '${name}' semver`);
    for (const field of SEMVER_FIELDS) {
      if (!semver.has(field) || !isNullableString(semver.get(field))) issues.add(`${prefix} semver.${field} must be a string or null`);
    }
  }
  for (const field of STRING_LIST_FIELDS) {
    const list = value.get(field);
    if (list !== undefined && list !== null && !isStringArray(list)) issues.add(`${prefix} ${field} must be an array of strings`);
  }
  const metadata = value.get('boundary_metadata');
  if (metadata !== undefined && metadata !== null && !isJsonObject(metadata)) issues.add(`${prefix} boundary_metadata must be an object or null`);
  const vendoredDigests = value.get('vendored_digests');
  if (vendoredDigests !== undefined && vendoredDigests !== null && (!isJsonObject(vendoredDigests) || ![...vendoredDigests.values()].every(isSha256Hex))) {
    issues.add(`${prefix} vendored_digests must be an object with lowercase SHA-256 digest values`);
  }
  if (issues.list.length !== before) return null;

  const fp = fingerprints as JsonObject;
  const sv = semver as JsonObject;
  const component: LockComponent = {
    version: value.get('version') as string | null,
    path: value.get('path') as string,
    boundary_provider: value.get('boundary_provider') as string,
    boundary_provider_version: value.get('boundary_provider_version') as string | null,
    boundary_status: status as LockComponent['boundary_status'],
    consumers: value.get('consumers') as string[],
    external_consumers: value.get('external_consumers') as string[],
    fingerprints: {
      exact: fp.get('exact') as string | null,
      behavior: fp.get('behavior') as string | null,
      boundary: fp.get('boundary') as string | null,
      compat: fp.get('compat') as string | null,
    },
    semver: {
      compat_family: sv.get('compat_family') as string | null,
      api_surface: sv.get('api_surface') as string | null,
      exact_version: sv.get('exact_version') as string | null,
    },
  };
  for (const field of STRING_LIST_FIELDS) {
    const list = value.get(field);
    if (isStringArray(list)) component[field] = list;
  }
  if (isJsonObject(metadata)) component.boundary_metadata = metadata;
  if (isJsonObject(vendoredDigests)) component.vendored_digests = vendoredDigests as Map<string, string>;
  return component;
}

function readSlice(name: string, value: JsonValue, issues: Issues): LockSlice | null {
  const before = issues.list.length;
  const prefix = `LOCKFILE malformed: slice '${name}'`;
  if (name === '') issues.add('LOCKFILE malformed: slice names must be non-empty strings');
  if (!isJsonObject(value)) {
    issues.add(`${prefix} must be an object`);
    return null;
  }
  issues.unknown(value, SLICE_FIELDS, `slice '${name}'`);
  if (!isSha256Hex(value.get('fingerprint'))) issues.add(`${prefix} fingerprint must be a lowercase SHA-256 digest`);
  if (typeof value.get('description') !== 'string') issues.add(`${prefix} description must be a string`);
  const mode = value.get('mode');
  if (typeof mode !== 'string' || !FACET_SET.has(mode)) issues.add(`${prefix} mode must be one of exact, behavior, boundary, or compat`);
  if (!isStringArray(value.get('components'))) issues.add(`${prefix} components must be an array of strings`);
  const digests = value.get('component_digests');
  if (!isJsonObject(digests) || ![...digests.values()].every((digest) => digest === null || isSha256Hex(digest))) {
    issues.add(`${prefix} component_digests must be an object with lowercase SHA-256 digest or null values`);
  }
  if (issues.list.length !== before) return null;
  return {
    description: value.get('description') as string,
    mode: mode as Facet,
    components: value.get('components') as string[],
    fingerprint: value.get('fingerprint') as string,
    component_digests: digests as Map<string, string | null>,
  };
}
