import { shortRevision } from '@driftgate/git';
import type { Divergence } from '@driftgate/surf';
import { findingCases, findingRule } from './finding-cases.js';
import { locationText } from '../model/location-text.js';
import type { Rendered } from '../model/rendered.js';
import { blameText } from '../model/blame-text.js';
import { reportNotes } from './report-notes.js';
import type { Report, ReportCase } from '../model/report-model.js';
import { truncateClaim } from './render-human.js';
import { terminalSafe } from './terminal-safe.js';

/** Size bounds of a Markdown summary. */
export interface MarkdownLimits {
  /** Findings shown (a table row and a section each); the rest are counted on an "… N more" line. */
  readonly rows: number;
  /** UTF-8 bytes of the whole document; findings that would overflow it are counted instead. */
  readonly bytes: number;
  /** Lines of one code block (old or new code); longer ones are cut with a note. */
  readonly codeLines: number;
  /** Characters of a claim in a table cell. */
  readonly cellChars: number;
}

/**
 * Defaults: 50 findings and 128 KiB, well under GitHub's 1 MiB per step summary (and its 64 KiB
 * per pull-request comment only with fewer rows), so the claims and the boundary summary of one job
 * fit side by side.
 */
export const MARKDOWN_LIMITS: MarkdownLimits = { rows: 50, bytes: 128 * 1024, codeLines: 40, cellChars: 120 };

/**
 * A Markdown summary for `$GITHUB_STEP_SUMMARY` or a pull-request comment: a headline, totals per
 * kind or rule, a table of the findings and, per finding, a collapsible `<details>` with the claim's
 * whole prose, its stamps and, for surf check, the old and the new code. Changed claims come
 * largest advisory magnitude first (the note under the table says magnitude never gates); other
 * findings come gating first. Bounded by {@link MARKDOWN_LIMITS} with an "… N more" line.
 *
 * Untrusted text is made safe for both readers: control, bidi and zero-width characters become
 * visible escapes; in Markdown text every Markdown-significant ASCII punctuation character is
 * backslash-escaped and `&`, `<`, `>` are HTML entities (so pipes cannot split a table cell,
 * backticks cannot open code, tags cannot open HTML); in HTML (summaries, code) `&`, `<`, `>`, `"` and
 * the backtick are entities, so code holding `</pre>` or `</details>` cannot close them.
 */
export function renderMarkdown(report: Report): Rendered {
  return renderMarkdownWithin(report, MARKDOWN_LIMITS);
}

/** {@link renderMarkdown} under other limits. */
export function renderMarkdownWithin(report: Report, limits: MarkdownLimits): Rendered {
  const origin = report.origin;
  const summary =
    origin.command === 'check' && origin.result.divergences.length > 0
      ? checkSummary(origin.result.divergences, origin.result.historyBase, limits)
      : caseSummary(report, limits);
  return { out: assemble(summary, limits), err: reportNotes(report) };
}

/** A summary before it is bounded. */
interface Summary {
  readonly head: string;
  readonly tableHead: string;
  readonly rows: ReadonlyArray<{ readonly row: string; readonly section: string }>;
  readonly tail: string;
}

function assemble(summary: Summary, limits: MarkdownLimits): string {
  const rows: string[] = [];
  const sections: string[] = [];
  let bytes = bytesOf(summary.head) + bytesOf(summary.tableHead) + bytesOf(summary.tail) + 256; // 256: the "… more" line
  for (const { row, section } of summary.rows) {
    if (rows.length >= limits.rows) break;
    const size = bytesOf(row) + bytesOf(section);
    if (bytes + size > limits.bytes) break;
    bytes += size;
    rows.push(row);
    sections.push(section);
  }
  const hidden = summary.rows.length - rows.length;
  let out = summary.head;
  if (summary.rows.length > 0) out += `${summary.tableHead}${rows.join('')}\n`;
  if (hidden > 0) out += `… ${hidden} more finding(s) not shown here; the json, sarif or codequality report lists every one.\n\n`;
  out += sections.join('');
  out += summary.tail;
  return out.endsWith('\n\n') ? out.slice(0, -1) : out;
}

const MAGNITUDE_ORDER = { large: 0, medium: 1, small: 2 } as const;

