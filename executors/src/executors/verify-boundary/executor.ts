import { type ExecutorContext, logger } from '@nx/devkit';
import { type SourceMode, verifyLock } from '@driftgate/boundver';
import { fromBoundverVerify, renderReport, terminalSafe } from '@driftgate/report';
import { componentsByProject, readBoundaryWorkspace } from '../../scope/boundary-scope.js';
import { cachedTargetOf, defaultConfigFile, refusedVerifyBoundaryOptions } from '../../run/cached-options.js';
import { DriftgateNxError } from '../../errors.js';
import { generateBoundaryCommand } from '../../run/generate-boundary-target.js';
import { unknownOptionError } from '../../run/unknown-options.js';
import { describeError, projectRootOf, projectRootsOf } from '../../run/executor-context.js';
import { DEFAULT_FORMATS, DEFAULT_REPORT_DIRECTORY, relativeOption } from '../../plugin/plugin-options.js';
import { PLUGIN_VERSION, type ReportFormat, type ReportLocation, normalizeFormats, removeReportFiles, writeReportFiles } from '../../reports/report-files.js';

/** Options of `@driftgate/nx:verify-boundary` (see its schema.json). */
export interface VerifyBoundaryOptions {
  /** Components to verify; absent: those this project owns; empty: all (with `share`: none). */
  components?: string[];
  /**
   * Which findings this target owns, so that a workspace run reports each once: `project` its
   * components only; `workspace` also the lock as a whole and every slice. Absent: everything
   * `boundver verify --components` reports. The inferred targets set it.
   */
  share?: 'project' | 'workspace';
  /** Snapshot to verify. Default `working-tree` (what Nx hashes). */
  source?: SourceMode;
  /** Config file; absent: `boundary.config.json`, then `.yaml`, `.yml`, `.toml`. */
  config?: string;
  /** Lock file. Default `boundary.lock.json`. */
  lock?: string;
  /**
   * Verification baseline (`boundver verify --baseline`), read from the selected snapshot: the
   * violations it records pass, any new one fails. Default: none.
   */
  baseline?: string;
  /** Gate exactly these facets, overriding the config's policy. Default: the config's policy. */
  facets?: string[];
  /** Report one issue only; the verdict is unchanged. Default false. */
  failFast?: boolean;
  /** List transitive consumers in AFFECTED CONSUMERS. Default false. */
  transitive?: boolean;
  /** Load the config's custom providers (trusted code). Default false, or `BOUNDVER_ALLOW_CUSTOM_PROVIDERS=1`. */
  allowCustomProviders?: boolean;
  /** Workspace-relative base directory of the reports. Default `reports/driftgate`. */
  reportDirectory?: string;
  /** Report files to write: `human`, `json`, `junit`, `sarif`, `github`, `markdown`, `codequality` (`text` is a deprecated alias of `human`). Default `["human", "json"]`. */
  formats?: Array<ReportFormat | 'text'>;
}

/**
 * Every option of {@link VerifyBoundaryOptions}, as schema.json declares them (a unit test keeps
 * the two equal): the schema does not close its properties, so the executor refuses others itself.
 */
export const VERIFY_BOUNDARY_OPTION_NAMES: readonly string[] = [
  'components',
  'share',
  'source',
  'config',
  'lock',
  'baseline',
  'facets',
  'failFast',
  'transitive',
  'allowCustomProviders',
  'reportDirectory',
  'formats',
];

/** One line the executor logs, at the level it logs it. */
export interface VerifyBoundaryLogLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly text: string;
}

/** What one verify-boundary task did: its verdict and what it has to say, in order. */
export interface VerifyBoundaryOutcome {
  readonly success: boolean;
  readonly log: readonly VerifyBoundaryLogLine[];
}

/**
 * `boundver verify` of this project's share (its components; at the workspace level also the lock
 * as a whole and the slices): recomputes their fingerprints from one snapshot and compares them
 * with the lock. Builds one report, writes it in each requested
 * format through `@driftgate/report`'s format map, logs its human rendering. Succeeds on the graded
 * exit code 0 only.
 */
export default async function verifyBoundaryExecutor(options: VerifyBoundaryOptions, context: ExecutorContext): Promise<{ success: boolean }> {
  const { success, log } = await runVerifyBoundary(options, context);
  for (const line of log) logger[line.level](line.text);
  return { success };
}

/**
 * One task's work, its log returned rather than printed: the executor prints it, the batch
 * implementation hands it to Nx as the task's terminal output.
 */
