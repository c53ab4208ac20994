import type { Command } from 'commander';
import { SurfExit, type SurfIo } from '../exit-codes.js';
import { cacheSetting } from './check.js';

interface LspFlags {
  readonly stdio?: boolean;
  readonly cache: boolean;
  readonly cacheDir?: string;
}

/**
 * `surf lsp --stdio`: the language server, speaking LSP on stdin/stdout (stdout then belongs to
 * the protocol: nothing else may print there). It ends when the client sends `exit` (0 after
 * `shutdown`, 1 without, as the protocol says; vscode-languageserver ends the process itself) or
 * when the client closes stdin.
 */
export function registerLspCommand(program: Command, io: SurfIo): void {
  program
    .command('lsp')
    .description('start the surf language server (diagnostics, re-stamp code actions, hovers) for an editor')
    .option('--stdio', 'speak LSP over stdin/stdout (the only transport)')
    .option('--no-cache', 'judge the claims at start without the result cache `surf check` keeps (also SURF_NO_CACHE=1)')
    .option('--cache-dir <dir>', 'the result cache directory, as for `surf check` (also SURF_CACHE_DIR)')
    .action(async (flags: LspFlags) => {
      if (flags.stdio !== true) {
        io.err('surf: `surf lsp` needs --stdio (the editor starts it as `surf lsp --stdio`; see docs/editors.md)\n');
        io.exit(SurfExit.usage);
        return;
      }
      // Loaded here, not at start: every other command would otherwise pay for evaluating the
      // language server's modules (tens of milliseconds of each run).
      const { startSurfServerOver } = await import('@driftgate/lsp');
      const closed = new Promise<void>((resolve) => process.stdin.once('end', resolve));
      startSurfServerOver(process.stdin, process.stdout, { cache: cacheSetting(io, flags) });
      await closed;
    });
}
