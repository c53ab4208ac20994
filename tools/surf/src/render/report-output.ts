import { type Report, type ReportFormat, type ReportTarget } from '@driftgate/report';
import { emitReport, reportTargetOption } from '@driftgate/cli';
import type { Option } from 'commander';
import { SurfExit, type SurfIo } from '../exit-codes.js';

/** `--report <format>=<path>` of the gate commands, repeatable. */
export function claimsReportTargetOption(): Option {
  return reportTargetOption('junit=reports/claims.xml');
}

/**
 * Prints the report in `format` (stdout, notes on stderr) and writes every `--report` file.
 * An unwritable report file is a usage error (exit 2) after the gate's own output.
 */
export function emitSurfReport(io: SurfIo, report: Report, format: ReportFormat, targets: readonly ReportTarget[]): Promise<void> {
  return emitReport(io, report, format, targets, { bin: 'surf', usage: SurfExit.usage });
}
