import { createRequire } from 'node:module';
import type { VerifyResult } from '@driftgate/boundver';
import { type ReportFormat, type ReportTarget, type VerifyDisplay, REPORT_FORMAT_NAMES, ReportError, fromBoundverVerify, parseReportTarget, renderReport, terminalSafe, writeReports } from '@driftgate/report';
import { InvalidArgumentError, Option } from 'commander';
import type { CliIo } from './cli-io.js';
import { BoundverExit } from './exit-codes.js';

/** The CLI's version, written into SARIF's `tool.driver.version`. */
const BOUNDVER_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/** verify's `--format`: `text` (the other commands' name for human text, kept as the default), or any report format. */
export type VerifyFormat = 'text' | ReportFormat;

export function verifyFormatOption(): Option {
  return new Option('--format <format>', 'output format on stdout (text = human)').choices(['text', ...REPORT_FORMAT_NAMES]).default('text');
}

/** `--report <format>=<path>`, repeatable: also write the report in that format to that file. */
export function reportTargetOption(): Option {
  return new Option('--report <format=path>', `also write a report file, e.g. sarif=reports/boundary.sarif (formats: ${REPORT_FORMAT_NAMES.join(', ')}; repeatable)`)
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
 * Prints verify's report in `format` through the report format map and writes every `--report`
 * file. Results point at their lines in the lock as verified. An
 * unwritable report file is a usage error (exit 2).
 */
export async function emitVerifyReport(io: CliIo, result: VerifyResult, format: VerifyFormat, targets: readonly ReportTarget[], display: VerifyDisplay): Promise<void> {
  const report = fromBoundverVerify(result, { version: BOUNDVER_VERSION, display });
  const rendered = renderReport(report, format === 'text' ? 'human' : format);
  io.out(rendered.out);
  if (rendered.err !== '') io.err(rendered.err);
  if (targets.length === 0) return;
  try {
    await writeReports(report, targets, { cwd: io.cwd });
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    io.err(`boundver: ${terminalSafe(error.message)}\n`);
    io.exit(BoundverExit.usage);
  }
}
