import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '@driftgate/boundver';
import { WORKSPACE_ROOT } from './project-roots.js';

/** Report files a verify target can write: the JSON the CLI prints with `--format json`, or its human text. */
export const REPORT_FORMATS = ['json', 'text'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Which executor wrote a report; also the report's file stem. */
export type ReportKind = 'verify-claims' | 'verify-boundary';

const EXTENSIONS: Readonly<Record<ReportFormat, string>> = { json: 'json', text: 'txt' };

/**
 * Workspace-relative POSIX path of one report: `<reportDirectory>/<projectRoot>/<kind>.<ext>`
 * (the workspace-level project writes directly into `reportDirectory`). The plugin lists exactly
 * these paths as the target's `outputs`, so a cache hit restores every file the run wrote.
 */
export function reportFilePath(reportDirectory: string, projectRoot: string, kind: ReportKind, format: ReportFormat): string {
  const dir = projectRoot === WORKSPACE_ROOT ? reportDirectory : `${reportDirectory}/${projectRoot}`;
  return `${dir}/${kind}.${EXTENSIONS[format]}`;
}

/** Writes each report atomically (creating directories), in the given order. */
export async function writeReports(workspaceRoot: string, reports: ReadonlyArray<{ path: string; content: string }>): Promise<void> {
  for (const report of reports) {
    const absolute = join(workspaceRoot, ...report.path.split('/'));
    await mkdir(dirname(absolute), { recursive: true });
    await writeFileAtomic(absolute, report.content);
  }
}
