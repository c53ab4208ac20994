import { type CheckResult, type Divergence, checkEnvelope } from '@driftgate/surf';
import { prettyJson, safe, safeLines } from './render-text.js';

/** What a command prints: stdout text and stderr notes. */
export interface Rendered {
  readonly out: string;
  readonly err: string;
}

const TAGS: Readonly<Record<Divergence['kind'], string>> = {
  changed: 'DIVERGED',
  unverified: 'UNVERIFIED',
  unresolvable: 'UNRESOLVED',
  referenced_stale: 'REF-STALE',
};

const HINTS: Partial<Readonly<Record<Divergence['kind'], string>>> = {
  unverified: 'run `surf verify`',
  unresolvable: 'run `surf lint`',
};

const MAGNITUDE_LABEL = { small: 'Small', medium: 'Medium', large: 'Large' } as const;

/** Human output of `surf check` (spec §7.6), every untrusted string made terminal-safe. */
export function renderCheckHuman(result: CheckResult): Rendered {
  let out = '';
  for (const d of result.divergences) {
    out += `${TAGS[d.kind]}  ${safe(d.hub)} :: ${safe(d.at)}\n`;
    if (d.detail !== undefined) out += `    ${safe(d.detail)}\n`;
    if (d.oldHash !== undefined && d.newHash !== undefined) {
      const magnitude = d.magnitude === undefined ? '' : `  (magnitude: ${MAGNITUDE_LABEL[d.magnitude]})`;
      out += `    stored ${safe(d.oldHash)} → now ${safe(d.newHash)}${magnitude}\n`;
    }
    const hint = HINTS[d.kind];
    if (hint !== undefined) out += `    ${hint}\n`;
    if (d.prose !== '') out += `    claim: ${safeLines(d.prose, '           ')}\n`;
  }
  out +=
    result.divergences.length === 0
      ? 'surf check: all anchored spans match their stored hashes.\n'
      : `surf check: ${result.divergences.length} divergence(s).\n`;
  const err = checkNotes(result);
  const shown = result.divergences.some((d) => d.magnitude !== undefined);
  return {
    out,
    err: shown
      ? `${err}surf check: magnitude is advisory (read from git at ${safe(result.historyBase)}); it never affects the verdict.\n`
      : err,
  };
}

/** `surf check --format json`: the versioned envelope, pretty-printed. */
export function renderCheckJson(result: CheckResult): Rendered {
  return { out: prettyJson(checkEnvelope(result.divergences)), err: checkNotes(result) };
}

/** Stderr notes shared by both formats, so JSON stdout stays parseable. */
function checkNotes(result: CheckResult): string {
  let err = '';
  for (const pattern of result.stats.unmatchedGlobs) {
    err += `surf check: --files glob "${safe(pattern)}" matched no anchored files.\n`;
  }
  if (result.stats.v1Clean > 0) {
    err += `surf check: ${result.stats.v1Clean} anchor(s) use v1 hashes; run \`surf verify\` to upgrade.\n`;
  }
  return err;
}
