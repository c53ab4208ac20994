import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CODE_CHANGED_SINCE_SHOWN,
  type Claim,
  type Divergence,
  type LoadedHub,
  type LoadedWorkspace,
  NOT_WRITTEN_WITH_HUB,
  type VerifyClock,
  clearAbandonedHubWrites,
  discoverHubs,
  loadSurfConfig,
  loadWorkspace,
  runVerify,
  writeHubIfChanged,
} from '@driftgate/surf';
import type { Decision } from '../model/state.js';

/** What writing one decision did. */
export interface AppliedDecision {
  readonly hub: string;
  readonly at: string;
  /** 1-based line of the claim's item in the hub, as it was when the session started. */
  readonly hubLine: number;
  readonly decision: 'accept' | 'follow';
  /**
   * `stamped`/`followed`: written; `unchanged`: already current; `failed`: see {@link reason};
   * `not-written`: left alone because another claim of its hub failed (a hub is written whole or
   * not at all) or because writing was interrupted before its hub.
   */
  readonly outcome: 'stamped' | 'followed' | 'unchanged' | 'failed' | 'not-written';
  /** The new anchor of a followed claim. */
  readonly newAt?: string;
  readonly reason?: string;
}

/** The summary of a write-and-quit. */
export interface TriageSummary {
  /** Accepted and followed claims, by hub, then in reading order. */
  readonly applied: readonly AppliedDecision[];
  /** Claims the user skipped. */
  readonly skipped: number;
  /** Items left without a decision. */
  readonly undecided: number;
  /** Hubs rewritten, workspace-relative, sorted, without duplicates. */
  readonly updatedFiles: readonly string[];
  /** Writing stopped early on a signal: the hub being written was finished, later hubs left alone. */
  readonly interrupted: boolean;
}

export interface ApplyOptions {
  /** Clock for `verified_at` and new ids (tests); the system clock by default. */
  readonly clock?: VerifyClock;
  /** Aborted (a signal): finish the hub being written, then write no further hub. */
  readonly signal?: AbortSignal;
  /**
   * Items whose acceptance the session withdrew because their code changed after it (see
   * `TriageState.changedSinceAccepted`) and that were not decided again: each is reported as not
   * written, so the session does not end green on a claim the person meant to stamp.
   */
  readonly withdrawn?: ReadonlySet<number>;
}

/**
 * Writes the accepted and followed decisions hub by hub, each hub all or nothing: one `runVerify`
 * over a workspace narrowed to that hub's chosen claims (so a claim sharing a site is never stamped
 * along) with `wholeHubs`, so when any of them fails the hub's file is never written. Claims are found again
 * by their `id` (then by anchor and prose, then by line), because the hub may have been edited
 * during the session and its lines shifted. The workspace is read afresh per hub for the same reason.
 */
export async function applyDecisions(
  root: string,
  items: readonly Divergence[],
  decisions: ReadonlyMap<number, Decision>,
  options: ApplyOptions = {},
): Promise<TriageSummary> {
  const applied: AppliedDecision[] = [];
  const updated = new Set<string>();
  const ids = [...decisions.keys()].sort((a, b) => a - b);
  const skipped = ids.filter((id) => decisions.get(id) === 'skip').length;
  const byHub = new Map<string, Array<{ d: Divergence; decision: 'accept' | 'follow' }>>();
  for (const id of ids) {
    const decision = decisions.get(id)!;
    if (decision === 'skip') continue;
    const d = items[id]!;
    let list = byHub.get(d.hub);
    if (list === undefined) byHub.set(d.hub, (list = []));
    list.push({ d, decision });
  }
  // Each hub's verify sees only that hub; what a killed write left beside the others goes here.
  // Their paths are enough: the hubs are read afresh per hub below.
  try {
    const config = await loadSurfConfig(root);
    await clearAbandonedHubWrites((await discoverHubs(config)).map((rel) => join(config.root, ...rel.split('/'))));
  } catch {
    // A workspace that cannot be read is reported by each hub's write below.
  }
  for (const id of [...(options.withdrawn ?? [])].sort((a, b) => a - b)) {
    const d = items[id];
    if (d === undefined || decisions.has(id)) continue;
    applied.push({ hub: d.hub, at: d.at, hubLine: d.hubLine ?? 0, decision: 'accept', outcome: 'not-written', reason: `${CODE_CHANGED_SINCE_SHOWN}; it was put back to undecided` });
  }
  let interrupted = false;
  for (const hub of [...byHub.keys()].sort()) {
    const chosen = byHub.get(hub)!;
    const base = (c: { d: Divergence; decision: 'accept' | 'follow' }) => ({ hub: c.d.hub, at: c.d.at, hubLine: c.d.hubLine ?? 0, decision: c.decision });
    if (options.signal?.aborted === true) {
      interrupted = true;
      for (const c of chosen) applied.push({ ...base(c), outcome: 'not-written', reason: 'interrupted before this hub was written' });
      continue;
    }
    const results = await applyHubAsShown(root, hub, chosen, options);
    if (results.written) updated.add(hub);
    chosen.forEach((c, i) => applied.push({ ...base(c), ...results.outcomes[i]! }));
  }
  // Withdrawn items were listed first: back into hub and reading order (the sort is stable).
  applied.sort((a, b) => (a.hub < b.hub ? -1 : a.hub > b.hub ? 1 : a.hubLine - b.hubLine));
  const withdrawn = [...(options.withdrawn ?? [])].filter((id) => items[id] !== undefined && !decisions.has(id)).length;
  // A withdrawn item is counted once, as not written, not also as undecided.
  return { applied, skipped, undecided: items.length - ids.length - withdrawn, updatedFiles: [...updated].sort(), interrupted };
}

