import type { NxJsonConfiguration, PluginConfiguration } from '@nx/devkit';
import type { SourceMode } from '@driftgate/boundver';
import { DriftgateNxError } from '../errors.js';
import { type ReportFormat, normalizeFormats } from '../reports/report-files.js';

/** Options of the `@driftgate/nx/plugin` entry in `nx.json` (all optional). */
export interface DriftgatePluginOptions {
  /** Name of the inferred surf check target. Default `verify-claims`. */
  verifyClaimsTargetName?: string;
  /** Name of the inferred surf verify (re-stamp) target. Default `stamp-claims`. */
  stampClaimsTargetName?: string;
  /** Name of the inferred boundver verify target. Default `verify-boundary`. */
  verifyBoundaryTargetName?: string;
  /** Name of the workspace-level boundver generate target. Default `generate-boundary`. */
  generateBoundaryTargetName?: string;
  /** Workspace-relative directory the report files go under (one sub-directory per project). Default `reports/driftgate`. */
  reportDirectory?: string;
  /**
   * Report files each verify target writes, by `@driftgate/report` format name: `human`, `json`,
   * `junit`, `sarif`, `github`, `markdown`, `codequality` (`text` is a deprecated alias of
   * `human`). Default `["human", "json"]`.
   */
  formats?: Array<ReportFormat | 'text'>;
  /** boundver config file; default `boundary.config.json`, then `.yaml`, `.yml`, `.toml`. */
  boundaryConfig?: string;
  /** boundver lock file. Default `boundary.lock.json`. */
  boundaryLock?: string;
  /**
   * Snapshot the boundary targets read. Default `working-tree`, the only mode whose bytes are the
   * ones Nx hashes; `head` adds the HEAD commit as a runtime input, `index` turns caching off.
   */
  boundarySource?: SourceMode;
  /**
   * A verification baseline (`boundver verify --baseline`): every verify-boundary target passes
   * the violations it records and fails on new ones; the file is an input of those targets.
   * Default: none.
   */
  boundaryBaseline?: string;
  /**
   * Name of the workspace-level project (root `.`) that carries `generate-boundary` and checks
   * whatever no other project owns, used only when the workspace has no root project of its own.
   * Default: the root `package.json` name, else `workspace`.
   */
  workspaceProjectName?: string;
  /**
   * Keep the lock in sync the Nx way: the verify-boundary targets list the
   * `@driftgate/nx:sync-boundary` sync generator, so `nx sync` updates the lock, `nx sync:check`
   * fails while it lags the code, and Nx offers to sync before a verify-boundary task runs on a
   * developer machine. Default false (the lock changes only when generate-boundary runs).
   */
  boundarySync?: boolean;
  /**
   * Plugins of `nx.json` whose projects get the targets too, where no `project.json` or
   * `package.json` defines the project (Gradle, .NET, Go, Rust projects). The plugin asks each of
   * them, through its own `createNodesV2`, which projects it names, and attaches targets to exactly
   * those: a root none of them names gets nothing (Nx would reject a nameless project). Default
   * {@link DEFAULT_PROJECT_PLUGINS}; `[]` turns this off.
   */
  projectPlugins?: string[];
}

/** {@link DriftgatePluginOptions} with every default applied. */
export interface NormalizedPluginOptions {
  readonly verifyClaimsTargetName: string;
  readonly stampClaimsTargetName: string;
  readonly verifyBoundaryTargetName: string;
  readonly generateBoundaryTargetName: string;
  readonly reportDirectory: string;
  readonly formats: readonly ReportFormat[];
  readonly boundaryConfig: string | undefined;
  readonly boundaryLock: string;
  readonly boundarySource: SourceMode;
  readonly boundaryBaseline: string | undefined;
  readonly workspaceProjectName: string | undefined;
  readonly boundarySync: boolean;
  readonly projectPlugins: readonly string[];
}

/**
 * The project-defining plugins asked by default: each infers projects from its ecosystem's build
 * files without a `project.json`. Plugins that only add targets are not asked (they name nothing).
 */
export const DEFAULT_PROJECT_PLUGINS: readonly string[] = ['@nx/gradle', '@nx/maven', '@nx/dotnet', '@nx-go/nx-go', '@monodon/rust', '@nxlv/python'];

export const DEFAULT_REPORT_DIRECTORY = 'reports/driftgate';
export const DEFAULT_FORMATS: readonly ReportFormat[] = ['human', 'json'];

