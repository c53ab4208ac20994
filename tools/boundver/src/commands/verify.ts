import { verifyLock, type BaselineRequest, type SourceMode } from '@driftgate/boundver';
import { Option, type Command } from 'commander';
import type { ReportTarget } from '@driftgate/report';
import { customProvidersAllowed, customProvidersOption, parseList, progressLine, sourceConfigOption, sourceLockOption, sourceOption, verbosity } from '../options/cli-options.js';
import type { BoundverExitCode, BoundverIo } from '../exit-codes.js';
import { type VerifyFormat, boundaryReportTargetOption, emitVerifyReport, verifyFormatOption } from '../render/render-verify.js';
import { printSnapshotNotes, printWorkingTreeNotes } from '../render/working-tree-notes.js';

interface VerifyFlags {
  config?: string;
  lock: string;
  source: SourceMode;
  components?: string;
  changedFrom?: string;
  failFast?: boolean;
  facets?: string;
  transitive?: boolean;
  update?: boolean;
  strictConfigSource?: boolean;
  baseline?: string;
  writeBaseline?: string;
  updateBaseline?: string;
  format: VerifyFormat;
  report: ReportTarget[];
  allowCustomProviders?: boolean;
}

/** `boundver verify`: recompute from one snapshot, compare with the lock, exit with the graded code. */
export function registerVerifyCommand(program: Command, io: BoundverIo): void {
  program
    .command('verify')
    .description('recompute fingerprints and compare them with the lock; exit 0 match, 1 exact/metadata, 2 error, 3 behavior, 4 boundary, 5 compat')
    .addOption(sourceConfigOption())
    .addOption(sourceLockOption())
    .addOption(sourceOption())
    .option('--components <names>', 'verify only these comma-separated components (and slices touching them)')
    .option('--changed-from <ref>', 'report the components changed since <ref> (scheduling only; the whole lock is still verified)')
    .option('--fail-fast', 'report only the first safety issue, else the most severe one (the exit code is unchanged)')
    .option('--facets <facets>', 'gate exactly these comma-separated facets (exact, behavior, boundary, compat), overriding the config')
    .option('--transitive', 'list transitive consumers in AFFECTED CONSUMERS')
    .option('--update', 'after reporting, regenerate and atomically rewrite the lock when computation succeeds')
    .option('--strict-config-source', 'with --update, refuse when the selected config differs from the working-tree file')
    .addOption(new Option('--baseline <path>', 'pass the violations this baseline holds, fail on any new one (read from the selected source)').conflicts(['writeBaseline', 'updateBaseline', 'update']))
    .addOption(new Option('--write-baseline <path>', 'record every current violation in a new baseline file (never replaces one) and pass').conflicts(['updateBaseline', 'update']))
    .addOption(new Option('--update-baseline <path>', 'shrink a baseline: remove what no longer fails, never add; new violations still fail').conflicts(['update']))
    .addOption(verifyFormatOption())
    .addOption(boundaryReportTargetOption())
    .addOption(customProvidersOption())
    .action(async (flags: VerifyFlags, command: Command) => {
      const { quiet, verbose } = verbosity(command);
      const progress = progressLine(io, 'boundver verify: hashing file', (flags.format === 'text' || flags.format === 'human') && !quiet);
      const facets = flags.facets === undefined ? [] : parseList(flags.facets);
      const result = await verifyLock({
        cwd: io.cwd,
        source: flags.source,
        ...(flags.config === undefined ? {} : { config: flags.config }),
        lock: flags.lock,
        components: parseList(flags.components),
        facets,
        failFast: flags.failFast === true,
        transitive: flags.transitive === true,
        update: flags.update === true,
        strictConfigSource: flags.strictConfigSource === true,
        ...(flags.changedFrom === undefined ? {} : { changedFrom: flags.changedFrom }),
        allowCustomProviders: customProvidersAllowed(flags.allowCustomProviders, io),
        ...baselineRequest(flags),
        onProgress: progress.update,
      }).finally(() => progress.clear());
      io.exit(result.exitCode as BoundverExitCode);
      await emitVerifyReport(io, result, flags.format, flags.report, { quiet, verbose, update: flags.update === true, changedFrom: flags.changedFrom !== undefined });
      printWorkingTreeNotes(io, result.workingTreeDifferences, { quiet, failed: result.exitCode !== 0 });
      printSnapshotNotes(io, result.notes, { quiet, failed: result.exitCode !== 0 });
    });
}

function baselineRequest(flags: VerifyFlags): { baseline?: BaselineRequest } {
  if (flags.baseline !== undefined) return { baseline: { mode: 'check', path: flags.baseline } };
  if (flags.writeBaseline !== undefined) return { baseline: { mode: 'write', path: flags.writeBaseline } };
  if (flags.updateBaseline !== undefined) return { baseline: { mode: 'update', path: flags.updateBaseline } };
  return {};
}
