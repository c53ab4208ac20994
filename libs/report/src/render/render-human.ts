import type { VerifyResult } from '@driftgate/boundver';
import { shortRevision } from '@driftgate/git';
import type { CheckResult, Divergence, LintResult } from '@driftgate/surf';
import type { Rendered } from '../model/rendered.js';
import type { Report, VerifyDisplay } from '../model/report-model.js';
import { reportNotes } from './report-notes.js';
import { blameText } from '../model/blame-text.js';
import { terminalSafe } from './terminal-safe.js';

/**
 * Human text in each tool's own layout (surf spec §7.5/§7.6, boundver spec §13); every untrusted
 * string is terminal-safe. Stderr notes (unmatched globs, v1 stamps, the magnitude caveat) go to
 * `err` so stdout stays clean.
 */
export function renderHuman(report: Report): Rendered {
  const origin = report.origin;
  switch (origin.command) {
    case 'check':
      return checkHuman(origin.result, reportNotes(report));
    case 'lint':
      return lintHuman(origin.result);
    case 'verify':
      return { out: verifyLines(origin.result, origin.display).map((line) => `${terminalSafe(line)}\n`).join(''), err: '' };
  }
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

function checkHuman(result: CheckResult, notes: string): Rendered {
  let out = '';
  for (const d of result.divergences) {
    out += `${TAGS[d.kind]}  ${terminalSafe(d.hub)} :: ${terminalSafe(d.at)}\n`;
    if (d.detail !== undefined) out += `    ${terminalSafe(d.detail)}\n`;
    if (d.oldHash !== undefined && d.newHash !== undefined) {
      const magnitude = d.magnitude === undefined ? '' : `  (magnitude: ${MAGNITUDE_LABEL[d.magnitude]})`;
      out += `    stored ${terminalSafe(d.oldHash)} → now ${terminalSafe(d.newHash)}${magnitude}\n`;
    }
    if (d.blame !== undefined) out += `    ${blameText(d.blame, terminalSafe)}\n`;
    if (d.historyMissing !== undefined) out += `    old code unknown: ${terminalSafe(d.historyNote ?? d.historyMissing)}\n`;
    const hint = HINTS[d.kind];
    if (hint !== undefined) out += `    ${hint}\n`;
    if (d.prose !== '') out += `    claim: ${indentedLines(d.prose, '           ')}\n`;
  }
  out +=
    result.divergences.length === 0
      ? 'surf check: all anchored spans match their stored hashes.\n'
      : `surf check: ${result.divergences.length} divergence(s).\n`;
  const err = notes;
  const revisions = [...new Set(result.divergences.flatMap((d) => (d.magnitude !== undefined && d.oldCodeFrom !== undefined ? [shortRevision(d.oldCodeFrom)] : [])))];
  const from = revisions.length === 0 ? result.historyBase : revisions.length <= 3 ? revisions.join(', ') : `${revisions.length} revisions`;
  const shown = result.divergences.some((d) => d.magnitude !== undefined);
  return {
    out,
    err: shown ? `${err}surf check: magnitude is advisory (read from git at ${terminalSafe(from)}); it never affects the verdict.\n` : err,
  };
}

/** Multi-line untrusted text: each line made safe on its own, continuation lines indented. */
function indentedLines(text: string, indent: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => terminalSafe(line))
    .join(`\n${indent}`);
}

function lintHuman(result: LintResult): Rendered {
  let out = '';
  for (const f of result.findings) {
    // A hub-level finding (prose, claim shape) has no anchor: the hub alone is its location.
    const where = f.at === '' ? terminalSafe(f.hub) : `${terminalSafe(f.hub)} :: ${terminalSafe(f.at)}`;
    out += `${f.severity === 'block' ? 'error' : 'warning'}: ${where}\n`;
    out += `    ${terminalSafe(f.message)}\n`;
    if (f.claim !== '') out += `    claim: ${terminalSafe(truncateClaim(f.claim, 80))}\n`;
  }
  out += result.findings.length === 0 ? 'surf lint: all anchors resolve.\n' : `surf lint: ${result.blocks} error(s), ${result.warnings} warning(s).\n`;
  return { out, err: '' };
}

/** Whitespace collapsed to single spaces; more than `max` characters cut with `…`. */
export function truncateClaim(text: string, max: number): string {
  const oneLine = text
    .split(/\p{White_Space}+/u)
    .filter((w) => w !== '')
    .join(' ');
  const chars = Array.from(oneLine);
  return chars.length <= max ? oneLine : `${chars.slice(0, max).join('')}…`;
}

