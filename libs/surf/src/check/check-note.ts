/**
 * Something a check could not do for one claim that does not fail it, for reports to show beside
 * the verdict (stderr in every format): e.g. an `@N` claim whose verified commit this clone lacks.
 */
export interface CheckNote {
  /** Workspace-relative hub path. */
  readonly hub: string;
  /** The claim's display `at:`. */
  readonly at: string;
  /** What could not be done, and how to make it possible. */
  readonly message: string;
}
