import { initConfig } from '@driftgate/boundver';
import type { Command } from 'commander';
import { verbosity } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';

interface InitFlags {
  out: string;
  force?: boolean;
  discover?: boolean;
}

/** `boundver init`: write a starter config (refusing to overwrite one without --force, except to fill an empty one with --discover). */
export function registerInitCommand(program: Command, io: BoundverIo): void {
  program
    .command('init')
    .description('write a starter boundary.config.json at the repository root (exit 2 if it exists and --force is not given; --discover fills one that declares no components)')
    .option('--out <path>', 'config file to write, relative to the repository root', 'boundary.config.json')
    .option('--force', 'overwrite an existing config')
    .option('--discover', 'propose components from the tracked package manifests (package.json, pyproject.toml, Cargo.toml, go.mod), named after their Nx projects')
    .addHelpText('after', '\nExamples:\n  boundver init\n  boundver init --discover\n\nBefore the first commit, generate with:\n  boundver generate --source working-tree\n')
    .action(async (flags: InitFlags, command: Command) => {
      const { quiet } = verbosity(command);
      const result = await initConfig({ cwd: io.cwd, out: flags.out, force: flags.force === true, discover: flags.discover === true });
      if (!quiet) {
        const count = `${result.components.length} component${result.components.length === 1 ? '' : 's'}`;
        const found = result.discovered ? ` discovered from manifests: ${result.components.join(', ')}` : '';
        const done = result.filled ? `Filled the empty ${result.file.display} with ${count}` : `${result.replaced ? 'Replaced' : 'Created'} ${result.file.display} with ${count}`;
        io.out(
          safeLines([
            `${done}${found}.`,
            ...result.notes.map((note) => `Note: ${note}.`),
            // validate-config, generate and verify read HEAD by default: a config that is only on disk is not what they see.
            `Next: review it, commit it, then run \`boundver validate-config\` and \`boundver generate\`; before committing, pass \`--source working-tree\` to both.`,
          ]),
        );
      }
      io.exit(BoundverExit.ok);
    });
}
