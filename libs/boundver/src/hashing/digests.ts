import { canonicalJson } from './canonical-json.js';
import { framedDigest } from './framing.js';
import type { JsonObject } from '../formats/json-value.js';
import type { HashLimits } from '../limits.js';
import { sha256Hex } from './sha256.js';

/** Mode and type of every non-file (semantic) entry. */
export const SEMANTIC_MODE = 'semantic';
export const SEMANTIC_TYPE = 'value';

/** Boundary status a provider reports; part of the behavior envelope when there is no digest. */
export type BoundaryStatus = 'ok' | 'partial' | 'error';

/**
 * compat = SHA-256 of UTF-8 `<component>@compat:<identity>`; a single value, not framed.
 * Null when the identity is null (no parseable version).
 */
export function compatDigest(componentName: string, identity: string | null): string | null {
  return identity === null ? null : sha256Hex(`${componentName}@compat:${identity}`);
}

/**
 * v3 slice fingerprint: SHA-256 of the canonical JSON of `{member: digest | null}`. The mode is
 * not part of the v3 preimage.
 */
export function sliceFingerprint(componentDigests: ReadonlyMap<string, string | null>): string {
  const value: JsonObject = new Map(componentDigests);
  return sha256Hex(canonicalJson(value));
}

/**
 * The behavior envelope: a framed `behavior-envelope` digest over the raw behavior digest and
 * the boundary digest, or `none:<status>` when the boundary has no digest, so any boundary change
 * also changes the behavior fingerprint.
 */
export function behaviorEnvelopeDigest(
  behaviorDigest: string,
  boundaryDigest: string | null,
  boundaryStatus: BoundaryStatus,
  limits: Partial<HashLimits> = {},
): string {
  const boundary = boundaryDigest ?? `none:${boundaryStatus}`;
  return framedDigest(
    'behavior-envelope',
    [
      { label: 'behavior', mode: SEMANTIC_MODE, type: SEMANTIC_TYPE, content: Buffer.from(behaviorDigest, 'ascii') },
      { label: 'boundary', mode: SEMANTIC_MODE, type: SEMANTIC_TYPE, content: Buffer.from(boundary, 'utf8') },
    ],
    limits,
  );
}
