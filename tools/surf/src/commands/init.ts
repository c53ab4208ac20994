import { terminalSafe } from '@driftgate/report';
import { initWorkspace } from '@driftgate/surf';
import type { Command } from 'commander';
import type { SurfIo } from '../exit-codes.js';

/** `surf init` (spec §7.1): surf.toml and the hub directory in the current directory; idempotent. */
export function registerInitCommand(program: Command, io: SurfIo): void {
  program
    .command('init')
    .description('make the current directory a surf workspace (surf.toml and hubs/); safe to re-run')
    .action(async () => {
      const result = await initWorkspace(io.cwd);
      const dir = terminalSafe(`${result.hubsDir}/`);
      io.out(
        [
          result.config === 'created' ? 'created surf.toml' : 'kept surf.toml (it already exists)',
          result.hubsDirCreated ? `created ${dir}` : `kept ${dir} (it already exists)`,
          ...(result.gitignore === 'kept' ? [] : [`${result.gitignore} .gitignore (ignores .surf-cache/, where the result cache goes without node_modules)`]),
          'next: run `surf new <name>` to start a hub.',
        ].join('\n') + '\n',
      );
      if (result.enclosing !== undefined) {
        io.err(
          `surf init: this workspace sits inside the one at ${terminalSafe(result.enclosing)}; commands run here now use this surf.toml only, so the outer workspace's claims are not checked from here. Remove surf.toml here if that was not the intent.\n`,
        );
      }
    });
}