function checkSummary(divergences: readonly Divergence[], historyBase: string, limits: MarkdownLimits): Summary {
  const ordered = divergences
    .map((d, index) => ({ d, index }))
    .sort((a, b) => magnitudeRank(a.d) - magnitudeRank(b.d) || a.index - b.index)
    .map(({ d }) => d);
  const kinds = ['changed', 'unverified', 'unresolvable', 'referenced_stale'] as const;
  let head = `### surf check: ${divergences.length} divergence(s)\n\n`;
  head += `| ${kinds.join(' | ')} | total |\n|${' ---: |'.repeat(kinds.length + 1)}\n`;
  head += `| ${kinds.map((kind) => divergences.filter((d) => d.kind === kind).length).join(' | ')} | ${divergences.length} |\n\n`;
  const graded = divergences.filter((d) => d.magnitude !== undefined);
  if (graded.length > 0) {
    // Each claim is read at its own revision (the commit it was verified at, when the clone has
    // it), so the headline names one revision only when they all share it.
    const revisions = new Set(graded.map((d) => d.oldCodeFrom ?? historyBase));
    const where = revisions.size === 1 ? `at ${code(shortRevision([...revisions][0]!))}` : 'at the revision each claim names below (the commit it was verified at)';
    head += `Changed claims are listed largest magnitude first. Magnitude is advisory: it is read from git history ${where} and never affects the verdict.\n\n`;
  }
  const tableHead = '| # | kind | magnitude | claim | code | hub |\n| ---: | --- | --- | --- | --- | --- |\n';
  const rows = ordered.map((d, i) => {
    const n = i + 1;
    const span = d.location === undefined ? '' : mdText(locationText({ file: d.location.file, startLine: d.location.startLine, endLine: d.location.endLine }));
    const hub = mdText(`${d.hub}:${d.hubLine ?? 1}`);
    const claim = d.prose === '' ? mdText(d.at === '' ? '(hub)' : d.at) : mdText(truncateClaim(d.prose, limits.cellChars));
    const row = `| ${n} | ${d.kind} | ${d.magnitude ?? ''} | ${claim} | ${span} | ${hub} |\n`;
    return { row, section: divergenceSection(n, d, historyBase, limits) };
  });
  return { head, tableHead, rows, tail: '' };
}

function magnitudeRank(d: Divergence): number {
  return d.magnitude === undefined ? 3 : MAGNITUDE_ORDER[d.magnitude];
}

function divergenceSection(n: number, d: Divergence, historyBase: string, limits: MarkdownLimits): string {
  const title = `${n}. ${d.kind}: ${d.at === '' ? d.hub : d.at}`;
  let out = `<details><summary>${htmlText(title)}</summary>\n\n`;
  if (d.prose !== '') out += `${proseQuote(d.prose)}\n\n`;
  const facts: string[] = [`hub: ${d.hub}:${d.hubLine ?? 1}`];
  if (d.location !== undefined) facts.push(`code: ${locationText({ file: d.location.file, startLine: d.location.startLine, endLine: d.location.endLine })}`);
  if (d.oldHash !== undefined || d.newHash !== undefined) facts.push(`stamp: ${d.oldHash ?? '(none)'} → ${d.newHash ?? '(none)'}`);
  if (d.magnitude !== undefined) facts.push(`magnitude: ${d.magnitude} (advisory)`);
  if (d.detail !== undefined) facts.push(`detail: ${d.detail}`);
  // mdText escapes each whole fact below, so the parts go in as they are.
  if (d.blame !== undefined) facts.push(`blame: ${blameText(d.blame, (text) => text)}`);
  out += facts.map((fact) => `- ${mdText(fact)}\n`).join('');
  out += '\n';
  // Old code exists only for a changed claim (read from history, so it may be missing); an
  // unverified claim has only the code it would be stamped with.
  if (d.kind === 'changed' && d.historyMissing !== undefined && d.oldCode === undefined) {
    out += `Old code unknown: ${mdText(d.historyNote ?? d.historyMissing)}\n\n`;
  } else if (d.kind === 'changed') {
    // A changed claim with a detail was re-pointed: its old code is why it fails, not advice.
    const role = d.detail !== undefined ? 'what the claim named then' : 'advisory';
    out += `Old code (from git history at ${code(shortRevision(d.oldCodeFrom ?? historyBase))}; ${role}):\n\n${preBlock(d.oldCode, limits)}\n\n`;
  }
  if (d.newCode !== undefined || d.kind === 'changed') out += `${d.kind === 'changed' ? 'New code' : 'Code now'}:\n\n${preBlock(d.newCode, limits)}\n\n`;
  return `${out}</details>\n\n`;
}

