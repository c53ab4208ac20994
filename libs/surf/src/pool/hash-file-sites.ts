import type { ParsedFile } from '@driftgate/syntax';
import { type Anchor, formatAnchor } from '../locate/anchor.js';
import { ResolveError } from '../errors.js';
import { notFoundParseNote } from '../locate/syntax-errors.js';
import { hashTokens } from '../hash/hash.js';
import { assertRecipeReaches, resolutionTokens } from '../hash/hash-anchor.js';
import { recipeResolution } from '../hash/recipe-extent.js';
import { measureRecipe, recipeCovers } from '../hash/recipe-families.js';
import { type Resolution, type Span, resolveAnchor } from '../locate/resolve.js';
import type { Recipe } from '../hash/stamp.js';
import type { SiteFailureKind } from '../source/site-source.js';

/**
 * One question about one site of a parsed file: its digest under a recipe. Plain data, so it can
 * be sent to a worker thread.
 */
export interface SiteHashRequest {
  readonly anchor: Anchor;
  readonly recipe: Recipe;
  readonly ignoreLiterals: boolean;
  /**
   * Return the span's source text (`new_code`) — unless the digest equals `magnitudeUnless`,
   * since a clean single-site claim reports no code.
   */
  readonly withCode: boolean;
  /**
   * The stored digest of a single-site claim. When the new digest differs, the result also
   * carries the span's v2 token stream under default options, for the advisory magnitude.
   */
  readonly magnitudeUnless?: string;
  /**
   * Return the span's v2 default-option token stream whatever the digest (each site of a
   * multi-site claim, so a changed claim can tell which of its sites changed since the history base).
   */
  readonly withTokens?: boolean;
}

/** What a {@link SiteHashRequest} produced. */
export type SiteHashResult =
  | {
      readonly ok: true;
      /** Bare 12-hex digest of the site. */
      readonly digest: string;
      readonly span: Span;
      readonly code?: string;
      /** v2, default options; when `magnitudeUnless` was given and differs from the digest, or `withTokens`. */
      readonly magnitudeTokens?: readonly string[];
    }
  | { readonly ok: false; readonly kind: SiteFailureKind | 'resolve'; readonly message: string };


/**
 * Answers every request about one parsed file (synchronous; the file is parsed once by the
 * caller). Identical anchors are resolved once; resolution errors become failed results with
 * the reference's message (`no symbol …`, `` `X` is ambiguous … ``).
 */
export function hashFileSites(parsed: ParsedFile, requests: readonly SiteHashRequest[]): SiteHashResult[] {
  const resolutions = new Map<string, Resolution | ResolveError>();
  const digests = new Map<string, { digest: string; tokens: string[] }>();
  return requests.map((request): SiteHashResult => {
    const anchorKey = formatAnchor(request.anchor);
    // A language the recipe does not cover is refused before any lookup, as an unknown extension is.
    if (!recipeCovers(parsed.family, request.recipe)) {
      return { ok: false, kind: 'resolve', message: ResolveError.recipeLanguage(parsed.family, request.recipe, request.anchor.file).message };
    }
    let resolution = resolutions.get(anchorKey);
    if (resolution === undefined) {
      try {
        resolution = resolveAnchor(parsed, request.anchor);
      } catch (error) {
        if (!(error instanceof ResolveError)) throw error;
        resolution = error;
      }
      resolutions.set(anchorKey, resolution);
    }
    if (resolution instanceof ResolveError) {
      const note = resolution.kind === 'NotFound' ? notFoundParseNote(parsed, request.anchor.file) : '';
      return { ok: false, kind: 'resolve', message: resolution.message + note };
    }
    try {
      assertRecipeReaches(parsed, resolution, request.recipe);
    } catch (error) {
      if (!(error instanceof ResolveError)) throw error;
      return { ok: false, kind: 'resolve', message: error.message };
    }
    const options = { recipe: request.recipe, ignoreLiterals: request.ignoreLiterals };
    const key = `${anchorKey}\0${request.recipe}\0${request.ignoreLiterals}`;
    let hashed = digests.get(key);
    if (!hashed) {
      const tokens = resolutionTokens(parsed, resolution, options);
      hashed = { digest: hashTokens(tokens), tokens };
      digests.set(key, hashed);
    }
    const { span } = recipeResolution(parsed, resolution, request.recipe);
    const result: { ok: true; digest: string; span: Span; code?: string; magnitudeTokens?: string[] } = {
      ok: true,
      digest: hashed.digest,
      span,
    };
    const differs = request.magnitudeUnless !== hashed.digest;
    if (request.withCode && differs) result.code = parsed.text.slice(span.startIndex, span.endIndex);
    if ((request.magnitudeUnless !== undefined && differs) || request.withTokens === true) {
      const measure = measureRecipe(parsed.family);
      const sameOptions = request.recipe === measure && !request.ignoreLiterals;
      result.magnitudeTokens = sameOptions ? hashed.tokens : resolutionTokens(parsed, resolution, { recipe: measure, ignoreLiterals: false });
    }
    return result;
  });
}
