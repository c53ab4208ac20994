import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { BoundverError } from './errors.js';

/**
 * Writes a file atomically: the bytes go to a temporary file in the same directory, are flushed
 * to disk, and the temporary file is renamed over the target, so readers see the old or the new
 * content, never a mix. The temporary file is removed on failure.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (cause) {
    await rm(temporary, { force: true });
    throw new BoundverError('BOUNDVER_WRITE_FAILED', `Cannot write ${path}: ${(cause as Error).message}; check the directory exists and is writable`, { cause });
  }
}
