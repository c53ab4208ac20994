/** Stable machine-readable codes of {@link BoundverError}. */
export type BoundverErrorCode =
  | 'BOUNDVER_JSON_PARSE'
  | 'BOUNDVER_YAML_PARSE'
  | 'BOUNDVER_TOML_PARSE'
  | 'BOUNDVER_TEXT_ENCODING'
  | 'BOUNDVER_JSON_VALUE'
  | 'BOUNDVER_JSON_TOO_LARGE'
  | 'BOUNDVER_HASH_GUARDRAIL'
  | 'BOUNDVER_HASH_ORDER'
  | 'BOUNDVER_GLOB_GUARDRAIL'
  | 'BOUNDVER_INVALID_DECLARED_PATH'
  | 'BOUNDVER_CONFIG_EXTENSION'
  | 'BOUNDVER_CONFIG_TOO_LARGE'
  | 'BOUNDVER_LOCK_TOO_LARGE'
  | 'BOUNDVER_LOCK_ENCODE'
  | 'BOUNDVER_CONFIG_SCHEMA'
  | 'BOUNDVER_WRITE_FAILED'
  | 'BOUNDVER_SOURCE_CAPTURE'
  | 'BOUNDVER_CONFIG_NOT_FOUND'
  | 'BOUNDVER_CONFIG_UNREADABLE'
  | 'BOUNDVER_SOURCE_READ'
  | 'BOUNDVER_CONFIG_INVALID'
  | 'BOUNDVER_CUSTOM_PROVIDERS'
  | 'BOUNDVER_GENERATION_FAILED'
  | 'BOUNDVER_LOCK_PATH'
  | 'BOUNDVER_LOCK_UNAVAILABLE'
  | 'BOUNDVER_BASELINE'
  | 'BOUNDVER_REVIEW'
  | 'BOUNDVER_USAGE';

/**
 * The one error type this package throws when it cannot run. Drift and invalid input that is
 * reported as data (config issues, LOCKFILE issues) is returned, not thrown.
 */
export class BoundverError extends Error {
  override readonly name = 'BoundverError';
  readonly code: BoundverErrorCode;

  /**
   * Individual problems behind the error (config issues, generation errors), each one line, for
   * renderers that list them; empty when the message says it all.
   */
  readonly details: readonly string[];

  constructor(code: BoundverErrorCode, message: string, options?: { cause?: unknown; details?: readonly string[] }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details ?? [];
  }
}

/** True when `value` is a {@link BoundverError}, optionally with the given code. */
export function isBoundverError(value: unknown, code?: BoundverErrorCode): value is BoundverError {
  return value instanceof BoundverError && (code === undefined || value.code === code);
}
