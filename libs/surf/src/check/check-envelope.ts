import type { Magnitude } from '../history/magnitude.js';
import type { Blame, Divergence, DivergenceKind } from './divergence.js';

/** Contract version of the JSON seam; additive-only within a version. */
export const CHECK_ENVELOPE_VERSION = 1;

/** One divergence as the seam carries it (snake_case keys; optional keys absent, never null). */
export interface EnvelopeDivergence {
  hub: string;
  claim: string;
  at: string;
  kind: DivergenceKind;
  id?: string;
  old_hash?: string;
  new_hash?: string;
  old_code?: string;
  new_code?: string;
  prose: string;
  magnitude?: Magnitude;
  detail?: string;
  /** Ours, additive: the revision `old_code` and `magnitude` were read from. */
  old_code_from?: string;
  /** Ours, additive: the stamp's `verified_commit` when the clone lacks it (no `old_code` then). */
  history_missing?: string;
  /** Ours, additive: who changed the code under a changed claim (advisory, from git history). */
  blame?: EnvelopeBlame;
}

/** {@link Blame} as the seam carries it; `commit`, `short_commit`, `author`, `date`, `subject` absent when `uncommitted`. */
export interface EnvelopeBlame {
  commit?: string;
  short_commit?: string;
  author?: string;
  /** Author date, ISO 8601 with the author's offset. */
  date?: string;
  subject?: string;
  /** Commits since the verified code that changed the claim's code. */
  commits: number;
  uncommitted: boolean;
}

/** `surf check --format json`: `{version: 1, divergences: [...]}`. */
export interface CheckEnvelope {
  version: typeof CHECK_ENVELOPE_VERSION;
  divergences: EnvelopeDivergence[];
}

/** One divergence in the seam's key order (what `--format json` and the JSON report write). */
export function envelopeDivergence(d: Divergence): EnvelopeDivergence {
  // Keys serialize in insertion order, so the object is built in contract order.
  const ordered = { hub: d.hub, claim: d.claim, at: d.at, kind: d.kind } as EnvelopeDivergence;
  if (d.id !== undefined) ordered.id = d.id;
  if (d.oldHash !== undefined) ordered.old_hash = d.oldHash;
  if (d.newHash !== undefined) ordered.new_hash = d.newHash;
  if (d.oldCode !== undefined) ordered.old_code = d.oldCode;
  if (d.newCode !== undefined) ordered.new_code = d.newCode;
  ordered.prose = d.prose;
  if (d.magnitude !== undefined) ordered.magnitude = d.magnitude;
  if (d.detail !== undefined) ordered.detail = d.detail;
  if (d.oldCodeFrom !== undefined) ordered.old_code_from = d.oldCodeFrom;
  if (d.historyMissing !== undefined) ordered.history_missing = d.historyMissing;
  if (d.blame !== undefined) ordered.blame = envelopeBlame(d.blame);
  return ordered;
}

function envelopeBlame(blame: Blame): EnvelopeBlame {
  const out = {} as EnvelopeBlame;
  if (blame.commit !== undefined) out.commit = blame.commit;
  if (blame.shortCommit !== undefined) out.short_commit = blame.shortCommit;
  if (blame.author !== undefined) out.author = blame.author;
  if (blame.date !== undefined) out.date = blame.date;
  if (blame.subject !== undefined) out.subject = blame.subject;
  out.commits = blame.commits;
  out.uncommitted = blame.uncommitted;
  return out;
}

/**
 * The versioned JSON seam of `surf check` (the user's "how the gate works"): exactly the
 * envelope fields, in the spec's key order, optional ones omitted when absent. Internal fields of
 * {@link Divergence} (lines, locations, raw sites) are not part of the contract.
 */
export function checkEnvelope(divergences: readonly Divergence[]): CheckEnvelope {
  return { version: CHECK_ENVELOPE_VERSION, divergences: divergences.map(envelopeDivergence) };
}