type Outcome = Pick<AppliedDecision, 'outcome' | 'newAt' | 'reason'>;

/**
 * {@link applyHub}, and when some accepted claims' code changed since it was shown (so the hub
 * was left whole), once more without them: the claims the person did read are still stamped.
 */
async function applyHubAsShown(
  root: string,
  hub: string,
  chosen: ReadonlyArray<{ d: Divergence; decision: 'accept' | 'follow' }>,
  options: ApplyOptions,
): Promise<{ written: boolean; outcomes: Outcome[] }> {
  const first = await applyHub(root, hub, chosen, options);
  const changed = new Set(first.outcomes.flatMap((o, i) => (o.reason === CODE_CHANGED_SINCE_SHOWN ? [i] : [])));
  if (changed.size === 0 || changed.size === chosen.length || first.written) return first;
  const second = await applyHub(root, hub, chosen.filter((_, i) => !changed.has(i)), options);
  let next = 0;
  return { written: second.written, outcomes: chosen.map((_, i) => (changed.has(i) ? first.outcomes[i]! : second.outcomes[next++]!)) };
}

async function applyHub(
  root: string,
  hub: string,
  chosen: ReadonlyArray<{ d: Divergence; decision: 'accept' | 'follow' }>,
  options: ApplyOptions,
): Promise<{ written: boolean; outcomes: Outcome[] }> {
  const fail = (reason: string, culprit: number): { written: false; outcomes: Outcome[] } => ({
    written: false,
    outcomes: chosen.map((_, i) => (i === culprit ? { outcome: 'failed', reason } : { outcome: 'not-written', reason: 'another claim of this hub could not be written, so none was' })),
  });
  let workspace: LoadedWorkspace;
  try {
    workspace = await loadWorkspace(root);
  } catch (error) {
    return { written: false, outcomes: chosen.map(() => ({ outcome: 'failed', reason: (error as Error).message })) };
  }
  const loaded = workspace.hubs.find((h) => h.rel === hub);
  if (loaded?.hub === undefined) return fail(loaded === undefined ? 'the hub is gone' : `the hub no longer parses: ${loaded.error?.message ?? ''}`, 0);
  const claims: Claim[] = [];
  for (const [i, c] of chosen.entries()) {
    const claim = relocate(loaded, c.d);
    if (claim === undefined) return fail('the claim is no longer in its hub (its id, anchor and prose match none)', i);
    claims.push(claim);
  }
  const narrowed: LoadedWorkspace = { ...workspace, hubs: [{ ...loaded, hub: { ...loaded.hub, anchors: claims } }] };
  // An accepted claim is stamped only while its code still hashes to what the session showed.
  const shownStamps = new Map(claims.flatMap((claim, i) => (chosen[i]!.decision === 'accept' && chosen[i]!.d.newHash !== undefined ? [[claim, chosen[i]!.d.newHash!] as const] : [])));
  let result: Awaited<ReturnType<typeof runVerify>>;
  try {
    result = await runVerify(narrowed, {
      follow: chosen.some((c) => c.decision === 'follow'),
      wholeHubs: true,
      shownStamps,
      ...(options.clock !== undefined ? { clock: options.clock } : {}),
    });
  } catch (error) {
    return fail((error as Error).message, 0);
  }
  const outcomes: Outcome[] = claims.map((claim, i) => {
    const anchor = result.anchors.find((a) => a.hubLine === claim.line);
    if (anchor === undefined) return { outcome: 'failed', reason: 'surf verify did not consider the claim' };
    if (anchor.outcome === 'skipped') {
      return anchor.reason === NOT_WRITTEN_WITH_HUB || anchor.reason === CODE_CHANGED_SINCE_SHOWN
        ? { outcome: 'not-written', reason: anchor.reason }
        : { outcome: 'failed', reason: anchor.reason ?? 'skipped' };
    }
    // An accepted claim is re-stamped where it points; verify may follow only what was chosen so.
    if (anchor.outcome === 'followed' && chosen[i]!.decision !== 'follow') return { outcome: 'failed', reason: 'its anchor no longer resolves; follow it instead' };
    return { outcome: anchor.outcome, ...(anchor.newAt !== undefined ? { newAt: anchor.newAt } : {}) };
  });
  const culprit = outcomes.findIndex((o) => o.outcome === 'failed');
  if (culprit < 0) return { written: result.updatedFiles.includes(hub), outcomes };
  // A failure inside verify wrote nothing of this hub (`wholeHubs`). One failure is judged only
  // here, after the write: an accepted claim whose anchor stopped resolving meanwhile, which
  // verify followed because another claim of the hub was chosen to follow. Put the hub back.
  if (result.updatedFiles.includes(hub)) {
    try {
      const now = await readFile(loaded.path, 'utf8');
      await writeHubIfChanged(loaded.path, loaded.text, now, await realpath(root));
    } catch (error) {
      return { written: true, outcomes: outcomes.map((o) => (o.outcome === 'failed' ? o : { ...o, reason: `could not put the hub back after a failure: ${(error as Error).message}` })) };
    }
  }
  return fail(outcomes[culprit]!.reason ?? 'failed', culprit);
}

