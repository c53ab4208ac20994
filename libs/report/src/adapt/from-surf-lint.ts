import type { LintResult } from '@driftgate/surf';
import { fingerprint } from '../model/fingerprint.js';
import { lintRuleKey } from './lint-rule.js';
import type { Report, ReportCase, ReportContext, ReportLocation } from '../model/report-model.js';
import { automationId, reportTool } from '../model/report-tool.js';
import { SURF_LINT_RULES } from '../model/rules.js';
import { SuiteCollector } from './suite-collector.js';

/**
 * The neutral report of a `surf lint`: a suite per hub, a case per finding. Blocking findings
 * fail; warnings pass (they never fail lint) but are still SARIF results at level `warning`.
 * A clean run is one passing case.
 */
export function fromSurfLint(result: LintResult, context: ReportContext): Report {
  const suites = new SuiteCollector();
  for (const finding of result.findings) {
    const rule = SURF_LINT_RULES[lintRuleKey(finding.message)];
    const location: ReportLocation = { file: finding.hub, startLine: finding.hubLine ?? 1 };
    const details = [`severity: ${finding.severity}`, `hub: ${finding.hub}:${location.startLine}`];
    if (finding.at !== '') details.push(`at: ${finding.at}`);
    if (finding.claim !== '') details.push(`claim: ${finding.claim.trim()}`);
    details.push(`next: ${rule.help}`);
    const testCase: ReportCase = {
      name: finding.at === '' ? `(hub) ${rule.name}` : finding.at,
      className: finding.hub,
      status: finding.severity === 'block' ? 'failed' : 'passed',
      ruleId: rule.id,
      level: finding.severity === 'block' ? 'error' : 'warning',
      gating: finding.severity === 'block',
      message: `${finding.severity === 'block' ? 'error' : 'warning'}: ${finding.message}`,
      details,
      location,
      related: [],
      fingerprint: fingerprint(['surf', 'lint', finding.hub, finding.at, rule.id]),
    };
    suites.add(finding.hub, testCase);
  }
  const built = suites.suites();
  return {
    tool: reportTool('surf', context),
    automationId: automationId('surf-lint'),
    suites:
      built.length > 0
        ? built
        : [
            {
              name: 'surf lint',
              cases: [{ name: 'anchors', className: 'surf lint', status: 'passed', level: 'none', gating: true, message: 'all anchors resolve', details: [], related: [] }],
            },
          ],
    origin: { tool: 'surf', command: 'lint', result },
  };
}
