import { createRequire } from 'node:module';
import { Command } from 'commander';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

const program = new Command()
  .name('boundver')
  .description('The boundary lock: fingerprints the components of a git repository and verifies boundary.lock.json.')
  .version(version, '-V, --version', 'print the boundver version');

await program.parseAsync(process.argv);
