import type { LoadedCustomProvider } from './custom-providers.js';

/** How a built-in provider produces the boundary. */
export type BuiltInProviderKind = 'raw' | 'implicit' | 'leaf' | 'json-canonical' | 'openapi-canonical';

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
]);

/** A provider a component can name: built-in or a loaded custom one. */
export type RegisteredProvider = { readonly kind: 'built-in'; readonly provider: BuiltInProvider } | { readonly kind: 'custom'; readonly provider: LoadedCustomProvider };

/** The providers of one operation: the built-ins plus the custom providers it loaded. */
export class ProviderRegistry {
  readonly #custom: ReadonlyMap<string, LoadedCustomProvider>;

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
}
