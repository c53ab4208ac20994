import type { VerifyResult } from '@driftgate/surf';
import { prettyJson, safe } from '@driftgate/cli';
import type { Rendered } from '@driftgate/report';

/** Human output of `surf verify` (spec §7.7); `U skipped` counts unchanged claims, as the reference does. */
export function renderVerifyHuman(result: VerifyResult): Rendered {
  let out = '';
  for (const a of result.anchors) {
    if (a.outcome === 'followed') out += `followed ${safe(a.hub)} :: ${safe(a.at)} → ${safe(a.newAt ?? '')}\n`;
    else if (a.outcome === 'skipped') out += `error ${safe(a.hub)} :: ${safe(a.at)} (${safe(a.reason ?? '')})\n`;
  }
  for (const file of result.updatedFiles) out += `updated ${safe(file)}\n`;
  out += `surf verify: stamped ${result.stamped} anchor(s), ${result.unchanged} skipped, ${result.errors} error(s).\n`;
  return { out, err: skippedHubNotes(result) };
}

/** `surf verify --format json`: `{stamped, unchanged, errors, anchors: [{hub, at, outcome, new_at?, reason?}]}`. */
export function renderVerifyJson(result: VerifyResult): Rendered {
  const anchors = result.anchors.map((a) => ({
    hub: a.hub,
    at: a.at,
    outcome: a.outcome,
    ...(a.newAt !== undefined ? { new_at: a.newAt } : {}),
    ...(a.reason !== undefined ? { reason: a.reason } : {}),
  }));
  return {
    out: prettyJson({ stamped: result.stamped, unchanged: result.unchanged, errors: result.errors, anchors }),
    err: skippedHubNotes(result),
  };
}

function skippedHubNotes(result: VerifyResult): string {
  return result.skippedHubs.map((h) => `surf verify: left ${safe(h.hub)} alone (${safe(h.message)}); run \`surf lint\`.\n`).join('');
}
