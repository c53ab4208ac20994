import { fingerprint } from '../model/fingerprint.js';
import type { Report, ReportCase } from '../model/report-model.js';

/**
 * The cases the CI-facing formats (github, markdown, codequality) list: every case with a rule, and
 * every failed or unevaluated case without one (a `surf check --files` that matched nothing), so a
 * red run never renders as "no findings".
 */
export function findingCases(report: Report): ReportCase[] {
  return report.suites.flatMap((suite) => suite.cases.filter((c) => c.ruleId !== undefined || c.status === 'failed' || c.status === 'error'));
}

/** A finding's rule id; a case without one is named as the JUnit report names it. */
export function findingRule(report: Report, c: ReportCase): string {
  return c.ruleId ?? (report.tool.name === 'surf' && report.origin.command === 'check' ? 'surf/no-files-matched' : `${report.tool.name}/not-evaluated`);
}

/** A finding's stable identity: the case's SARIF fingerprint, or one made the same way from its rule and names. */
export function findingFingerprint(report: Report, c: ReportCase): string {
  return c.fingerprint ?? fingerprint([report.tool.name, report.origin.command, c.className, c.name, findingRule(report, c)]);
}
