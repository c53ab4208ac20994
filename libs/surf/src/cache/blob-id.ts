import { createHash } from 'node:crypto';

/**
 * The id git gives these bytes as a blob (SHA-1 of `blob <size>\0` + bytes), so a file read from
 * disk and a file git vouches for (by its index entry) share one key space.
 */
export function gitBlobId(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}
