import type { ReportLocation } from './report-model.js';

/** `file:line` (or `file:start-end` for a multi-line region), the form editors and CI logs link. */
export function locationText(location: ReportLocation): string {
  const end = location.endLine !== undefined && location.endLine !== location.startLine ? `-${location.endLine}` : '';
  return `${location.file}:${location.startLine}${end}`;
}
