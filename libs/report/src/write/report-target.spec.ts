import { describe, expect, it } from 'vitest';
import { REPORT_FORMAT_NAMES } from '../render/formats.js';
import { ReportError } from './report-error.js';
import { parseReportTarget } from './report-target.js';

describe('parseReportTarget', () => {
  it('splits at the first `=`, so a path may contain one', () => {
    expect(parseReportTarget('junit=reports/claims.xml')).toEqual({ format: 'junit', path: 'reports/claims.xml' });
    expect(parseReportTarget('sarif=out/a=b.sarif')).toEqual({ format: 'sarif', path: 'out/a=b.sarif' });
    for (const format of REPORT_FORMAT_NAMES) expect(parseReportTarget(`${format}=x`).format).toBe(format);
  });

  it('rejects unknown formats and missing paths with REPORT_BAD_TARGET', () => {
    for (const spec of ['xml=a.xml', 'junit', 'junit=', '=a.xml', 'toString=a', 'json=-']) {
      expect(() => parseReportTarget(spec), spec).toThrow(ReportError);
      try {
        parseReportTarget(spec);
      } catch (error) {
        expect((error as ReportError).code).toBe('REPORT_BAD_TARGET');
      }
    }
    expect(() => parseReportTarget('json=-')).toThrow('use --format json');
  });
});
