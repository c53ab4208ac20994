import { terminalSafe, terminalSafeLines } from '@driftgate/report';
import { type CheckResult, type Divergence, type VerifyResult, checkEnvelope } from '@driftgate/surf';

const TAGS: Readonly<Record<Divergence['kind'], string>> = {
  changed: 'DIVERGED',
  unverified: 'UNVERIFIED',
  unresolvable: 'UNRESOLVED',
  referenced_stale: 'REF-STALE',
};

const MAGNITUDES = { small: 'Small', medium: 'Medium', large: 'Large' } as const;

/**
 * The human text of a check, in the `surf check` layout, every untrusted value terminal-safe.
 * `hint` names the command that re-stamps (the executor's own target).
 */
export function checkText(result: CheckResult, hint: string): string[] {
  const lines: string[] = [];
  for (const d of result.divergences) {
    lines.push(`${TAGS[d.kind]}  ${terminalSafe(d.hub)} :: ${terminalSafe(d.at)}`);
    if (d.detail !== undefined) lines.push(`    ${terminalSafe(d.detail)}`);
    if (d.oldHash !== undefined && d.newHash !== undefined) {
      const magnitude = d.magnitude === undefined ? '' : `  (magnitude: ${MAGNITUDES[d.magnitude]})`;
      lines.push(`    stored ${terminalSafe(d.oldHash)} → now ${terminalSafe(d.newHash)}${magnitude}`);
    }
    if (d.kind === 'unverified') lines.push(`    run ${hint}`);
    if (d.kind === 'unresolvable') lines.push('    run `surf lint`');
    if (d.prose !== '') lines.push(`    claim: ${terminalSafeLines(d.prose).replace(/\n/g, '\n           ')}`);
  }
  if (result.stats.v1Clean > 0) lines.push(`surf check: ${result.stats.v1Clean} anchor(s) use v1 hashes; run ${hint} to upgrade.`);
  if (result.divergences.some((d) => d.magnitude !== undefined)) {
    lines.push(
      `surf check: magnitude is advisory, read from git history at ${terminalSafe(result.historyBase)}; it never affects the verdict and is not part of the cache key.`,
    );
  }
  lines.push(
    result.divergences.length === 0
      ? `surf check: all ${result.stats.claims} anchored span(s) match their stored hashes.`
      : `surf check: ${result.divergences.length} divergence(s) in ${result.stats.claims} claim(s).`,
  );
  return lines;
}

/** The JSON report: exactly the versioned envelope `surf check --format json` prints. */
export function checkJson(result: CheckResult): string {
  return `${JSON.stringify(checkEnvelope(result.divergences), null, 2)}\n`;
}

/** The human text of a stamp run, in the `surf verify` layout. */
export function stampText(result: VerifyResult): string[] {
  const lines: string[] = [];
  for (const a of result.anchors) {
    if (a.outcome === 'followed') lines.push(`followed ${terminalSafe(a.hub)} :: ${terminalSafe(a.at)} → ${terminalSafe(a.newAt ?? '')}`);
    else if (a.outcome === 'skipped') lines.push(`error ${terminalSafe(a.hub)} :: ${terminalSafe(a.at)} (${terminalSafe(a.reason ?? '')})`);
  }
  for (const hub of result.skippedHubs) lines.push(`left ${terminalSafe(hub.hub)} alone (${terminalSafe(hub.message)}); run \`surf lint\``);
  for (const file of result.updatedFiles) lines.push(`updated ${terminalSafe(file)}`);
  lines.push(`surf verify: stamped ${result.stamped} anchor(s), ${result.unchanged} unchanged, ${result.errors} error(s).`);
  return lines;
}
