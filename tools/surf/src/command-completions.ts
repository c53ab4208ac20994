import { COMPLETION_SHELLS, type CompletionShell, completionInstallText, completionScript } from '@driftgate/report';
import { Option, type Command } from 'commander';
import type { CliIo } from './cli-io.js';
import { SurfExit } from './exit-codes.js';

/** `surf completions --shell S`: a completion script generated from this program's own commands. */
export function registerCompletionsCommand(program: Command, io: CliIo): void {
  program
    .command('completions')
    .description('print a shell completion script for surf (bash, zsh or fish), generated from its command definitions')
    .addOption(new Option('--shell <shell>', 'the shell to complete in').choices([...COMPLETION_SHELLS]).makeOptionMandatory())
    .addHelpText('after', completionInstallText('surf'))
    .action((flags: { shell: CompletionShell }) => {
      io.out(completionScript(program, flags.shell));
      io.exit(SurfExit.ok);
    });
}
