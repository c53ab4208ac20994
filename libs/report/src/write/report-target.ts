import { isReportFormat, REPORT_FORMAT_NAMES, type ReportFormat } from '../model/format-names.js';
import { ReportError } from './report-error.js';

/** One report file to write: a format and where (relative paths resolve against the caller's directory). */
export interface ReportTarget {
  readonly format: ReportFormat;
  readonly path: string;
}

/**
 * Parses a `--report <format>=<path>` value, e.g. `junit=reports/claims.xml`. Throws
 * `REPORT_BAD_TARGET` for a missing `=`, an unknown format, an empty path, or `-` (which reads
 * as stdout but would be a file of that name; `--format` prints on stdout).
 */
export function parseReportTarget(spec: string): ReportTarget {
  const eq = spec.indexOf('=');
  const format = eq < 0 ? spec : spec.slice(0, eq);
  const path = eq < 0 ? '' : spec.slice(eq + 1);
  if (!isReportFormat(format)) {
    throw new ReportError('REPORT_BAD_TARGET', `unknown report format "${format}" in --report ${spec}; use one of ${REPORT_FORMAT_NAMES.join(', ')} as <format>=<path>`);
  }
  if (path === '') throw new ReportError('REPORT_BAD_TARGET', `--report ${spec} names no file; write it as ${format}=<path>`);
  if (path === '-') throw new ReportError('REPORT_BAD_TARGET', `--report ${spec} would write a file named "-"; to print the ${format} report on stdout use --format ${format}, or name a file`);
  return { format, path };
}
