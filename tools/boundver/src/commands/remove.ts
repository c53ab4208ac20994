import { removeComponent } from '@driftgate/boundver';
import type { Command } from 'commander';
import { verbosity } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';

interface RemoveFlags {
  config?: string;
}

/** `boundver remove`: delete a component from the JSON config (and from explicit slices), atomically. */
export function registerRemoveCommand(program: Command, io: BoundverIo): void {
  program
    .command('remove')
    .description('remove a component from the JSON config and from the explicit slices that list it')
    .argument('<name>', 'component name')
    .option('--config <path>', 'config file (default boundary.config.json, then .yaml/.yml/.toml; only JSON can be edited)')
    .action(async (name: string, flags: RemoveFlags, command: Command) => {
      const { quiet } = verbosity(command);
      const result = await removeComponent({ cwd: io.cwd, name, ...(flags.config === undefined ? {} : { config: flags.config }) });
      if (!quiet) {
        const lines = [`Removed component '${result.name}' from ${result.file.display}.`];
        if (result.slicesUpdated.length > 0) lines.push(`Also removed it from slice${result.slicesUpdated.length === 1 ? '' : 's'}: ${result.slicesUpdated.join(', ')}.`);
        lines.push('Run: boundver generate');
        io.out(safeLines(lines));
      }
      io.exit(BoundverExit.ok);
    });
}
