// First: an interactive `surf triage` holds the terminal's type-ahead before anything else loads.
import { startupTypeAhead } from './early-type-ahead.js';
import { createRequire } from 'node:module';
import { terminalSafeLines } from '@driftgate/report';
import { Command, CommanderError } from 'commander';
import type { CliIo } from './cli-io.js';
import { SurfExit, type SurfExitCode } from './exit-codes.js';
import { registerInitCommand } from './command-init.js';
import { registerNewCommand } from './command-new.js';
import { registerStatsCommand } from './command-stats.js';
import { registerSuggestCommand } from './command-suggest.js';
import { registerCheckCommand } from './command-check.js';
import { registerVerifyCommand } from './command-verify.js';
import { registerLintCommand } from './command-lint.js';
import { registerForCommand } from './command-for.js';
import { registerTriageCommand } from './command-triage.js';
import { registerMergeSarifCommand } from './command-merge-sarif.js';
import { registerCompletionsCommand } from './command-completions.js';
import { registerLspCommand } from './command-lsp.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

// A reader that goes away (`… | head`) closes the pipe: what is left to print has nowhere to go,
// but the command still finishes and ends with its own exit code.
const open = new Set<NodeJS.WriteStream>([process.stdout, process.stderr]);
for (const stream of open) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    open.delete(stream);
  });
}

// NO_COLOR (no-color.org) asks for no colour: the triage views colour through chalk, which reads
// FORCE_COLOR when ink is first imported, so one switch here covers every view.
if ((process.env['NO_COLOR'] ?? '') !== '' && process.env['FORCE_COLOR'] === undefined) process.env['FORCE_COLOR'] = '0';

let exitCode: SurfExitCode = SurfExit.ok;
const io: CliIo = {
  cwd: process.cwd(),
  stdoutIsTty: process.stdout.isTTY === true,
  stderrIsTty: process.stderr.isTTY === true,
  env: process.env,
  out: (text) => void (open.has(process.stdout) && process.stdout.write(text)),
  err: (text) => void (open.has(process.stderr) && process.stderr.write(text)),
  exit: (code) => {
    if (code > exitCode) exitCode = code;
  },
};

const program = new Command()
  .name('surf')
  .description('The claims gate: binds prose claims in markdown hubs to code spans and fails when the code under a claim changes.')
  .version(version, '-V, --version', 'print the surf version')
  .exitOverride()
  .configureOutput({ writeOut: io.out, writeErr: io.err });
registerInitCommand(program, io);
registerNewCommand(program, io);
registerSuggestCommand(program, io);
registerStatsCommand(program, io);
registerCheckCommand(program, io);
registerVerifyCommand(program, io);
registerLintCommand(program, io);
registerForCommand(program, io);
registerTriageCommand(program, io);
registerMergeSarifCommand(program, io);
registerCompletionsCommand(program, io);
registerLspCommand(program, io);

// Once nothing is left to run, Node ends the process even if the command is still awaiting a
// promise that can never settle; without this the gate would end with 0 and say nothing.
let finished = false;
process.once('beforeExit', () => {
  if (finished) return;
  io.err('surf: the command stopped before it finished, because something it waited for never completed, so it has no result and wrote nothing. Fix that, then run it again.\n');
  process.exit(SurfExit.usage);
});
try {
  await program.parseAsync(process.argv);
} catch (error) {
  exitCode = handleError(error);
}
finished = true;
startupTypeAhead?.release();
await flush();
process.exit(exitCode);

function handleError(error: unknown): SurfExitCode {
  if (error instanceof CommanderError) {
    // --help and --version end through here with exit code 0.
    return error.exitCode === 0 ? SurfExit.ok : SurfExit.usage;
  }
  if (isTypedError(error)) {
    io.err(`surf: ${terminalSafeLines(error.message)}\n`);
    return SurfExit.usage;
  }
  io.err(`surf: internal error — please report it with the command you ran:\n${(error as Error)?.stack ?? String(error)}\n`);
  return SurfExit.usage;
}

function isTypedError(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && /^(SURF|SYNTAX|GIT|BOUNDVER)_/.test(code);
}

function flush(): Promise<void> {
  if (!open.has(process.stdout)) return Promise.resolve();
  return new Promise((resolve) => process.stdout.write('', () => resolve()));
}
