import { cliProgram, processCli, registerCompletionsCommand } from '@driftgate/cli';
import { BoundverExit } from './exit-codes.js';
import { registerGenerateCommand } from './commands/generate.js';
import { registerVerifyCommand } from './commands/verify.js';
import { registerValidateConfigCommand } from './commands/validate-config.js';
import { registerInitCommand } from './commands/init.js';
import { registerAddCommand } from './commands/add.js';
import { registerRemoveCommand } from './commands/remove.js';
import { registerStatusCommand } from './commands/status.js';
import { registerDiffCommand } from './commands/diff.js';
import { registerSliceCommand } from './commands/slice.js';
import { registerWhyCommand } from './commands/why.js';
import { registerMigrateLockCommand } from './commands/migrate-lock.js';
import { registerDiscoverCommand } from './commands/discover.js';
import { registerReviewCommand } from './commands/review.js';
import { registerExplainCommand } from './commands/explain.js';
import { BOUNDVER_VERSION } from './version.js';
import { keepYoungGenerationSmall } from './young-generation.js';

keepYoungGenerationSmall();

// verify computes its graded code itself and records it last, so the last recorded code wins.
const cli = processCli(process, {
  bin: 'boundver',
  exitCodes: BoundverExit,
  policy: 'last',
  typedErrorPrefixes: ['BOUNDVER', 'GIT'],
  stallExample: 'a custom provider whose promise never settles, for example',
});
const { io } = cli;
const program = cliProgram(io, {
  name: 'boundver',
  description: 'The boundary lock: fingerprints the components of a git repository and verifies boundary.lock.json.',
  version: BOUNDVER_VERSION,
})
  .option('-q, --quiet', 'print only issues and errors')
  .option('-v, --verbose', 'print extra informational lines');
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
registerCompletionsCommand(program, io, BoundverExit.ok);

const exitCode = await cli.run(program, process.argv, (code) => process.exit(code));
await cli.flush();
process.exit(exitCode);