const SOURCES: readonly SourceMode[] = ['working-tree', 'head', 'index'];

/** Applies defaults and rejects values that would produce broken targets (`DRIFTGATE_NX_BAD_OPTIONS`). */
export function normalizePluginOptions(options: DriftgatePluginOptions | undefined): NormalizedPluginOptions {
  const o = options ?? {};
  const name = (key: keyof DriftgatePluginOptions, fallback: string): string => {
    const value = o[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !/^[A-Za-z0-9][\w:.-]*$/.test(value)) {
      throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `plugin option ${key} must be a target name such as "${fallback}"; got ${JSON.stringify(value)}`);
    }
    return value;
  };
  const formats = normalizeFormats(o.formats ?? DEFAULT_FORMATS, 'plugin option formats');
  const source = o.boundarySource ?? 'working-tree';
  if (!SOURCES.includes(source)) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `plugin option boundarySource must be one of ${SOURCES.join(', ')}; got ${JSON.stringify(source)}`);
  }
  if (o.boundarySync !== undefined && typeof o.boundarySync !== 'boolean') {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `plugin option boundarySync must be true or false; got ${JSON.stringify(o.boundarySync)}`);
  }
  if (o.projectPlugins !== undefined && (!Array.isArray(o.projectPlugins) || o.projectPlugins.some((entry) => typeof entry !== 'string' || entry === ''))) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `plugin option projectPlugins must be a list of plugin names such as ["@nx/gradle"]; got ${JSON.stringify(o.projectPlugins)}`);
  }
  const targetNames = [
    name('verifyClaimsTargetName', 'verify-claims'),
    name('stampClaimsTargetName', 'stamp-claims'),
    name('verifyBoundaryTargetName', 'verify-boundary'),
    name('generateBoundaryTargetName', 'generate-boundary'),
  ] as const;
  if (new Set(targetNames).size !== targetNames.length) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `plugin target names must differ; got ${targetNames.join(', ')}`);
  }
  return {
    verifyClaimsTargetName: targetNames[0],
    stampClaimsTargetName: targetNames[1],
    verifyBoundaryTargetName: targetNames[2],
    generateBoundaryTargetName: targetNames[3],
    reportDirectory: relativeOption('reportDirectory', o.reportDirectory ?? DEFAULT_REPORT_DIRECTORY),
    formats,
    boundaryConfig: o.boundaryConfig === undefined ? undefined : relativeOption('boundaryConfig', o.boundaryConfig),
    boundaryLock: relativeOption('boundaryLock', o.boundaryLock ?? 'boundary.lock.json'),
    boundarySource: source,
    boundaryBaseline: o.boundaryBaseline === undefined ? undefined : relativeOption('boundaryBaseline', o.boundaryBaseline),
    workspaceProjectName: o.workspaceProjectName,
    boundarySync: o.boundarySync === true,
    projectPlugins: [...(o.projectPlugins ?? DEFAULT_PROJECT_PLUGINS)].sort(),
  };
}

/** The plugin's entries in `nx.json`, by the names Nx resolves to it. */
export const PLUGIN_ENTRY = '@driftgate/nx/plugin';
const OUR_ENTRIES: ReadonlySet<string> = new Set([PLUGIN_ENTRY, '@driftgate/nx']);

/** Whether an `nx.json` plugins entry registers this plugin. */
export function isDriftgateEntry(entry: PluginConfiguration): boolean {
  return OUR_ENTRIES.has(typeof entry === 'string' ? entry : entry.plugin);
}

/**
 * The normalized options of the plugin's first registration in `nx.json` (defaults when it is not
 * registered): what code outside inference (a sync generator) needs to agree with the targets.
 */
export function pluginEntryOptions(nxJson: NxJsonConfiguration | null | undefined): NormalizedPluginOptions {
  const entry = (nxJson?.plugins ?? []).find(isDriftgateEntry);
  const options = entry === undefined || typeof entry === 'string' ? undefined : (entry.options as DriftgatePluginOptions | undefined);
  return normalizePluginOptions(options);
}

/** A workspace-relative POSIX path option: no absolute path, no `..`, no backslash. */
export function relativeOption(key: string, value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.includes('\\') || value.startsWith('/') || /^[A-Za-z]:/.test(value)) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `${key} must be a workspace-relative path with / separators; got ${JSON.stringify(value)}`);
  }
  const parts = value.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..') || parts.length === 0) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `${key} must stay inside the workspace; got ${JSON.stringify(value)}`);
  }
  return parts.join('/');
}
