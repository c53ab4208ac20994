import type { SurfExitCode } from './exit-codes.js';

/**
 * What a command may do to the outside world. main.ts builds the only instance, so commands never
 * touch process streams or exit themselves.
 */
export interface CliIo {
  /** Directory the command was started in (absolute). */
  readonly cwd: string;
  /** Whether stdout is an interactive terminal (progress and colour only then). */
  readonly stdoutIsTty: boolean;
  readonly stderrIsTty: boolean;
  /** Environment variables, read-only. */
  readonly env: Readonly<Record<string, string | undefined>>;
  out(text: string): void;
  err(text: string): void;
  /** Records the exit code; the highest recorded code wins. */
  exit(code: SurfExitCode): void;
}
