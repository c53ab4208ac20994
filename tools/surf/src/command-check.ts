import { type ReportFormat, type ReportTarget, fromSurfCheck } from '@driftgate/report';
import { loadWorkspace, runCheck } from '@driftgate/surf';
import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';
import { SurfExit } from './exit-codes.js';
import { reportedWorkspace } from './reported-workspace.js';
import { SURF_VERSION, emitReport, reportFormatOption, reportTargetOption } from './render-check.js';
import { BASE_OPTION_HELP } from './triage-help.js';

interface CheckFlags {
  format: ReportFormat;
  report: ReportTarget[];
  base?: string;
  files: string[];
}

/** `surf check [--format] [--report <format>=<path>…] [--base <ref>] [--files <globs>]`: the gate. */
export function registerCheckCommand(program: Command, io: CliIo): void {
  program
    .command('check')
    .description('the gate: hash every anchored span and compare it with its stored stamp; exit 1 on any divergence')
    .addOption(reportFormatOption())
    .addOption(reportTargetOption())
    .option('--base <ref>', BASE_OPTION_HELP)
    .option('--files <globs>', 'only claims anchored into files matching these comma-separated globs (repeatable)', collect, [])
    .action(async (flags: CheckFlags) => {
      const workspace = await loadWorkspace(io.cwd);
      const progress = io.stderrIsTty && flags.format === 'human' ? progressLine(io) : undefined;
      const result = await runCheck(workspace, {
        ...(flags.base !== undefined ? { base: flags.base } : {}),
        files: flags.files,
        ...(progress ? { onProgress: progress.update } : {}),
        workers: workersSetting(io.env.SURF_WORKERS),
      });
      progress?.clear();
      io.exit(result.passed ? SurfExit.ok : SurfExit.failure);
      await emitReport(io, fromSurfCheck(result, { version: SURF_VERSION, workspace: reportedWorkspace(workspace, result) }), flags.format, flags.report);
    });
}

/** `SURF_WORKERS=<n>` pins the number of parsing worker threads (0 = none); default automatic. */
function workersSetting(value: string | undefined): number | 'auto' {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : 'auto';
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** A self-overwriting progress line on an interactive stderr, for checks over many files. */
function progressLine(io: CliIo): { update: (done: number, total: number) => void; clear: () => void } {
  let last = 0;
  let shown = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (total < 50 || (now - last < 100 && done < total)) return;
      last = now;
      shown = true;
      io.err(`\rsurf check: reading anchored sources ${done}/${total}`);
    },
    clear() {
      if (shown) io.err('\r\x1b[2K');
    },
  };
}
