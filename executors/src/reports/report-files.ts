import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPORT_EXTENSIONS, REPORT_FORMAT_NAMES, type Report, type ReportFormat, type WrittenReport, isReportFormat, writeReports } from '@driftgate/report';
import { DriftgateNxError } from '../errors.js';
import { WORKSPACE_ROOT } from '../scope/project-roots.js';

export type { ReportFormat } from '@driftgate/report';

/** Which executor wrote a report; also the report's file stem. */
export type ReportKind = 'verify-claims' | 'verify-boundary';

/**
 * The plugin's version, written into the reports (SARIF `tool.driver.version`, JUnit properties).
 * Found by the package's own name (its exports list `./package.json`), not a relative path: this
 * module sits two folders deep in the sources and the tsc build, one deep in the flat bundle.
 */
export const PLUGIN_VERSION: string = (createRequire(import.meta.url)('@driftgate/nx/package.json') as { version: string }).version;

/** Deprecated spelling of `human`, still accepted in plugin and executor options. */
const ALIASES: Readonly<Record<string, ReportFormat>> = { text: 'human' };

/**
 * Checks a `formats` option against `@driftgate/report`'s format names (`text` is read as `human`)
 * and returns each format once, in the fixed order of `REPORT_FORMAT_NAMES`. Throws
 * `DRIFTGATE_NX_BAD_OPTIONS` naming `what` on anything else.
 */
export function normalizeFormats(value: unknown, what: string): ReportFormat[] {
  const names = Array.isArray(value) ? value.map((name: unknown) => (typeof name === 'string' ? (ALIASES[name] ?? name) : name)) : undefined;
  if (names === undefined || names.some((name) => typeof name !== 'string' || !isReportFormat(name))) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `${what} accepts ${REPORT_FORMAT_NAMES.join(', ')}; got ${JSON.stringify(value)}`);
  }
  return REPORT_FORMAT_NAMES.filter((format) => names.includes(format));
}

/** Where one executor run puts its reports. */
export interface ReportLocation {
  /** Workspace-relative base directory (the `reportDirectory` option). */
  readonly reportDirectory: string;
  /** The project's root, `.` for the workspace-level project. */
  readonly projectRoot: string;
  readonly kind: ReportKind;
}

/**
 * Workspace-relative POSIX path of one report: `<reportDirectory>/<projectRoot>/<kind>.<ext>`
 * (the workspace-level project writes directly into `reportDirectory`), the extension from
 * `REPORT_EXTENSIONS`. The one place that knows the layout: the executors write these paths and
 * the plugin declares them (through {@link reportOutputs}) as the target's `outputs`.
 */
export function reportFilePath(reportDirectory: string, projectRoot: string, kind: ReportKind, format: ReportFormat): string {
  const dir = projectRoot === WORKSPACE_ROOT ? reportDirectory : `${reportDirectory}/${projectRoot}`;
  return `${dir}/${kind}.${REPORT_EXTENSIONS[format]}`;
}

/**
 * The `outputs` of a verify target: this project's report path in every format, under
 * `{options.reportDirectory}`. Nx interpolates that from the options in effect for the task (the
 * target's options, its configuration, then command-line overrides), and one path per format
 * covers any `formats` a run is given, so a cache hit restores every report the run wrote. The
 * executor removes the formats a run does not write, so an entry never holds an earlier run's.
 */
export function reportOutputs(projectRoot: string, kind: ReportKind): string[] {
  // Workspace-relative without a `{workspaceRoot}/` prefix: Nx rejects `{workspaceRoot}/{options.…}`
  // as a glob from the workspace root.
  return REPORT_FORMAT_NAMES.map((format) => reportFilePath('{options.reportDirectory}', projectRoot, kind, format));
}

/**
 * Renders `report` once per format through `@driftgate/report`'s format map and writes each file
 * atomically, then removes this location's reports of every other format: a report a run did not
 * write is an earlier run's, and a cache entry must not capture it as this run's.
 */
export async function writeReportFiles(report: Report, workspaceRoot: string, location: ReportLocation, formats: readonly ReportFormat[]): Promise<WrittenReport[]> {
  const targets = formats.map((format) => ({ format, path: reportFilePath(location.reportDirectory, location.projectRoot, location.kind, format) }));
  const written = await writeReports(report, targets, { cwd: workspaceRoot });
  await removeReportFiles(workspaceRoot, location, REPORT_FORMAT_NAMES.filter((format) => !formats.includes(format)));
  return written;
}

/**
 * Removes this location's report files of `formats` (default: all), where they exist. An executor
 * that cannot run removes them all, so no earlier run's report stands in for the missing one.
 * Throws `DRIFTGATE_NX_BAD_FILE` when a file exists but cannot be removed.
 */
export async function removeReportFiles(workspaceRoot: string, location: ReportLocation, formats: readonly ReportFormat[] = REPORT_FORMAT_NAMES): Promise<void> {
  for (const format of formats) {
    const path = reportFilePath(location.reportDirectory, location.projectRoot, location.kind, format);
    try {
      await rm(join(workspaceRoot, ...path.split('/')), { force: true });
    } catch (error) {
      throw new DriftgateNxError('DRIFTGATE_NX_BAD_FILE', `cannot remove the stale report ${path}: ${(error as Error).message}; delete it or make its directory writable`, { cause: error });
    }
  }
}
