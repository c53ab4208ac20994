import type { Snapshot } from '@driftgate/git';
import type { ReexportFacts } from '../api-surface/api-surface-types.js';
import type { BoundverConfig } from '../config/config-types.js';
import { loadCustomProviders } from '../providers/custom-providers.js';
import type { EngineLimits } from './engine-limits.js';
import { BoundverError } from '../errors.js';
import { ProviderRegistry } from '../providers/provider-registry.js';
import { VersionResolver } from '../versions/version-resolver.js';
import { compareCodePoints } from '../formats/string-order.js';

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
  /**
   * Where the operation collects notes on its snapshot (files the working tree has that the
   * snapshot misses, found by API-surface providers). Not part of any digest; callers show them.
   */
  readonly notes: SnapshotNote[];
  /**
   * What API-surface providers found about re-exports, by component name: why each unresolved
   * symbol does not resolve, and which resolved ones come through tsconfig `paths`. The lock
   * records only digests, so this is the one place the causes are known; verify and why read it
   * to say the right thing. Not part of any digest.
   */
  readonly reexports: Map<string, ReexportFacts>;
}

/** A note on the snapshot an operation read: about one repository-relative file, in one sentence. */
export interface SnapshotNote {
  readonly file: string;
  readonly message: string;
}

/** One note per file and sentence, sorted by file then sentence (components are read concurrently). */
export function distinctNotes(notes: readonly SnapshotNote[]): SnapshotNote[] {
  const byKey = new Map(notes.map((note) => [`${note.file}\0${note.message}`, note]));
  return [...byKey.values()].sort((a, b) => compareCodePoints(a.file, b.file) || compareCodePoints(a.message, b.message));
}

export interface EngineContextOptions {
  /** Load the config's custom providers (trusted code). Without it a config declaring any fails. */
  allowCustomProviders?: boolean;
  limits?: EngineLimits;
  onProgress?: ProgressListener;
  /** The array the context's {@link EngineContext.notes} collect into (a new one by default). */
  notes?: SnapshotNote[];
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
    notes: options.notes ?? [],
    reexports: new Map(),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  };
}
