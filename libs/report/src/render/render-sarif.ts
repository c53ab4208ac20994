import { FINGERPRINT_KEY, fingerprint } from '../model/fingerprint.js';
import type { Blame } from '@driftgate/surf';
import type { Rendered } from '../model/rendered.js';
import { reportNotes } from './report-notes.js';
import type { RelatedLocation, Report, ReportCase, ReportLocation, ReportRule } from '../model/report-model.js';
import { terminalSafe } from './terminal-safe.js';

/** `$schema` our SARIF logs declare. */
export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json';

/**
 * What GitHub code scanning accepts in one upload (its documented SARIF limits): 20 runs per file,
 * 5,000 results per run that it keeps (25,000 it accepts), 1,000 locations per result. A log
 * stays within them: one run, at most `resultsPerRun` results (the last one a note counting the
 * findings left out), at most `locationsPerResult` locations and related locations per result.
 */
export const SARIF_LIMITS = { runsPerFile: 20, resultsPerRun: 5000, locationsPerResult: 1000 } as const;

/** SARIF result level: what GitHub code scanning fails a check on (`error`, by default) is exactly what fails the gate. */
export type SarifLevel = 'error' | 'warning' | 'note';

/**
 * The SARIF level of a case: `error` for everything that fails the gate, whatever its advisory
 * magnitude or facet; an advisory case (a lint warning, a non-gating observation) is `warning` or
 * `note`, never `error`.
 */
export function sarifLevel(c: Pick<ReportCase, 'gating' | 'level'>): SarifLevel {
  if (c.gating) return 'error';
  return c.level === 'error' || c.level === 'warning' ? 'warning' : 'note';
}

/**
 * SARIF 2.1.0: one run whose driver carries the tool's whole rule table, one result per case
 * that has a rule. Locations are repository-relative URIs with 1-based lines and columns (UTF-16
 * code units); a surf result's primary location is its first anchored code span (so a tool that
 * keeps only results on changed lines keeps it), with the claim's hub line and every other site
 * as related locations. `partialFingerprints` never depend on line numbers or on the project a
 * run was scoped to. Untrusted text is made terminal-safe (no bidi overrides or control
 * characters reach a code-scanning UI) and then JSON-escaped. Over {@link SARIF_LIMITS}, the
 * gating results are kept first and a last `note` says how many were left out.
 */
export function renderSarif(report: Report): Rendered {
  const cases = report.suites.flatMap((suite) => suite.cases.filter((c) => c.ruleId !== undefined));
  const kept = mostImportant(cases, SARIF_LIMITS.resultsPerRun, importance);
  const omitted = cases.length - kept.length;
  const rules = omitted === 0 ? report.tool.rules : [...report.tool.rules, omittedRule(report.tool.name)];
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const results = kept.map((c) => result(c, ruleIndex.get(c.ruleId!)!));
  if (omitted > 0) results.push(omittedResult(report, cases, kept, omitted, rules.length - 1));
  const log = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            informationUri: report.tool.informationUri,
            rules: rules.map(descriptor),
          },
        },
        automationDetails: { id: report.automationId },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return { out: `${JSON.stringify(log, null, 2)}\n`, err: reportNotes(report) };
}

/** Rank of a case when results must be dropped: gating first, then warnings, then notes. */
function importance(c: ReportCase): number {
  const level = sarifLevel(c);
  return level === 'error' ? 0 : level === 'warning' ? 1 : 2;
}

/**
 * All items when they fit; else the `limit - 1` most important (lowest `rank`: 0 for a gating
 * `error`), in their given order, leaving room for the note that counts the rest.
 */
