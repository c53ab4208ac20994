import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BoundverConfig,
  CONFIG_NAMES,
  type ComponentConfig,
  type VerifyShare,
  consumerGraph,
  isJsonObject,
  parseConfigDocument,
  sliceMembers,
  sortByCodePoint,
  validateConfig,
} from '@driftgate/boundver';
import type { ProjectRoots } from './project-roots.js';

/** The boundver config as the plugin sees it on disk. */
export interface BoundaryWorkspace {
  /** Workspace-relative path of the config file. */
  readonly configFile: string;
  /** The validated config; null when {@link problem} is set or the config has no components yet. */
  readonly config: BoundverConfig | null;
  /** Why the config cannot be used (parse or validation error), or null. */
  readonly problem: string | null;
}

/**
 * Reads the boundver config from disk: `explicit` when given, else `boundary.config.json`, then the
 * YAML/TOML fallbacks. Undefined when there is no config file, or when it declares no components
 * yet (what `init` writes): there is nothing to verify, and nothing to fail either. A config that
 * does not parse or validate comes back with its `problem`, so the workspace-level target can fail
 * closed on it.
 */
export function readBoundaryWorkspace(workspaceRoot: string, explicit?: string): BoundaryWorkspace | undefined {
  const candidates = explicit !== undefined ? [explicit] : CONFIG_NAMES;
  for (const configFile of candidates) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(workspaceRoot, ...configFile.split('/')));
    } catch {
      continue;
    }
    let document;
    try {
      document = parseConfigDocument(bytes, configFile);
    } catch (error) {
      return { configFile, config: null, problem: (error as Error).message };
    }
    if (isJsonObject(document)) {
      const components = document.get('components');
      if (isJsonObject(components) && components.size === 0) return undefined;
    }
    // The JSON Schema pass is left to the engine: the rules below are the ones inference needs.
    const validation = validateConfig(document, { schema: false, requireSliceFacets: false });
    if (validation.config === null) return { configFile, config: null, problem: validation.issues.join('; ') };
    return { configFile, config: validation.config, problem: null };
  }
  return undefined;
}

/** Component names by owning project root (the deepest project containing the component path), config order. */
export function componentsByProject(config: BoundverConfig, roots: ProjectRoots): Map<string, string[]> {
  const byRoot = new Map<string, string[]>();
  for (const component of config.components) {
    const owner = roots.owner(component.path);
    const list = byRoot.get(owner) ?? [];
    list.push(component.name);
    byRoot.set(owner, list);
  }
  return byRoot;
}

/** Every workspace input a share of verify (or a full generate) reads besides config and lock. */
export interface BoundaryReadSet {
  /** Workspace-relative component paths and vendored copy paths, sorted, de-duplicated. */
  readonly paths: readonly string[];
  /** `git_tag_prefix` version sources (they read tags reachable from HEAD), sorted. */
  readonly tagPrefixes: readonly string[];
  /** Custom provider modules given as workspace-relative paths, sorted. */
  readonly providerModules: readonly string[];
  /**
   * Set when a component uses `typescript-api`: its surface also follows re-exports into the
   * projects it depends on (relative or through the root tsconfig's `paths`), so those projects'
   * files and the root tsconfig are inputs too.
   */
  readonly typescriptModules?: true;
}

/**
 * What verifying a share reads: its components' files, their vendored copies and version sources,
 * and for the workspace share those of every slice member too (verify recomputes each slice
 * whole). With `share` undefined: every component (generate).
 */
export function boundaryReadSet(config: BoundverConfig, share?: VerifyShare): BoundaryReadSet {
  const byName = new Map(config.components.map((component) => [component.name, component]));
  const members = new Set<string>(share?.components ?? config.components.map((component) => component.name));
  if (share?.workspace === true) {
    const graph = consumerGraph(config);
    for (const slice of config.slices) for (const member of sliceMembers(slice, graph)) members.add(member);
  }
  const paths = new Set<string>();
  const tagPrefixes = new Set<string>();
  let typescriptModules = false;
  for (const name of members) {
    const component: ComponentConfig | undefined = byName.get(name);
    if (component === undefined) continue;
    if (component.boundary.provider === 'typescript-api') typescriptModules = true;
    paths.add(component.path);
    for (const copy of component.vendoredCopies ?? []) paths.add(copy.replace(/\/+$/, ''));
    if (component.versionSource?.kind === 'git-tag') tagPrefixes.add(component.versionSource.gitTagPrefix);
  }
  const providerModules = config.providers
    .map((provider) => provider.module)
    .filter((module) => module.startsWith('./') || /\.[cm]?[jt]s$/.test(module) || (module.includes('/') && !module.startsWith('@')))
    .map((module) => module.replace(/^\.\//, ''));
  return {
    paths: sortByCodePoint(paths),
    tagPrefixes: sortByCodePoint(tagPrefixes),
    providerModules: sortByCodePoint(new Set(providerModules)),
    ...(typescriptModules ? { typescriptModules: true as const } : {}),
  };
}
