import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { packageJsonWorkspacesMatcher } from './nx-internals.js';
import { WORKSPACE_ROOT } from '../scope/project-roots.js';

/** Projects found from `project.json` / `package.json` files, the way Nx's own plugins find them. */
export interface DiscoveredProjects {
  /** Project root → the config file that defines it (`project.json` preferred). */
  readonly configFileByRoot: ReadonlyMap<string, string>;
  /** Whether the workspace root itself is a project (a root `project.json`, or a root `package.json` Nx treats as one). */
  readonly rootIsProject: boolean;
}

/**
 * Which of the matched config files define projects: every `project.json`, and every
 * `package.json` that belongs to the package manager's workspaces (or sits next to a
 * `project.json`) — other `package.json` files (fixtures, examples) are not projects, and
 * attaching targets to them would make nameless projects.
 */
export function discoverProjects(configFiles: readonly string[], workspaceRoot: string): DiscoveredProjects {
  const projectJsonRoots = new Set<string>();
  const packageJsons: string[] = [];
  for (const file of configFiles) {
    if (posix.basename(file) === 'project.json') projectJsonRoots.add(rootOf(file));
    else if (posix.basename(file) === 'package.json') packageJsons.push(file);
  }
  const readJson = (path: string): unknown => JSON.parse(readFileSync(join(workspaceRoot, path), 'utf8'));
  let inWorkspaces: (path: string) => boolean = () => true;
  if (process.env['NX_INFER_ALL_PACKAGE_JSONS'] !== 'true') {
    inWorkspaces = packageJsonWorkspacesMatcher(workspaceRoot, readJson);
  }
  const configFileByRoot = new Map<string, string>();
  for (const root of projectJsonRoots) configFileByRoot.set(root, root === WORKSPACE_ROOT ? 'project.json' : `${root}/project.json`);
  for (const file of packageJsons) {
    const root = rootOf(file);
    if (configFileByRoot.has(root)) continue;
    if (inWorkspaces(file)) configFileByRoot.set(root, file);
  }
  return { configFileByRoot, rootIsProject: configFileByRoot.has(WORKSPACE_ROOT) };
}

/**
 * A project's name for help texts: `name` from its `project.json`, else from its `package.json`,
 * else the last segment of its root.
 */
export function projectNameOf(workspaceRoot: string, root: string, configFile: string | undefined): string {
  const candidates = configFile === undefined ? [] : configFile.endsWith('project.json') ? [configFile, configFile.replace(/project\.json$/, 'package.json')] : [configFile];
  for (const candidate of candidates) {
    try {
      const name = (JSON.parse(readFileSync(join(workspaceRoot, candidate), 'utf8')) as { name?: unknown }).name;
      if (typeof name === 'string' && name !== '') return name;
    } catch {
      // Missing or unreadable: try the next one.
    }
  }
  return root === WORKSPACE_ROOT ? posix.basename(workspaceRoot) : posix.basename(root);
}

function rootOf(configFile: string): string {
  const dir = posix.dirname(configFile);
  return dir === '' ? WORKSPACE_ROOT : dir;
}
