import { type ParsedFile, parseSource, requireLang } from '@driftgate/syntax';
import type { Anchor } from '../locate/anchor.js';
import { hashTokens } from '../hash/hash.js';
import { resolutionTokens } from '../hash/hash-anchor.js';
import { type Magnitude, cappedTokenDistance, categorizeMagnitude } from './magnitude.js';
import { recipeResolution } from '../hash/recipe-extent.js';
import { measureRecipe, recipeCovers } from '../hash/recipe-families.js';
import { resolveAnchor } from '../locate/resolve.js';
import type { Recipe } from '../hash/stamp.js';

// The part of magnitude grading that runs on a pool thread: plain data in, plain data out. Kept
// apart from magnitudeFromHistory, which starts pool runs, so the pool's task list can name it
// without an import cycle.

/** A changed single-site claim whose previous version is wanted. */
export interface HistoryQuery {
  /** The revision to read the file at (a commit id, a ref, `HEAD`). */
  readonly rev: string;
  readonly anchor: Anchor;
  /** The current span's v2 token stream under default options. */
  readonly currentTokens: readonly string[];
  /**
   * The claim's stored stamp: when given, the answer says whether the span at {@link rev} hashes
   * to it (that version is exactly the code the claim was verified against).
   */
  readonly stamp?: { readonly recipe: Recipe; readonly hex: string; readonly ignoreLiterals: boolean };
}

/** Advisory fields recovered from history; each is absent when git or the old resolution fails. */
export interface HistoryAnswer {
  readonly oldCode?: string;
  readonly magnitude?: Magnitude;
  /** The span's token stream at the revision equals the current one (the site did not change). */
  readonly unchanged?: boolean;
  /** The span at the revision hashes to the query's stamp. */
  readonly matchesStamp?: boolean;
  /**
   * With a stamp: the span's bare digest at the revision under the stamp's recipe and options
   * (a multi-site claim combines its sites' digests to compare with its stamp).
   */
  readonly digest?: string;
  /** v2 token edit distance to the current span, capped at 16 (every larger one grades `large`). */
  readonly distance?: number;
}

/** Grades every query against one previous version of a file, parsed once. */
export async function historyOfFile(file: string, text: string, queries: readonly HistoryQuery[]): Promise<HistoryAnswer[]> {
  let parsed: ParsedFile;
  try {
    parsed = await parseSource(text, requireLang(file), file);
  } catch {
    return queries.map(() => ({}));
  }
  try {
    return queries.map((query) => oldVersion(parsed, query));
  } finally {
    parsed.delete();
  }
}

function oldVersion(parsed: ParsedFile, query: HistoryQuery): HistoryAnswer {
  let resolution;
  try {
    resolution = resolveAnchor(parsed, query.anchor);
  } catch {
    return {};
  }
  // The old code spans what the stamp's recipe hashes (recipe 3 widens to attributes and
  // modifiers), as `new_code` does.
  const span = query.stamp === undefined ? resolution.span : recipeResolution(parsed, resolution, query.stamp.recipe).span;
  const oldCode = parsed.text.slice(span.startIndex, span.endIndex);
  const measure = measureRecipe(parsed.family);
  const before = resolutionTokens(parsed, resolution, { recipe: measure, ignoreLiterals: false });
  // Distances past 15 are all `large`, so the band-limited distance grades exactly.
  const unchanged = before.length === query.currentTokens.length && before.every((token, i) => token === query.currentTokens[i]);
  const distance = cappedTokenDistance(before, query.currentTokens, 15);
  const answer = { oldCode, magnitude: categorizeMagnitude(distance), unchanged, distance };
  if (query.stamp === undefined) return answer;
  const { recipe, ignoreLiterals, hex } = query.stamp;
  // A stamp under a recipe this language has no digest for matches nothing.
  if (!recipeCovers(parsed.family, recipe)) return { ...answer, matchesStamp: false };
  const stamped = recipe === measure && !ignoreLiterals ? before : resolutionTokens(parsed, resolution, { recipe, ignoreLiterals });
  const digest = hashTokens(stamped);
  return { ...answer, digest, matchesStamp: digest === hex.toLowerCase() };
}
