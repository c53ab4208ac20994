import { type ExecutorContext, logger } from '@nx/devkit';
import { loadWorkspaceFromConfig, runCheck } from '@driftgate/surf';
import { type ProjectClaims, claimsByProject, claimsOfHubs } from '../../claim-scope.js';
import { checkJson, checkText } from '../../claims-report.js';
import { describeError, projectRootOf, projectRootsOf, surfConfigAt } from '../../executor-context.js';
import { DEFAULT_FORMATS, DEFAULT_REPORT_DIRECTORY, relativeOption } from '../../plugin-options.js';
import { type ReportFormat, reportFilePath, writeReports } from '../../report-files.js';

/** Options of `@driftgate/nx:verify-claims` (see its schema.json). */
export interface VerifyClaimsOptions {
  /** Check every claim of these hub files instead of the claims anchored into the project. */
  hubs?: string[];
  /** Workspace-relative base directory of the reports. Default `reports/driftgate`. */
  reportDirectory?: string;
  /** Report files to write. Default `["json", "text"]`. */
  formats?: ReportFormat[];
  /** Worker threads for parsing, or `auto`. Default `auto`. */
  workers?: number | 'auto';
}

/**
 * `surf check` over the claims anchored into this project (or every claim of `hubs`), from the
 * working tree. Writes the reports, logs the human text, and succeeds when no claim diverged.
 */
export default async function verifyClaimsExecutor(options: VerifyClaimsOptions, context: ExecutorContext): Promise<{ success: boolean }> {
  try {
    const root = context.root;
    const projectRoot = projectRootOf(context);
    const reportDirectory = relativeOption('reportDirectory', options.reportDirectory ?? DEFAULT_REPORT_DIRECTORY);
    const workspace = await loadWorkspaceFromConfig(surfConfigAt(root));
    const selection: ProjectClaims =
      options.hubs !== undefined && options.hubs.length > 0
        ? claimsOfHubs(workspace, options.hubs)
        : (claimsByProject(workspace, projectRootsOf(context)).get(projectRoot) ?? claimsOfHubs(workspace, []));
    const result = await runCheck(selection.workspace, { workers: options.workers ?? 'auto' });
    const text = checkText(result, `\`nx run ${context.projectName}:stamp-claims\``);
    const reports = (options.formats ?? DEFAULT_FORMATS).map((format) => ({
      path: reportFilePath(reportDirectory, projectRoot, 'verify-claims', format),
      content: format === 'json' ? checkJson(result) : `${text.join('\n')}\n`,
    }));
    await writeReports(root, reports);
    (result.passed ? logger.info : logger.error)(text.join('\n'));
    for (const report of reports) logger.info(`report: ${report.path}`);
    return { success: result.passed };
  } catch (error) {
    logger.error(`verify-claims: ${describeError(error)}`);
    return { success: false };
  }
}
