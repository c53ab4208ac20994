import type { JsonObject } from '../formats/json-value.js';
import { BUILT_IN_PROVIDERS } from '../providers/provider-registry.js';
import type { CompatMode } from '../versions/semver.js';
import type { CustomProviderDeclaration } from '../providers/custom-provider-declaration.js';

/** The four fingerprint facets, in the order the lock writes them. */
export const FACETS = ['exact', 'behavior', 'boundary', 'compat'] as const;
export type Facet = (typeof FACETS)[number];

/** Compat modes a config may name (`semver_major` means the same as `major`). */
export const COMPAT_MODES: readonly CompatMode[] = ['major', 'semver_major', 'semver_major_minor'];

/**
 * Built-in boundary provider names (aliases included). Any other name must be a `custom.*`
 * provider declared under `providers`.
 */
export const BUILT_IN_PROVIDER_NAMES: readonly string[] = [...BUILT_IN_PROVIDERS.keys()];

/** Providers that publish no boundary from paths of their own (`paths` optional or forbidden). */
export const PATHLESS_PROVIDERS: readonly string[] = ['implicit', 'leaf'];

/** Config file names tried, in order, when the default config name does not exist. */
export const CONFIG_FALLBACK_NAMES: readonly string[] = ['boundary.config.yaml', 'boundary.config.yml', 'boundary.config.toml'];
export const DEFAULT_CONFIG_NAME = 'boundary.config.json';
/** Every config file name looked for when none is given, in the order they are tried. */
export const CONFIG_NAMES: readonly string[] = [DEFAULT_CONFIG_NAME, ...CONFIG_FALLBACK_NAMES];
export const DEFAULT_LOCK_NAME = 'boundary.lock.json';

// Declared in its own file so the custom-provider loader can name it without importing the config
// model, which imports the provider registry, which imports the loader.
export type { CustomProviderDeclaration } from '../providers/custom-provider-declaration.js';

/** Where a component's version comes from. */
export type VersionSource =
  | { readonly kind: 'file'; /** Component-relative path. */ readonly file: string; /** Dotted field. */ readonly field: string }
  | { readonly kind: 'git-tag'; readonly gitTagPrefix: string };

export interface BoundaryConfig {
  /** Provider name as written in the config. */
  readonly provider: string;
  /** Declarations as written (validated), or null when the key is absent. */
  readonly paths: readonly string[] | null;
  /** Provider options, passed untouched; null when absent. */
  readonly options: JsonObject | null;
  readonly note: string | null;
}

export interface ComponentConfig {
  readonly name: string;
  /** Repository-relative POSIX directory, normalized (no trailing `/`). */
  readonly path: string;
  readonly ecosystem: string | null;
  readonly note: string | null;
  readonly versionSource: VersionSource | null;
  readonly boundary: BoundaryConfig;
  /** Behavior declarations; null when absent. The behavior facet exists only when non-empty. */
  readonly behaviorPaths: readonly string[] | null;
  /** `vendored_copies` exactly as written, or null when the key is absent. */
  readonly vendoredCopies: readonly string[] | null;
  /** Direct downstream components, as written (validated to exist). */
  readonly consumers: readonly string[];
  readonly externalConsumers: readonly string[];
  /** Per-component gate override, or null. */
  readonly verifyFacets: readonly Facet[] | null;
}

export interface SliceConfig {
  readonly name: string;
  readonly description: string;
  readonly mode: Facet;
  /** Explicit members as written, or null for a `closure_of` slice. */
  readonly components: readonly string[] | null;
  /** Seed of a closure slice, or null for an explicit slice. */
  readonly closureOf: string | null;
}

/** A validated configuration. Components and slices keep config order. */
export interface BoundverConfig {
  readonly project: string;
  readonly providers: readonly CustomProviderDeclaration[];
  readonly compatMode: CompatMode;
  /** `defaults.verify_facets`, or null when absent (policy-free fallback). */
  readonly defaultVerifyFacets: readonly Facet[] | null;
  readonly components: readonly ComponentConfig[];
  readonly slices: readonly SliceConfig[];
  /** The parsed document, for the semantic digest and for tools that echo it. */
  readonly raw: JsonObject;
}

/** Facets a component can produce when no policy narrows them (§ availability). */
export function availableFacets(component: ComponentConfig): Facet[] {
  const facets: Facet[] = ['exact'];
  const { provider, paths } = component.boundary;
  if (component.behaviorPaths !== null && component.behaviorPaths.length > 0) facets.splice(1, 0, 'behavior');
  if (provider !== 'leaf' && !(provider === 'implicit' && (paths === null || paths.length === 0))) facets.push('boundary');
  if (component.versionSource !== null) facets.push('compat');
  return facets;
}
