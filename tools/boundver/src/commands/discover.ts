import { discoverRepository, outputJsonText, type DiscoverRepositoryResult } from '@driftgate/boundver';
import type { Command } from 'commander';
import { textOrJsonOption, type OutputFormat } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';

interface DiscoverFlags {
  format: OutputFormat;
  diffConfig?: boolean;
  config?: string;
  exclude: string[];
}

/** The `discover --format json` object, in the reference's shape (`config_diff` only with --diff-config). */
function discoverJson(result: DiscoverRepositoryResult): unknown {
  const components = new Map<string, unknown>();
  for (const component of [...result.components].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    components.set(component.name, {
      path: component.path,
      version_source: component.versionSource,
      boundary: { provider: component.provider, paths: component.paths },
    });
  }
  const diff = result.configDiff;
  return {
    count: result.components.length,
    components: Object.fromEntries(components),
    excluded: result.excluded,
    ...(diff === null
      ? {}
      : {
          config_diff: {
            registered_count: diff.registered.length,
            unregistered_count: diff.unregistered.length,
            not_discovered_count: diff.notDiscovered.length,
            registered: diff.registered.map((row) => ({ discovered_name: row.discoveredName, path: row.path, configured_names: row.configuredNames })),
            unregistered: diff.unregistered,
            not_discovered: diff.notDiscovered,
          },
        }),
  };
}

function discoverText(result: DiscoverRepositoryResult): string {
  const lines = [`Discovered ${result.components.length} component${result.components.length === 1 ? '' : 's'} from tracked manifests:`];
  for (const component of result.components) {
    const version = component.versionSource === null ? 'unversioned' : `${component.versionSource.file}:${component.versionSource.field}`;
    const boundary = component.paths.length === 0 ? component.provider : `${component.provider} ${component.paths.join(', ')}`;
    lines.push(`  ${component.name}  ${component.path}  boundary: ${boundary}  version: ${version}`);
  }
  for (const note of result.notes) lines.push(`Note: ${note}.`);
  if (result.excluded.length > 0) lines.push(`Excluded: ${result.excluded.join(', ')}`);
  if (result.untrackedHint !== '') lines.push(`Nothing tracked proposes a component: ${result.untrackedHint}`);
  const diff = result.configDiff;
  if (diff !== null) {
    lines.push('', `Compared with ${diff.config}:`);
    lines.push(`  Not in the config (${diff.unregistered.length}):`);
    for (const row of diff.unregistered) lines.push(`    ${row.name}  ${row.path}`);
    lines.push(`  Already configured (${diff.registered.length}):`);
    for (const row of diff.registered) lines.push(`    ${row.path}  as ${row.configuredNames.join(', ')}`);
    lines.push(`  Configured but not discovered (${diff.notDiscovered.length}):`);
    for (const row of diff.notDiscovered) lines.push(`    ${row.name}  ${row.path}`);
    if (diff.unregistered.length > 0) lines.push('', 'Add what the config lacks with `boundver add <name> <path>` (or edit it by hand).');
  } else if (result.components.length > 0) {
    lines.push('', 'Write them into a new config with `boundver init --discover`; compare with an existing one with `--diff-config`.');
  }
  return safeLines(lines);
}

/** `boundver discover`: what `init --discover` would propose, without writing anything. */
export function registerDiscoverCommand(program: Command, io: BoundverIo): void {
  program
    .command('discover')
    .description('list the components the tracked package manifests suggest (what `init --discover` writes); with --diff-config, what the config lacks. Writes nothing; exit 0, 2 on an error')
    .addOption(textOrJsonOption())
    .option('--diff-config', 'compare the discovered component roots with the configured ones')
    .option('--config <path>', 'config compared by --diff-config, read from the working tree (default boundary.config.json, then .yaml/.yml/.toml)')
    .option('--exclude <path>', 'leave out a repository-relative path and everything below it; repeatable', (value: string, previous: string[]) => [...previous, value], [] as string[])
    .addHelpText('after', '\nExamples:\n  boundver discover\n  boundver discover --exclude examples --format json\n  boundver discover --diff-config\n')
    .action(async (flags: DiscoverFlags) => {
      const result = await discoverRepository({
        cwd: io.cwd,
        exclude: flags.exclude,
        ...(flags.diffConfig === true ? { diffConfig: flags.config ?? true } : {}),
      });
      io.out(flags.format === 'json' ? outputJsonText(discoverJson(result)) : discoverText(result));
      io.exit(BoundverExit.ok);
    });
}
