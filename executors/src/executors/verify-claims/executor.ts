import { type ExecutorContext, logger } from '@nx/devkit';
import { fromSurfCheck, renderReport, terminalSafe } from '@driftgate/report';
import { type CheckResult, runCheck } from '@driftgate/surf';
import { cachedTargetOf, refusedClaimsOptions } from '../../run/cached-options.js';
import { describeError, loadProjectClaims, projectRootOf } from '../../run/executor-context.js';
import { DEFAULT_FORMATS, DEFAULT_REPORT_DIRECTORY, relativeOption } from '../../plugin/plugin-options.js';
import { PLUGIN_VERSION, type ReportFormat, type ReportLocation, normalizeFormats, removeReportFiles, writeReportFiles } from '../../reports/report-files.js';

/** Options of `@driftgate/nx:verify-claims` (see its schema.json). */
export interface VerifyClaimsOptions {
  /** Check every claim of these hub files instead of the claims anchored into the project. */
  hubs?: string[];
  /** Workspace-relative base directory of the reports. Default `reports/driftgate`. */
  reportDirectory?: string;
  /** Report files to write: `human`, `json`, `junit`, `sarif`, `github`, `markdown`, `codequality` (`text` is a deprecated alias of `human`). Default `["human", "json"]`. */
  formats?: Array<ReportFormat | 'text'>;
  /** Worker threads for parsing, or `auto`. Default `auto`. */
  workers?: number | 'auto';
}

/**
 * `surf check` over the claims anchored into this project (or every claim of `hubs`), from the
 * working tree. Builds one report, writes it in each requested format through
 * `@driftgate/report`'s format map, logs its human rendering, and succeeds when no claim diverged.
 */
export default async function verifyClaimsExecutor(options: VerifyClaimsOptions, context: ExecutorContext): Promise<{ success: boolean }> {
  const root = context.root;
  let location: ReportLocation | undefined;
  try {
    const projectRoot = projectRootOf(context);
    location = { reportDirectory: relativeOption('reportDirectory', options.reportDirectory ?? DEFAULT_REPORT_DIRECTORY), projectRoot, kind: 'verify-claims' };
    const formats = normalizeFormats(options.formats ?? DEFAULT_FORMATS, 'verify-claims option formats');
    const selection = await loadProjectClaims(context, options.hubs);
    const refused = refusedClaimsOptions(options.hubs, selection, cachedTargetOf(context));
    if (refused !== undefined) throw refused;
    const result = await runCheck(selection.workspace, { workers: options.workers ?? 'auto' });
    const report = fromSurfCheck(result, {
      version: PLUGIN_VERSION,
      ...(context.projectName !== undefined ? { project: context.projectName } : {}),
      workspace: selection.workspace,
    });
    const written = await writeReportFiles(report, root, location, formats);
    // The human renderer makes every untrusted value terminal-safe; its stderr notes (v1 stamps, the magnitude caveat) follow it.
    const human = renderReport(report, 'human');
    (result.passed ? logger.info : logger.error)(`${human.out}${human.err}${stampHint(result, context.projectName)}`.trimEnd());
    for (const file of written) logger.info(`report: ${terminalSafe(file.path)}`);
    return { success: result.passed };
  } catch (error) {
    logger.error(`verify-claims: ${describeError(error)}`);
    // A run that could not check leaves no report: an earlier run's would pass for this one's.
    if (location !== undefined) await removeReportFiles(root, location).catch((cleanup: unknown) => logger.error(`verify-claims: ${describeError(cleanup)}`));
    return { success: false };
  }
}

/** Names this project's own re-stamp target when a claim needs stamping (the human text says `surf verify`). */
function stampHint(result: CheckResult, projectName: string | undefined): string {
  const needsStamp = result.stats.v1Clean > 0 || result.divergences.some((d) => d.kind === 'unverified' || d.kind === 'changed');
  if (!needsStamp || projectName === undefined) return '';
  return `verify-claims: after reviewing, run \`nx run ${terminalSafe(projectName)}:stamp-claims\` to re-stamp this project's claims.\n`;
}
