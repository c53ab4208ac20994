import { randomBytes } from 'node:crypto';
import { open, readFile, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SurfError } from '../errors.js';

/**
 * Writes a hub's new text atomically, and only when it differs from `previous` (the text it was
 * computed from). Returns whether the file was written.
 *
 * - Unchanged text: the file is not touched (no mtime change, no temp file).
 * - The file must still hold `previous`; if something else edited it meanwhile, throws
 *   `SURF_HUB_CHANGED` instead of overwriting that edit.
 * - The new bytes go to a temp file in the same directory, are flushed, keep the old file's
 *   permission bits, and replace the file with one `rename`. A symlinked hub is written through
 *   to its target, so the link survives.
 */
export async function writeHubIfChanged(path: string, text: string, previous: string): Promise<boolean> {
  if (text === previous) return false;
  let target: string;
  let current: string;
  let mode: number;
  try {
    target = await realpath(path);
    current = await readFile(target, 'utf8');
    mode = (await stat(target)).mode & 0o7777;
  } catch (error) {
    throw new SurfError('SURF_IO', `cannot read ${path} before writing it: ${reason(error)}`, { cause: error });
  }
  if (current !== previous) {
    throw new SurfError('SURF_HUB_CHANGED', `${path} changed on disk while surf was updating it; re-run the command`);
  }
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      await handle.writeFile(text, 'utf8');
      // The create mode is masked by the umask; set the original bits explicitly.
      await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw new SurfError('SURF_IO', `cannot write ${path}: ${reason(error)}`, { cause: error });
  }
  return true;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