export async function runVerifyBoundary(options: VerifyBoundaryOptions, context: ExecutorContext): Promise<VerifyBoundaryOutcome> {
  const root = context.root;
  const log: VerifyBoundaryLogLine[] = [];
  let location: ReportLocation | undefined;
  try {
    // Before anything else, and before the report location: an unknown option leaves reports alone, as Nx's own refusal does.
    const unknown = unknownOptionError('@driftgate/nx:verify-boundary', options as Record<string, unknown>, VERIFY_BOUNDARY_OPTION_NAMES);
    if (unknown !== undefined) throw unknown;
    const projectRoot = projectRootOf(context);
    location = { reportDirectory: relativeOption('reportDirectory', options.reportDirectory ?? DEFAULT_REPORT_DIRECTORY), projectRoot, kind: 'verify-boundary' };
    const formats = normalizeFormats(options.formats ?? DEFAULT_FORMATS, 'verify-boundary option formats');
    const refused = refusedVerifyBoundaryOptions(options, cachedTargetOf(context), () => defaultConfigFile(root));
    if (refused !== undefined) throw refused;
    const components = options.components ?? ownedComponents(root, projectRoot, context, options.config, options.share === 'workspace');
    const scope = options.share === undefined ? { components } : { share: { components, workspace: options.share === 'workspace' } };
    const result = await verifyLock({
      cwd: root,
      source: options.source ?? 'working-tree',
      ...(options.config !== undefined ? { config: options.config } : {}),
      lock: options.lock ?? 'boundary.lock.json',
      ...scope,
      facets: options.facets ?? [],
      failFast: options.failFast ?? false,
      transitive: options.transitive ?? false,
      allowCustomProviders: options.allowCustomProviders ?? process.env['BOUNDVER_ALLOW_CUSTOM_PROVIDERS'] === '1',
      ...(options.baseline === undefined ? {} : { baseline: { mode: 'check' as const, path: relativeOption('baseline', options.baseline) } }),
    });
    const report = fromBoundverVerify(result, { version: PLUGIN_VERSION, ...(context.projectName !== undefined ? { project: context.projectName } : {}) });
    const written = await writeReportFiles(report, root, location, formats);
    const success = result.exitCode === 0;
    // The human renderer makes every untrusted value terminal-safe.
    const human = renderReport(report, 'human');
    log.push({ level: success ? 'info' : 'error', text: `${human.out}${human.err}${exitLine(result.exitCode, context)}`.trimEnd() });
    // Files on disk the snapshot misses (an untracked module an entry point re-exports).
    for (const note of result.notes) log.push({ level: 'warn', text: `verify-boundary: note: ${terminalSafe(note.message)}` });
    for (const file of written) log.push({ level: 'info', text: `report: ${terminalSafe(file.path)}` });
    return { success, log };
  } catch (error) {
    log.push({ level: 'error', text: `verify-boundary: ${describeError(error)}` });
    // A run that could not check leaves no report: an earlier run's would pass for this one's.
    if (location !== undefined) await removeReportFiles(root, location).catch((cleanup: unknown) => log.push({ level: 'error', text: `verify-boundary: ${describeError(cleanup)}` }));
    return { success: false, log };
  }
}

/** What each graded exit code of `boundver verify` means (spec §11). */
const EXIT_MEANINGS: Readonly<Record<number, string>> = {
  0: 'the lock matches',
  1: 'exact or metadata drift',
  2: 'cannot verify (usage, config, lock or digest error)',
  3: 'behavior drift',
  4: 'boundary drift',
  5: 'compat drift',
};

/** The graded exit code and what it means, plus how to record reviewed drift in Nx terms. */
function exitLine(exitCode: number, context: ExecutorContext): string {
  const meaning = EXIT_MEANINGS[exitCode] ?? 'unknown';
  const next = exitCode !== 0 && exitCode !== 2 ? `In Nx, record reviewed drift with the generate-boundary target (\`${generateBoundaryCommand(context)}\`).\n` : '';
  return `boundver verify: exit ${exitCode} (${meaning}).\n${next}`;
}

/** The components whose path this project owns, by the rule inference uses (none is fine for the workspace share). */
function ownedComponents(root: string, projectRoot: string, context: ExecutorContext, config: string | undefined, noneIsFine: boolean): string[] {
  const boundary = readBoundaryWorkspace(root, config);
  if (boundary?.config == null) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_FILE', `no usable boundver config${boundary?.problem ? `: ${boundary.problem}` : ''}; set the components option or fix the config`);
  }
  const owned = componentsByProject(boundary.config, projectRootsOf(context)).get(projectRoot) ?? [];
  if (owned.length === 0 && !noneIsFine) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `project ${context.projectName} owns no boundver component; add one with \`nx g @driftgate/nx:component\` or set the components option`);
  }
  return owned;
}
