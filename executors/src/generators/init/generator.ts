import { type PluginConfiguration, type Tree, formatFiles, readNxJson, updateNxJson } from '@nx/devkit';
import { DEFAULT_SURF_TOML, SURF_CONFIG_FILE, bundleGlob } from '@driftgate/surf';
import { DriftgateNxError } from '../../errors.js';
import { DEFAULT_REPORT_DIRECTORY, PLUGIN_ENTRY, isDriftgateEntry, relativeOption } from '../../plugin/plugin-options.js';
import { type ReportFormat, normalizeFormats } from '../../reports/report-files.js';
import { boundaryConfigInTree, emptyBoundaryConfig, jsonText, surfConfigInTree } from '../workspace-files.js';

/** Options of `@driftgate/nx:init` (see its schema.json). */
export interface InitGeneratorOptions {
  /** Report directory the plugin writes to; added to `.gitignore`. Default `reports/driftgate`. */
  reportDirectory?: string;
  /**
   * Report files every verify target writes, as the plugin's `formats` option: a comma list
   * (`junit,sarif`) or an array of `human`, `json`, `junit`, `sarif`, `github`, `markdown`,
   * `codequality`. Unset: the plugin's default, and a registered entry keeps what it has.
   */
  formats?: string | readonly string[];
  /**
   * Keep the boundary lock in sync the Nx way (`nx sync`, `nx sync:check`): sets the plugin's
   * `boundarySync` option. Unset: a registered entry keeps what it has.
   */
  boundarySync?: boolean;
  /** Skip formatting the changed files. Default false. */
  skipFormat?: boolean;
}

/** The plugin entry `init` registers. */
export { PLUGIN_ENTRY };

/** Named inputs `init` adds to `nx.json` for targets of your own that depend on the gates' files. */
export const NAMED_INPUTS = { claims: 'driftgateClaims', boundary: 'driftgateBoundary' } as const;

const isOurs = isDriftgateEntry;

const FORMATS_OPTION = 'the formats option of @driftgate/nx:init';

/** The `formats` option as the plugin takes it: comma lists split, an empty list refused. */
function formatsOption(value: unknown): ReportFormat[] {
  const items: unknown[] | undefined = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  if (items === undefined) return normalizeFormats(value, FORMATS_OPTION);
  const names = items.flatMap((item) => (typeof item === 'string' ? item.split(',').map((name) => name.trim()).filter((name) => name !== '') : [item]));
  if (names.length === 0) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `${FORMATS_OPTION} needs at least one format, such as --formats junit,sarif; leave it out for the default (human, json)`);
  }
  return normalizeFormats(names, FORMATS_OPTION);
}

/**
 * `entry` with `set` among its plugin options, every other option kept in place: a later run
 * with other formats (or boundarySync) updates the registration instead of adding a second one.
 */
function withOptions(entry: PluginConfiguration, set: Record<string, unknown>): PluginConfiguration {
  if (typeof entry === 'string') return { plugin: entry, options: { ...set } };
  const options = entry.options !== null && typeof entry.options === 'object' && !Array.isArray(entry.options) ? (entry.options as Record<string, unknown>) : {};
  return { ...entry, options: { ...options, ...set } };
}

/**
 * Sets a workspace up for driftgate: registers the plugin in `nx.json` (once), writes `surf.toml`
 * and a `boundary.config.json` without components when they are missing, adds the named inputs
 * `driftgateClaims` and `driftgateBoundary`, and git-ignores the report directory. With
 * `formats`, every registration of the plugin gets them as its `formats` option (so a CI's
 * first run already writes JUnit or SARIF). Running it again with the same options changes
 * nothing; with other formats it updates them.
 */
export default async function initGenerator(tree: Tree, options: InitGeneratorOptions = {}): Promise<void> {
  const reportDirectory = relativeOption('reportDirectory', options.reportDirectory ?? DEFAULT_REPORT_DIRECTORY);
  const formats = options.formats === undefined ? undefined : formatsOption(options.formats);
  if (!tree.exists(SURF_CONFIG_FILE)) tree.write(SURF_CONFIG_FILE, DEFAULT_SURF_TOML);
  const boundaryConfig = boundaryConfigInTree(tree) ?? 'boundary.config.json';
  if (!tree.exists(boundaryConfig)) tree.write(boundaryConfig, jsonText(emptyBoundaryConfig(tree)));

  const nxJson = readNxJson(tree) ?? {};
  let plugins = nxJson.plugins ?? [];
  // Only set options are written: false is the plugin's default for boundarySync.
  const set = { ...(formats === undefined ? {} : { formats: [...formats] }), ...(options.boundarySync === undefined ? {} : { boundarySync: options.boundarySync }) };
  if (!plugins.some(isOurs)) {
    const pluginOptions = { ...(reportDirectory === DEFAULT_REPORT_DIRECTORY ? {} : { reportDirectory }), ...set };
    if (pluginOptions.boundarySync === false) delete pluginOptions.boundarySync;
    plugins.push(Object.keys(pluginOptions).length === 0 ? PLUGIN_ENTRY : { plugin: PLUGIN_ENTRY, options: pluginOptions });
  } else if (Object.keys(set).length > 0) {
    plugins = plugins.map((entry) => (isOurs(entry) ? withOptions(entry, set) : entry));
  }
  nxJson.plugins = plugins;
  const surf = surfConfigInTree(tree);
  const namedInputs = { ...(nxJson.namedInputs ?? {}) };
  namedInputs[NAMED_INPUTS.claims] ??= [
    `{workspaceRoot}/${SURF_CONFIG_FILE}`,
    ...[...surf.hubs, ...surf.bundles.map(bundleGlob)].map((glob) => `{workspaceRoot}/${glob.replace(/^\.\//, '')}`),
  ];
  namedInputs[NAMED_INPUTS.boundary] ??= [`{workspaceRoot}/${boundaryConfig}`, '{workspaceRoot}/boundary.lock.json'];
  nxJson.namedInputs = namedInputs;
  updateNxJson(tree, nxJson);

  ignoreReports(tree, reportDirectory);
  if (!options.skipFormat) await formatFiles(tree);
}

/** Adds the report directory to `.gitignore` unless a line already names it (or a parent). */
function ignoreReports(tree: Tree, reportDirectory: string): void {
  const text = tree.read('.gitignore', 'utf-8') ?? '';
  const lines = text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''));
  const parts = reportDirectory.split('/');
  const covered = parts.some((_, i) => lines.includes(parts.slice(0, i + 1).join('/')));
  if (covered) return;
  tree.write('.gitignore', `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}/${reportDirectory}/\n`);
}