function caseSummary(report: Report, limits: MarkdownLimits): Summary {
  const what = `${report.tool.name} ${report.origin.command}`;
  const cases = report.suites.flatMap((suite) => suite.cases);
  const findings = findingCases(report)
    .map((c, index) => ({ c, index }))
    .sort((a, b) => caseRank(a.c) - caseRank(b.c) || a.index - b.index)
    .map(({ c }) => c);
  const gating = findings.filter((c) => c.gating).length;
  if (findings.length === 0) {
    const passed = cases.length === 1 ? `: ${cases[0]!.message}` : `: ${cases.length} case(s), none failed`;
    return { head: `### ${what}: passed\n\n${mdText(`${what}${passed}.`)}\n`, tableHead: '', rows: [], tail: '' };
  }
  let head = `### ${what}: ${findings.length} finding(s), ${gating} failing the gate\n\n`;
  const byRule = new Map<string, number>();
  for (const c of findings) byRule.set(findingRule(report, c), (byRule.get(findingRule(report, c)) ?? 0) + 1);
  head += '| rule | findings |\n| --- | ---: |\n';
  head += [...byRule].map(([rule, count]) => `| ${mdText(rule)} | ${count} |\n`).join('');
  head += '\n';
  const tableHead = '| # | verdict | rule | subject | finding |\n| ---: | --- | --- | --- | --- |\n';
  const rows = findings.map((c, i) => {
    const n = i + 1;
    const verdict = c.gating ? (c.status === 'error' ? 'not evaluated' : 'fails') : 'advisory';
    const subject = mdText(`${c.className} :: ${c.name}`);
    const row = `| ${n} | ${verdict} | ${mdText(findingRule(report, c))} | ${subject} | ${mdText(truncateClaim(c.message, limits.cellChars))} |\n`;
    let section = `<details><summary>${htmlText(`${n}. ${findingRule(report, c)}: ${c.className} :: ${c.name}`)}</summary>\n\n`;
    section += `${proseQuote(c.message)}\n\n`;
    section += c.details.map((detail) => `- ${inlineLines(detail)}\n`).join('');
    if (c.location !== undefined) section += `- ${mdText(`at ${locationText(c.location)}`)}\n`;
    return { row, section: `${section}\n</details>\n\n` };
  });
  return { head, tableHead, rows, tail: '' };
}

const LEVEL_ORDER = { error: 0, warning: 1, note: 2, none: 3 } as const;

function caseRank(c: ReportCase): number {
  return (c.gating ? 0 : 4) + LEVEL_ORDER[c.level];
}

/** Multi-line prose as one Markdown blockquote paragraph, lines joined with `<br>`. */
function proseQuote(text: string): string {
  return `> ${inlineLines(text)}`;
}

/** Multi-line untrusted text on one Markdown line: each line trimmed and escaped, empty ones dropped, joined with `<br>`. */
function inlineLines(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map(mdText)
    .join('<br>');
}

/** Characters that must not reach a rendered page raw: C0 (but tab and LF), DEL, C1, bidi, zero-width, BOM, lone surrogates. */
const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Visible escapes (`\x1b`, `\u202e`, as the human text writes them) for invisible or reordering characters. */
function visible(text: string): string {
  return text.replace(INVISIBLE, (char) => terminalSafe(char));
}

/** Markdown-significant ASCII punctuation, backslash-escaped in Markdown text. */
const MD_PUNCTUATION = new Set('\\`*_{}[]()#+-.!|~^$'.split(''));
const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Untrusted text inside Markdown (a paragraph, a list item, a table cell): one line, inert. */
export function mdText(text: string): string {
  let out = '';
  for (const char of visible(text.replace(/\r\n|\r|\n/g, ' ').replaceAll('\t', ' '))) {
    out += HTML_ENTITIES[char] ?? (MD_PUNCTUATION.has(char) ? `\\${char}` : char);
  }
  return out;
}

/**
 * Untrusted text inside HTML (a `<summary>`, a `<pre>`): entities for `& < > "` and the backtick
 * (which a renderer that reads the line as Markdown would take for a code span); line breaks kept.
 */
export function htmlText(text: string): string {
  return visible(text).replace(/[&<>"`]/g, (char) => HTML_ENTITIES[char] ?? '&#96;');
}

/** Text of our own in a code span (rule ids, refs): backticks cannot occur in what we pass. */
function code(text: string): string {
  return `<code>${htmlText(text)}</code>`;
}

/** A code block as a `<pre>` HTML block: it ends only at `</pre>`, which escaped code cannot contain. */
function preBlock(source: string | undefined, limits: MarkdownLimits): string {
  if (source === undefined) return '<pre>(not available)</pre>';
  const lines = source.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const shown = lines.slice(0, limits.codeLines);
  const cut = lines.length > shown.length ? `\n… ${lines.length - shown.length} more line(s)` : '';
  return `<pre>${htmlText(shown.join('\n'))}${cut}</pre>`;
}

function bytesOf(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
