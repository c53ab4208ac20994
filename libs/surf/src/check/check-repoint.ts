import { shortRevision } from '@driftgate/git';
import { gitBlobId } from '../cache/blob-id.js';
import { type Anchor, formatSegment } from '../locate/anchor.js';
import type { Recipe } from '../hash/stamp.js';
import type { GitContext } from '../history/git-context.js';
import { type CurrentSource, type RepointItem, type RepointMove, type RepointOptions, type RepointVerdict, repointsFromHistory } from '../history/repoint-from-history.js';
import { decodedSource, isSiteFailure, readWorkspaceBytesSync } from '../source/site-source.js';

/** A claim `surf check` or `surf verify` found clean that may have been re-pointed. */
export interface RepointCandidate {
  readonly hub: string;
  /** Its one site, parsed. */
  readonly anchor: Anchor;
  readonly recipe: Recipe;
  /** The stored stamp's bare digest, which the site's digest now equals. */
  readonly hex: string;
  readonly ignoreLiterals: boolean;
  readonly verifiedCommit: string | undefined;
}

/**
 * Whether a clean claim must be compared with its verified commit: a single site with an `@N`
 * on some segment, and a `verified_commit` to compare with. Claims without `@N` name the one
 * match of each name, which cannot move to a neighbour; a multi-site claim is left out since its
 * stamp covers every site together, so no one site's earlier version can be confirmed by it.
 */
export function needsRepointCheck(sites: readonly string[], anchor: Anchor | undefined, verifiedCommit: string | undefined): boolean {
  return sites.length === 1 && anchor !== undefined && verifiedCommit !== undefined && anchor.segments.some((segment) => segment.index !== undefined);
}

/**
 * Compares each candidate with the version of its file it was verified against (see
 * {@link repointsFromHistory}), reading the current files from the workspace; one verdict each.
 * Without git, nothing can be compared: every verdict is `unknown`.
 */
export async function checkRepoints(
  git: GitContext | undefined,
  root: string,
  rootReal: string,
  candidates: readonly RepointCandidate[],
  options: RepointOptions = {},
): Promise<RepointVerdict[]> {
  if (git === undefined) return candidates.map(() => ({ kind: 'unknown' }));
  const read = new Map<string, ReturnType<CurrentSource>>();
  const current: CurrentSource = (file) => {
    if (!read.has(file)) {
      const bytes = readWorkspaceBytesSync(root, rootReal, file);
      const text = isSiteFailure(bytes) ? bytes : decodedSource(bytes, file);
      read.set(file, isSiteFailure(bytes) || isSiteFailure(text) ? undefined : { blob: gitBlobId(bytes), text });
    }
    return read.get(file);
  };
  const items: RepointItem[] = candidates.map((c) => ({
    hub: c.hub,
    anchor: c.anchor,
    stamp: { recipe: c.recipe, hex: c.hex, ignoreLiterals: c.ignoreLiterals },
    verifiedCommit: c.verifiedCommit ?? '',
  }));
  return repointsFromHistory(git, current, items, options);
}

/**
 * The divergence detail of a re-pointed claim, e.g. ``re-pointed: `@1` now names what was `@2`
 * at 1a2b3c4d5e6f: a.py:7 now, a.py:4 then; what it named then is gone (2 matches then, 1 now)``.
 */
export function repointDetail(anchor: Anchor, move: RepointMove, rev: string): string {
  const segment = anchor.segments[move.segment]!;
  const indexed = anchor.segments.filter((s) => s.index !== undefined).length;
  // The selector alone reads best; the segment's name is added when several segments have one.
  const named = (n: number): string => (segment.index === undefined || indexed > 1 ? `\`${segment.name} @${n}\`` : `\`@${n}\``);
  const self = segment.index === undefined ? `\`${segment.name}\`` : named(segment.index);
  const at = shortRevision(rev);
  const what = move.was !== undefined ? `what was ${named(move.was)} at ${at}` : `a match that was not there at ${at}`;
  const fate = move.became !== undefined ? `what it named then is now ${named(move.became)}` : 'what it named then is gone';
  const file = anchor.file;
  const counts = `${move.countThen} match${move.countThen === 1 ? '' : 'es'} then, ${move.countNow} now`;
  return `re-pointed: ${self} now names ${what}: ${file}:${move.newLine} now, ${file}:${move.oldLine} then; ${fate} (${counts})`;
}

/** The note of a claim whose verified commit this clone does not have. */
export function missingCommitNote(anchor: Anchor, commit: string): string {
  const indexed = anchor.segments.filter((s) => s.index !== undefined);
  const which =
    indexed.length === 1 ? `which match \`@${indexed[0]!.index}\` names` : `which matches ${indexed.map((s) => `\`${formatSegment(s)}\``).join(', ')} name`;
  return (
    `could not compare ${which} with the matches at ${shortRevision(commit)}, which this clone does not have (a shallow clone?), ` +
    `so a deleted earlier match would go unnoticed; fetch it with \`git fetch --unshallow\` or \`git fetch origin ${commit}\` (in CI: a full-depth checkout)`
  );
}
