import { type Tree, formatFiles, logger, readProjectConfiguration } from '@nx/devkit';
import {
  installedTypescriptWithoutApi,
  isTypescriptEntryFallback,
  parseConfigDocument,
  proposeBoundary,
  proposeVersionSource,
  tracksTypescriptConfig,
  typescriptWithoutApiNote,
  validateConfig,
} from '@driftgate/boundver';
import { DriftgateNxError } from '../../errors.js';
import { WORKSPACE_ROOT, normalizeRoot } from '../../scope/project-roots.js';
import { boundaryConfigInTree, emptyBoundaryConfig, jsonText, readJsonObject } from '../workspace-files.js';

/** Options of `@driftgate/nx:component` (see its schema.json). */
export interface ComponentGeneratorOptions {
  /** The project to make a component; its root becomes the component path. */
  project: string;
  /** Component name. Default: the project name as Nx spells it (`@scope/pkg`), the rule `boundver init --discover` names components by. */
  name?: string;
  /**
   * Boundary provider. Default: what `boundver init --discover` proposes for the project's files
   * (`typescript-api`, `signatures`, `openapi`, `json-file`, else `implicit`), with its paths.
   */
  provider?: string;
  /** Boundary paths, relative to the project root. Default none. */
  paths?: string[];
  /** Behavior paths, relative to the project root. Default none. */
  behaviorPaths?: string[];
  /**
   * Version file relative to the project root (with `versionField`). Default: what `boundver init
   * --discover` proposes (the version field of the project's package.json, pyproject.toml or
   * Cargo.toml; none at the workspace root or for go.mod).
   */
  versionFile?: string;
  /** Dotted field holding the version in `versionFile`. */
  versionField?: string;
  /** Presentation-only ecosystem label. */
  ecosystem?: string;
  /** Names of components downstream of this one. Default none. */
  consumers?: string[];
  /** Skip formatting the changed files. Default false. */
  skipFormat?: boolean;
}

/**
 * Adds (or, when the name exists, replaces) a boundver component for a project in
 * `boundary.config.json`: the project root as `path`, a boundary provider with its paths, and
 * optionally behavior paths, a version file and consumers. The result must validate; the same
 * options twice give the same file. Generate the lock afterwards (the `generate-boundary` target).
 */
export default async function componentGenerator(tree: Tree, options: ComponentGeneratorOptions): Promise<void> {
  const project = readProjectConfiguration(tree, options.project);
  const root = normalizeRoot(project.root);
  const configFile = boundaryConfigInTree(tree) ?? 'boundary.config.json';
  if (!configFile.endsWith('.json')) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_FILE', `${configFile} is not JSON; the generator edits boundary.config.json only, so add the component to ${configFile} by hand`);
  }
  const config = tree.exists(configFile) ? readJsonObject(tree, configFile) : emptyBoundaryConfig(tree);
  const name = options.name ?? options.project;
  if ((options.versionFile === undefined) !== (options.versionField === undefined)) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', 'give the version source with both --versionFile and --versionField, or neither');
  }
  const component: Record<string, unknown> = { path: root === WORKSPACE_ROOT ? '.' : root };
  if (options.ecosystem !== undefined) component['ecosystem'] = options.ecosystem;
  const files = projectFiles(tree, root);
  // A workspace-root manifest versions the repository, not this component (as discovery has it).
  const versionSource = options.versionFile !== undefined ? { file: options.versionFile, field: options.versionField } : root === WORKSPACE_ROOT ? null : proposeVersionSource(files);
  if (versionSource !== null) component['version_source'] = versionSource;
  let proposed: { provider: string; paths: string[] } | undefined;
  if (options.provider === undefined) {
    const tracked = tracksTypescriptConfig(workspaceConfigs(tree));
    // The compiler is installed on disk, beside the tree's files: the tree never holds node_modules.
    const withoutApi = tracked ? installedTypescriptWithoutApi(tree.root) : null;
    proposed = proposeBoundary(files, tracked && withoutApi === null);
    if (withoutApi !== null && isTypescriptEntryFallback(proposed)) logger.info(typescriptWithoutApiNote(withoutApi, [name]));
  }
  const boundary: Record<string, unknown> = { provider: options.provider ?? proposed!.provider };
  const paths = options.paths !== undefined && options.paths.length > 0 ? options.paths : (proposed?.paths ?? []);
  if (paths.length > 0) boundary['paths'] = paths;
  component['boundary'] = boundary;
  if (options.behaviorPaths !== undefined && options.behaviorPaths.length > 0) component['behavior'] = { paths: options.behaviorPaths };
  if (options.consumers !== undefined && options.consumers.length > 0) component['consumers'] = options.consumers;

  const existing = config['components'];
  const components = existing !== null && typeof existing === 'object' && !Array.isArray(existing) ? { ...(existing as Record<string, unknown>) } : {};
  if (name in components) logger.info(`component ${name} exists in ${configFile}; replacing its entry`);
  components[name] = component;
  const next = { ...config, components };
  const text = jsonText(next);
  const validation = validateConfig(parseConfigDocument(text, configFile));
  if (validation.config === null) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `the component would make ${configFile} invalid:\n${validation.issues.join('\n')}`);
  }
  tree.write(configFile, text);
  if (!options.skipFormat) await formatFiles(tree);
}

/** Directories whose files never decide a boundary (dependencies, build output). */
const SKIPPED = new Set(['node_modules', 'dist', 'build', '.git']);

/** The project's files, relative to its root, as discovery sees a component's files. */
function projectFiles(tree: Tree, root: string): Set<string> {
  const base = root === WORKSPACE_ROOT ? '' : root;
  const files = new Set<string>();
  const walk = (dir: string, rel: string): void => {
    for (const child of tree.children(dir)) {
      if (SKIPPED.has(child)) continue;
      const path = dir === '' ? child : `${dir}/${child}`;
      const relative = rel === '' ? child : `${rel}/${child}`;
      if (tree.isFile(path)) files.add(relative);
      else walk(path, relative);
    }
  };
  walk(base, '');
  return files;
}

/** The workspace's TypeScript configs at its root (where Nx keeps them). */
function workspaceConfigs(tree: Tree): string[] {
  return tree.children('').filter((name) => name.startsWith('tsconfig') && name.endsWith('.json'));
}
