import { terminalSafeLines } from '@driftgate/report';
import { CommanderError } from 'commander';

/** How a command that threw is shown on stderr and which kind of exit it gets. */
export interface CliFailure {
  /** The stderr block (empty when the parser has already printed its own message). */
  readonly text: string;
  /** `ok` only for `--help` and `--version`, which end through the parser's exit; else `usage`. */
  readonly exit: 'ok' | 'usage';
}

/**
 * Renders what a command threw, as `<bin>: <message>`:
 * - the parser's own ends (`--help`, `--version`, an unknown option or command, a missing or
 *   invalid value): commander has already printed its message, so nothing more;
 * - a typed error (an `Error` whose string `code` starts with one of `typedPrefixes` and `_`): a
 *   user's mistake or an environment the user can fix, so its message only, every line made
 *   terminal-safe, and no stack trace (the message says what to do; `cause` stays for callers of
 *   the library, the message already names what it said);
 * - anything else is a bug of ours: the stack, with a request to report it.
 */
export function renderCliFailure(bin: string, error: unknown, typedPrefixes: readonly string[]): CliFailure {
  if (error instanceof CommanderError) return { text: '', exit: error.exitCode === 0 ? 'ok' : 'usage' };
  if (isTypedError(error, typedPrefixes)) return { text: `${bin}: ${terminalSafeLines(error.message)}\n`, exit: 'usage' };
  return { text: `${bin}: internal error — please report it with the command you ran:\n${(error as Error)?.stack ?? String(error)}\n`, exit: 'usage' };
}

function isTypedError(error: unknown, prefixes: readonly string[]): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && prefixes.some((prefix) => code.startsWith(`${prefix}_`));
}
