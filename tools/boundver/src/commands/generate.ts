import { generateLock, shortDigest, type GenerateResult, type SourceMode } from '@driftgate/boundver';
import type { Command } from 'commander';
import { customProvidersAllowed, customProvidersOption, textOrJsonOption, parseList, progressLine, sourceOption, verbosity, type OutputFormat } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';
import { jsonText } from '../render/lock-json.js';
import { differencesJson, printSnapshotNotes, printWorkingTreeNotes } from '../render/working-tree-notes.js';

interface GenerateFlags {
  config?: string;
  out: string;
  source: SourceMode;
  allowPartial?: boolean;
  dryRun?: boolean;
  components?: string;
  format: OutputFormat;
  allowCustomProviders?: boolean;
}

/** `boundver generate`: compute every fingerprint from one snapshot and write the lock atomically. */
export function registerGenerateCommand(program: Command, io: BoundverIo): void {
  program
    .command('generate')
    .description('compute every component fingerprint from one snapshot and write boundary.lock.json atomically')
    .option('--config <path>', 'config file (default boundary.config.json, then .yaml/.yml/.toml)')
    .option('--out <path>', 'lock file to write', 'boundary.lock.json')
    .addOption(sourceOption())
    .option('--allow-partial', 'store null slice inputs instead of failing (digest errors still fail)')
    .option('--dry-run', 'compute and report without writing the lock')
    .option('--components <names>', 'refresh only these comma-separated components of an existing lock')
    .addOption(textOrJsonOption())
    .addOption(customProvidersOption())
    .action(async (flags: GenerateFlags, command: Command) => {
      const { quiet, verbose } = verbosity(command);
      const progress = progressLine(io, 'boundver generate: hashing file', flags.format === 'text' && !quiet);
      let result: GenerateResult;
      try {
        result = await generateLock({
          cwd: io.cwd,
          source: flags.source,
          ...(flags.config === undefined ? {} : { config: flags.config }),
          out: flags.out,
          allowPartial: flags.allowPartial === true,
          dryRun: flags.dryRun === true,
          components: parseList(flags.components),
          allowCustomProviders: customProvidersAllowed(flags.allowCustomProviders, io),
          onProgress: progress.update,
        });
      } finally {
        progress.clear();
      }
      if (flags.format === 'json') io.out(jsonText(generateJson(result)));
      else if (!quiet) io.out(safeLines(generateText(result, verbose)));
      printWorkingTreeNotes(io, result.workingTreeDifferences, { quiet, failed: false });
      printSnapshotNotes(io, result.notes, { quiet, failed: false });
      io.exit(BoundverExit.ok);
    });
}

function generateJson(result: GenerateResult): unknown {
  return {
    written: result.written,
    dry_run: !result.written,
    lock_path: result.out.display,
    source: result.source,
    commit: result.headCommit,
    config: result.config.display,
    components_filter: result.componentsFilter,
    lock: JSON.parse(result.text) as unknown,
    working_tree_differences: differencesJson(result.workingTreeDifferences),
    notes: result.notes.map((note) => ({ file: note.file, message: note.message })),
  };
}

function generateText(result: GenerateResult, verbose: boolean): string[] {
  const { lock } = result;
  const from = result.source === 'head' ? `HEAD@${(result.headCommit ?? '').slice(0, 12)}` : result.source === 'index' ? 'the index' : 'the working tree';
  const counts = `${lock.components.size} component${lock.components.size === 1 ? '' : 's'}, ${lock.slices.size} slice${lock.slices.size === 1 ? '' : 's'}`;
  const lines = [
    result.written
      ? `Generated ${result.out.display} from ${from} (config ${result.config.display}): ${counts}.`
      : `Dry run: ${result.out.display} not written; computed from ${from} (config ${result.config.display}): ${counts}.`,
  ];
  if (result.componentsFilter.length > 0) lines.push(`Refreshed components: ${result.componentsFilter.join(', ')}`);
  for (const [name, entry] of lock.components) {
    const version = entry.version ?? 'unversioned';
    lines.push(`  ${name} @ ${version}  exact=${shortDigest(entry.fingerprints.exact)} boundary=${entry.boundary_status === 'ok' ? shortDigest(entry.fingerprints.boundary) : entry.boundary_status}`);
  }
  for (const [name, slice] of lock.slices) lines.push(`  slice ${name} (${slice.mode}) ${shortDigest(slice.fingerprint)}`);
  if (verbose) lines.push(`Generation source=${result.source} config_digest=${lock.config_digest}`);
  if (result.written && result.source !== 'working-tree') {
    lines.push(`Next: ${result.source === 'head' ? 'commit' : 'stage'} ${result.out.display} before \`boundver verify --source ${result.source}\`.`);
  }
  return lines;
}
