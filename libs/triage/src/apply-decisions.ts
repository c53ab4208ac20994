import { type Divergence, type LoadedWorkspace, type VerifyClock, loadWorkspace, runVerify } from '@driftgate/surf';
import type { Decision } from './state.js';

/** What writing one decision did. */
export interface AppliedDecision {
  readonly hub: string;
  readonly at: string;
  /** 1-based line of the claim's item in the hub. */
  readonly hubLine: number;
  readonly decision: 'accept' | 'follow';
  /** `stamped`/`followed`: written; `unchanged`: already current; `failed`: see {@link reason}. */
  readonly outcome: 'stamped' | 'followed' | 'unchanged' | 'failed';
  /** The new anchor of a followed claim. */
  readonly newAt?: string;
  readonly reason?: string;
}

/** The summary of a write-and-quit. */
export interface TriageSummary {
  /** Accepted and followed claims, in reading order. */
  readonly applied: readonly AppliedDecision[];
  /** Claims the user skipped. */
  readonly skipped: number;
  /** Items left without a decision. */
  readonly undecided: number;
  /** Hubs rewritten, workspace-relative, sorted, without duplicates. */
  readonly updatedFiles: readonly string[];
}

export interface ApplyOptions {
  /** Clock for `verified_at` and new ids (tests); the system clock by default. */
  readonly clock?: VerifyClock;
}

/**
 * Writes the accepted and followed decisions, one claim at a time, through `runVerify` with the
 * claim's own site as target and a workspace narrowed to that one claim (so a second claim
 * sharing the site is never stamped along). The workspace is re-read before each claim because the
 * previous one may have rewritten the same hub.
 */
export async function applyDecisions(
  root: string,
  items: readonly Divergence[],
  decisions: ReadonlyMap<number, Decision>,
  options: ApplyOptions = {},
): Promise<TriageSummary> {
  const applied: AppliedDecision[] = [];
  const updated = new Set<string>();
  let skipped = 0;
  const ids = [...decisions.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    const decision = decisions.get(id)!;
    const d = items[id]!;
    if (decision === 'skip') {
      skipped++;
      continue;
    }
    const base = { hub: d.hub, at: d.at, hubLine: d.hubLine ?? 0, decision };
    const site = d.sites[0];
    if (d.hubLine === undefined || site === undefined) {
      applied.push({ ...base, outcome: 'failed', reason: 'not a claim' });
      continue;
    }
    try {
      const workspace = narrowTo(await loadWorkspace(root), d.hub, d.hubLine);
      if (workspace === undefined) {
        applied.push({ ...base, outcome: 'failed', reason: 'the claim is no longer at this line of its hub' });
        continue;
      }
      const result = await runVerify(workspace, {
        target: site,
        follow: decision === 'follow',
        ...(options.clock !== undefined ? { clock: options.clock } : {}),
      });
      for (const file of result.updatedFiles) updated.add(file);
      const anchor = result.anchors[0];
      if (anchor === undefined) applied.push({ ...base, outcome: 'failed', reason: 'surf verify did not consider the claim' });
      else if (anchor.outcome === 'skipped') applied.push({ ...base, outcome: 'failed', reason: anchor.reason ?? 'skipped' });
      else applied.push({ ...base, outcome: anchor.outcome, ...(anchor.newAt !== undefined ? { newAt: anchor.newAt } : {}) });
    } catch (error) {
      applied.push({ ...base, outcome: 'failed', reason: (error as Error).message });
    }
  }
  return { applied, skipped, undecided: items.length - ids.length, updatedFiles: [...updated].sort() };
}

/** The workspace with only the claim at `line` of `hub`, or undefined when it is gone. */
function narrowTo(workspace: LoadedWorkspace, hub: string, line: number): LoadedWorkspace | undefined {
  const loaded = workspace.hubs.find((h) => h.rel === hub);
  const claim = loaded?.hub?.anchors.find((c) => c.line === line);
  if (loaded === undefined || claim === undefined) return undefined;
  return { ...workspace, hubs: [{ ...loaded, hub: { ...loaded.hub!, anchors: [claim] } }] };
}

/** Plain-text summary lines (terminal-safety is the caller's; hub paths and anchors are untrusted). */
export function summaryLines(summary: TriageSummary): string[] {
  const written = summary.applied.filter((a) => a.outcome === 'stamped' || a.outcome === 'followed');
  const lines = [`surf triage: stamped ${written.length} claim(s) in ${summary.updatedFiles.length} hub(s); skipped ${summary.skipped}; left ${summary.undecided} undecided`];
  for (const a of summary.applied) {
    const where = `${a.hub}:${a.hubLine} ${a.at}`;
    if (a.outcome === 'followed') lines.push(`  followed  ${where} → ${a.newAt ?? ''}`);
    else if (a.outcome === 'failed') lines.push(`  FAILED    ${where}: ${a.reason ?? ''}`);
    else lines.push(`  ${a.outcome.padEnd(9)} ${where}`);
  }
  return lines;
}
