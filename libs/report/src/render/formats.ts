import type { ReportFormat } from '../model/format-names.js';
import type { Rendered } from '../model/rendered.js';
import type { Report } from '../model/report-model.js';
import { renderCodeQuality } from './render-codequality.js';
import { renderGithub } from './render-github.js';
import { renderHuman } from './render-human.js';
import { renderJson } from './render-json.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';
import { renderSarif } from './render-sarif.js';

export { REPORT_EXTENSIONS, REPORT_FORMAT_NAMES, type ReportFormat, isReportFormat } from '../model/format-names.js';

/** The one map of report formats: name → renderer. Every name of `REPORT_FORMAT_NAMES` must have one. */
export const REPORT_FORMATS: { readonly [F in ReportFormat]: (report: Report) => Rendered } = {
  human: renderHuman,
  json: renderJson,
  junit: renderJunit,
  sarif: renderSarif,
  github: renderGithub,
  markdown: renderMarkdown,
  codequality: renderCodeQuality,
};

/** Renders a report in one format. */
export function renderReport(report: Report, format: ReportFormat): Rendered {
  return REPORT_FORMATS[format](report);
}
