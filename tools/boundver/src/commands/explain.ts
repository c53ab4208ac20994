import { explainComponent, shortDigest, type ExplainResult, type ExplainedSelection, type SourceMode } from '@driftgate/boundver';
import type { Command } from 'commander';
import { customProvidersAllowed, customProvidersOption, sourceConfigOption, sourceLockOption, sourceOption } from '../options/cli-options.js';
import { BoundverExit, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';

interface ExplainFlags {
  config?: string;
  lock: string;
  baseRef?: string;
  source: SourceMode;
  allowCustomProviders?: boolean;
}

/** Most files listed per selection; the count is always given. */
const MAX_LISTED_FILES = 20;

function listed(files: readonly string[], indent: string): string[] {
  const lines = files.slice(0, MAX_LISTED_FILES).map((file) => `${indent}${file}`);
  if (files.length > MAX_LISTED_FILES) lines.push(`${indent}… and ${files.length - MAX_LISTED_FILES} more`);
  return lines;
}

function selectionLines(label: string, selection: ExplainedSelection, none: string): string[] {
  if (selection.declared === null || selection.declared.length === 0) return [`${label}: ${none}`];
  const lines = [`${label}: ${selection.declared.join(', ')}`];
  if (selection.errors.length > 0) return [...lines, ...selection.errors.map((error) => `  cannot select: ${error}`)];
  return [...lines, `  selects ${selection.files.length} file${selection.files.length === 1 ? '' : 's'}:`, ...listed(selection.files, '    ')];
}

function explainText(result: ExplainResult): string {
  const lines = [
    `Component: ${result.component}`,
    `Path: ${result.path} (${result.trackedFiles} tracked file${result.trackedFiles === 1 ? '' : 's'}; exact hashes them all)`,
    `Config: ${result.configInput}`,
    `Lock: ${result.lockInput}`,
    `Version: ${result.version ?? 'none'}${result.versionSource === null ? ' (no version source)' : ` from ${result.versionSource}`}${result.compatFamily === null ? '' : `; compat family ${result.compatFamily}`}`,
    `Boundary provider: ${result.provider}${result.providerVersion === null ? '' : ` v${result.providerVersion}`}`,
    ...selectionLines(
      '  declared paths',
      result.boundary,
      result.provider === 'leaf' ? 'none (a leaf publishes no boundary)' : result.provider === 'implicit' ? 'none (implicit: no boundary digest)' : 'none (the provider finds the public surface itself)',
    ),
  ];
  if (result.apiSymbols !== null) {
    lines.push(`  exported symbols (${result.apiSymbols.length}):`, ...listed(result.apiSymbols, '    '));
  }
  lines.push(...selectionLines('Behavior paths', result.behavior, 'none (no behavior facet)'));
  lines.push('Facets (locked digest; current digest where it differs):');
  for (const facet of result.facets) {
    const state = !facet.available ? 'not available' : facet.gated ? 'gated' : 'observed only';
    const drift = facet.locked !== facet.current ? `; now ${shortDigest(facet.current)}` : '';
    lines.push(`  ${facet.facet.padEnd(8)} ${shortDigest(facet.locked)} (${state})${drift}`);
  }
  lines.push(`Consumers: ${result.consumers.length > 0 ? result.consumers.join(', ') : 'none'}; external: ${result.externalConsumers.length > 0 ? result.externalConsumers.join(', ') : 'none'}`);
  lines.push(`Slices: ${result.slices.length > 0 ? result.slices.map((slice) => `${slice.name} (${slice.mode})`).join(', ') : 'none'}`);
  lines.push(
    result.drifted.length === 0
      ? `State: the lock entry matches the ${result.source} snapshot.`
      : `State: ${result.drifted.join(', ')} changed since the lock; \`boundver why ${result.component}\` says why, \`boundver verify\` whether it gates.`,
  );
  const since = result.since;
  if (since !== null) {
    lines.push('', `Since ${since.ref} (${since.commit}):`);
    if (since.files.status === 'ok') {
      lines.push(`  files changed under ${result.path} (${since.files.files.length}):`, ...listed(since.files.files.map((file) => `${file.status} ${file.path}`), '    '));
    } else if (since.files.status === 'error') {
      lines.push(`  files changed: unknown (${since.files.error})`);
    }
    if (since.lockedThen === null) lines.push('  lock entry then: none (the component was not in the lock at that commit)');
    else if (since.facetsChanged.length === 0) lines.push('  lock entry then: the same digests as now');
    else {
      lines.push(`  lock entry then: version ${since.lockedThen.version ?? 'none'}; changed since: ${since.facetsChanged.join(', ')}`);
      for (const facet of since.facetsChanged) {
        lines.push(`    ${facet}: ${shortDigest(since.lockedThen.fingerprints[facet])} -> ${shortDigest(result.facets.find((f) => f.facet === facet)!.locked)}`);
      }
    }
    const api = since.apiChanges;
    if (api !== null && api.added.length + api.removed.length + api.changed.length > 0) {
      lines.push('  exported symbols since:', ...listed([...api.added.map((s) => `+ ${s}`), ...api.removed.map((s) => `- ${s}`), ...api.changed.map((s) => `~ ${s}`)], '    '));
    }
  }
  return safeLines(lines);
}

/** `boundver explain <component>`: what its lock entry is made of, and with --base-ref what changed since. */
export function registerExplainCommand(program: Command, io: BoundverIo): void {
  program
    .command('explain')
    .description("say what a component's lock entry is made of: files, version source, boundary provider and the files its paths select, facets and their digests, consumers, slices; with --base-ref, what changed since (exit 0; 2 for an unknown component or a missing lock)")
    .argument('<component>', 'component name from the config')
    .addOption(sourceConfigOption())
    .addOption(sourceLockOption())
    .option('--base-ref <ref>', 'also show the files changed since this revision and how the lock entry then differs from now')
    .addOption(sourceOption())
    .addOption(customProvidersOption())
    .addHelpText('after', '\nExamples:\n  boundver explain api\n  boundver explain api --base-ref origin/main\n')
    .action(async (component: string, flags: ExplainFlags) => {
      const result = await explainComponent({
        cwd: io.cwd,
        component,
        source: flags.source,
        ...(flags.config === undefined ? {} : { config: flags.config }),
        lock: flags.lock,
        ...(flags.baseRef === undefined ? {} : { baseRef: flags.baseRef }),
        allowCustomProviders: customProvidersAllowed(flags.allowCustomProviders, io),
      });
      io.out(explainText(result));
      io.exit(BoundverExit.ok);
    });
}
