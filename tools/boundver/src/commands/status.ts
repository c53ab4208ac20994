import { facetPolicyValue, lockStatus, lockToJsonValue, outputJsonText, shortDigest, type LockStatus, type SourceMode } from '@driftgate/boundver';
import type { Command } from 'commander';
import { customProvidersAllowed, customProvidersOption, type OutputFormat, progressLine, sourceConfigOption, sourceLockOption, sourceOption, textOrJsonOption, verbosity } from '../options/cli-options.js';
import { BoundverExit, type BoundverExitCode, type BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';
import { differencesJson, printWorkingTreeNotes } from '../render/working-tree-notes.js';

interface StatusFlags {
  config?: string;
  lock: string;
  source: SourceMode;
  format: OutputFormat;
  strict?: boolean;
  allowCustomProviders?: boolean;
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

function tally(values: Iterable<string>): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function statusText(status: LockStatus): string[] {
  const lines = [`Inputs: config=${status.inputs.config} lock=${status.inputs.lock}`];
  const { lock } = status;
  if (lock === null) {
    lines.push('', 'LOCKFILE INVALID:', ...status.issues.map((issue) => `  ${issue}`));
    return lines;
  }
  const components = [...lock.components];
  const versioned = components.filter(([, entry]) => entry.version !== null && entry.version !== '').length;
  lines.push('', `  Project: ${lock.project}`, `  Source: ${status.source}`, `  Components: ${lock.components.size}`, `  Slices: ${lock.slices.size}`);
  lines.push('', `  Versioned: ${versioned}  |  Unversioned: ${components.length - versioned}`);
  lines.push('', '  Component details:');
  for (const [name, entry] of [...components].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    lines.push(
      `    ${name}: ${entry.path} @ ${entry.version ?? 'unversioned'}  ${entry.boundary_provider}/${entry.boundary_status}  exact=${shortDigest(entry.fingerprints.exact)}  boundary=${shortDigest(entry.fingerprints.boundary)}`,
    );
  }
  lines.push('', '  Declared consumer edges (recorded in lock):');
  let edges = 0;
  for (const [name, entry] of [...components].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (entry.consumers.length > 0) lines.push(`    ${name} -> components: ${entry.consumers.join(', ')}`);
    if (entry.external_consumers.length > 0) lines.push(`    ${name} -> external consumers: ${entry.external_consumers.join(', ')}`);
    edges += entry.consumers.length + entry.external_consumers.length;
  }
  if (edges === 0) lines.push('    none');
  lines.push('', '  Boundary coverage:', ...tally(components.map(([, entry]) => entry.boundary_provider)).map(([kind, n]) => `    ${kind}: ${n}`));
  lines.push('', '  Boundary extraction status:', ...tally(components.map(([, entry]) => entry.boundary_status)).map(([state, n]) => `    ${state}: ${n}`));
  const implicit = components.filter(([, entry]) => entry.boundary_status === 'partial' && entry.boundary_provider === 'implicit').length;
  if (implicit > 0) {
    lines.push(
      '',
      `  Note: ${count(implicit, 'component')} use${implicit === 1 ? 's' : ''} the 'implicit' provider (boundary fingerprint = null).`,
      '    This is expected: implicit tracks exact changes only.',
      "    To track a declared boundary, set the component's boundary provider and paths in the config.",
    );
  }
  if (status.warnings.length > 0) lines.push('', `  WARNINGS (${status.warnings.length}):`, ...status.warnings.map((warning) => `    ${warning}`));
  lines.push('', '  Slices:');
  for (const [name, slice] of lock.slices) lines.push(`    ${name} [${slice.mode}] (${count(slice.components.length, 'component')}) = ${shortDigest(slice.fingerprint)}`);
  if (lock.slices.size === 0) lines.push('    none');
  if (status.issues.length > 0) lines.push('', `  DRIFT DETECTED (${count(status.issues.length, 'issue')}):`, ...status.issues.map((issue) => `    ${issue}`));
  else lines.push('', '  UP TO DATE: the lock matches the current state.');
  if (status.observations.length > 0) {
    lines.push('', `  NON-GATING DRIFT (${count(status.observations.length, 'observation')}):`, ...status.observations.map((observation) => `    ${observation}`));
  }
  return lines;
}

/** `boundver status`: the lock, what its entries record, and how it compares with the current state. */
export function registerStatusCommand(program: Command, io: BoundverIo): void {
  program
    .command('status')
    .description('summarize the lock and compare it with the current state (exit 0; with --strict non-zero on drift or warnings)')
    .addOption(sourceConfigOption())
    .addOption(sourceLockOption())
    .addOption(sourceOption())
    .addOption(textOrJsonOption())
    .option('--strict', "exit with verify's graded code on drift, or 1 on recorded warnings (for CI)")
    .addOption(customProvidersOption())
    .addHelpText('after', '\nExamples:\n  boundver status\n  boundver status --format json\n  boundver status --strict\n')
    .action(async (flags: StatusFlags, command: Command) => {
      const { quiet } = verbosity(command);
      const progress = progressLine(io, 'boundver status: hashing component', flags.format === 'text' && !quiet);
      const status = await lockStatus({
        cwd: io.cwd,
        source: flags.source,
        ...(flags.config === undefined ? {} : { config: flags.config }),
        lock: flags.lock,
        allowCustomProviders: customProvidersAllowed(flags.allowCustomProviders, io),
        onProgress: progress.update,
      }).finally(() => progress.clear());
      if (flags.format === 'json') {
        io.out(
          outputJsonText({
            lockfile: status.lock !== null ? lockToJsonValue(status.lock) : status.document,
            issues: status.issues,
            warnings: status.warnings,
            observations: status.observations,
            facet_policy: status.facetPolicy === null ? null : facetPolicyValue(status.facetPolicy),
            inputs: status.inputs,
            working_tree_differences: differencesJson(status.workingTreeDifferences),
          }),
        );
      } else if (!quiet) {
        io.out(safeLines(statusText(status)));
      }
      const exitCode = flags.strict === true ? (status.strictExitCode as BoundverExitCode) : BoundverExit.ok;
      printWorkingTreeNotes(io, status.workingTreeDifferences, { quiet, failed: exitCode !== BoundverExit.ok });
      io.exit(exitCode);
    });
}
