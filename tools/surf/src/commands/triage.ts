import { isatty } from 'node:tty';
import { fromSurfCheck, terminalSafe } from '@driftgate/report';
import { loadWorkspace, runCheck } from '@driftgate/surf';
import type { Command } from 'commander';
import { SurfExit, type SurfIo } from '../exit-codes.js';
import { emitSurfReport } from '../render/report-output.js';
import { SURF_VERSION } from '../version.js';
import { BASE_OPTION_HELP, TRIAGE_HELP } from './triage-help.js';
import { ciIsSet, startupTypeAhead } from '../early-type-ahead.js';

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
export function registerTriageCommand(program: Command, io: SurfIo): void {
  program
    .command('triage')
    .description('interactive review of diverged claims (largest magnitude first): accept, follow, skip, then write the stamps; without a terminal, the check report')
    .option('--base <ref>', BASE_OPTION_HELP)
    .option('--files <globs>', 'as for check: only claims anchored into files matching these comma-separated globs (repeatable)', collect, [])
    .option('--boundary', 'instead: a read-only view of boundver verify issues (working tree) by facet severity, with affected consumers')
    .addHelpText('after', TRIAGE_HELP)
    .action(async (flags: TriageFlags, command: Command) => {
      const interactive = io.stdoutIsTty && isatty(0) && !ciIsSet(io.env.CI);
      // Keys typed during start-up must reach the view, not the shell: held since the bin started.
      const typeAhead = interactive ? startupTypeAhead : undefined;
      if (!interactive) startupTypeAhead?.release();
      if (flags.boundary === true) {
        if (flags.base !== undefined || flags.files.length > 0) {
          // The boundary view is boundver verify of the working tree: there is nothing to narrow.
          command.error('error: --boundary shows the whole boundary lock and takes no --base or --files; drop them, or leave out --boundary to triage claims', { exitCode: SurfExit.usage });
        }
        try {
          await boundary(io, interactive, () => typeAhead?.handOver());
        } finally {
          typeAhead?.release();
        }
        return;
      }
      try {
        await claims(io, flags, interactive, () => typeAhead?.handOver());
      } finally {
        typeAhead?.release();
      }
    });
}

/** The claims view; `handOver` is called when the view is about to own the terminal. */
async function claims(io: SurfIo, flags: TriageFlags, interactive: boolean, handOver: () => void): Promise<void> {
  // The view (one bundle with ink, react and yoga) takes about 0.15 s of CPU to load: load it
  // while the check waits on git and its workers.
  const loading = interactive ? loadTriageView() : undefined;
  loading?.catch(() => undefined);
  const workspace = await loadWorkspace(io.cwd);
  const check = await runCheck(workspace, {
    ...(flags.base !== undefined ? { base: flags.base } : {}),
    files: flags.files,
    workers: workersSetting(io.env.SURF_WORKERS),
  });
  if (!interactive || check.divergences.length === 0) {
    io.exit(check.passed ? SurfExit.ok : SurfExit.failure);
    // Human text is drawn from the result alone: no case per passing claim is built.
    await emitSurfReport(io, fromSurfCheck(check, { version: SURF_VERSION }), 'human', []);
    return;
  }
  const triage = await (loading ?? loadTriageView());
  const follows = await triage.previewFollows(workspace, check.divergences);
  // A signal while the stamps are written must not leave a hub half-done or the user guessing:
  // the hub being written is finished (each is one atomic write), no further one is started, and
  // the summary says what was stamped.
  handOver();
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.on(signal, onSignal);
  try {
    // After `e` or `o`, and on `w`, the workspace is checked again as the session's check was (so
    // scope and refs read the same), and the list shows the claims as they now are.
    const recheck = async () =>
      (await runCheck(await loadWorkspace(io.cwd), { ...(flags.base !== undefined ? { base: flags.base } : {}), files: flags.files, workers: workersSetting(io.env.SURF_WORKERS) })).divergences;
    const outcome = await triage.runTriage({ root: workspace.root, check, follows, launcher: triage.systemEditorLauncher(io.env), recheck, signal: controller.signal });
    if (outcome.kind !== 'written') {
      io.out('surf triage: cancelled; no file was changed.\n');
      io.exit(outcome.kind === 'interrupted' || controller.signal.aborted ? SurfExit.interrupted : SurfExit.ok);
      return;
    }
    const { summary } = outcome;
    io.out(`${triage.summaryLines(summary).map(terminalSafe).join('\n')}\n`);
    io.exit(summary.interrupted ? SurfExit.interrupted : summary.applied.some((a) => a.outcome === 'failed' || a.outcome === 'not-written') ? SurfExit.failure : SurfExit.ok);
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
  }
}

/** `--boundary`: boundver verify of the working tree, shown read-only (printed when not interactive). */
async function boundary(io: SurfIo, interactive: boolean, handOver: () => void): Promise<void> {
  // boundver is loaded only for this view; `surf` itself never needs it.
  const { verifyLock } = await import('@driftgate/boundver');
  const result = await verifyLock({ cwd: io.cwd, source: 'working-tree' });
  const triage = await loadTriageView();
  if (interactive) {
    handOver();
    if ((await triage.runBoundaryView(result)) === 'interrupted') {
      io.exit(SurfExit.interrupted);
      return;
    }
  } else {
    const lines = triage.boundaryLines(triage.boundaryRows(result));
    io.out(lines.length === 0 ? 'surf triage --boundary: no boundary issues.\n' : `${lines.map((l) => l.text).join('\n')}\n`);
  }
  // boundver's 2 is a problem that keeps the gate from being evaluated in full (config, lock,
  // capture or digest): surf's error code, not the red-gate 1.
  io.exit(result.ok ? SurfExit.ok : result.exitCode === 2 ? SurfExit.usage : SurfExit.failure);
}

/**
 * Imports the view (`@driftgate/triage`, bundled as `triage-view.js` beside the CLI's bundle) with
 * React's production build. React picks its build from `NODE_ENV` when it
 * is first loaded, and unset means the development build, which checks and records every render
 * and costs the first frame and every key press several times the work. A `NODE_ENV` the user set
 * is kept; one set here is removed again once the bundle is loaded, so the editor and git that
 * the session starts see the environment as it was.
 */
async function loadTriageView(): Promise<typeof import('@driftgate/triage')> {
  if (process.env['NODE_ENV'] !== undefined) return import('@driftgate/triage');
  process.env['NODE_ENV'] = 'production';
  try {
    return await import('@driftgate/triage');
  } finally {
    delete process.env['NODE_ENV'];
  }
}

function workersSetting(value: string | undefined): number | 'auto' {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : 'auto';
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
