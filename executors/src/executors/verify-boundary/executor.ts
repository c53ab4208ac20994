import { type ExecutorContext, logger } from '@nx/devkit';
import { type SourceMode, verifyLock } from '@driftgate/boundver';
import { componentsByProject, readBoundaryWorkspace } from '../../boundary-scope.js';
import { verifyJson, verifyText } from '../../boundary-report.js';
import { DriftgateNxError } from '../../errors.js';
import { describeError, projectRootOf, projectRootsOf } from '../../executor-context.js';
import { DEFAULT_FORMATS, DEFAULT_REPORT_DIRECTORY, relativeOption } from '../../plugin-options.js';
import { type ReportFormat, reportFilePath, writeReports } from '../../report-files.js';

/** Options of `@driftgate/nx:verify-boundary` (see its schema.json). */
export interface VerifyBoundaryOptions {
  /** Components to verify; absent: those this project owns; empty: all. */
  components?: string[];
  /** Snapshot to verify. Default `working-tree` (what Nx hashes). */
  source?: SourceMode;
  /** Config file; absent: `boundary.config.json`, then `.yaml`, `.yml`, `.toml`. */
  config?: string;
  /** Lock file. Default `boundary.lock.json`. */
  lock?: string;
  /** Gate exactly these facets, overriding the config's policy. Default: the config's policy. */
  facets?: string[];
  /** Report one issue only; the verdict is unchanged. Default false. */
  failFast?: boolean;
  /** List transitive consumers in AFFECTED CONSUMERS. Default false. */
  transitive?: boolean;
  /** Load the config's custom providers (trusted code). Default false, or `BOUNDVER_ALLOW_CUSTOM_PROVIDERS=1`. */
  allowCustomProviders?: boolean;
  /** Workspace-relative base directory of the reports. Default `reports/driftgate`. */
  reportDirectory?: string;
  /** Report files to write. Default `["json", "text"]`. */
  formats?: ReportFormat[];
}

/**
 * `boundver verify --components <this project's components>`: recomputes their fingerprints from
 * one snapshot and compares them with the lock. Succeeds on the graded exit code 0 only.
 */
export default async function verifyBoundaryExecutor(options: VerifyBoundaryOptions, context: ExecutorContext): Promise<{ success: boolean }> {
  try {
    const root = context.root;
    const projectRoot = projectRootOf(context);
    const reportDirectory = relativeOption('reportDirectory', options.reportDirectory ?? DEFAULT_REPORT_DIRECTORY);
    const components = options.components ?? ownedComponents(root, projectRoot, context, options.config);
    const result = await verifyLock({
      cwd: root,
      source: options.source ?? 'working-tree',
      ...(options.config !== undefined ? { config: options.config } : {}),
      lock: options.lock ?? 'boundary.lock.json',
      components,
      facets: options.facets ?? [],
      failFast: options.failFast ?? false,
      transitive: options.transitive ?? false,
      allowCustomProviders: options.allowCustomProviders ?? process.env['BOUNDVER_ALLOW_CUSTOM_PROVIDERS'] === '1',
    });
    const text = verifyText(result);
    const reports = (options.formats ?? DEFAULT_FORMATS).map((format) => ({
      path: reportFilePath(reportDirectory, projectRoot, 'verify-boundary', format),
      content: format === 'json' ? verifyJson(result) : `${text.join('\n')}\n`,
    }));
    await writeReports(root, reports);
    const success = result.exitCode === 0;
    (success ? logger.info : logger.error)(text.join('\n'));
    for (const report of reports) logger.info(`report: ${report.path}`);
    return { success };
  } catch (error) {
    logger.error(`verify-boundary: ${describeError(error)}`);
    return { success: false };
  }
}

/** The components whose path this project owns, by the rule inference uses. */
function ownedComponents(root: string, projectRoot: string, context: ExecutorContext, config: string | undefined): string[] {
  const boundary = readBoundaryWorkspace(root, config);
  if (boundary?.config == null) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_FILE', `no usable boundver config${boundary?.problem ? `: ${boundary.problem}` : ''}; set the components option or fix the config`);
  }
  const owned = componentsByProject(boundary.config, projectRootsOf(context)).get(projectRoot) ?? [];
  if (owned.length === 0) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `project ${context.projectName} owns no boundver component; add one with \`nx g @driftgate/nx:component\` or set the components option`);
  }
  return owned;
}
