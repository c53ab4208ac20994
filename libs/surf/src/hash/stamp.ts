/**
 * A canonicalization recipe. `v1` (bare hex stamps, surf ≤ 0.6): every identifier is a
 * placeholder except Python decorator names. `v2` (`2:` stamps, surf ≥ 0.7, byte-identical with
 * the reference): only names bound inside the span are placeholders; free names and member-access
 * names are verbatim. `v3` (`3:` stamps, ours): every literal's full text, only real binders bound
 * and in their scope, and the item's own attributes, decorators and modifiers in the span
 * (docs/hash-recipes.md).
 */
export type Recipe = 'v1' | 'v2' | 'v3';

/** The recipe new stamps are written under unless `surf.toml` sets `recipe = 2`. */
export const CURRENT_RECIPE: Recipe = 'v3';

/** A stored stamp split into its recipe and bare digest. */
export interface ParsedStamp {
  readonly recipe: Recipe;
  /** ASCII hex digits as stored (case kept, length unchecked). */
  readonly hex: string;
}

const HEX = /^[0-9a-fA-F]+$/;
const PREFIXED: Readonly<Record<string, Recipe>> = { '2': 'v2', '3': 'v3' };

/**
 * Parses a stored stamp (spec §5.1, plus `3:`): `2:<hex>` → v2, `3:<hex>` → v3, bare `<hex>` → v1;
 * anything else — another prefix (`4:…`), non-hex, empty — is unrecognized (`undefined`): fail
 * closed.
 */
export function parseStamp(stamp: string): ParsedStamp | undefined {
  const colon = stamp.indexOf(':');
  if (colon >= 0) {
    const hex = stamp.slice(colon + 1);
    const recipe = Object.hasOwn(PREFIXED, stamp.slice(0, colon)) ? PREFIXED[stamp.slice(0, colon)] : undefined;
    return recipe !== undefined && HEX.test(hex) ? { recipe, hex } : undefined;
  }
  return HEX.test(stamp) ? { recipe: 'v1', hex: stamp } : undefined;
}

/** The stored form of a digest: bare for v1, `2:` / `3:` + hex for v2 / v3. */
export function formatStamp(recipe: Recipe, hex: string): string {
  return recipe === 'v1' ? hex : `${recipe.slice(1)}:${hex}`;
}

/** Orders recipes (v1 < v2 < v3), so a stamp newer than a workspace's setting can be told apart. */
export function recipeRank(recipe: Recipe): number {
  return Number(recipe.slice(1));
}
