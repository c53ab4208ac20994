import { terminalSafe } from '@driftgate/report';
import type { VerifyResult } from '@driftgate/surf';

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
