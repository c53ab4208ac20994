import type { Magnitude } from '../history/magnitude.js';

/** Why a claim blocks the gate (JSON `kind`). */
export type DivergenceKind = 'changed' | 'unverified' | 'unresolvable' | 'referenced_stale';

/**
 * Who changed the code under a changed claim (advisory, from git history): the first commit after
 * the verified code in which the claim's code hashes differently, and how many commits since
 * changed it. Without a commit (`uncommitted`), the change is in the working tree only.
 */
export interface Blame {
  /** Full object id of the first commit that changed the code; absent when `uncommitted`. */
  readonly commit?: string;
  /** Its abbreviated id, as reports show it. */
  readonly shortCommit?: string;
  readonly author?: string;
  /** Author date, ISO 8601 with the author's offset, as git records it. */
  readonly date?: string;
  /** First line of the commit message. */
  readonly subject?: string;
  /** Commits since the verified code that changed the claim's code (0 when only the working tree did). */
  readonly commits: number;
  /** The committed code (HEAD) is still the verified code: only the working tree changed it. */
  readonly uncommitted: boolean;
}

/** Where an anchored span sits now: 1-based lines, 0-based UTF-16 columns, end exclusive. */
export interface SpanLocation {
  /** Workspace-root-relative POSIX path of the source file. */
  readonly file: string;
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/**
 * One blocked claim (or hub). The first group of fields is the seam's envelope (see
 * `checkEnvelope`, which writes them in the spec's order with snake_case keys); the rest are
 * for reporters (line numbers for SARIF/JUnit, the raw sites).
 */
export interface Divergence {
  /** Workspace-relative hub path. */
  readonly hub: string;
  /** Trimmed claim prose; empty for a malformed hub or a propagated ref. */
  readonly claim: string;
  /** Display `at:` (sites joined by `  +  `); the raw ref for `referenced_stale`; empty for a malformed hub. */
  readonly at: string;
  readonly kind: DivergenceKind;
  /** The claim's `id`, when it has one. */
  readonly id?: string;
  /** The stored stamp, verbatim (changed; unresolvable when the claim has one). */
  readonly oldHash?: string;
  /** The recomputed stamp, under the stored stamp's recipe (v2 for an unverified claim). */
  readonly newHash?: string;
  /**
   * Source of the span as it was verified (changed claims, from git; advisory): the first of the
   * stamp's `verified_commit`, the `--base` merge base and HEAD whose code hashes to the stamp,
   * else the first of them the clone has. For a multi-site claim, the code of the sites that
   * changed there ({@link changedSites}), in `at:` order, joined by a blank line. For a
   * re-pointed claim, the code its `@N` named at the revision it was compared with.
   */
  readonly oldCode?: string;
  /** The revision {@link oldCode} and {@link magnitude} were read from (a commit id, a ref, `HEAD`). */
  readonly oldCodeFrom?: string;
  /**
   * The stamp's `verified_commit` when this clone lacks it (a shallow clone) and no other
   * revision holds the verified code: the old code is unknown, not the new code.
   */
  readonly historyMissing?: string;
  /** With {@link historyMissing}: what that means and how to fetch the commit, for reports. */
  readonly historyNote?: string;
  /**
   * Source of the span now (single-site claims that resolve; for a multi-site claim with history,
   * the sites of {@link oldCode}, joined the same way).
   */
  readonly newCode?: string;
  /**
   * Who changed the code (changed claims whose verified code history found; advisory). Absent
   * without git history; with {@link historyMissing} set, blame needs the missing commit too.
   */
  readonly blame?: Blame;
  /** Same as {@link claim} (the seam carries both). */
  readonly prose: string;
  /**
   * Advisory size of the change (changed claims with history; a multi-site claim's is graded over
   * its changed sites, their token distances summed); never gates.
   */
  readonly magnitude?: Magnitude;
  /**
   * Why the claim is unresolvable or stale; for a `changed` claim whose `@N` now names another
   * match than at its verified commit, `re-pointed: …` naming both sites (its stamp may still
   * hold then: the code of the match it names now hashes alike).
   */
  readonly detail?: string;

  /** 1-based line of the claim's `- ` item in the hub; undefined for hub-level divergences. */
  readonly hubLine?: number;
  /**
   * The current span of a claim whose sites resolved: the single site; of a multi-site claim, the
   * first changed site when history tells, else the first site.
   */
  readonly location?: SpanLocation;
  /** The claim's raw `at:` sites, in order (empty for hub-level divergences). */
  readonly sites: readonly string[];
  /**
   * The current span of every site, in {@link sites} order, when every site resolved (changed and
   * unverified claims, multi-site ones too). Not part of the JSON seam; changes no hash.
   */
  readonly siteLocations?: readonly SpanLocation[];
  /**
   * Indices into {@link sites} of the sites of a changed multi-site claim whose code differs at
   * {@link oldCodeFrom} (a site missing there counts as changed). Read from git, so advisory;
   * absent without git history. Not part of the JSON seam.
   */
  readonly changedSites?: readonly number[];
  /**
   * The code of each site {@link oldCode} and {@link newCode} join, in the same order: `site` is
   * the index into {@link sites}, `oldCode` its code at {@link oldCodeFrom} (absent where the site
   * was missing there), `newCode` its code now. Lets a view give every site's hunk its own header.
   * Multi-site changed claims with history only; not part of the JSON seam.
   */
  readonly siteCode?: ReadonlyArray<{ readonly site: number; readonly oldCode?: string; readonly newCode?: string }>;
}
