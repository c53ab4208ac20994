import type { Command } from 'commander';
import type { CliIo, ExitPolicy } from './cli-io.js';
import { renderCliFailure } from './cli-failure.js';
import type { ExitCodeOf, ExitCodeTable } from './exit-codes.js';

/** The streams and process a CLI runs in; the bin passes `process` and its streams. */
export interface CliProcess {
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
  cwd(): string;
  once(event: 'beforeExit', listener: () => void): unknown;
}

export interface ProcessCliOptions<Table extends ExitCodeTable> {
  /** The bin's name, the prefix of every message it prints itself. */
  readonly bin: string;
  readonly exitCodes: Table;
  readonly policy: ExitPolicy;
  /** Error code prefixes (without `_`) whose errors are the user's to fix: message only, exit `usage`. */
  readonly typedErrorPrefixes: readonly string[];
  /** An example of what can leave a command waiting forever, for the message shown when one does. */
  readonly stallExample?: string;
}

/** A bin's connection to its process: the io its commands get, and a run that resolves with the exit code. */
export interface ProcessCli<Code extends number> {
  readonly io: CliIo<Code>;
  /**
   * Parses `argv` and runs the command it names; resolves with the code the bin should exit with.
   * If the command never settles (Node is about to end with nothing left to run), says so on stderr
   * and calls `onStall` with the usage code instead: the bin exits there, or it would end with 0.
   */
  run(program: Command, argv: readonly string[], onStall: (code: Code) => void): Promise<Code>;
  /** Resolves once stdout has taken everything written to it (at once when the reader went away). */
  flush(): Promise<void>;
}

/**
 * Connects a bin to its process. A reader that goes away (`… | head`) closes the pipe: what is left
 * to print then has nowhere to go, but the command still finishes and ends with its own exit code.
 * Never exits: only the bin's main.ts does.
 */
export function processCli<Table extends ExitCodeTable>(host: CliProcess, options: ProcessCliOptions<Table>): ProcessCli<ExitCodeOf<Table>> {
  type Code = ExitCodeOf<Table>;
  const open = new Set([host.stdout, host.stderr]);
  for (const stream of open) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      open.delete(stream);
    });
  }
  const ok = options.exitCodes.ok as Code;
  const usage = options.exitCodes.usage as Code;
  let exitCode = ok;
  const io: CliIo<Code> = {
    cwd: host.cwd(),
    stdoutIsTty: host.stdout.isTTY === true,
    stderrIsTty: host.stderr.isTTY === true,
    env: host.env,
    out: (text) => void (open.has(host.stdout) && host.stdout.write(text)),
    err: (text) => void (open.has(host.stderr) && host.stderr.write(text)),
    exit: (code) => {
      if (options.policy === 'last' || code > exitCode) exitCode = code;
    },
  };
  return {
    io,
    async run(program, argv, onStall) {
      // Once nothing is left to run, Node ends the process even if the command is still awaiting
      // a promise that can never settle; without this the gate would end with 0 and say nothing.
      let finished = false;
      host.once('beforeExit', () => {
        if (finished) return;
        const example = options.stallExample === undefined ? '' : ` (${options.stallExample})`;
        io.err(`${options.bin}: the command stopped before it finished, because something it waited for never completed${example}, so it has no result and wrote nothing. Fix that, then run it again.\n`);
        onStall(usage);
      });
      try {
        await program.parseAsync(argv);
      } catch (error) {
        const failure = renderCliFailure(options.bin, error, options.typedErrorPrefixes);
        if (failure.text !== '') io.err(failure.text);
        exitCode = failure.exit === 'ok' ? ok : usage;
      }
      finished = true;
      return exitCode;
    },
    flush() {
      if (!open.has(host.stdout)) return Promise.resolve();
      return new Promise((resolve) => host.stdout.write('', () => resolve()));
    },
  };
}
