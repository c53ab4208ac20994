import type { CheckResult } from '../check/check.js';
import type { DivergenceKind } from '../check/divergence.js';

/** What a check said about one claim (or one hub-level finding). */
export interface ClaimVerdict {
  /** Workspace-relative POSIX path of the hub. */
  readonly hub: string;
  /** The claim's sites as displayed; empty for a malformed hub. */
  readonly at: string;
  /** 1-based line of the claim in its hub (0 for a hub-level finding). */
  readonly hubLine: number;
  /** `clean`, or the divergence kind. */
  readonly kind: 'clean' | DivergenceKind;
  /** The divergence's detail or new stamp, which tells two verdicts of one kind apart. */
  readonly detail: string;
}

/** One verdict that differs between two checks; `before` or `after` is absent for a claim added or removed. */
export interface VerdictChange {
  readonly before?: ClaimVerdict;
  readonly after?: ClaimVerdict;
}

/**
 * Every verdict of a check by a key that survives edits elsewhere in a hub: hub, sites and the
 * claim's ordinal among the hub's claims with the same sites (a line number would move whenever
 * a claim above it is added). Propagated `referenced_stale` findings have their own keys.
 */
export function verdictsOf(result: CheckResult): Map<string, ClaimVerdict> {
  const verdicts = new Map<string, ClaimVerdict>();
  const ordinals = new Map<string, number>();
  const keyOf = (hub: string, at: string, family: string): string => {
    const base = `${family}\0${hub}\0${at}`;
    const n = ordinals.get(base) ?? 0;
    ordinals.set(base, n + 1);
    return `${base}\0${n}`;
  };
  const diverged = new Map<string, ClaimVerdict>();
  for (const d of result.divergences) {
    const family = d.kind === 'referenced_stale' ? 'ref' : d.at === '' ? 'hub' : 'claim';
    const verdict: ClaimVerdict = { hub: d.hub, at: d.at, hubLine: d.hubLine ?? 0, kind: d.kind, detail: d.detail ?? d.newHash ?? '' };
    if (family === 'claim') diverged.set(`${d.hub}\0${d.hubLine ?? 0}`, verdict);
    else verdicts.set(keyOf(d.hub, d.at, family), verdict);
  }
  for (const claim of result.checked) {
    const verdict = diverged.get(`${claim.hub}\0${claim.hubLine}`) ?? { hub: claim.hub, at: claim.at, hubLine: claim.hubLine, kind: 'clean' as const, detail: '' };
    verdicts.set(keyOf(claim.hub, claim.at, 'claim'), verdict);
  }
  return verdicts;
}

/** A claim's `id` as the hubs of one check hold it (undefined when it has none). */
export type ClaimIdOf = (verdict: ClaimVerdict) => string | undefined;

/**
 * The verdicts that differ from `before` to `after`, in `after`'s order, then the removed ones.
 * With `ids`, a claim that left one key and arrived at another (its `at:` was re-pointed, or it
 * moved to another hub) is matched by its `id` and reported as one change from its old verdict,
 * or not at all when only its hub changed; an `id` that two removed or two added claims share
 * matches nothing, as it cannot tell them apart.
 */
export function verdictChanges(
  before: ReadonlyMap<string, ClaimVerdict>,
  after: ReadonlyMap<string, ClaimVerdict>,
  ids?: { readonly before: ClaimIdOf; readonly after: ClaimIdOf },
): VerdictChange[] {
  const changes: Array<VerdictChange | undefined> = [];
  for (const [key, verdict] of after) {
    const old = before.get(key);
    if (old === undefined) changes.push({ after: verdict });
    else if (differs(old, verdict)) changes.push({ before: old, after: verdict });
  }
  for (const [key, verdict] of before) if (!after.has(key)) changes.push({ before: verdict });
  if (ids !== undefined) pairById(changes, ids);
  return changes.filter((change) => change !== undefined);
}

/** Turns an added and a removed claim with one `id` into one change (or none), in place. */
function pairById(changes: Array<VerdictChange | undefined>, ids: { readonly before: ClaimIdOf; readonly after: ClaimIdOf }): void {
  const removed = uniqueIds(changes, (change) => (change.after === undefined ? claimId(change.before, ids.before) : undefined));
  if (removed.size === 0) return;
  const added = uniqueIds(changes, (change) => (change.before === undefined ? claimId(change.after, ids.after) : undefined));
  for (const [id, at] of added) {
    const from = removed.get(id);
    if (from === undefined) continue;
    const old = changes[from]!.before!;
    const now = changes[at]!.after!;
    changes[at] = differs(old, now) ? { before: old, after: now } : undefined;
    changes[from] = undefined;
  }
}

/** Index of the one change per `id` that `idOf` gives one for; an `id` given twice maps to nothing. */
function uniqueIds(changes: ReadonlyArray<VerdictChange | undefined>, idOf: (change: VerdictChange) => string | undefined): Map<string, number> {
  const found = new Map<string, number>();
  const twice = new Set<string>();
  changes.forEach((change, index) => {
    const id = change === undefined ? undefined : idOf(change);
    if (id === undefined) return;
    if (found.has(id)) twice.add(id);
    found.set(id, index);
  });
  for (const id of twice) found.delete(id);
  return found;
}

/** A claim's id; hub-level findings and propagated refs (no hub line) are never claims. */
function claimId(verdict: ClaimVerdict | undefined, idOf: ClaimIdOf): string | undefined {
  return verdict === undefined || verdict.hubLine === 0 ? undefined : idOf(verdict);
}

/**
 * Whether a claim's verdict changed. A claim re-pointed to other code (another `at:`) has, even
 * when its kind stays. A claim that stays `changed` or `unverified` keeps its verdict while its
 * code is edited further: its detail is the new span's stamp, which moves with every edit, and
 * saying "changed (was changed)" would report every keystroke. For `unresolvable` and
 * `referenced_stale` the detail is the reason (which file cannot be read, which reference went
 * stale), and a new reason is news.
 */
function differs(old: ClaimVerdict, now: ClaimVerdict): boolean {
  if (old.at !== now.at || old.kind !== now.kind) return true;
  return (now.kind === 'unresolvable' || now.kind === 'referenced_stale') && old.detail !== now.detail;
}
