import type { CheckResult, VerifyClock } from '@driftgate/surf';
import { render } from 'ink';
import { type TriageSummary, applyDecisions } from './apply-decisions.js';
import type { BoundaryVerifyInput } from './boundary-rows.js';
import { BoundaryView } from './boundary-view.js';
import type { EditorLauncher } from './editor-launcher.js';
import { type TriageEnd, TriageApp } from './triage-app.js';

/** Streams the session draws on and reads from (the process's TTY by default). */
export interface TriageStreams {
  readonly stdin?: NodeJS.ReadStream;
  readonly stdout?: NodeJS.WriteStream;
}

export interface RunTriageOptions extends TriageStreams {
  /** Absolute workspace root. */
  readonly root: string;
  readonly check: CheckResult;
  readonly launcher?: EditorLauncher;
  readonly clock?: VerifyClock;
}

/** The end of a session: `written` with the summary, or `cancelled` (every file untouched). */
export type TriageOutcome = { readonly kind: 'written'; readonly summary: TriageSummary } | { readonly kind: 'cancelled' };

/**
 * Runs the interactive claims view until the user writes-and-quits or cancels, then (only after a
 * confirmed write) applies the decisions through `runVerify`. Needs a TTY.
 */
export async function runTriage(options: RunTriageOptions): Promise<TriageOutcome> {
  let end: TriageEnd | undefined;
  const instance = render(
    <TriageApp
      root={options.root}
      divergences={options.check.divergences}
      onEnd={(e) => {
        end = e;
      }}
      {...(options.launcher !== undefined ? { launcher: options.launcher } : {})}
    />,
    { exitOnCtrlC: false, patchConsole: false, ...streams(options) },
  );
  await instance.waitUntilExit();
  if (end === undefined || end.mode !== 'write') return { kind: 'cancelled' };
  const summary = await applyDecisions(options.root, end.state.items, end.state.decisions, options.clock !== undefined ? { clock: options.clock } : {});
  return { kind: 'written', summary };
}

/** Runs the read-only boundary view until the user quits. */
export async function runBoundaryView(result: BoundaryVerifyInput, options: TriageStreams = {}): Promise<void> {
  const instance = render(<BoundaryView result={result} onEnd={() => undefined} />, { exitOnCtrlC: false, patchConsole: false, ...streams(options) });
  await instance.waitUntilExit();
}

function streams(options: TriageStreams): { stdin?: NodeJS.ReadStream; stdout?: NodeJS.WriteStream } {
  return { ...(options.stdin !== undefined ? { stdin: options.stdin } : {}), ...(options.stdout !== undefined ? { stdout: options.stdout } : {}) };
}
