import junitModule, { type Builder } from 'junit-report-builder';
import type { Rendered } from './rendered.js';
import { reportNotes } from './report-notes.js';
import type { Report, ReportCase } from './report-model.js';
import { locationText } from './location-text.js';
import { xmlSafe } from './xml-safe.js';

/**
 * JUnit XML through junit-report-builder: `<testsuites>` with a `<testsuite>` per hub or
 * component and a `<testcase>` per claim, facet or finding. Failures and errors carry the rule id
 * as `type`, the one-line message, and a body with kind, hashes, magnitude or facet, prose and
 * `file:line`. No timestamps, host names or durations. Every untrusted string goes through
 * {@link xmlSafe} first, so control characters become visible escapes rather than being dropped
 * and no text can end a CDATA section. Valid against the Jenkins xUnit `junit-10.xsd`.
 */
// The package is CommonJS whose `module.exports` is the builder, while its typings declare an ES
// default export; under NodeNext the default import is `module.exports` at run time.
const junit = ((junitModule as unknown as { default?: Builder }).default ?? junitModule) as unknown as Builder;

export function renderJunit(report: Report): Rendered {
  const builder = junit.newBuilder().name(xmlSafe(`${report.tool.name} ${report.origin.command}`));
  for (const suite of report.suites) {
    const testSuite = builder.testSuite().name(xmlSafe(suite.name));
    for (const c of suite.cases) {
      const testCase = testSuite.testCase().className(xmlSafe(c.className)).name(xmlSafe(c.name));
      const body = caseBody(c);
      if (c.status === 'failed') testCase.failure(xmlSafe(c.message), c.ruleId).stacktrace(body);
      else if (c.status === 'error') testCase.error(xmlSafe(c.message), c.ruleId, body);
      else {
        if (c.status === 'skipped') testCase.skipped();
        if (c.ruleId !== undefined || c.status === 'skipped') testCase.standardOutput(c.ruleId === undefined ? xmlSafe(c.message) : `${xmlSafe(c.message)}\n${body}`);
      }
    }
  }
  // The xUnit schema declares no `skipped` count on the root; each suite still carries its own.
  const xml = builder.build().replace(/^(<testsuites\b[^>]*?) skipped="\d+"/m, '$1');
  return { out: `${xml}\n`, err: reportNotes(report) };
}

function caseBody(c: ReportCase): string {
  const lines = c.details.map(xmlSafe);
  if (c.location !== undefined) lines.push(`location: ${xmlSafe(locationText(c.location))}`);
  for (const related of c.related) lines.push(`related: ${xmlSafe(locationText(related.location))} (${xmlSafe(related.message)})`);
  return lines.join('\n');
}
