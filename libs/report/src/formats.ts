import type { Rendered } from './rendered.js';
import type { Report } from './report-model.js';
import { renderHuman } from './render-human.js';
import { renderJson } from './render-json.js';
import { renderJunit } from './render-junit.js';
import { renderSarif } from './render-sarif.js';

/** The one list of report formats: name → renderer. CLIs, executors and docs all read it. */
export const REPORT_FORMATS = {
  human: renderHuman,
  json: renderJson,
  junit: renderJunit,
  sarif: renderSarif,
} as const satisfies Record<string, (report: Report) => Rendered>;

export type ReportFormat = keyof typeof REPORT_FORMATS;

/** Format names in their fixed order (`human`, `json`, `junit`, `sarif`). */
export const REPORT_FORMAT_NAMES = Object.keys(REPORT_FORMATS) as ReportFormat[];

/** Conventional file extension of each format (without the dot). */
export const REPORT_EXTENSIONS: Readonly<Record<ReportFormat, string>> = { human: 'txt', json: 'json', junit: 'xml', sarif: 'sarif' };

export function isReportFormat(name: string): name is ReportFormat {
  return Object.hasOwn(REPORT_FORMATS, name);
}

/** Renders a report in one format. */
export function renderReport(report: Report, format: ReportFormat): Rendered {
  return REPORT_FORMATS[format](report);
}
