import { realpath } from 'node:fs/promises';
import { removeStaleTemporaries } from '@driftgate/git';
import { removeAbandonedHubLock } from './hub-write-lock.js';

/**
 * Removes what a surf killed while writing these hubs left beside them: temp files and write
 * locks whose process is gone. Writing commands call it for every hub they load, not only the ones
 * they write, because the killed run may already have put a hub's new text in place, so the next
 * run has nothing to write there and would never take (and release) that hub's lock.
 * `paths` are absolute or relative to the working directory; missing files are ignored.
 */
export async function clearAbandonedHubWrites(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const target = await realpath(path).catch(() => path);
    await removeStaleTemporaries(target);
    await removeAbandonedHubLock(target);
  }
}
