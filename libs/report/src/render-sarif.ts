import { FINGERPRINT_KEY } from './fingerprint.js';
import type { Rendered } from './rendered.js';
import { reportNotes } from './report-notes.js';
import type { Report, ReportCase, ReportLocation, ReportRule } from './report-model.js';
import { terminalSafe } from './terminal-safe.js';

/** `$schema` our SARIF logs declare. */
export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json';

/**
 * SARIF 2.1.0: one run whose driver carries the tool's whole rule table, one result per case
 * that has a rule. Locations are repository-relative URIs with 1-based lines and columns (UTF-16
 * code units); surf results point at the anchored span with the hub line as a related location.
 * `partialFingerprints` never depend on line numbers. Untrusted text is made terminal-safe (no
 * bidi overrides or control characters reach a code-scanning UI) and then JSON-escaped.
 */
export function renderSarif(report: Report): Rendered {
  const rules = report.tool.rules;
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const results = report.suites.flatMap((suite) => suite.cases.filter((c) => c.ruleId !== undefined).map((c) => result(c, ruleIndex.get(c.ruleId!)!)));
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

function descriptor(rule: ReportRule): unknown {
  return {
    id: rule.id,
    name: rule.name,
    shortDescription: { text: rule.shortDescription },
    fullDescription: { text: rule.fullDescription },
    help: { text: rule.help },
    defaultConfiguration: { level: rule.defaultLevel },
  };
}

function result(c: ReportCase, index: number): unknown {
  const details = c.details.length > 0 ? `\n\n${c.details.map(terminalSafe).join('\n')}` : '';
  return {
    ruleId: c.ruleId,
    ruleIndex: index,
    ...(c.level === 'none' ? { kind: 'informational' } : {}),
    level: c.level,
    message: { text: `${terminalSafe(c.message)}${details}` },
    ...(c.location === undefined ? {} : { locations: [{ physicalLocation: physical(c.location) }] }),
    ...(c.related.length === 0
      ? {}
      : { relatedLocations: c.related.map((related, i) => ({ id: i + 1, physicalLocation: physical(related.location), message: { text: terminalSafe(related.message) } })) }),
    partialFingerprints: { [FINGERPRINT_KEY]: c.fingerprint },
    properties: { testcase: terminalSafe(`${c.className} :: ${c.name}`), status: c.status, gating: c.gating },
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
