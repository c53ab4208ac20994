import { readFile, realpath } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { writeFileDurably } from '@driftgate/git';
import { SurfError } from '../errors.js';
import { clearAbandonedHubWrites } from './abandoned-writes.js';
import { withHubWriteLock } from './hub-write-lock.js';

/**
 * Writes a hub's new text atomically, and only when it differs from `previous` (the text it was
 * computed from). Returns whether the file was written.
 *
 * - Unchanged text: the file is not touched (no mtime change, no temp file).
 * - The file must still hold `previous`; if something else edited it meanwhile, throws
 *   `SURF_HUB_CHANGED` instead of overwriting that edit. The comparison and the rename happen
 *   under the hub's write lock, so two surf processes never both pass it on the same text.
 * - The new bytes go to a temp file in the same directory, flushed, with the old file's
 *   permission bits, renamed over the file (`writeFileDurably`). A symlinked hub is written through to
 *   its target, so the link survives; a target outside `rootReal` (the workspace root, resolved)
 *   is refused with `SURF_IO`: surf reads such a hub, as the reference does, but never writes
 *   outside the workspace.
 */
export async function writeHubIfChanged(path: string, text: string, previous: string, rootReal?: string): Promise<boolean> {
  if (text === previous) {
    // What a run killed while writing this hub left beside it goes, even when nothing changes now.
    await clearAbandonedHubWrites([path]);
    return false;
  }
  let target: string;
  let current: string;
  try {
    target = await realpath(path);
    current = await readFile(target, 'utf8');
  } catch (error) {
    throw new SurfError('SURF_IO', `cannot read ${path} before writing it: ${reason(error)}`, { cause: error });
  }
  if (rootReal !== undefined) {
    const inside = relative(rootReal, target);
    if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
      throw new SurfError('SURF_IO', `${path} links to ${target}, outside the workspace, where surf does not write; stamp it from the workspace it belongs to, or replace the link with the file`);
    }
  }
  const changed = () =>
    new SurfError('SURF_HUB_CHANGED', `${path} changed on disk while surf was updating it (another surf, or an editor saved it); nothing of this run was written to it: re-run the command`);
  if (current !== previous) throw changed();
  return withHubWriteLock(target, path, async () => {
    // Read again under the lock: another surf that held it may have written the hub meanwhile.
    try {
      current = await readFile(target, 'utf8');
    } catch (error) {
      throw new SurfError('SURF_IO', `cannot read ${path} before writing it: ${reason(error)}`, { cause: error });
    }
    if (current !== previous) throw changed();
    try {
      await writeFileDurably(target, text);
    } catch (error) {
      throw new SurfError('SURF_IO', `cannot write ${path}: ${reason(error)}`, { cause: error });
    }
    return true;
  });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
