import { checkConfig, type SourceMode } from '@driftgate/boundver';
import type { Command } from 'commander';
import { customProvidersAllowed, customProvidersOption, type OutputFormat, sourceConfigOption, sourceOption, textOrJsonOption, verbosity } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';
import { jsonText } from '../render/lock-json.js';
import { differencesJson, printWorkingTreeNotes } from '../render/working-tree-notes.js';

interface ValidateFlags {
  config?: string;
  source: SourceMode;
  allowPartial?: boolean;
  format: OutputFormat;
  allowCustomProviders?: boolean;
  portable?: boolean;
}

/**
 * `boundver validate-config` (alias `check-config`): the config's rules and its paths in the
 * repository. It reads the same source as generate and verify, HEAD by default, so that "valid"
 * is about the config they will use; `--source working-tree` checks an edit before committing it.
 */
export function registerValidateConfigCommand(program: Command, io: BoundverIo): void {
  program
    .command('validate-config')
    .alias('check-config')
    .description('check the config: schema, semantic rules, facet availability, and that its paths select tracked files, in the snapshot generate and verify read (HEAD unless --source)')
    .addOption(sourceConfigOption())
    .addOption(sourceOption())
    .option('--allow-partial', 'accept slices whose mode some member cannot supply')
    .option('--portable', 'also refuse what only this boundver computes (the typescript-api and signatures providers, custom providers), so the Python boundver can verify the lock')
    .addOption(textOrJsonOption())
    .addOption(customProvidersOption())
    .action(async (flags: ValidateFlags, command: Command) => {
      const { quiet } = verbosity(command);
      const result = await checkConfig({
        cwd: io.cwd,
        ...(flags.config === undefined ? {} : { config: flags.config }),
        source: flags.source,
        allowPartial: flags.allowPartial === true,
        portable: flags.portable === true,
        allowCustomProviders: customProvidersAllowed(flags.allowCustomProviders, io),
      });
      if (flags.format === 'json') {
        io.out(jsonText({ ok: result.ok, config: result.config.display, source: result.source, issues: result.issues, working_tree_differences: differencesJson(result.workingTreeDifferences) }));
      } else if (result.ok) {
        if (!quiet) io.out(safeLines([`Config is valid: ${result.config.display} ${result.place}.`]));
      } else {
        io.out(safeLines([`CONFIG INVALID: ${result.config.display} ${result.place} (${result.issues.length} issue${result.issues.length === 1 ? '' : 's'}):`, ...result.issues.map((issue) => `  - ${issue}`)]));
      }
      printWorkingTreeNotes(io, result.workingTreeDifferences, { quiet, failed: !result.ok });
      io.exit(result.ok ? BoundverExit.ok : BoundverExit.usage);
    });
}
