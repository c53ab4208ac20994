import type { HubKind } from './hub-kind.js';

/**
 * One governed claim: an item of the frontmatter `anchors:` list (spec §2.3).
 * String fields hold the YAML scalar exactly as written (plain scalars are never coerced to
 * numbers, booleans or dates), so a stamp like `2:abc123def456` or `123456789012` stays that text.
 */
export interface Claim {
  /** 0-based position in `anchors:`; the item index the hub editor takes. */
  readonly index: number;
  /** 1-based line of the item's `- ` in the hub file (for a flow-style list: where the item starts). */
  readonly line: number;
  /** 1-based line of the `hash:` key in the hub file; undefined when the claim has no `hash`. */
  readonly hashLine: number | undefined;
  /** Stable identity (`c_` + 20 hex), written once by verify when absent. */
  readonly id: string | undefined;
  /** The prose sentence, untrimmed; never hashed. */
  readonly claim: string;
  /** One anchor string or a list of them, unparsed (anchor grammar is spec §3). */
  readonly at: string | readonly string[];
  /** Stored stamp (`2:<12 hex>` or bare v1 hex); undefined until the first verify (unverified). */
  readonly hash: string | undefined;
  /** ISO-8601 UTC seconds of the last stamp change, as written. */
  readonly verifiedAt: string | undefined;
  /** 40-hex HEAD commit at the last stamp change, as written. */
  readonly verifiedCommit: string | undefined;
  /** Exclude string-literal content from the hash (spec §5.6); false when absent. */
  readonly ignoreLiterals: boolean;
}

/** A parsed hub: frontmatter keys of spec §2.2 plus the body. */
export interface Hub {
  /** By basename of the path given to the parser; `Concept` when no path was given. */
  readonly kind: HubKind;
  /** OKF type; `concept` when absent. */
  readonly type: string;
  readonly title: string | undefined;
  readonly summary: string | undefined;
  readonly tags: readonly string[];
  /** OKF last-modified text, as written (read, never written). */
  readonly timestamp: string | undefined;
  readonly anchors: readonly Claim[];
  /** Hub composition edges (spec §8), unparsed. */
  readonly refs: readonly string[];
  /** Advisory globs; never affect the verdict. */
  readonly covers: readonly string[];
  /**
   * Every other top-level key, in source order, with its value as plain data (YAML 1.2 core
   * schema: numbers, booleans, null, strings, arrays, objects). Kept so consumers can preserve
   * and inspect unknown keys; the writer never re-serializes them.
   */
  readonly extra: ReadonlyMap<string, unknown>;
  /** Lines after the closing fence joined with `\n` (line terminators normalized as in spec §2.1). */
  readonly body: string;
}

/**
 * Why lint blocks a claim with `at: []`. check and verify treat it as the reference does (the
 * digest of nothing, so hubs it stamped verify unchanged), which can never diverge: lint is
 * where a claim bound to no code is caught.
 */
export const NO_SITES_MESSAGE = 'the claim names no code (`at:` is an empty list); add the site it describes';

/** The anchor strings of a claim as a list: one element for the single-site form. */
export function claimSites(claim: Pick<Claim, 'at'>): readonly string[] {
  return typeof claim.at === 'string' ? [claim.at] : claim.at;
}
