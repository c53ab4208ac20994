/**
 * A canonicalization recipe. `v1` (bare hex stamps, surf ≤ 0.6): every identifier is a
 * placeholder except Python decorator names. `v2` (`2:` stamps, surf ≥ 0.7): only names bound
 * inside the span are placeholders; free names and member-access names are verbatim.
 */
export type Recipe = 'v1' | 'v2';

/** The recipe new stamps are written under. */
export const CURRENT_RECIPE: Recipe = 'v2';

/** A stored stamp split into its recipe and bare digest. */
export interface ParsedStamp {
  readonly recipe: Recipe;
  /** ASCII hex digits as stored (case kept, length unchecked). */
  readonly hex: string;
}

const HEX = /^[0-9a-fA-F]+$/;

/**
 * Parses a stored stamp (spec §5.1): `2:<hex>` → v2, bare `<hex>` → v1; anything else —
 * another prefix (`3:…`), non-hex, empty — is unrecognized (`undefined`): fail closed.
 */
export function parseStamp(stamp: string): ParsedStamp | undefined {
  const colon = stamp.indexOf(':');
  if (colon >= 0) {
    const hex = stamp.slice(colon + 1);
    return stamp.slice(0, colon) === '2' && HEX.test(hex) ? { recipe: 'v2', hex } : undefined;
  }
  return HEX.test(stamp) ? { recipe: 'v1', hex: stamp } : undefined;
}

/** The stored form of a digest: bare for v1, `2:` + hex for v2. */
export function formatStamp(recipe: Recipe, hex: string): string {
  return recipe === 'v1' ? hex : `2:${hex}`;
}
