import type { VerifyResult } from '@driftgate/boundver';
import { emitReport, reportFormatOption, reportTargetOption } from '@driftgate/cli';
import { type ReportFormat, type ReportTarget, type VerifyDisplay, fromBoundverVerify } from '@driftgate/report';
import type { Option } from 'commander';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { BOUNDVER_VERSION } from '../version.js';

/** verify's `--format`: `text` (the other commands' name for human text, kept as the default), or any report format. */
export type VerifyFormat = 'text' | ReportFormat;

export function verifyFormatOption(): Option {
  return reportFormatOption({ name: 'text', description: 'output format on stdout (text = human)' });
}

/** `--report <format>=<path>`, repeatable: also write the report in that format to that file. */
export function boundaryReportTargetOption(): Option {
  return reportTargetOption('sarif=reports/boundary.sarif');
}

/**
 * Prints verify's report in `format` through the report format map and writes every `--report`
 * file. Results point at their lines in the lock as verified. An unwritable report file is a
 * usage error (exit 2).
 */
export function emitVerifyReport(io: BoundverIo, result: VerifyResult, format: VerifyFormat, targets: readonly ReportTarget[], display: VerifyDisplay): Promise<void> {
  const report = fromBoundverVerify(result, { version: BOUNDVER_VERSION, display });
  return emitReport(io, report, format === 'text' ? 'human' : format, targets, { bin: 'boundver', usage: BoundverExit.usage });
}
