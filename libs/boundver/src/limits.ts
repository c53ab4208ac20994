/** Largest number of decimal digits an integer may have in any parsed document. */
export const MAX_JSON_INTEGER_DIGITS = 4300;
/** Largest length, in characters, of one JSON number token. */
export const MAX_JSON_NUMBER_CHARS = MAX_JSON_INTEGER_DIGITS + 32;
/** Deepest nesting of a value tree; the root is level 0, so level 128 is the last allowed. */
export const MAX_JSON_DEPTH = 128;
/** Most values (containers and scalars, object keys excluded) in one value tree. */
export const MAX_JSON_NODES = 100_000;
/**
 * Most decimal digits of a TOML integer. TOML parsers expose no integer hook, so the reference
 * caps them at the smallest conversion limit every supported runtime accepts.
 */
export const MAX_TOML_INTEGER_DIGITS = 640;
/** Largest config file, in bytes. */
export const MAX_CONFIG_BYTES = 10 * 1024 * 1024;
/** Largest lock file, in bytes (reader and writer). */
export const MAX_LOCK_BYTES = 10 * 1024 * 1024;
/** Most issues a validation retains; the last retained slot says that more were dropped. */
export const MAX_VALIDATION_ISSUES = 100;
/** Longest untrusted scalar preview in a diagnostic, in characters. */
export const MAX_DIAGNOSTIC_VALUE_CHARS = 500;

/** Hash framing guardrails (all per digest). */
export interface HashLimits {
  /** Most entries in one framed digest. */
  maxEntries: number;
  /** Largest content of one entry, in bytes. */
  maxEntryBytes: number;
  /** Largest sum of entry contents, in bytes. */
  maxTotalBytes: number;
  /** Largest UTF-8 label, in bytes. */
  maxLabelBytes: number;
  /** Largest sum of UTF-8 label bytes. */
  maxTotalLabelBytes: number;
}

export const DEFAULT_HASH_LIMITS: Readonly<HashLimits> = Object.freeze({
  maxEntries: 50_000,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxLabelBytes: 16 * 1024,
  maxTotalLabelBytes: 16 * 1024 * 1024,
});

/** Declared-path grammar limits. */
export const MAX_DECLARED_PATH_BYTES = 16 * 1024;
export const MAX_DECLARED_PATH_SEGMENTS = 1024;
export const MAX_GLOB_SEGMENT_BYTES = 4 * 1024;
export const MAX_GLOB_SEGMENT_METACHARACTERS = 256;
/** Largest candidate path a glob is matched against, in UTF-8 bytes. */
export const MAX_GLOB_CANDIDATE_BYTES = 64 * 1024;
/** Most declarations one provider or behavior block may list. */
export const MAX_PATH_DECLARATIONS = 50_000;

/** Glob work budgets, in matcher steps. */
export interface GlobLimits {
  /** Steps one compile or one match may take. */
  maxStepsPerMatch: number;
  /** Steps one selection operation may take in total. */
  maxStepsPerOperation: number;
}

export const DEFAULT_GLOB_LIMITS: Readonly<GlobLimits> = Object.freeze({
  maxStepsPerMatch: 100_000,
  maxStepsPerOperation: 10_000_000,
});

/** Config graph limits. */
export const MAX_COMPONENTS = 10_000;
export const MAX_IDENTIFIER_CHARS = 16_384;
export const MAX_GIT_TAG_PREFIX_CHARS = 4096;
export const MAX_CUSTOM_PROVIDERS = 100;
