import { type LintResult, lintJson } from '@driftgate/surf';
import type { Rendered } from './render-check.js';
import { prettyJson, safe } from './render-text.js';

/** Human output of `surf lint` (spec §7.5). */
export function renderLintHuman(result: LintResult): Rendered {
  let out = '';
  for (const f of result.findings) {
    out += `${f.severity === 'block' ? 'error' : 'warning'}: ${safe(f.hub)} :: ${safe(f.at)}\n`;
    out += `    ${safe(f.message)}\n`;
    if (f.claim !== '') out += `    claim: ${safe(truncateClaim(f.claim, 80))}\n`;
  }
  out +=
    result.findings.length === 0
      ? 'surf lint: all anchors resolve.\n'
      : `surf lint: ${result.blocks} error(s), ${result.warnings} warning(s).\n`;
  return { out, err: '' };
}

/** `surf lint --format json`: the bare array of findings. */
export function renderLintJson(result: LintResult): Rendered {
  return { out: prettyJson(lintJson(result.findings)), err: '' };
}

/** Whitespace collapsed to single spaces; more than `max` characters cut with `…`. */
export function truncateClaim(text: string, max: number): string {
  const oneLine = text.split(/\p{White_Space}+/u).filter((w) => w !== '').join(' ');
  const chars = Array.from(oneLine);
  return chars.length <= max ? oneLine : `${chars.slice(0, max).join('')}…`;
}
