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

/** The verdicts that differ from `before` to `after`, in `after`'s order, then the removed ones. */
export function verdictChanges(before: ReadonlyMap<string, ClaimVerdict>, after: ReadonlyMap<string, ClaimVerdict>): VerdictChange[] {
  const changes: VerdictChange[] = [];
  for (const [key, verdict] of after) {
    const old = before.get(key);
    if (old === undefined) changes.push({ after: verdict });
    else if (differs(old, verdict)) changes.push({ before: old, after: verdict });
  }
  for (const [key, verdict] of before) if (!after.has(key)) changes.push({ before: verdict });
  return changes;
}

/**
 * Whether a claim's verdict changed. A claim that stays `changed` or `unverified` keeps its
 * verdict while its code is edited further: its detail is the new span's stamp, which moves with
 * every edit, and saying "changed (was changed)" would report every keystroke. For `unresolvable`
 * and `referenced_stale` the detail is the reason (which file cannot be read, which reference
 * went stale), and a new reason is news.
 */
function differs(old: ClaimVerdict, now: ClaimVerdict): boolean {
  if (old.kind !== now.kind) return true;
  return (now.kind === 'unresolvable' || now.kind === 'referenced_stale') && old.detail !== now.detail;
}
