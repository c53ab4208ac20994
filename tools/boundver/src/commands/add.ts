import { addComponent, pythonStrip } from '@driftgate/boundver';
import type { Command } from 'commander';
import { verbosity } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';

interface AddFlags {
  provider: string;
  paths?: string;
  boundaryPath: string[];
  config?: string;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** `boundver add`: append a component to the JSON config (validated before and after, written atomically). */
export function registerAddCommand(program: Command, io: BoundverIo): void {
  program
    .command('add')
    .description('add a component to the JSON config, keeping every other key and its order')
    .argument('<name>', 'component name (no commas, no surrounding whitespace)')
    .argument('<path>', 'component directory, relative to the repository root')
    .option('--provider <name>', 'boundary provider', 'implicit')
    .option('--paths <list>', 'comma-separated boundary paths (use --boundary-path for a path containing a comma)')
    .option('--boundary-path <path>', 'one boundary path, kept verbatim; repeat for several', collect, [])
    .option('--config <path>', 'config file (default boundary.config.json, then .yaml/.yml/.toml; only JSON can be edited)')
    .action(async (name: string, path: string, flags: AddFlags, command: Command) => {
      const { quiet } = verbosity(command);
      // Comma lists are trimmed like the reference CLI trims them; --boundary-path is taken as given.
      const listed = flags.paths === undefined ? [] : flags.paths.split(',').map(pythonStrip).filter((item) => item !== '');
      const result = await addComponent({
        cwd: io.cwd,
        name,
        path,
        provider: flags.provider,
        paths: [...listed, ...flags.boundaryPath],
        ...(flags.config === undefined ? {} : { config: flags.config }),
      });
      if (!quiet) {
        io.out(safeLines([`Added component '${result.name}' at path '${result.path}' to ${result.file.display}.`, `Run: boundver generate --components ${result.name}`]));
      }
      io.exit(BoundverExit.ok);
    });
}
