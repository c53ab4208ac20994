import { createHash } from 'node:crypto';

/** Length of every digest in hex characters (the first 6 bytes of SHA-256). */
export const DIGEST_HEX_LENGTH = 12;

/**
 * SHA-256 over each token's UTF-8 bytes followed by one 0x00 byte, as 12 lowercase hex chars
 * (spec §5.4). Joining with NUL plus one trailing NUL is that exact byte stream, hashed in a
 * single update.
 */
export function hashTokens(tokens: readonly string[]): string {
  const hash = createHash('sha256');
  if (tokens.length > 0) hash.update(`${tokens.join('\0')}\0`, 'utf8');
  return hash.digest('hex').slice(0, DIGEST_HEX_LENGTH);
}

/**
 * One digest per claim from its per-site digests, in `at:` order: a single site is its own
 * digest; several are hashed as tokens (order-sensitive), so any changed site changes the claim.
 */
export function combineSiteHashes(siteDigests: readonly string[]): string {
  return siteDigests.length === 1 ? siteDigests[0]! : hashTokens(siteDigests);
}
