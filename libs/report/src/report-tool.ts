import type { ReportContext, ReportTool } from './report-model.js';
import { DRIFTGATE_INFORMATION_URI, TOOL_RULES } from './rules.js';

/** The SARIF driver of a tool: its name, the running version and its whole rule table. */
export function reportTool(name: ReportTool['name'], context: ReportContext): ReportTool {
  return { name, version: context.version, informationUri: context.informationUri ?? DRIFTGATE_INFORMATION_URI, rules: TOOL_RULES[name] };
}

/**
 * SARIF `automationDetails.id` of a run: `driftgate/<run>/<project>/`. GitHub code scanning takes
 * everything before the last `/` as the upload's category, so each project and command keeps its
 * own alerts instead of replacing another's.
 */
export function automationId(run: string, project: string | undefined): string {
  return `driftgate/${run}/${project ?? 'workspace'}/`;
}
