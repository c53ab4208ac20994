import type { SourceMode } from '@driftgate/git';

/** One file a custom provider can see: a tracked file of its component. */
export interface CustomProviderFile {
  /** Component-relative POSIX path. */
  readonly path: string;
  /** Git mode (`100644`, `100755`, `120000`, or `160000` for a gitlink, which cannot be read). */
  readonly mode: string;
}

/**
 * What a custom provider's `resolve` receives: a read-only, budgeted view of its component in the
 * operation's one snapshot.
 */
export interface CustomProviderContext {
  readonly componentName: string;
  /** Repository-relative component path. */
  readonly componentPath: string;
  readonly source: SourceMode;
  /** `boundary.options` from the config as plain JSON (integers as numbers or bigints), or null. */
  readonly options: unknown;
  /** `boundary.paths` as written, or an empty list. */
  readonly paths: readonly string[];
  /** Every tracked file of the component, sorted by encoded path bytes. */
  listFiles(): readonly CustomProviderFile[];
  /**
   * Applies declared paths with the contract's grammar (globs, literal files and directories);
   * every declaration must select a file. Component-relative paths, sorted by bytes.
   */
  selectPaths(declarations: readonly string[]): { ok: true; paths: string[] } | { ok: false; errors: string[] };
  /** Bytes and mode of one component file; fails once the operation's byte budget is spent. */
  readFile(path: string): Promise<{ content: Uint8Array; mode: string }>;
  /** Bytes `readFile` may still return for this component (the per-digest content ceiling). */
  readonly remainingBytes: number;
}

/** One entry a custom provider returns; hashed in the `boundary` domain. */
export interface CustomProviderEntry {
  /** Non-empty, unique; entries must be in strictly increasing UTF-8 byte order of labels. */
  readonly label: string;
  readonly mode: string;
  readonly type: string;
  readonly content: Uint8Array;
}

/**
 * What `resolve` returns. `ok`: at least one entry, no errors. `partial`: entries and errors
 * (generation rejects it). `error`: no entries. `metadata` (a JSON object, ≤64 levels, ≤100,000
 * values, ≤1 MiB canonical JSON) is stored as `boundary_metadata`.
 */
export interface CustomProviderResult {
  readonly status: 'ok' | 'partial' | 'error';
  readonly entries?: readonly CustomProviderEntry[];
  readonly errors?: readonly string[];
  readonly metadata?: Record<string, unknown> | null;
}

/**
 * A custom boundary provider: the class a config's `providers[].class` names, exported by the ES
 * module `providers[].module`. It is constructed once per operation with no arguments. Trusted
 * in-process code: only its result is validated and bounded.
 */
export interface CustomProvider {
  /** Written to `boundary_provider_version`; default `"1"`. */
  readonly version?: string;
  resolve(context: CustomProviderContext): CustomProviderResult | Promise<CustomProviderResult>;
}
