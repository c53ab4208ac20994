// First: an interactive `surf triage` holds the terminal's type-ahead before anything else loads.
import { startupTypeAhead } from './early-type-ahead.js';
import { cliProgram, processCli, registerCompletionsCommand } from '@driftgate/cli';
import { SurfExit } from './exit-codes.js';
import { registerInitCommand } from './commands/init.js';
import { registerNewCommand } from './commands/new.js';
import { registerStatsCommand } from './commands/stats.js';
import { registerSuggestCommand } from './commands/suggest.js';
import { registerCheckCommand } from './commands/check.js';
import { registerVerifyCommand } from './commands/verify.js';
import { registerLintCommand } from './commands/lint.js';
import { registerForCommand } from './commands/for.js';
import { registerTriageCommand } from './commands/triage.js';
import { registerMergeSarifCommand } from './commands/merge-sarif.js';
import { registerLspCommand } from './commands/lsp.js';
import { SURF_VERSION } from './version.js';

// NO_COLOR (no-color.org) asks for no colour: the triage views colour through chalk, which reads
// FORCE_COLOR when ink is first imported, so one switch here covers every view.
if ((process.env['NO_COLOR'] ?? '') !== '' && process.env['FORCE_COLOR'] === undefined) process.env['FORCE_COLOR'] = '0';

// A later success never hides an earlier failure: the highest recorded code wins.
const cli = processCli(process, { bin: 'surf', exitCodes: SurfExit, policy: 'highest', typedErrorPrefixes: ['SURF', 'SYNTAX', 'GIT', 'BOUNDVER'] });
const { io } = cli;
const program = cliProgram(io, {
  name: 'surf',
  description: 'The claims gate: binds prose claims in markdown hubs to code spans and fails when the code under a claim changes.',
  version: SURF_VERSION,
});
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
registerCompletionsCommand(program, io, SurfExit.ok);
registerLspCommand(program, io);

const exitCode = await cli.run(program, process.argv, (code) => process.exit(code));
startupTypeAhead?.release();
await cli.flush();
process.exit(exitCode);
