import type { Snapshot } from '@driftgate/git';
import type { BoundverConfig } from './config-types.js';
import { loadCustomProviders } from './custom-providers.js';
import type { EngineLimits } from './engine-limits.js';
import { BoundverError } from './errors.js';
import { ProviderRegistry } from './provider-registry.js';
import { VersionResolver } from './version-resolver.js';

/** Called as an operation reads files: `done` of `total` files read, `path` the file just read. */
export type ProgressListener = (done: number, total: number, path: string) => void;

/**
 * Everything one generate/verify operation shares: its snapshot (the only source of bytes), the
 * validated config, the provider registry, version lookups (tag prefixes resolved once) and the
 * limits. Build it with {@link createEngineContext}; the snapshot stays owned by the caller.
 */
export interface EngineContext {
  readonly snapshot: Snapshot;
  readonly config: BoundverConfig;
  readonly registry: ProviderRegistry;
  readonly versions: VersionResolver;
  readonly limits: EngineLimits;
  readonly onProgress?: ProgressListener;
}

export interface EngineContextOptions {
  /** Load the config's custom providers (trusted code). Without it a config declaring any fails. */
  allowCustomProviders?: boolean;
  limits?: EngineLimits;
  onProgress?: ProgressListener;
}

/**
 * Loads custom providers (only with the opt-in) and prepares version lookups. Throws
 * `BOUNDVER_CUSTOM_PROVIDERS` ("Custom provider loading failed: …") when a declared provider cannot
 * be loaded or loading is not enabled.
 */
export async function createEngineContext(snapshot: Snapshot, config: BoundverConfig, options: EngineContextOptions = {}): Promise<EngineContext> {
  const loaded = await loadCustomProviders(config.providers, { root: snapshot.root, allow: options.allowCustomProviders ?? false });
  if (loaded.errors.length > 0) {
    throw new BoundverError('BOUNDVER_CUSTOM_PROVIDERS', `Custom provider loading failed:\n${loaded.errors.map((error) => `  - ${error}`).join('\n')}`, {
      details: loaded.errors,
    });
  }
  const versions = new VersionResolver(snapshot);
  await versions.prefetchTags(config.components);
  return {
    snapshot,
    config,
    registry: new ProviderRegistry(loaded.providers),
    versions,
    limits: options.limits ?? {},
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  };
}
