import { Command } from 'commander';
import type { CliIo } from '../run/cli-io.js';

export interface ProgramOptions {
  readonly name: string;
  readonly description: string;
  readonly version: string;
}

/**
 * The root command of a bin, with the conventions both bins share: `-V, --version` and `-h, --help`
 * print to stdout and end with 0; an unknown option or command, a missing or invalid value is
 * printed by the parser as `error: …` on stderr and ends as a usage error. The parser never exits
 * itself (it throws, and {@link processCli}'s run turns that into the code), and prints only
 * through the io.
 */
export function cliProgram(io: CliIo, options: ProgramOptions): Command {
  return new Command()
    .name(options.name)
    .description(options.description)
    .version(options.version, '-V, --version', `print the ${options.name} version`)
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
}
