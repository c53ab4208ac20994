import { readdir, realpath } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { removeStaleTemporaries } from '@driftgate/git';
import { HUB_LOCK_SUFFIX, removeAbandonedHubLock } from './hub-write-lock.js';

/**
 * Removes what a surf killed while writing these hubs left beside them: temp files and write
 * locks whose process is gone. Writing commands call it for every hub they load, not only the ones
 * they write, because the killed run may already have put a hub's new text in place, so the next
 * run has nothing to write there and would never take (and release) that hub's lock.
 * `paths` are absolute or relative to the working directory; missing files are ignored.
 *
 * One directory listing per hub directory finds the locks, so thousands of hubs cost a few
 * listings, not a lookup each. A symlinked hub is written through to its target, so its lock and
 * temp files are looked for beside the target.
 */
export async function clearAbandonedHubWrites(paths: readonly string[]): Promise<void> {
  const byDirectory = new Map<string, Set<string>>();
  for (const path of paths) {
    const names = byDirectory.get(dirname(path)) ?? new Set<string>();
    byDirectory.set(dirname(path), names.add(basename(path)));
  }
  for (const [directory, hubs] of byDirectory) {
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch {
      continue;
    }
    await removeStaleTemporaries(join(directory, [...hubs][0]!));
    for (const entry of entries) {
      if (entry.isSymbolicLink() && hubs.has(entry.name)) {
        const target = await realpath(join(directory, entry.name)).catch(() => undefined);
        if (target === undefined) continue;
        await removeStaleTemporaries(target);
        await removeAbandonedHubLock(target);
      } else if (entry.name.endsWith(HUB_LOCK_SUFFIX) && hubs.has(entry.name.slice(0, -HUB_LOCK_SUFFIX.length))) {
        await removeAbandonedHubLock(join(directory, entry.name.slice(0, -HUB_LOCK_SUFFIX.length)));
      }
    }
  }
}
