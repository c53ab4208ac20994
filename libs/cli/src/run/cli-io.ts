/**
 * What a command may do to the outside world, typed by its bin's exit codes. The bin's main.ts
 * builds the only instance (through {@link processCli}), so commands never touch process streams
 * or exit themselves.
 */
export interface CliIo<Code extends number = number> {
  /** Directory the command was started in (absolute). */
  readonly cwd: string;
  /** Whether stdout is an interactive terminal (progress and colour only then). */
  readonly stdoutIsTty: boolean;
  readonly stderrIsTty: boolean;
  /** Environment variables, read-only. */
  readonly env: Readonly<Record<string, string | undefined>>;
  out(text: string): void;
  err(text: string): void;
  /** Records the exit code the run ends with; the bin's {@link ExitPolicy} says which recorded code wins. */
  exit(code: Code): void;
}

/**
 * Which recorded code a run ends with: `highest` (a later success never hides an earlier failure)
 * or `last` (the command computes its graded code itself and records it last).
 */
export type ExitPolicy = 'highest' | 'last';
