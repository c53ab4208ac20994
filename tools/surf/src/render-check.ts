import { createRequire } from 'node:module';
import { type Report, type ReportFormat, type ReportTarget, REPORT_FORMAT_NAMES, ReportError, parseReportTarget, renderReport, terminalSafe, writeReports } from '@driftgate/report';
import { InvalidArgumentError, Option } from 'commander';
import type { CliIo } from './cli-io.js';
import { SurfExit } from './exit-codes.js';

/** What a command prints: stdout text and stderr notes. */
export interface Rendered {
  readonly out: string;
  readonly err: string;
}

/** The CLI's version, written into SARIF's `tool.driver.version`. */
export const SURF_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/** `--format human|json|junit|sarif` of the gate commands (default human); the names come from the report format map. */
export function reportFormatOption(): Option {
  return new Option('--format <format>', 'output format on stdout').choices(REPORT_FORMAT_NAMES).default('human');
}

/** `--report <format>=<path>`, repeatable: also write the report in that format to that file. */
export function reportTargetOption(): Option {
  return new Option('--report <format=path>', `also write a report file, e.g. junit=reports/claims.xml (formats: ${REPORT_FORMAT_NAMES.join(', ')}; repeatable)`)
    .argParser((value: string, previous: ReportTarget[] | undefined) => {
      try {
        return [...(previous ?? []), parseReportTarget(value)];
      } catch (error) {
        if (error instanceof ReportError) throw new InvalidArgumentError(error.message);
        throw error;
      }
    })
    .default([]);
}

/**
 * Prints the report in `format` (stdout, notes on stderr) and writes every `--report` file.
 * An unwritable report file is a usage error (exit 2) after the gate's own output.
 */
export async function emitReport(io: CliIo, report: Report, format: ReportFormat, targets: readonly ReportTarget[]): Promise<void> {
  const rendered = renderReport(report, format);
  io.out(rendered.out);
  if (rendered.err !== '') io.err(rendered.err);
  if (targets.length === 0) return;
  try {
    await writeReports(report, targets, { cwd: io.cwd });
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    io.err(`surf: ${terminalSafe(error.message)}\n`);
    io.exit(SurfExit.usage);
  }
}
