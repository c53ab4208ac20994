import { Option, type Command } from 'commander';
import type { CliIo } from '../run/cli-io.js';
import { COMPLETION_SHELLS, type CompletionShell, completionInstallText, completionScript } from './shell-completions.js';

/**
 * `<bin> completions --shell S`: a completion script generated from the program's own commands,
 * built when it runs, so it completes exactly the commands and options the parser accepts.
 */
export function registerCompletionsCommand<Code extends number>(program: Command, io: CliIo<Code>, ok: Code): void {
  const bin = program.name();
  program
    .command('completions')
    .description(`print a shell completion script for ${bin} (bash, zsh or fish), generated from its command definitions`)
    .addOption(new Option('--shell <shell>', 'the shell to complete in').choices([...COMPLETION_SHELLS]).makeOptionMandatory())
    .addHelpText('after', completionInstallText(bin))
    .action((flags: { shell: CompletionShell }) => {
      io.out(completionScript(program, flags.shell));
      io.exit(ok);
    });
}
