import { type ForResult, forEnvelope } from '@driftgate/surf';
import { prettyJson, safe, safeIndented } from '@driftgate/cli';
import type { Rendered } from '@driftgate/report';

/** Human output of `surf for`: matches grouped by hub, then a count. */
export function renderForHuman(result: ForResult): Rendered {
  const path = safe(result.path);
  if (result.matches.length === 0) {
    const target = result.symbol === undefined ? path : `${path} > ${safe(result.symbol)}`;
    return { out: `surf for: no hubs anchor into ${target}.\n`, err: '' };
  }
  let out = '';
  let hub: string | undefined;
  for (const m of result.matches) {
    if (m.hub !== hub) {
      hub = m.hub;
      out += `${safe(m.hub)}\n`;
    }
    out += `  ${safe(m.at)}\n    claim: ${safeIndented(m.claim, '           ')}\n`;
  }
  out += `surf for: ${result.matches.length} claim(s) anchor into ${path}.\n`;
  return { out, err: '' };
}

/** `surf for --format json`: `{version: 1, path, matches: [{hub, at, claim}]}`. */
export function renderForJson(result: ForResult): Rendered {
  return { out: prettyJson(forEnvelope(result)), err: '' };
}
