import writeAtomically from 'write-file-atomic';
import { BoundverError } from './errors.js';

/**
 * Writes a file atomically (write-file-atomic: a temporary file in the same directory, flushed to
 * disk, then renamed over the target), so readers see the old or the new content, never a mix.
 * An existing file keeps its mode; a symlinked target is written through. Failures are
 * `BOUNDVER_WRITE_FAILED`, and the temporary file is removed.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeAtomically(path, typeof data === 'string' || Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  } catch (cause) {
    throw new BoundverError('BOUNDVER_WRITE_FAILED', `Cannot write ${path}: ${(cause as Error).message}; check the directory exists and is writable`, { cause });
  }
}
