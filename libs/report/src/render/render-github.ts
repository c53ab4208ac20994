import { findingCases, findingRule } from './finding-cases.js';
import type { Rendered } from '../model/rendered.js';
import { reportNotes } from './report-notes.js';
import type { Report, ReportCase } from '../model/report-model.js';
import { terminalSafe } from './terminal-safe.js';

/**
 * GitHub Actions workflow commands, one line per finding (every case with a rule, and a failed case
 * without one, such as a `surf check --files` that matched nothing), so each one is
 * an annotation on the pull request's diff without code scanning: `::error` for a finding that
 * fails the gate, `::warning` for an advisory warning (a lint warning), `::notice` for the rest
 * (non-gating observations). Properties are `file`, `line`, `endLine`, `col`, `endColumn` and
 * `title`; the message is the case's message and its detail lines. A last plain line counts them.
 *
 * Untrusted text is made terminal-safe line by line (no control, bidi or zero-width character),
 * then escaped as the Actions runner reads it: `%`, CR and LF in the message, and also `:` and `,`
 * in property values. No output line but the commands starts with `::`.
 */
export function renderGithub(report: Report): Rendered {
  const findings = findingCases(report);
  const lines = findings.map((c) => command(c, findingRule(report, c)));
  const gating = findings.filter((c) => c.gating).length;
  const what = `${report.tool.name} ${report.origin.command}`;
  lines.push(
    findings.length === 0
      ? `${what}: no findings.`
      : `${what}: ${findings.length} finding(s), ${gating} failing the gate, ${findings.length - gating} advisory.`,
  );
  return { out: lines.map((line) => `${line}\n`).join(''), err: reportNotes(report) };
}

/** The workflow command of one finding. */
export function githubCommandName(c: ReportCase): 'error' | 'warning' | 'notice' {
  if (c.gating) return 'error';
  return c.level === 'error' || c.level === 'warning' ? 'warning' : 'notice';
}

function command(c: ReportCase, rule: string): string {
  const properties: string[] = [];
  const location = c.location;
  if (location !== undefined) {
    properties.push(`file=${escapeProperty(safeText(location.file))}`, `line=${location.startLine}`);
    if (location.endLine !== undefined) properties.push(`endLine=${location.endLine}`);
    if (location.startColumn !== undefined) properties.push(`col=${location.startColumn}`);
    if (location.endColumn !== undefined) properties.push(`endColumn=${location.endColumn}`);
  }
  properties.push(`title=${escapeProperty(safeText(`${rule}: ${c.className} :: ${c.name}`))}`);
  const message = [c.message, ...c.details].map(safeText).join('\n');
  return `::${githubCommandName(c)} ${properties.join(',')}::${escapeData(message)}`;
}

/** Each line terminal-safe on its own; the line breaks are kept (the escapes below encode them). */
function safeText(text: string): string {
  return text.split(/\r\n|\r|\n/).map(terminalSafe).join('\n');
}

/** A workflow command's message: `%`, CR and LF percent-encoded, as the runner decodes them. */
export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** A workflow command's property value: the message escapes plus `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