export function mostImportant<T>(cases: readonly T[], limit: number, rank: (item: T) => number): T[] {
  if (cases.length <= limit) return [...cases];
  const chosen = cases
    .map((c, index) => ({ c, index }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.index - b.index)
    .slice(0, limit - 1)
    .sort((a, b) => a.index - b.index);
  return chosen.map(({ c }) => c);
}

/** The rule of the closing note a log over {@link SARIF_LIMITS} ends with. */
export function omittedRule(toolName: string): ReportRule {
  return {
    id: `${toolName}/results-omitted`,
    name: 'ResultsOmitted',
    shortDescription: 'Some findings were left out of this SARIF log.',
    fullDescription: `The run had more findings than GitHub code scanning keeps per run (${SARIF_LIMITS.resultsPerRun}). The gating findings were kept first; the rest are counted in this note.`,
    help: 'Read the json or junit report of the same run for every finding, or fix the listed ones and run again.',
    defaultLevel: 'note',
  };
}

function omittedResult(report: Report, cases: readonly ReportCase[], kept: readonly ReportCase[], omitted: number, index: number): unknown {
  const keptSet = new Set(kept);
  const left = cases.filter((c) => !keptSet.has(c));
  const gating = left.filter((c) => c.gating).length;
  const where = left.find((c) => c.location !== undefined)?.location;
  return omittedNote(report.tool.name, report.origin.command, { omitted, gating, index, ...(where === undefined ? {} : { physicalLocation: physical(where) }) });
}

/**
 * The closing `note` result of a run cut at {@link SARIF_LIMITS}: how many findings were left
 * out and how many of them fail the gate, at the first left-out finding's place when it has one.
 */
export function omittedNote(
  toolName: string,
  command: string,
  note: { readonly omitted: number; readonly gating: number; readonly index: number; readonly physicalLocation?: unknown },
): Record<string, unknown> {
  const { omitted, gating, index, physicalLocation } = note;
  return {
    ruleId: `${toolName}/results-omitted`,
    ruleIndex: index,
    level: 'note',
    message: {
      text: `${omitted} more finding(s) left out of this log (${gating} of them failing the gate): a SARIF run keeps at most ${SARIF_LIMITS.resultsPerRun} results. The ${toolName} ${command} json and junit reports list every finding.`,
    },
    ...(physicalLocation === undefined ? {} : { locations: [{ physicalLocation }] }),
    partialFingerprints: { [FINGERPRINT_KEY]: fingerprint([toolName, command, 'results-omitted']) },
    properties: { omitted, omittedGating: gating },
  };
}

/** A rule as a SARIF `reportingDescriptor`. */
export function descriptor(rule: ReportRule): unknown {
  return {
    id: rule.id,
    name: rule.name,
    shortDescription: { text: rule.shortDescription },
    fullDescription: { text: rule.fullDescription },
    help: { text: rule.help },
    defaultConfiguration: { level: rule.defaultLevel },
  };
}

/** The primary location and the related ones, within the per-result location limit. */
function placed(c: ReportCase): { primary: ReportLocation | undefined; related: RelatedLocation[]; dropped: number } {
  const spans = c.spans ?? [];
  const primary = spans[0]?.location ?? c.location;
  const related: RelatedLocation[] = [];
  if (spans.length > 0 && c.location !== undefined && !sameLocation(c.location, primary!)) related.push({ location: c.location, message: 'the claim, in its hub' });
  for (const r of c.related) if (primary === undefined || !sameLocation(r.location, primary)) related.push(r);
  related.push(...spans.slice(1));
  const room = SARIF_LIMITS.locationsPerResult - (primary === undefined ? 0 : 1);
  return { primary, related: related.slice(0, room), dropped: Math.max(0, related.length - room) };
}

function sameLocation(a: ReportLocation, b: ReportLocation): boolean {
  return a.file === b.file && a.startLine === b.startLine && a.startColumn === b.startColumn && a.endLine === b.endLine && a.endColumn === b.endColumn;
}

function result(c: ReportCase, index: number): unknown {
  const { primary, related, dropped } = placed(c);
  const lines = c.details.map(terminalSafe);
  if (dropped > 0) lines.push(`related: ${dropped} more location(s) not listed (a SARIF result keeps at most ${SARIF_LIMITS.locationsPerResult})`);
  const details = lines.length > 0 ? `\n\n${lines.join('\n')}` : '';
  return {
    ruleId: c.ruleId,
    ruleIndex: index,
    level: sarifLevel(c),
    message: { text: `${terminalSafe(c.message)}${details}` },
    ...(primary === undefined ? {} : { locations: [{ physicalLocation: physical(primary) }] }),
    ...(related.length === 0
      ? {}
      : { relatedLocations: related.map((r, i) => ({ id: i + 1, physicalLocation: physical(r.location), message: { text: terminalSafe(r.message) } })) }),
    partialFingerprints: { [FINGERPRINT_KEY]: c.fingerprint },
    properties: {
      testcase: terminalSafe(`${c.className} :: ${c.name}`),
      status: c.status,
      gating: c.gating,
      ...(c.magnitude === undefined ? {} : { magnitude: c.magnitude }),
      ...(c.blame === undefined ? {} : { blame: sarifBlame(c.blame) }),
    },
  };
}

/** The case's blame in the JSON envelope's key names, its untrusted texts terminal-safe as every SARIF text is. */
function sarifBlame(blame: Blame): Record<string, unknown> {
  return {
    ...(blame.commit !== undefined ? { commit: blame.commit } : {}),
    ...(blame.shortCommit !== undefined ? { short_commit: blame.shortCommit } : {}),
    ...(blame.author !== undefined ? { author: terminalSafe(blame.author) } : {}),
    ...(blame.date !== undefined ? { date: blame.date } : {}),
    ...(blame.subject !== undefined ? { subject: terminalSafe(blame.subject) } : {}),
    commits: blame.commits,
    uncommitted: blame.uncommitted,
  };
}

function physical(location: ReportLocation): unknown {
  const region: Record<string, number> = { startLine: location.startLine };
  if (location.startColumn !== undefined) region.startColumn = location.startColumn;
  if (location.endLine !== undefined) region.endLine = location.endLine;
  if (location.endColumn !== undefined) region.endColumn = location.endColumn;
  return { artifactLocation: { uri: relativeUri(location.file) }, region };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A repository-relative POSIX path as a relative URI reference: each segment percent-encoded. */
export function relativeUri(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment.replace(LONE_SURROGATE, '\ufffd')))
    .join('/');
}
