import { FACETS, outputJsonText, shortDigest, whyComponent, whyResolvedSince, whyUnresolved, type SourceMode, type WhyResult } from '@driftgate/boundver';
import type { Command } from 'commander';
import { customProvidersAllowed, customProvidersOption, type OutputFormat, sourceConfigOption, sourceLockOption, sourceOption, textOrJsonOption, verbosity } from '../options/cli-options.js';
import type { BoundverExitCode, BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';
import { valueLine } from '../render/lock-json.js';
import { differencesJson, printWorkingTreeNotes } from '../render/working-tree-notes.js';

interface WhyFlags {
  config?: string;
  lock: string;
  baseRef?: string;
  source: SourceMode;
  format: OutputFormat;
  transitive?: boolean;
  allowCustomProviders?: boolean;
}

function affectedNames(result: WhyResult): string[] {
  return [...new Set([...result.affected.components, ...result.affected.externalConsumers])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function whyJson(result: WhyResult): unknown {
  return {
    component: result.component,
    path: result.path,
    source: result.source,
    config_provenance: result.configInput,
    lock_provenance: result.lockInput,
    version: result.version,
    drifted: result.drifted,
    observed_drift: result.observedDrift,
    changes: result.changes,
    gated_facets: result.gatedFacets,
    gated_changes: result.gatedChanges,
    non_gating_changes: result.nonGatingChanges,
    metadata_changes: result.metadataChanges,
    ...(result.apiChanges === undefined
      ? {}
      : {
          api_changes: {
            added: result.apiChanges.added,
            removed: result.apiChanges.removed,
            changed: result.apiChanges.changed,
            resolved_since: result.apiChanges.resolvedSince,
            unresolved_now: result.apiChanges.unresolvedNow,
            unresolved_causes: result.apiChanges.unresolvedCauses,
            resolved_through_paths: result.apiChanges.resolvedThroughPaths,
          },
        }),
    digest_errors: result.digestErrors,
    summary: result.summary,
    changed_files: result.changedFiles.files,
    changed_files_status: result.changedFiles.status,
    changed_files_error: result.changedFiles.error,
    diagnostic_base: result.changedFiles.base,
    diagnostic_base_origin: result.changedFiles.origin,
    boundary_paths: result.boundaryPaths,
    provider_detail: '',
    affected_consumers: affectedNames(result),
    affected_components: result.affected.components,
    affected_external_consumers: result.affected.externalConsumers,
    transitive_consumers: result.transitive,
    working_tree_differences: differencesJson(result.workingTreeDifferences),
  };
}

function whyText(result: WhyResult): string[] {
  const lines = ['', `Component:  ${result.component}`, `Path:       ${result.path}`, `Source:     ${result.source}`, `Config:     ${result.configInput}`, `Lock:       ${result.lockInput}`];
  lines.push(`Gated:      ${result.gatedFacets.join(', ') || 'none'}`);
  if (result.version !== null) lines.push(`Version:    ${result.version}`);
  if (!result.observedDrift) {
    lines.push('', 'Status: UP TO DATE -- no fingerprint or metadata drift detected.');
    return lines;
  }
  const gatedCount = result.gatedChanges.length + Object.keys(result.metadataChanges).length + result.digestErrors.length;
  if (result.drifted) lines.push('', `Status: DRIFTED -- ${gatedCount} gated issue(s) detected`);
  else lines.push('', 'Status: UP TO DATE -- no gated drift detected.', `Non-gating drift observed (${result.nonGatingChanges.length} facet(s)).`);
  lines.push('', 'Fingerprint changes:');
  for (const facet of FACETS) {
    const before = shortDigest(result.lockedFingerprints[facet]);
    const after = shortDigest(result.currentFingerprints[facet]);
    const label = facet.padEnd(10);
    if (result.changes[facet] === undefined) lines.push(`  ${label}  ${before}  ->  ${after}  (unchanged)`);
    else lines.push(`  ${label}  ${before}  ->  ${after}  (changed, ${result.gatedFacets.includes(facet) ? 'gating' : 'non-gating'})`);
  }
  lines.push('', `Change type:  ${result.summary}`);
  const api = result.apiChanges;
  if (api !== undefined && api.added.length + api.removed.length + api.changed.length > 0) {
    // The API diff a reviewer needs: which exported symbols consumers must look at.
    lines.push('', 'Exported symbols:');
    const unresolved = new Set(api.unresolvedNow);
    const causes = new Map(api.unresolvedCauses.map((cause) => [cause.symbol, cause]));
    const resolved = new Set(api.resolvedSince);
    const mapped = new Map(api.resolvedThroughPaths.map((entry) => [entry.symbol, entry.specifier]));
    const note = (name: string): string =>
      unresolved.has(name)
        ? `; ${whyUnresolved(causes.get(name))}`
        : resolved.has(name)
          ? `; ${whyResolvedSince(mapped.get(name))}`
          : '';
    for (const name of api.added) lines.push(`  + ${name}  (added${note(name)})`);
    for (const name of api.removed) lines.push(`  - ${name}  (removed)`);
    for (const name of api.changed) lines.push(`  ~ ${name}  (signature changed${note(name)})`);
  }
  // The symbol digests are the API diff above, not a value to print.
  const metadata = Object.entries(result.metadataChanges).filter(([field]) => !(api !== undefined && field === 'boundary_metadata'));
  if (metadata.length > 0) {
    lines.push('', 'Metadata changes:');
    for (const [field, change] of metadata) {
      lines.push(`  ${field}: ${valueLine(change.locked)} -> ${valueLine(change.current)}`);
    }
  }
  if (result.digestErrors.length > 0) lines.push('', 'Fingerprint errors:', ...result.digestErrors.map((message) => `  ${message}`));
  const files = result.changedFiles;
  if (files.status === 'error') lines.push('', `Changed-file diagnostics failed under ${result.path}: ${files.error ?? 'unknown diagnostic error'}`);
  else if (files.status === 'ok' && files.files.length > 0) {
    lines.push('', `Modified files under ${result.path}:`, ...files.files.map((file) => `  ${file.status.padStart(2)}  ${file.path}`));
  } else if (files.status === 'ok') {
    lines.push('', `Changed-file diagnostics found no tracked changes under ${result.path} since ${files.base ?? 'the base'}.`);
  } else {
    lines.push('', 'Changed-file diagnostics were not run: no fingerprint changed.');
  }
  if (result.boundaryPaths.length > 0 && result.changes.boundary !== undefined) lines.push('', `Boundary paths:  ${result.boundaryPaths.join(', ')}`);
  if (files.base !== null) lines.push(`Diagnostic base: ${files.base} (${files.origin ?? 'resolved'})`);
  const impactFacets = (['boundary', 'compat'] as const).filter((facet) => result.changes[facet] !== undefined);
  if (impactFacets.length > 0) {
    lines.push('', 'Consumer impact:', `  ${result.component} [${impactFacets.join(', ')}; ${result.transitive ? 'transitive' : 'direct'}]`);
    if (result.affected.components.length > 0) lines.push(`    Components: ${result.affected.components.join(', ')}`);
    if (result.affected.externalConsumers.length > 0) lines.push(`    External consumers: ${result.affected.externalConsumers.join(', ')}`);
    if (result.affected.components.length === 0 && result.affected.externalConsumers.length === 0) lines.push('    none declared');
  }
  if (result.drifted) lines.push('', `Recommendation: run \`boundver generate --components ${result.component} --source ${result.source}\` to update the lockfile.`);
  else lines.push('', 'No lockfile update is required by the effective facet policy.');
  return lines;
}

/** `boundver why`: which facets of one component drifted and which files changed (0 current, 1 drifted, 2 usage). */
export function registerWhyCommand(program: Command, io: BoundverIo): void {
  program
    .command('why')
    .description("explain why a component's lock entry is out of date: drifted facets, change type, changed files (exit 0 current, 1 drifted, 2 usage)")
    .argument('<component>', 'component name from the config')
    .addOption(sourceConfigOption())
    .addOption(sourceLockOption())
    .option('--base-ref <ref>', "revision to list changed files against (default: for head, the commit that introduced the component's lock entry; otherwise HEAD)")
    .addOption(sourceOption())
    .addOption(textOrJsonOption())
    .option('--transitive', 'report the transitive downstream consumer closure')
    .addOption(customProvidersOption())
    .action(async (component: string, flags: WhyFlags, command: Command) => {
      const { quiet } = verbosity(command);
      const result = await whyComponent({
        cwd: io.cwd,
        component,
        source: flags.source,
        ...(flags.config === undefined ? {} : { config: flags.config }),
        lock: flags.lock,
        ...(flags.baseRef === undefined ? {} : { baseRef: flags.baseRef }),
        transitive: flags.transitive === true,
        allowCustomProviders: customProvidersAllowed(flags.allowCustomProviders, io),
      });
      if (flags.format === 'json') io.out(outputJsonText(whyJson(result)));
      else if (!quiet || result.drifted) io.out(safeLines(whyText(result)));
      printWorkingTreeNotes(io, result.workingTreeDifferences, { quiet, failed: result.drifted });
      io.exit(result.exitCode as BoundverExitCode);
    });
}
