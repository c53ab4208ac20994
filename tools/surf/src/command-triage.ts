import { isatty } from 'node:tty';
import { fromSurfCheck, terminalSafe } from '@driftgate/report';
import { loadWorkspace, runCheck } from '@driftgate/surf';
import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';
import { SurfExit } from './exit-codes.js';
import { SURF_VERSION, emitReport } from './render-check.js';

interface TriageFlags {
  base?: string;
  files: string[];
  boundary?: boolean;
}

/**
 * `surf triage [--base <ref>] [--files <globs>] [--boundary]`: walk diverged claims in an ink TUI,
 * largest magnitude first, and re-stamp only what was re-read. ink uses top-level await and cannot
 * be required, so `@driftgate/triage` is imported only when a terminal is attached; without one, or
 * with `CI` set, this prints the human check report and exits with check's exit code.
 */
export function registerTriageCommand(program: Command, io: CliIo): void {
  program
    .command('triage')
    .description('interactive review of diverged claims (largest magnitude first): accept, follow, skip, then write the stamps; without a terminal, the check report')
    .option('--base <ref>', 'as for check: only claims anchored into files changed since <ref>; old code and magnitude are read from <ref>')
    .option('--files <globs>', 'as for check: only claims anchored into files matching these comma-separated globs (repeatable)', collect, [])
    .option('--boundary', 'instead: a read-only view of boundver verify issues (working tree) by facet severity, with affected consumers')
    .action(async (flags: TriageFlags, command: Command) => {
      const interactive = io.stdoutIsTty && isatty(0) && !isSet(io.env.CI);
      if (flags.boundary === true) {
        if (flags.base !== undefined || flags.files.length > 0) {
          // The boundary view is boundver verify of the working tree: there is nothing to narrow.
          command.error('error: --boundary shows the whole boundary lock and takes no --base or --files; drop them, or leave out --boundary to triage claims', { exitCode: SurfExit.usage });
        }
        await boundary(io, interactive);
        return;
      }
      const workspace = await loadWorkspace(io.cwd);
      const check = await runCheck(workspace, {
        ...(flags.base !== undefined ? { base: flags.base } : {}),
        files: flags.files,
        workers: workersSetting(io.env.SURF_WORKERS),
      });
      if (!interactive || check.divergences.length === 0) {
        io.exit(check.passed ? SurfExit.ok : SurfExit.failure);
        await emitReport(io, fromSurfCheck(check, { version: SURF_VERSION, workspace }), 'human', []);
        return;
      }
      const triage = await import('@driftgate/triage');
      const outcome = await triage.runTriage({ root: workspace.root, check, launcher: triage.systemEditorLauncher(io.env) });
      if (outcome.kind === 'cancelled') {
        io.out('surf triage: cancelled; no file was changed.\n');
        io.exit(SurfExit.ok);
        return;
      }
      io.out(`${triage.summaryLines(outcome.summary).map(terminalSafe).join('\n')}\n`);
      io.exit(outcome.summary.applied.some((a) => a.outcome === 'failed') ? SurfExit.failure : SurfExit.ok);
    });
}

/** `--boundary`: boundver verify of the working tree, shown read-only (printed when not interactive). */
async function boundary(io: CliIo, interactive: boolean): Promise<void> {
  // boundver is loaded only for this view; `surf` itself never needs it.
  const { verifyLock } = await import('@driftgate/boundver');
  const result = await verifyLock({ cwd: io.cwd, source: 'working-tree' });
  const triage = await import('@driftgate/triage');
  if (interactive) {
    await triage.runBoundaryView(result);
  } else {
    const lines = triage.boundaryLines(triage.boundaryRows(result));
    io.out(lines.length === 0 ? 'surf triage --boundary: no boundary issues.\n' : `${lines.map((l) => l.text).join('\n')}\n`);
  }
  // boundver's 2 is a problem that keeps the gate from being evaluated in full (config, lock,
  // capture or digest): surf's error code, not the red-gate 1.
  io.exit(result.ok ? SurfExit.ok : result.exitCode === 2 ? SurfExit.usage : SurfExit.failure);
}

/** Like most CI tools: `CI` counts as set unless empty, `0` or `false`. */
function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

function workersSetting(value: string | undefined): number | 'auto' {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : 'auto';
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
