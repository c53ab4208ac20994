import { createRequire } from 'node:module';
import { terminalSafeLines } from '@driftgate/report';
import { Command, CommanderError } from 'commander';
import type { CliIo } from './cli-io.js';
import { BoundverExit, type BoundverExitCode } from './exit-codes.js';
import { registerGenerateCommand } from './command-generate.js';
import { registerVerifyCommand } from './command-verify.js';
import { registerValidateConfigCommand } from './command-validate-config.js';
import { registerInitCommand } from './command-init.js';
import { registerAddCommand } from './command-add.js';
import { registerRemoveCommand } from './command-remove.js';
import { registerStatusCommand } from './command-status.js';
import { registerDiffCommand } from './command-diff.js';
import { registerSliceCommand } from './command-slice.js';
import { registerWhyCommand } from './command-why.js';
import { registerMigrateLockCommand } from './command-migrate-lock.js';
import { registerDiscoverCommand } from './command-discover.js';
import { registerReviewCommand } from './command-review.js';
import { registerExplainCommand } from './command-explain.js';
import { registerCompletionsCommand } from './command-completions.js';
import { keepYoungGenerationSmall } from './young-generation.js';

keepYoungGenerationSmall();

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

let exitCode: BoundverExitCode = BoundverExit.ok;
const io: CliIo = {
  cwd: process.cwd(),
  stdoutIsTty: process.stdout.isTTY === true,
  stderrIsTty: process.stderr.isTTY === true,
  env: process.env,
  out: (text) => void (open.has(process.stdout) && process.stdout.write(text)),
  err: (text) => void (open.has(process.stderr) && process.stderr.write(text)),
  exit: (code) => {
    exitCode = code;
  },
};

const program = new Command()
  .name('boundver')
  .description('The boundary lock: fingerprints the components of a git repository and verifies boundary.lock.json.')
  .version(version, '-V, --version', 'print the boundver version')
  .option('-q, --quiet', 'print only issues and errors')
  .option('-v, --verbose', 'print extra informational lines')
  .exitOverride()
  .configureOutput({ writeOut: io.out, writeErr: io.err });
registerGenerateCommand(program, io);
registerVerifyCommand(program, io);
registerReviewCommand(program, io);
registerValidateConfigCommand(program, io);
registerInitCommand(program, io);
registerAddCommand(program, io);
registerRemoveCommand(program, io);
registerStatusCommand(program, io);
registerDiffCommand(program, io);
registerSliceCommand(program, io);
registerWhyCommand(program, io);
registerExplainCommand(program, io);
registerMigrateLockCommand(program, io);
registerDiscoverCommand(program, io);
registerCompletionsCommand(program, io);

// Once nothing is left to run, Node ends the process even if the command is still awaiting a
// promise that can never settle; without this the gate would end with 0 and say nothing.
let finished = false;
process.once('beforeExit', () => {
  if (finished) return;
  io.err('boundver: the command stopped before it finished, because something it waited for never completed (a custom provider whose promise never settles, for example), so it has no result and wrote nothing. Fix that, then run it again.\n');
  process.exit(BoundverExit.usage);
});
try {
  await program.parseAsync(process.argv);
} catch (error) {
  exitCode = handleError(error);
}
finished = true;
await flush();
process.exit(exitCode);

function handleError(error: unknown): BoundverExitCode {
  if (error instanceof CommanderError) {
    // --help and --version end through here with exit code 0.
    return error.exitCode === 0 ? BoundverExit.ok : BoundverExit.usage;
  }
  if (isTypedError(error)) {
    io.err(`boundver: ${terminalSafeLines(error.message)}\n`);
    return BoundverExit.usage;
  }
  io.err(`boundver: internal error — please report it with the command you ran:\n${(error as Error)?.stack ?? String(error)}\n`);
  return BoundverExit.usage;
}

function isTypedError(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && /^(BOUNDVER|GIT)_/.test(code);
}

function flush(): Promise<void> {
  if (!open.has(process.stdout)) return Promise.resolve();
  return new Promise((resolve) => process.stdout.write('', () => resolve()));
}
