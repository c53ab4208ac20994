import type { Anchor } from '../locate/anchor.js';
import { type ParsedStamp, type Recipe, parseStamp } from '../hash/stamp.js';
import type { SiteHashRequest } from '../pool/hash-file-sites.js';

/**
 * The question `surf check` asks about one site of a claim. Everything that judges claims the
 * way check does (the language server's first pass included) asks exactly this, so the result
 * cache one of them filled answers the other.
 *
 * @param stamp the claim's stored stamp, parsed; undefined for an unstamped claim
 * @param single whether the claim has one site
 */
export function checkSiteRequest(anchor: Anchor, recipe: Recipe, ignoreLiterals: boolean, stamp: ParsedStamp | undefined, single: boolean): SiteHashRequest {
  return {
    anchor,
    recipe,
    ignoreLiterals,
    // A multi-site claim's code is shown for the sites that changed, known only once history is read.
    withCode: true,
    ...(single && stamp !== undefined ? { magnitudeUnless: stamp.hex } : {}),
    ...(!single && stamp !== undefined ? { withTokens: true } : {}),
  };
}

/**
 * The recipe `surf check` hashes a claim's sites under: its stamp's own, or for an unstamped
 * claim the one `surf verify` would write. Undefined for a stamp no recipe reads (it is not hashed).
 * `surf verify` asks the same when it needs that recipe, so each finds the other's answers in the
 * result cache. `stamp` is `hash` parsed, when the caller has it already.
 */
export function checkRecipe(
  hash: string | undefined,
  writeRecipe: Recipe,
  stamp: ParsedStamp | undefined = hash === undefined ? undefined : parseStamp(hash),
): Recipe | undefined {
  return hash === undefined ? writeRecipe : stamp?.recipe;
}