/** verify's human report lines, not yet terminal-safe (the caller escapes every line). */
function verifyLines(result: VerifyResult, options: VerifyDisplay): string[] {
  const lines: string[] = [];
  const inputs = `Inputs: source=${result.inputs.source} config=${result.inputs.config} lock=${result.inputs.lock}`;
  if (!options.quiet) lines.push(inputs);
  if (options.changedFrom && !options.quiet) {
    const changed = result.changedComponents;
    lines.push(`Changed component paths (${changed.length}): ${changed.length > 0 ? changed.join(', ') : 'none'}; validating full lock integrity.`);
  }
  if (result.updated) {
    if (!options.quiet) {
      lines.push(`Updated ${result.lockFile.display} after successful generation (${result.resolvedIssues.length} issue${result.resolvedIssues.length === 1 ? '' : 's'} resolved).`);
      for (const issue of result.resolvedIssues) lines.push(`  resolved: ${issue}`);
      if (result.inputs.source !== 'working-tree') {
        lines.push(
          `Next: ${result.inputs.source === 'head' ? 'commit' : 'stage'} ${result.lockFile.display}; --source ${result.inputs.source} verifies the ${result.inputs.source === 'head' ? 'committed' : 'staged'} lock.`,
        );
      }
    }
    return lines;
  }
  if (!options.quiet) lines.push(...baselineLines(result));
  if (result.issues.length === 0) {
    if (!options.quiet) lines.push(options.verbose ? `Verified source=${result.inputs.source} with 0 issues.` : result.baseline !== null && result.baseline.acknowledged.length > 0 ? 'No violation beyond the baseline.' : 'Lockfile is up to date.');
    if (result.observations.length > 0 && !options.quiet) {
      lines.push(`Non-gating drift observed (${result.observations.length}):`);
      for (const observation of result.observations) lines.push(`  ${observation}`);
    }
    return lines;
  }
  const heading = result.exitCode === 2 ? 'CANNOT VERIFY' : 'LOCKFILE OUT OF DATE';
  lines.push(`${heading} (${result.issues.length} issue${result.issues.length === 1 ? '' : 's'}):`, '');
  for (const issue of result.issues) lines.push(`  ${issue}`);
  if (result.observations.length > 0 && !options.quiet) {
    lines.push('', 'NON-GATING DRIFT:');
    for (const observation of result.observations) lines.push(`  ${observation}`);
  }
  if (options.quiet) return lines;
  lines.push('');
  if (result.updateRefused !== null) lines.push(`LOCKFILE NOT UPDATED: ${result.updateRefused}`);
  else if (result.exitCode === 2) lines.push('Fix the reported problems, then run `boundver verify` again.');
  else if (!options.update) lines.push('Review the drift, then run `boundver verify --update` (or `boundver generate`) to record it.');
  return lines;
}

/** What a baseline option did: acknowledged issues, paid-off identities, the file written. */
function baselineLines(result: VerifyResult): string[] {
  const baseline = result.baseline;
  if (baseline === null) return [];
  const lines: string[] = [];
  const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;
  if (baseline.mode === 'write') {
    lines.push(`Wrote baseline ${baseline.file} with ${count(baseline.violations, 'violation')}; commit it, then gate with --baseline ${baseline.file}.`);
  } else {
    lines.push(`Baseline ${baseline.file}: ${count(baseline.acknowledged.length, 'issue')} acknowledged (${count(baseline.violations, 'violation')} recorded).`);
  }
  if (baseline.mode !== 'write') for (const issue of baseline.acknowledged) lines.push(`  acknowledged: ${issue}`);
  if (baseline.resolved.length > 0) {
    const what = baseline.mode === 'update' ? (baseline.written ? 'removed' : 'resolved') : 'no longer failing';
    lines.push(`${count(baseline.resolved.length, 'baseline violation')} ${what}:`);
    for (const violation of baseline.resolved) lines.push(`  ${violation.kind} ${violation.subject}.${violation.facet}`);
    if (baseline.mode === 'check') lines.push(`  Shrink the baseline with --update-baseline ${baseline.file}.`);
  }
  if (baseline.mode === 'update' && !baseline.written) lines.push(`Baseline ${baseline.file} is already as small as it can be; not rewritten.`);
  return lines;
}
