import { type Tree, formatFiles, readNxJson, updateNxJson } from '@nx/devkit';
import { DEFAULT_SURF_TOML, SURF_CONFIG_FILE, bundleGlob } from '@driftgate/surf';
import { DEFAULT_REPORT_DIRECTORY, relativeOption } from '../../plugin-options.js';
import { boundaryConfigInTree, emptyBoundaryConfig, jsonText, surfConfigInTree } from '../../workspace-files.js';

/** Options of `@driftgate/nx:init` (see its schema.json). */
export interface InitGeneratorOptions {
  /** Report directory the plugin writes to; added to `.gitignore`. Default `reports/driftgate`. */
  reportDirectory?: string;
  /** Skip formatting the changed files. Default false. */
  skipFormat?: boolean;
}

/** The plugin entry `init` registers. */
export const PLUGIN_ENTRY = '@driftgate/nx/plugin';

/** Named inputs `init` adds to `nx.json` for targets of your own that depend on the gates' files. */
export const NAMED_INPUTS = { claims: 'driftgateClaims', boundary: 'driftgateBoundary' } as const;

/**
 * Sets a workspace up for driftgate: registers the plugin in `nx.json` (once), writes `surf.toml`
 * and a `boundary.config.json` without components when they are missing, adds the named inputs
 * `driftgateClaims` and `driftgateBoundary`, and git-ignores the report directory. Running it
 * again changes nothing.
 */
export default async function initGenerator(tree: Tree, options: InitGeneratorOptions = {}): Promise<void> {
  const reportDirectory = relativeOption('reportDirectory', options.reportDirectory ?? DEFAULT_REPORT_DIRECTORY);
  if (!tree.exists(SURF_CONFIG_FILE)) tree.write(SURF_CONFIG_FILE, DEFAULT_SURF_TOML);
  const boundaryConfig = boundaryConfigInTree(tree) ?? 'boundary.config.json';
  if (!tree.exists(boundaryConfig)) tree.write(boundaryConfig, jsonText(emptyBoundaryConfig(tree)));

  const nxJson = readNxJson(tree) ?? {};
  const plugins = nxJson.plugins ?? [];
  const registered = plugins.some((entry) => {
    const name = typeof entry === 'string' ? entry : entry.plugin;
    return name === PLUGIN_ENTRY || name === '@driftgate/nx';
  });
  if (!registered) {
    plugins.push(reportDirectory === DEFAULT_REPORT_DIRECTORY ? PLUGIN_ENTRY : { plugin: PLUGIN_ENTRY, options: { reportDirectory } });
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
