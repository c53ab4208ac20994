import { type Report, type ReportFormat, type ReportTarget, ReportError, renderReport, terminalSafe, writeReports } from '@driftgate/report';
import type { CliIo } from '../run/cli-io.js';

/**
 * Prints `report` in `format` (the document on stdout, notes on stderr), then writes every
 * `--report` file. An unwritable report file is a usage error recorded after the gate's own code
 * (`<bin>: <message>` on stderr); the output already printed stays.
 */
export async function emitReport<Code extends number>(
  io: CliIo<Code>,
  report: Report,
  format: ReportFormat,
  targets: readonly ReportTarget[],
  onWriteError: { readonly bin: string; readonly usage: Code },
): Promise<void> {
  const rendered = renderReport(report, format);
  io.out(rendered.out);
  if (rendered.err !== '') io.err(rendered.err);
  if (targets.length === 0) return;
  try {
    await writeReports(report, targets, { cwd: io.cwd });
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    io.err(`${onWriteError.bin}: ${terminalSafe(error.message)}\n`);
    io.exit(onWriteError.usage);
  }
}
