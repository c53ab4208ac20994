import { migrateLock, outputJsonText, type MigrationAnalysis, type SourceMode } from '@driftgate/boundver';
import { Option, type Command } from 'commander';
import { textOrJsonOption, sourceOption, verbosity, type OutputFormat } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';
import { printWorkingTreeNotes } from '../render/working-tree-notes.js';

interface MigrateFlags {
  lock: string;
  dryRun?: boolean;
  explain?: boolean;
  config?: string;
  source: SourceMode;
  format: OutputFormat;
}

const quote = (text: string): string => JSON.stringify(text);

function analysisText(analysis: MigrationAnalysis): string[] {
  const { summary } = analysis;
  const lines = [
    `Migration selector analysis (${analysis.source.mode}): ${summary.declaration_count} declaration(s), ${summary.changed_declaration_count} changed, ${summary.uncompared_declaration_count} not comparable`,
    `Lock action: ${analysis.lock.action}`,
  ];
  if (analysis.lock.reason !== null) lines.push(...analysis.lock.reason.split('\n').map((line) => `  ${line}`));
  const changed = analysis.declarations.filter((item) => item.analysis_status === 'compared' && item.impact !== 'unchanged');
  const uncompared = analysis.declarations.filter((item) => item.analysis_status !== 'compared');
  const unchanged = summary.compared_declaration_count - changed.length;
  if (unchanged > 0) lines.push(`Unchanged comparable declarations: ${unchanged}`);
  for (const item of uncompared) lines.push(`  ${item.component}.${item.facet} ${quote(item.selector)}: not comparable (${item.analysis_status})`, `    ${item.detail ?? ''}`);
  if (changed.length === 0) lines.push('No comparable selector match sets changed.');
  for (const item of changed) {
    lines.push(`  ${item.component}.${item.facet} ${quote(item.selector)}: ${item.impact} (v0.10=${item.legacy_match_count}, current=${item.current_match_count})`);
    for (const path of item.legacy_only_examples) lines.push(`    - legacy only: ${path}`);
    if (item.legacy_only_omitted > 0) lines.push(`    - legacy only: +${item.legacy_only_omitted} more`);
    for (const path of item.current_only_examples) lines.push(`    + current only: ${path}`);
    if (item.current_only_omitted > 0) lines.push(`    + current only: +${item.current_only_omitted} more`);
  }
  return lines;
}

/** `boundver migrate-lock`: normalize a current lock, or say why it must be regenerated (exit 2). */
export function registerMigrateLockCommand(program: Command, io: BoundverIo): void {
  program
    .command('migrate-lock')
    .description('normalize a current boundary.lock.json in place; v1/v2 locks and semantic-config v1 must be regenerated (exit 2)')
    .option('--lock <path>', 'lock file, relative to the current directory', 'boundary.lock.json')
    .addOption(new Option('--dry-run', 'print the normalized lock (or report a no-op) without writing').conflicts('explain'))
    .addOption(new Option('--explain', 'compare every boundary/behavior selector under 0.10 and current semantics, without writing').conflicts('dryRun'))
    .option('--config <path>', 'config used by --explain (read from --source)')
    .addOption(sourceOption())
    .addOption(textOrJsonOption().default('text', 'text; applies to --explain'))
    .action(async (flags: MigrateFlags, command: Command) => {
      const { quiet } = verbosity(command);
      const result = await migrateLock({
        cwd: io.cwd,
        lock: flags.lock,
        dryRun: flags.dryRun === true,
        explain: flags.explain === true,
        source: flags.source,
        ...(flags.config === undefined ? {} : { config: flags.config }),
      });
      if (result.analysis !== null) {
        io.out(flags.format === 'json' ? outputJsonText(result.analysis) : safeLines(analysisText(result.analysis)));
        printWorkingTreeNotes(io, result.workingTreeDifferences, { quiet, failed: false });
      } else if (result.action === 'none') {
        const message = `Lockfile is already normalized: ${result.lock}; no changes ${flags.dryRun ? 'would be ' : ''}written.`;
        if (flags.dryRun) io.err(safeLines([message]));
        else if (!quiet) io.out(safeLines([message]));
      } else if (flags.dryRun) {
        io.out(result.text!);
        io.err(safeLines([`Would normalize ${result.lock}: ${result.changes.join(', ')}.`]));
      } else if (!quiet) {
        io.out(safeLines([`Normalized ${result.lock}: ${result.changes.join(', ')}.`]));
      }
      io.exit(BoundverExit.ok);
    });
}
