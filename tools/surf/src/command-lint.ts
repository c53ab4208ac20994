import { loadWorkspace, runLint } from '@driftgate/surf';
import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';
import { SurfExit } from './exit-codes.js';
import { renderLintHuman, renderLintJson } from './render-lint.js';
import { type OutputFormat, outputFormatOption } from './render-text.js';

/** `surf lint [--format]`: every anchor must resolve; advisory granularity warnings. */
export function registerLintCommand(program: Command, io: CliIo): void {
  program
    .command('lint')
    .description('check that every anchor resolves to exactly one symbol, plus advisory hub-quality warnings; exit 1 on any error')
    .addOption(outputFormatOption())
    .action(async (flags: { format: OutputFormat }) => {
      const workspace = await loadWorkspace(io.cwd);
      const result = await runLint(workspace);
      const rendered = flags.format === 'json' ? renderLintJson(result) : renderLintHuman(result);
      io.out(rendered.out);
      io.exit(result.passed ? SurfExit.ok : SurfExit.failure);
    });
}
