import { type ParsedFile, parseSource, requireLang } from '@driftgate/syntax';
import type { Anchor } from '../locate/anchor.js';
import { hashTokens } from '../hash/hash.js';
import { resolutionTokens } from '../hash/hash-anchor.js';
import { recipeResolution } from '../hash/recipe-extent.js';
import type { Recipe } from '../hash/stamp.js';
import { toResolution } from '../locate/resolve.js';
import { type SegmentLevel, segmentMatches } from '../locate/segment-matches.js';
import { alignMatches, matchShape } from './match-alignment.js';

// The part of the re-point comparison that runs on a pool thread: plain data in, plain data out.
// Kept apart from repointsFromHistory, which reads git and starts pool runs, so the pool's task
// list can name it without an import cycle.

/** A claim whose site is compared with the same file at an earlier revision. */
export interface RepointQuery {
  readonly anchor: Anchor;
  /** The claim's stored stamp: the site then must hash to it for that version to be the verified one. */
  readonly stamp: { readonly recipe: Recipe; readonly hex: string; readonly ignoreLiterals: boolean };
}

/** The site an anchor names now is not the one it named then. */
export interface RepointMove {
  /** Index into the anchor's segments of the first segment whose match is another one now. */
  readonly segment: number;
  /** 1-based position then (among that segment's matches) of the match named now; undefined when it is new. */
  readonly was?: number;
  /** 1-based position now of the match named then; undefined when it is gone. */
  readonly became?: number;
  /** That segment's matches then and now. */
  readonly countThen: number;
  readonly countNow: number;
  /** The claimed site's code and first line then (what the stamp was taken from) and now. */
  readonly oldCode: string;
  readonly oldLine: number;
  readonly newCode: string;
  readonly newLine: number;
}

/** What comparing one claim's site with an earlier version of its file found. */
export interface RepointAnswer {
  /**
   * The site the anchor named in the earlier version hashes to the query's stamp, so that
   * version holds the code the claim was verified against. Nothing else is said otherwise.
   */
  readonly holdsStamp: boolean;
  /** With {@link holdsStamp}: set when the anchor now names another site. */
  readonly moved?: RepointMove;
}

/** Compares every query's site in `newText` with the one in `oldText`; each text is parsed once. */
export async function repointOfFile(file: string, oldText: string, newText: string, queries: readonly RepointQuery[]): Promise<RepointAnswer[]> {
  const lang = requireLang(file);
  let before: ParsedFile | undefined;
  let after: ParsedFile | undefined;
  try {
    before = await parseSource(oldText, lang, file);
    after = await parseSource(newText, lang, file);
    return queries.map((query) => compare(before!, after!, query));
  } catch {
    return queries.map(() => ({ holdsStamp: false }));
  } finally {
    before?.delete();
    after?.delete();
  }
}

function compare(before: ParsedFile, after: ParsedFile, query: RepointQuery): RepointAnswer {
  const then = segmentMatches(before, query.anchor);
  if (then === undefined) return { holdsStamp: false };
  const { recipe, ignoreLiterals, hex } = query.stamp;
  const oldSite = claimedSite(before, then, recipe);
  if (hashTokens(resolutionTokens(before, oldSite.resolution, { recipe, ignoreLiterals })) !== hex.toLowerCase()) return { holdsStamp: false };
  const now = segmentMatches(after, query.anchor);
  // Resolved now by the extended rules alone, or not at all: no count to compare with.
  if (now === undefined || now.length !== then.length) return { holdsStamp: true };
  const aligned = alignMatches(
    then.map((level) => level.matches.map((match) => matchShape(before, match))),
    now.map((level) => level.matches.map((match) => matchShape(after, match))),
  );
  for (let level = 0; level < now.length; level++) {
    const picked = then[level]!.selected;
    const picks = now[level]!.selected;
    // A segment without `@N` above the last one descends into all its matches: nothing is picked.
    if (picks.length !== 1 || picked.length !== 1) continue;
    const counterpart = aligned[level]![picks[0]!]!;
    if (counterpart === picked[0]) continue;
    const newSite = claimedSite(after, now, recipe);
    const became = aligned[level]!.indexOf(picked[0]!);
    return {
      holdsStamp: true,
      moved: {
        segment: now[level]!.segment,
        ...(counterpart >= 0 ? { was: counterpart + 1 } : {}),
        ...(became >= 0 ? { became: became + 1 } : {}),
        countThen: then[level]!.matches.length,
        countNow: now[level]!.matches.length,
        oldCode: oldSite.code,
        oldLine: oldSite.line,
        newCode: newSite.code,
        newLine: newSite.line,
      },
    };
  }
  return { holdsStamp: true };
}

/** The symbol the last level picks, with its code and first line as the recipe spans them. */
function claimedSite(parsed: ParsedFile, levels: readonly SegmentLevel[], recipe: Recipe) {
  const last = levels[levels.length - 1]!;
  const resolution = toResolution(parsed, last.matches[last.selected[0]!]!.unit);
  const { span } = recipeResolution(parsed, resolution, recipe);
  return { resolution, code: parsed.text.slice(span.startIndex, span.endIndex), line: span.startLine };
}
