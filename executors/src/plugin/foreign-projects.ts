import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CreateNodesContextV2, CreateNodesResult, PluginConfiguration } from '@nx/devkit';
import { WORKSPACE_ROOT } from '../scope/project-roots.js';

/**
 * Projects that another plugin of `nx.json` defines (`@nx/gradle` from `build.gradle`,
 * `@nx-go/nx-go` from `go.mod`, …) and no `project.json` or `package.json` does.
 *
 * Why ask the plugin itself: whether a build file makes a project is that plugin's rule (Go's
 * plugin skips a root `go.mod`, Rust's counts only `cargo metadata`'s workspace members, Gradle's
 * only the builds Gradle reports). Attaching a target to a root no plugin names makes a nameless
 * project, which fails the whole project graph. So each plugin listed is run once more, over the
 * files its own pattern matches, with its own options, and only the roots it names count.
 */
export interface ForeignProjects {
  /** Project root → the file the defining plugin keyed it by and the name it gave, for the roots some plugin names. */
  readonly byRoot: ReadonlyMap<string, { readonly configFile: string; readonly name: string }>;
  /** Every file a plugin asked was given, sorted (what the answer depends on besides the plugins). */
  readonly files: readonly string[];
}

/** One `nx.json` plugin entry that is one of the asked plugins. */
interface AskedPlugin {
  readonly name: string;
  readonly options: unknown;
  readonly include: readonly string[] | undefined;
  readonly exclude: readonly string[] | undefined;
}

type CreateNodesFunction = (files: readonly string[], options: unknown, context: CreateNodesContextV2) => Promise<ReadonlyArray<readonly [string, CreateNodesResult]>>;

interface PluginModule {
  readonly createNodesV2?: readonly [string, CreateNodesFunction];
  readonly createNodes?: readonly [string, CreateNodesFunction];
  readonly default?: PluginModule;
}

interface WorkspaceContextModule {
  globWithWorkspaceContext(workspaceRoot: string, globs: string[], exclude?: string[]): Promise<string[]>;
}

type Minimatch = (path: string, pattern: string, options?: { dot?: boolean }) => boolean;

/** The entries of `plugins` in `nx.json` that name one of `asked`, in `nx.json` order. */
export function askedPlugins(plugins: readonly PluginConfiguration[] | undefined, asked: readonly string[]): AskedPlugin[] {
  const out: AskedPlugin[] = [];
  for (const entry of plugins ?? []) {
    const name = typeof entry === 'string' ? entry : entry.plugin;
    // `@nx/gradle` and its sub-entries (`@nx/gradle/plugin-v1`) are the same plugin.
    if (!asked.some((plugin) => name === plugin || name.startsWith(`${plugin}/`))) continue;
    out.push(
      typeof entry === 'string'
        ? { name, options: undefined, include: undefined, exclude: undefined }
        : { name, options: entry.options, include: entry.include, exclude: entry.exclude },
    );
  }
  return out;
}

/**
 * The files each asked plugin's pattern matches (with the entry's `include` / `exclude`), without
 * running any plugin: cheap enough for the inference cache key.
 */
export async function foreignProjectFiles(workspaceRoot: string, plugins: readonly AskedPlugin[]): Promise<Map<AskedPlugin, string[]>> {
  const out = new Map<AskedPlugin, string[]>();
  if (plugins.length === 0) return out;
  const fromWorkspace = createRequire(join(workspaceRoot, 'package.json'));
  const context = fromWorkspace('nx/src/utils/workspace-context') as WorkspaceContextModule;
  const minimatch = minimatchOf(fromWorkspace);
  for (const plugin of plugins) {
    const createNodes = await createNodesOf(fromWorkspace, plugin.name);
    if (createNodes === undefined) continue;
    const matched = await context.globWithWorkspaceContext(workspaceRoot, [createNodes[0]]);
    const files = matched.filter(
      (file) =>
        (plugin.include === undefined || plugin.include.length === 0 || plugin.include.some((pattern) => minimatch(file, pattern, { dot: true }))) &&
        !(plugin.exclude ?? []).some((pattern) => minimatch(file, pattern, { dot: true })),
    );
    out.set(plugin, [...files].sort());
  }
  return out;
}

/**
 * Runs each asked plugin's `createNodesV2` over its files and keeps the roots it names. A plugin
 * that cannot be loaded or fails is skipped here: Nx runs it too and reports its error itself.
 */
export async function foreignProjects(workspaceRoot: string, filesByPlugin: ReadonlyMap<AskedPlugin, readonly string[]>, context: CreateNodesContextV2): Promise<ForeignProjects> {
  const byRoot = new Map<string, { configFile: string; name: string }>();
  const files = new Set<string>();
  const fromWorkspace = createRequire(join(workspaceRoot, 'package.json'));
  for (const [plugin, pluginFiles] of filesByPlugin) {
    for (const file of pluginFiles) files.add(file);
    if (pluginFiles.length === 0) continue;
    const createNodes = await createNodesOf(fromWorkspace, plugin.name);
    if (createNodes === undefined) continue;
    let results: ReadonlyArray<readonly [string, CreateNodesResult]>;
    try {
      results = await createNodes[1](pluginFiles, plugin.options, context);
    } catch {
      continue;
    }
    for (const [file, result] of results) {
      for (const [root, project] of Object.entries(result.projects ?? {})) {
        if (typeof project?.name !== 'string' || project.name === '') continue;
        const normalized = normalizeRoot(root);
        if (!byRoot.has(normalized)) byRoot.set(normalized, { configFile: file, name: project.name });
      }
    }
  }
  return { byRoot, files: [...files].sort() };
}

function normalizeRoot(root: string): string {
  const posixRoot = posix.normalize(root.replace(/\\/g, '/')).replace(/\/$/, '');
  return posixRoot === '' || posixRoot === '.' ? WORKSPACE_ROOT : posixRoot;
}

const loaded = new Map<string, Promise<readonly [string, CreateNodesFunction] | undefined>>();

/** The plugin's `[pattern, createNodes]`, loaded from the workspace as Nx loads it; undefined if it is not installed. */
function createNodesOf(fromWorkspace: NodeJS.Require, name: string): Promise<readonly [string, CreateNodesFunction] | undefined> {
  let known = loaded.get(name);
  if (known === undefined) {
    known = (async () => {
      let path: string;
      try {
        path = fromWorkspace.resolve(name);
      } catch {
        return undefined;
      }
      let module: PluginModule;
      try {
        module = fromWorkspace(path) as PluginModule;
      } catch {
        // An ECMAScript-module plugin.
        try {
          module = (await import(pathToFileURL(path).href)) as PluginModule;
        } catch {
          return undefined;
        }
      }
      const tuple = module.createNodesV2 ?? module.createNodes ?? module.default?.createNodesV2 ?? module.default?.createNodes;
      return Array.isArray(tuple) && typeof tuple[0] === 'string' && typeof tuple[1] === 'function' ? tuple : undefined;
    })();
    loaded.set(name, known);
  }
  return known;
}

/** Nx's own glob matcher (the one it filters `include` / `exclude` with), from the Nx the workspace runs. */
function minimatchOf(fromWorkspace: NodeJS.Require): Minimatch {
  const fromNx = createRequire(fromWorkspace.resolve('nx/package.json'));
  const module = fromNx('minimatch') as { minimatch?: Minimatch } & Minimatch;
  return typeof module.minimatch === 'function' ? module.minimatch : module;
}
