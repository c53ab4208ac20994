import { findClaimsFor, loadWorkspace } from '@driftgate/surf';
import type { Command } from 'commander';
import { SurfExit, type SurfIo } from '../exit-codes.js';
import { renderForHuman, renderForJson } from '../render/render-for.js';
import { formatOption } from '@driftgate/cli';

/** `surf for <path> [symbol] [--format]`: which claims govern a file (read-only; exit 0). */
export function registerForCommand(program: Command, io: SurfIo): void {
  program
    .command('for')
    .description('list every hub claim anchored into <path> (workspace-root-relative), optionally only <symbol>')
    .argument('<path>', 'source file, relative to the workspace root')
    .argument('[symbol]', 'only anchors whose first segment is this symbol')
    .addOption(formatOption(['human', 'json']))
    .action(async (path: string, symbol: string | undefined, flags: { format: 'human' | 'json' }) => {
      const workspace = await loadWorkspace(io.cwd);
      const result = await findClaimsFor(workspace, path, symbol);
      const rendered = flags.format === 'json' ? renderForJson(result) : renderForHuman(result);
      io.out(rendered.out);
      io.exit(SurfExit.ok);
    });
}
