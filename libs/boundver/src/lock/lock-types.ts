import type { BoundaryStatus } from '../hashing/digests.js';
import type { Facet } from '../config/config-types.js';
import type { JsonObject } from '../formats/json-value.js';

/** `schema` of the lock this package reads and writes. */
export const LOCK_SCHEMA = 'boundary-lock/v3';
/**
 * `$schema` written into every lock: a fixed constant, not the running version. It is the
 * reference's canonical publication of the `boundary-lock/v3` schema (v0.13.0 is the release that
 * published it), so a lock written here and one written by the Python boundver are the same bytes,
 * and regenerating a lock after an upgrade does not dirty it. It moves only with LOCK_SCHEMA.
 */
export const LOCK_SCHEMA_URL = 'https://raw.githubusercontent.com/yzm1/boundver/v0.13.0/spec/boundary.lock.schema.json';

/** The four fingerprints of a component: 64 lowercase hex characters, or null when unavailable. */
export interface LockFingerprints {
  exact: string | null;
  behavior: string | null;
  boundary: string | null;
  compat: string | null;
}

export interface LockSemver {
  compat_family: string | null;
  api_surface: string | null;
  exact_version: string | null;
}

/**
 * One component entry. Field names and the order of the optional fields are the file's; maps are
 * `Map`s so their key order is kept exactly.
 */
export interface LockComponent {
  version: string | null;
  path: string;
  boundary_provider: string;
  boundary_provider_version: string | null;
  boundary_status: BoundaryStatus;
  /** Sorted, unique. */
  consumers: string[];
  /** Sorted, unique. */
  external_consumers: string[];
  fingerprints: LockFingerprints;
  semver: LockSemver;
  boundary_errors?: string[];
  /** Custom providers, and API-surface providers (`{api_symbols: {"<entry>#<name>": "<kind>:<hex>"}}`). */
  boundary_metadata?: JsonObject;
  version_errors?: string[];
  exact_errors?: string[];
  behavior_errors?: string[];
  /** Read for compatibility with older writers; never written by generation. */
  warnings?: string[];
  /** Copied verbatim from the config when the key exists there. */
  vendored_copies?: string[];
  /** Copy path (as written) → content-only digest. */
  vendored_digests?: Map<string, string>;
  vendored_errors?: string[];
}

export interface LockSlice {
  description: string;
  mode: Facet;
  /** Sorted member names. */
  components: string[];
  fingerprint: string;
  /** Member → selected digest or null; written with keys sorted. */
  component_digests: Map<string, string | null>;
}

/** A v3 lock; components and slices in config order. */
export interface Lock {
  $schema: string;
  schema: string;
  config_contract: string;
  config_digest: string;
  project: string;
  components: Map<string, LockComponent>;
  slices: Map<string, LockSlice>;
}

/** Optional component fields, in the order they are written when present and non-empty. */
export const OPTIONAL_COMPONENT_FIELDS = [
  'boundary_errors',
  'boundary_metadata',
  'version_errors',
  'exact_errors',
  'behavior_errors',
  'vendored_copies',
  'vendored_digests',
  'warnings',
  'vendored_errors',
] as const;

/** Component fields compared as metadata by verify, in report order. */
export const COMPONENT_METADATA_FIELDS = [
  'version',
  'path',
  'boundary_provider',
  'boundary_provider_version',
  'boundary_status',
  'semver',
  'consumers',
  'external_consumers',
  'boundary_metadata',
  'version_errors',
  'exact_errors',
  'behavior_errors',
  'boundary_errors',
  'warnings',
  'vendored_copies',
  'vendored_digests',
  'vendored_errors',
] as const;
