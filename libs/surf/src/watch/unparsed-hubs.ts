import type { CheckResult } from '../check/check.js';
import { parseRef } from '../locate/anchor.js';
import { type LoadedHub, resolveRefPath } from '../workspace/load-workspace.js';
import type { ClaimVerdict } from './verdict-changes.js';

/** Why a hub's frontmatter does not parse, as a watch reports it. */
export interface HubParseProblem {
  /** The parse error as `surf check` words it, without its `invalid hub: ` prefix. */
  readonly message: string;
  /** 1-based line of the hub the error points at; 1 when the frontmatter fence is missing or never closed. */
  readonly line: number;
}

/** A hub that stopped parsing, or whose parse error changed, at a check of a watch. */
export interface InvalidHub extends HubParseProblem {
  /** Workspace-relative POSIX path of the hub. */
  readonly hub: string;
  /**
   * How many of its claims keep their last verdicts, unchecked, until it parses again; undefined
   * when it has not parsed since the watch began (its claims are not known).
   */
  readonly claims: number | undefined;
}

/** A hub that parses again after a check at which it did not. */
export interface RepairedHub {
  /** Workspace-relative POSIX path of the hub. */
  readonly hub: string;
  /** Its claims checked again (those in scope). */
  readonly claims: number;
}

/**
 * The concept hubs of a check whose frontmatter does not parse (check reports each as a hub-level
 * divergence, with no claim and no site), in hub path order. The error's line is read from the
 * parse the check already made; `hubs` are the check's hubs by path.
 */
export function unparsedHubs(result: CheckResult, hubs: ReadonlyMap<string, LoadedHub>): Map<string, HubParseProblem> {
  const unparsed = new Map<string, HubParseProblem>();
  for (const d of result.divergences) {
    if (d.kind !== 'unresolvable' || d.at !== '' || d.hubLine !== undefined || d.sites.length > 0) continue;
    const error = hubs.get(d.hub)?.error;
    unparsed.set(d.hub, { message: error?.message ?? (d.detail ?? '').replace(/^invalid hub: /, ''), line: error?.line ?? 1 });
  }
  return unparsed;
}

/**
 * Whether a verdict says nothing while `unparsed` hubs do not parse: the hub-level finding of
 * such a hub, its claims (not checked), and a `refs` finding that points at it (a hub that does
 * not parse counts as stale, so every hub that refers to it would turn stale with every typo).
 */
export function aboutUnparsed(verdict: ClaimVerdict, unparsed: ReadonlyMap<string, unknown>): boolean {
  if (unparsed.has(verdict.hub)) return true;
  if (verdict.kind !== 'referenced_stale') return false;
  try {
    return unparsed.has(resolveRefPath(verdict.hub, parseRef(verdict.at).path));
  } catch {
    // A ref that does not parse points nowhere (and lint reports it).
    return false;
  }
}
