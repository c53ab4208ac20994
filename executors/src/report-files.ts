import { createRequire } from 'node:module';
import { REPORT_EXTENSIONS, REPORT_FORMAT_NAMES, type Report, type ReportFormat, type WrittenReport, isReportFormat, writeReports } from '@driftgate/report';
import { DriftgateNxError } from './errors.js';
import { WORKSPACE_ROOT } from './project-roots.js';

export type { ReportFormat } from '@driftgate/report';

/** Which executor wrote a report; also the report's file stem. */
export type ReportKind = 'verify-claims' | 'verify-boundary';

/** The plugin's version, written into the reports (SARIF `tool.driver.version`, JUnit properties). */
export const PLUGIN_VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

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

/**
 * Workspace-relative POSIX path of one report: `<reportDirectory>/<projectRoot>/<kind>.<ext>`
 * (the workspace-level project writes directly into `reportDirectory`), the extension from
 * `REPORT_EXTENSIONS`. The plugin lists exactly these paths as the target's `outputs`, so a cache
 * hit restores every file the run wrote.
 */
export function reportFilePath(reportDirectory: string, projectRoot: string, kind: ReportKind, format: ReportFormat): string {
  const dir = projectRoot === WORKSPACE_ROOT ? reportDirectory : `${reportDirectory}/${projectRoot}`;
  return `${dir}/${kind}.${REPORT_EXTENSIONS[format]}`;
}

/** Renders `report` once per format through `@driftgate/report`'s format map and writes each file atomically. */
export function writeReportFiles(
  report: Report,
  workspaceRoot: string,
  location: { reportDirectory: string; projectRoot: string; kind: ReportKind },
  formats: readonly ReportFormat[],
): Promise<WrittenReport[]> {
  const targets = formats.map((format) => ({ format, path: reportFilePath(location.reportDirectory, location.projectRoot, location.kind, format) }));
  return writeReports(report, targets, { cwd: workspaceRoot });
}