/** The claim `d` was about, in the hub as it is now: by id, else by anchor and prose, else by line. */
function relocate(loaded: LoadedHub, d: Divergence): Claim | undefined {
  const anchors = loaded.hub?.anchors ?? [];
  if (d.id !== undefined) return anchors.find((c) => c.id === d.id);
  const sameAt = (c: Claim) => (typeof c.at === 'string' ? [c.at] : c.at).join('\u0000') === d.sites.join('\u0000');
  const same = anchors.filter((c) => sameAt(c) && c.claim.trim() === d.prose);
  if (same.length === 1) return same[0];
  return anchors.find((c) => c.line === d.hubLine && sameAt(c));
}

/** Plain-text summary lines (terminal-safety is the caller's; hub paths and anchors are untrusted). */
export function summaryLines(summary: TriageSummary): string[] {
  const written = summary.applied.filter((a) => a.outcome === 'stamped' || a.outcome === 'followed');
  const notWritten = summary.applied.filter((a) => a.outcome === 'not-written' || a.outcome === 'failed').length;
  const lines = [
    `${summary.interrupted ? 'surf triage: interrupted; ' : 'surf triage: '}stamped ${written.length} claim(s) in ${summary.updatedFiles.length} hub(s); skipped ${summary.skipped}; left ${summary.undecided} undecided${notWritten > 0 ? `; ${notWritten} not written` : ''}`,
  ];
  for (const a of summary.applied) {
    const where = `${a.hub}:${a.hubLine} ${a.at}`;
    if (a.outcome === 'followed') lines.push(`  followed  ${where} → ${a.newAt ?? ''}`);
    else if (a.outcome === 'failed') lines.push(`  FAILED    ${where}: ${a.reason ?? ''}`);
    else if (a.outcome === 'not-written') lines.push(`  not written ${where}: ${a.reason ?? ''}`);
    else lines.push(`  ${a.outcome.padEnd(9)} ${where}`);
  }
  return lines;
}
