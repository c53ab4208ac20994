import { createHash } from 'node:crypto';

/** The `partialFingerprints` key our SARIF results carry. */
export const FINGERPRINT_KEY = 'driftgateFingerprint/v1';

/**
 * A stable identity for a finding: SHA-256 (hex) of its identifying parts joined with NUL. Callers
 * pass what names the finding (tool, hub, claim id or `at:`, kind; component, facet), never line
 * numbers or hashes, so an alert survives unrelated edits that move lines.
 */
export function fingerprint(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\0'), 'utf8').digest('hex');
}
