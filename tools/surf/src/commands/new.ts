import { terminalSafe } from '@driftgate/report';
import { createHub, loadSurfConfig } from '@driftgate/surf';
import type { Command } from 'commander';
import type { SurfIo } from '../exit-codes.js';

/** `surf new <name>` (spec §7.2): a lint-clean hub template; never overwrites. */
export function registerNewCommand(program: Command, io: SurfIo): void {
  program
    .command('new')
    .description('create a hub from the template in the hub directory (refuses to overwrite)')
    .argument('<name>', 'hub name, e.g. auth (becomes <hub dir>/auth.md)')
    .action(async (name: string) => {
      const config = await loadSurfConfig(io.cwd);
      const created = await createHub(config, name);
      io.out(`created ${terminalSafe(created.path)}\nnext: add an anchor, then \`surf lint\` and \`surf verify\`.\n`);
    });
}
