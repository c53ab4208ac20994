import { type Tree, readNxJson } from '@nx/devkit';
import { generateLock } from '@driftgate/boundver';
import { pluginEntryOptions } from '../../plugin/plugin-options.js';

/** What Nx takes from a sync generator (`SyncGeneratorResult` of `nx/src/utils/sync-generators`). */
export interface SyncBoundaryResult {
  readonly outOfSyncMessage?: string;
  readonly outOfSyncDetails?: string[];
}

/**
 * `@driftgate/nx:sync-boundary`, the Nx sync generator of the boundary lock: writes the lock
 * `boundver generate` would write from the working tree, and says which components it did not
 * match. Nx runs it for `nx sync`, checks it for `nx sync:check` (CI), and before a
 * verify-boundary task on a developer machine (prompting unless `sync.applyChanges` is set). The
 * plugin lists it in the verify-boundary targets' `syncGenerators` when its `boundarySync` option
 * is true (`nx g @driftgate/nx:init --boundarySync`).
 *
 * Reads the tracked files on disk (the working-tree snapshot, what Nx hashes), never the Tree's
 * pending changes: the lock must be what `generate-boundary` writes. Uses the plugin's
 * `boundaryConfig` and `boundaryLock` options.
 */
export default async function syncBoundaryGenerator(tree: Tree): Promise<SyncBoundaryResult> {
  const options = pluginEntryOptions(readNxJson(tree));
  const lockPath = options.boundaryLock;
  const result = await generateLock({
    cwd: tree.root,
    source: 'working-tree',
    ...(options.boundaryConfig !== undefined ? { config: options.boundaryConfig } : {}),
    out: lockPath,
    dryRun: true,
    allowCustomProviders: process.env['BOUNDVER_ALLOW_CUSTOM_PROVIDERS'] === '1',
  });
  const current = tree.exists(lockPath) ? tree.read(lockPath, 'utf-8') : null;
  if (current === result.text) return {};
  tree.write(lockPath, result.text);
  if (current === null) return { outOfSyncMessage: `${lockPath} is missing; nx sync writes it from the components' files (as generate-boundary does)` };
  const lagging = laggingComponents(current, result.text);
  return {
    outOfSyncMessage: `${lockPath} does not match the components it locks: ${lagging.length > 0 ? lagging.join(', ') : 'the config or the slices changed'}. nx sync updates it; review and commit the lock with the change`,
    ...(lagging.length > 0 ? { outOfSyncDetails: lagging.map((name) => `${name}: its files changed since the lock was written`) } : {}),
  };
}

/** Components whose entry differs (or that one of the two locks lacks), sorted. */
function laggingComponents(before: string, after: string): string[] {
  const components = (text: string): Record<string, unknown> => {
    try {
      const parsed = JSON.parse(text) as { components?: Record<string, unknown> };
      return parsed.components ?? {};
    } catch {
      return {};
    }
  };
  const left = components(before);
  const right = components(after);
  const names = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...names].filter((name) => JSON.stringify(left[name]) !== JSON.stringify(right[name])).sort();
}
