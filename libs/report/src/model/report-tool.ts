import type { ReportContext, ReportTool } from './report-model.js';
import { DRIFTGATE_INFORMATION_URI, TOOL_RULES } from './rules.js';

/** The SARIF driver of a tool: its name, the running version and its whole rule table. */
export function reportTool(name: ReportTool['name'], context: ReportContext): ReportTool {
  return { name, version: context.version, informationUri: context.informationUri ?? DRIFTGATE_INFORMATION_URI, rules: TOOL_RULES[name] };
}

/**
 * SARIF `automationDetails.id` of a run: `driftgate/<run>/`. GitHub code scanning takes everything
 * before the last `/` as the upload's category. It is one per tool and command, never per project:
 * fingerprints name the hub and claim or the component and facet (never the project), so the same
 * claim in two projects' reports is one alert in one category.
 */
export function automationId(run: string): string {
  return `driftgate/${run}/`;
}
