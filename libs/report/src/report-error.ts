/** Stable codes of {@link ReportError}. */
export type ReportErrorCode = 'REPORT_BAD_TARGET' | 'REPORT_WRITE';

/** A report could not be requested or written; the message says what to do. */
export class ReportError extends Error {
  readonly code: ReportErrorCode;

  constructor(code: ReportErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReportError';
    this.code = code;
  }
}
