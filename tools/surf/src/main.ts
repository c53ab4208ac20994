import { createRequire } from 'node:module';
import { Command } from 'commander';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

const program = new Command()
  .name('surf')
  .description('The claims gate: binds prose claims in markdown hubs to code spans and fails when the code under a claim changes.')
  .version(version, '-V, --version', 'print the surf version');

await program.parseAsync(process.argv);
