/** Stable codes of {@link ReportError}. */
export type ReportErrorCode =
  | 'REPORT_BAD_TARGET'
  | 'REPORT_WRITE'
  /** An input of `merge-sarif` is not a SARIF 2.1.0 JSON log. */
  | 'REPORT_BAD_SARIF'
  /** `merge-sarif` found no SARIF file under the paths it was given. */
  | 'REPORT_NO_SARIF'
  /** The merged log would break a GitHub limit that cannot be met by leaving results out. */
  | 'REPORT_SARIF_LIMIT';

/** A report could not be requested or written; the message says what to do. */
export class ReportError extends Error {
  readonly code: ReportErrorCode;

  constructor(code: ReportErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReportError';
    this.code = code;
  }
}
