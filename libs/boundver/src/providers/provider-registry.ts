import { API_SURFACE_FACTORIES } from '../api-surface/api-surface-providers.js';
import type { ApiSurfaceProvider } from '../api-surface/api-surface-types.js';
import type { LoadedCustomProvider } from './custom-providers.js';

/**
 * How a built-in provider produces the boundary. `api-surface`: a driftgate extension (see
 * {@link EXTENSION_PROVIDERS}) whose boundary is one semantic entry per exported symbol.
 */
export type BuiltInProviderKind = 'raw' | 'implicit' | 'leaf' | 'json-canonical' | 'openapi-canonical' | 'api-surface';

/** A built-in provider: its algorithm and the version string written to the lock. */
export interface BuiltInProvider {
  readonly name: string;
  readonly kind: BuiltInProviderKind;
  /** `boundary_provider_version` in the lock; bumped by the reference when the algorithm changes. */
  readonly version: string;
}

const RAW_NAMES = [
  'path-hash',
  'openapi',
  'openapi-raw',
  'json-file',
  'json-file-raw',
  'python-exports',
  'python-exports-raw',
  'typescript-exports',
  'typescript-exports-raw',
];

/** Every built-in provider by name; aliases map to the same algorithm and version. */
export const BUILT_IN_PROVIDERS: ReadonlyMap<string, BuiltInProvider> = new Map<string, BuiltInProvider>([
  ...RAW_NAMES.map((name): [string, BuiltInProvider] => [name, { name, kind: 'raw', version: '3' }]),
  ['implicit', { name: 'implicit', kind: 'implicit', version: '3' }],
  ['leaf', { name: 'leaf', kind: 'leaf', version: '1' }],
  ['json-canonical', { name: 'json-canonical', kind: 'json-canonical', version: '3' }],
  ['openapi-canonical', { name: 'openapi-canonical', kind: 'openapi-canonical', version: '4' }],
  ...[...API_SURFACE_FACTORIES].map(([name, { version }]): [string, BuiltInProvider] => [name, { name, kind: 'api-surface', version }]),
]);

/**
 * Built-in providers that are driftgate extensions to the semantic contract: the Python boundver
 * does not know them, so a lock using them verifies only here (`validate-config --portable`
 * refuses them).
 */
export const EXTENSION_PROVIDERS: ReadonlySet<string> = new Set(API_SURFACE_FACTORIES.keys());

/** A provider a component can name: built-in or a loaded custom one. */
export type RegisteredProvider = { readonly kind: 'built-in'; readonly provider: BuiltInProvider } | { readonly kind: 'custom'; readonly provider: LoadedCustomProvider };

/** The providers of one operation: the built-ins plus the custom providers it loaded. */
export class ProviderRegistry {
  readonly #custom: ReadonlyMap<string, LoadedCustomProvider>;
  readonly #surfaces = new Map<string, ApiSurfaceProvider>();

  constructor(custom: ReadonlyMap<string, LoadedCustomProvider> = new Map()) {
    this.#custom = custom;
  }

  /** The provider for a config's `boundary.provider`, or undefined when none is registered. */
  get(name: string): RegisteredProvider | undefined {
    const builtIn = BUILT_IN_PROVIDERS.get(name);
    if (builtIn !== undefined) return { kind: 'built-in', provider: builtIn };
    const custom = this.#custom.get(name);
    return custom === undefined ? undefined : { kind: 'custom', provider: custom };
  }

  /**
   * The operation's one instance of an API-surface provider, created on first use, so state it
   * keeps (one TypeScript program) is shared by every component of the operation.
   */
  apiSurface(name: string): ApiSurfaceProvider | undefined {
    let provider = this.#surfaces.get(name);
    if (provider === undefined) {
      const factory = API_SURFACE_FACTORIES.get(name);
      if (factory === undefined) return undefined;
      provider = factory.create();
      this.#surfaces.set(name, provider);
    }
    return provider;
  }
}
