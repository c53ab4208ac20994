import { createHash } from 'node:crypto';

/** SHA-256 of UTF-8 text or bytes, as 64 lowercase hex characters. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** True for exactly 64 lowercase hex characters. */
export function isSha256Hex(value: unknown): value is string {
  return typeof value === 'string' && SHA256_HEX.test(value);
}
