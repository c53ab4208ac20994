import type { CliIo, ExitCodeOf, ExitCodeTable } from '@driftgate/cli';

/** Every exit code `surf` uses; only main.ts turns these into a process exit. */
export const SurfExit = {
  /** Clean: no divergence, no blocking lint finding, command succeeded. */
  ok: 0,
  /** A divergence, a blocking lint finding, or a verify error (the gate is red). */
  failure: 1,
  /** Usage or configuration error: bad flags, no surf.toml, invalid glob, unreadable input, a hub the file system would not let verify write. */
  usage: 2,
  /**
   * `surf triage` ended by Ctrl-C or a signal (128 + SIGINT, as shells report it; see its summary
   * for what was written), or `surf check --watch` stopped, which is the only way it ends.
   */
  interrupted: 130,
} as const satisfies ExitCodeTable;

export type SurfExitCode = ExitCodeOf<typeof SurfExit>;

/** What a surf command may do to the outside world; the highest recorded exit code wins. */
export type SurfIo = CliIo<SurfExitCode>;
