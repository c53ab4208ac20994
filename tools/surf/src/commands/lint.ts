import { type ReportFormat, type ReportTarget, fromSurfLint } from '@driftgate/report';
import { loadWorkspace, runLint } from '@driftgate/surf';
import type { Command } from 'commander';
import { SurfExit, type SurfIo } from '../exit-codes.js';
import { reportFormatOption } from '@driftgate/cli';
import { workersSetting } from './check.js';
import { claimsReportTargetOption, emitSurfReport } from '../render/report-output.js';
import { SURF_VERSION } from '../version.js';

/** `surf lint [--format] [--report <format>=<path>…]`: every anchor must resolve; advisory granularity warnings. */
export function registerLintCommand(program: Command, io: SurfIo): void {
  program
    .command('lint')
    .description('check that every anchor resolves to exactly one symbol, plus advisory hub-quality warnings; exit 1 on any error')
    .addOption(reportFormatOption())
    .addOption(claimsReportTargetOption())
    .action(async (flags: { format: ReportFormat; report: ReportTarget[] }) => {
      const workspace = await loadWorkspace(io.cwd);
      const result = await runLint(workspace, { workers: workersSetting(io.env.SURF_WORKERS) });
      io.exit(result.passed ? SurfExit.ok : SurfExit.failure);
      await emitSurfReport(io, fromSurfLint(result, { version: SURF_VERSION }), flags.format, flags.report);
    });
}
