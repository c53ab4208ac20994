import { writeFileDurably } from '@driftgate/git';
import { BoundverError } from '../errors.js';

/**
 * Writes a file atomically (a temporary file in the same directory, flushed to disk, then renamed
 * over the target), so readers, and a process killed at any point, see the old or the new
 * content, never a mix. An existing file keeps its mode; a symlinked target is written through.
 * Failures are `BOUNDVER_WRITE_FAILED`, and the temporary file is removed; one a killed run left
 * is removed by the next write.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeFileDurably(path, data);
  } catch (cause) {
    throw new BoundverError('BOUNDVER_WRITE_FAILED', `Cannot write ${path}: ${(cause as Error).message}; check the directory exists and is writable`, { cause });
  }
}
