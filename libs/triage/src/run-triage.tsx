import type { CheckResult, Divergence, VerifyClock } from '@driftgate/surf';
import { render } from 'ink';
import type { ReactElement } from 'react';
import { type TriageSummary, applyDecisions } from './decisions/apply-decisions.js';
import type { BoundaryVerifyInput } from './model/boundary-rows.js';
import { BoundaryView } from './view/boundary-view.js';
import type { EditorLauncher } from './decisions/editor-launcher.js';
import type { FollowPreview } from './model/follow-preview.js';
import { type TriageEnd, TriageApp } from './view/triage-app.js';

/** Streams the session draws on and reads from (the process's TTY by default). */
export interface TriageStreams {
  readonly stdin?: NodeJS.ReadStream;
  readonly stdout?: NodeJS.WriteStream;
}

export interface RunTriageOptions extends TriageStreams {
  /** Absolute workspace root. */
  readonly root: string;
  readonly check: CheckResult;
  /** What `follow` would write per divergence (see `previewFollows`). */
  readonly follows?: ReadonlyMap<Divergence, FollowPreview>;
  readonly launcher?: EditorLauncher;
  /** Checks the workspace again after an edit and before a write (see `TriageAppProps.recheck`). */
  readonly recheck?: () => Promise<readonly Divergence[]>;
  readonly clock?: VerifyClock;
  /** Aborted by a signal while writing: the hub being written is finished, later ones are not. */
  readonly signal?: AbortSignal;
}

/**
 * The end of a session: `written` with the summary (possibly `interrupted` part-way, between
 * hubs), `cancelled` (q, every file untouched) or `interrupted` (Ctrl-C in the view, untouched).
 */
export type TriageOutcome = { readonly kind: 'written'; readonly summary: TriageSummary } | { readonly kind: 'cancelled' } | { readonly kind: 'interrupted' };

/**
 * Runs the interactive claims view until the user writes-and-quits or cancels, then (only after a
 * confirmed write) applies the decisions through `runVerify`. Needs a TTY.
 */
export async function runTriage(options: RunTriageOptions): Promise<TriageOutcome> {
  let end: TriageEnd | undefined;
  await showView(
    <TriageApp
      root={options.root}
      divergences={options.check.divergences}
      onEnd={(e) => {
        end = e;
      }}
      {...(options.follows !== undefined ? { follows: options.follows } : {})}
      {...(options.launcher !== undefined ? { launcher: options.launcher } : {})}
      {...(options.recheck !== undefined ? { recheck: options.recheck } : {})}
    />,
    options,
  );
  const ended = end as TriageEnd | undefined;
  if (ended === undefined || ended.mode === 'interrupted') return { kind: 'interrupted' };
  if (ended.mode !== 'write') return { kind: 'cancelled' };
  const summary = await applyDecisions(options.root, ended.state.items, ended.state.decisions, {
    withdrawn: ended.state.changedSinceAccepted,
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  });
  return { kind: 'written', summary };
}

/** Runs the read-only boundary view until the user quits; `interrupted` after Ctrl-C. */
export async function runBoundaryView(result: BoundaryVerifyInput, options: TriageStreams = {}): Promise<'quit' | 'interrupted'> {
  let how: 'quit' | 'interrupted' = 'quit';
  await showView(
    <BoundaryView
      result={result}
      onEnd={(e) => {
        how = e;
      }}
    />,
    options,
  );
  return how;
}

/** Renders a view on the alternate screen until it exits. */
async function showView(view: ReactElement, options: TriageStreams): Promise<void> {
  const leave = enterAlternateScreen(options.stdout ?? process.stdout);
  try {
    // ink throttles frames to 30 a second by default: a key typed within 33 ms of the last frame
    // waited for the next slot. 120 still keeps a held key from flooding the terminal. (ink's
    // incremental rendering lost frames on the alternate screen under tmux, so it stays off.)
    await render(view, { exitOnCtrlC: false, patchConsole: false, maxFps: 120, ...streams(options) }).waitUntilExit();
  } finally {
    leave();
  }
}

/**
 * Draws on the terminal's alternate screen, as full-screen tools do (less, vim, lazygit): the
 * view starts on a clean screen whatever was echoed before it (keys typed while the process
 * started), redraws never pile up in the scrollback, and on exit the shell's screen comes back
 * as it was, with the summary printed after it. Returns the function that leaves it.
 */
function enterAlternateScreen(stdout: NodeJS.WriteStream): () => void {
  stdout.write('\u001B[?1049h\u001B[H\u001B[2J');
  // Back on the shell's screen the cursor is where it was, after whatever the terminal echoed
  // before echo went off (keys typed in the first moments): that line is cleared, so the summary
  // starts at its beginning rather than after stray letters.
  return () => void stdout.write('\u001B[?1049l\r\u001B[2K');
}

function streams(options: TriageStreams): { stdin?: NodeJS.ReadStream; stdout?: NodeJS.WriteStream } {
  return { ...(options.stdin !== undefined ? { stdin: options.stdin } : {}), ...(options.stdout !== undefined ? { stdout: options.stdout } : {}) };
}
