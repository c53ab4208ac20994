import type { CliIo, ExitCodeOf, ExitCodeTable } from '@driftgate/cli';

/**
 * Every exit code `boundver` uses (the graded contract of the reference CLI); only main.ts turns
 * these into a process exit. Higher is more severe for verify drift, except `usage`, which means
 * the gate could not be evaluated at all.
 */
export const BoundverExit = {
  /** Lock matches, or the command succeeded. */
  ok: 0,
  /** Implementation-only drift: exact digests, metadata, NEW/REMOVED components or slices. */
  exact: 1,
  /** Usage, configuration, lockfile or digest-computation error: nothing could be verified. */
  usage: 2,
  /** Behavior drift. */
  behavior: 3,
  /** Boundary (public surface) drift. */
  boundary: 4,
  /** Compatibility drift: the version's compat identity changed. */
  compat: 5,
} as const satisfies ExitCodeTable;

export type BoundverExitCode = ExitCodeOf<typeof BoundverExit>;

/** What a boundver command may do to the outside world; the last recorded exit code wins (verify records its graded code). */
export type BoundverIo = CliIo<BoundverExitCode>;
