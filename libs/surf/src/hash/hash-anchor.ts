import { ParsedFile, decodeSource, parseSource, requireLang } from '@driftgate/syntax';
import { type Anchor, formatAnchor, parseAnchor } from '../locate/anchor.js';
import { canonicalTokens } from '../canonicalize/canonicalize.js';
import { combineSiteHashes, hashTokens } from './hash.js';
import { assertRecipeCovers } from './recipe-families.js';
import { recipeResolution } from './recipe-extent.js';
import { type Resolution, type Span, resolveAnchor } from '../locate/resolve.js';
import { CURRENT_RECIPE, type Recipe, formatStamp } from './stamp.js';

/** Per-claim hashing options. */
export interface HashOptions {
  /** Recipe to hash under; default {@link CURRENT_RECIPE} (v3). Verify a stamp under its own. */
  readonly recipe?: Recipe;
  /** The claim's `ignore_literals`. */
  readonly ignoreLiterals?: boolean;
}

/** The hash of one site. */
export interface SiteHash {
  /** Canonical anchor text (`file > A > B @2`); display the hub's raw `at:` string instead. */
  readonly at: string;
  /** Bare 12-hex digest of this site. */
  readonly digest: string;
  readonly span: Span;
  /** Source text of the span (`new_code` / `old_code`). */
  readonly code: string;
}

/** The hash of a claim (one or more sites). */
export interface AnchorHash {
  /** Bare 12-hex digest: the site's own for one site, the combination for several. */
  readonly digest: string;
  /** Stored form under the recipe: `3:<digest>` for v3, `2:<digest>` for v2, bare for v1. */
  readonly stamp: string;
  readonly recipe: Recipe;
  /** Per site, in `at:` order. */
  readonly sites: readonly SiteHash[];
  /** The single site's span; undefined for a multi-site claim. */
  readonly span: Span | undefined;
  /** The single site's code; undefined for a multi-site claim (as `new_code` in check). */
  readonly code: string | undefined;
}

/** A site plus its already read source (text, bytes, or a parsed file to reuse). */
export interface SiteSource {
  readonly anchor: Anchor | string;
  readonly source: string | Uint8Array | ParsedFile;
}

/**
 * Throws when `recipe` cannot hash this resolution: the typed recipe-language error for a file
 * whose language only recipe 3 defines, and the reference's NotFound when only the extended rules
 * name the symbol and `recipe` is a reference recipe (1 or 2) — under those recipes surf answers
 * exactly as the reference does, so a stamp the reference reads never names what the reference
 * cannot resolve.
 */
export function assertRecipeReaches(parsed: ParsedFile, resolution: Resolution, recipe: Recipe): void {
  assertRecipeCovers(parsed.family, recipe, parsed.file);
  if (resolution.extended !== undefined && recipe !== 'v3') throw resolution.extended;
}

function toAnchor(anchor: Anchor | string): Anchor {
  return typeof anchor === 'string' ? parseAnchor(anchor) : anchor;
}

/**
 * Canonical tokens of a resolution under the given options (what is hashed). Under v3 the
 * resolution is first widened to the item's attributes and modifiers ({@link recipeResolution}).
 */
export function resolutionTokens(parsed: ParsedFile, resolution: Resolution, options: HashOptions = {}): string[] {
  const recipe = options.recipe ?? CURRENT_RECIPE;
  return canonicalTokens(recipeResolution(parsed, resolution, recipe).hashable, parsed.family, parsed.text, {
    recipe,
    ignoreLiterals: options.ignoreLiterals === true,
  });
}

/** Resolves an anchor in a parsed file and returns its canonical token stream. */
export function anchorTokens(parsed: ParsedFile, anchor: Anchor | string, options: HashOptions = {}): string[] {
  return resolutionTokens(parsed, resolveAnchor(parsed, toAnchor(anchor)), options);
}

/**
 * Hashes one site in an already parsed file (synchronous; parse once, hash many anchors).
 * The anchor's file is not compared with the parsed file's path: the caller pairs them.
 */
export function hashSite(parsed: ParsedFile, anchor: Anchor | string, options: HashOptions = {}): SiteHash {
  const parsedAnchor = toAnchor(anchor);
  // A language the recipe does not cover is refused before any lookup, as an unknown extension is.
  assertRecipeCovers(parsed.family, options.recipe ?? CURRENT_RECIPE, parsed.file);
  const resolution = resolveAnchor(parsed, parsedAnchor);
  assertRecipeReaches(parsed, resolution, options.recipe ?? CURRENT_RECIPE);
  const { span } = recipeResolution(parsed, resolution, options.recipe ?? CURRENT_RECIPE);
  return {
    at: formatAnchor(parsedAnchor),
    digest: hashTokens(resolutionTokens(parsed, resolution, options)),
    span,
    code: parsed.text.slice(span.startIndex, span.endIndex),
  };
}

function claimHash(sites: readonly SiteHash[], recipe: Recipe): AnchorHash {
  const digest = combineSiteHashes(sites.map((s) => s.digest));
  const single = sites.length === 1 ? sites[0] : undefined;
  return { digest, stamp: formatStamp(recipe, digest), recipe, sites, span: single?.span, code: single?.code };
}

/** {@link hashSite} as a one-site claim: digest, stored stamp, span and code. */
export function hashParsedAnchor(parsed: ParsedFile, anchor: Anchor | string, options: HashOptions = {}): AnchorHash {
  return claimHash([hashSite(parsed, anchor, options)], options.recipe ?? CURRENT_RECIPE);
}

/**
 * Hashes one anchor in a source text (language from the anchor's file extension).
 * Throws `unsupported file type`, anchor parse errors and `ResolveError`.
 */
export async function hashAnchor(
  source: string | Uint8Array,
  anchor: Anchor | string,
  options: HashOptions = {},
): Promise<AnchorHash> {
  const parsedAnchor = toAnchor(anchor);
  const parsed = await parseSource(source, requireLang(parsedAnchor.file), parsedAnchor.file);
  try {
    return hashParsedAnchor(parsed, parsedAnchor, options);
  } finally {
    parsed.delete();
  }
}

/**
 * Hashes a claim's sites (in `at:` order) from already read sources and combines them. Sites
 * given as text or bytes are parsed once per distinct file within the call and freed afterwards;
 * a {@link ParsedFile} passed in is reused and stays owned by the caller. The first failing site
 * throws.
 */
export async function hashClaim(sites: readonly SiteSource[], options: HashOptions = {}): Promise<AnchorHash> {
  const owned = new Map<string, ParsedFile>();
  try {
    const hashes: SiteHash[] = [];
    for (const site of sites) {
      const anchor = toAnchor(site.anchor);
      let parsed: ParsedFile;
      if (site.source instanceof ParsedFile) {
        parsed = site.source;
      } else {
        const text = decodeSource(site.source, anchor.file);
        const cached = owned.get(anchor.file);
        if (cached && cached.text === text) {
          parsed = cached;
        } else {
          parsed = await parseSource(text, requireLang(anchor.file), anchor.file);
          // Two different texts for one path are unusual (old vs new); keep both until the end.
          owned.set(cached ? `${anchor.file}\0${owned.size}` : anchor.file, parsed);
        }
      }
      hashes.push(hashSite(parsed, anchor, options));
    }
    return claimHash(hashes, options.recipe ?? CURRENT_RECIPE);
  } finally {
    for (const parsed of owned.values()) parsed.delete();
  }
}
