import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CreateNodesResultArray, ProjectConfiguration, TargetConfiguration } from '@nx/devkit';
import { type LoadedWorkspace, type SurfConfig, loadWorkspaceFromConfig } from '@driftgate/surf';
import { boundaryReadSet, componentsByProject, readBoundaryWorkspace } from '../scope/boundary-scope.js';
import { type ProjectClaims, claimsByProject } from '../scope/claim-scope.js';
import {
  type TargetContext,
  generateBoundaryTarget,
  TRIAGE_CLAIMS_TARGET,
  stampClaimsTarget,
  triageClaimsTarget,
  verifyBoundaryTarget,
  verifyClaimsTarget,
} from './inferred-targets.js';
import type { ForeignProjects } from './foreign-projects.js';
import type { NormalizedPluginOptions } from './plugin-options.js';
import { discoverProjects, projectNameOf } from './project-discovery.js';
import { ProjectRoots, WORKSPACE_ROOT } from '../scope/project-roots.js';
import { toolIdentity } from './tool-identity.js';
import { typescriptInputs } from './typescript-input.js';
import { packageManagerExec } from './package-manager-exec.js';

/** `surf.toml` as the plugin found it. */
export interface SurfState {
  readonly config: SurfConfig | undefined;
  /** Why `surf.toml` cannot be used, or undefined. */
  readonly problem: string | undefined;
}

/**
 * The inference itself: loads the hubs and the boundver config and builds every project's
 * targets. It pulls in the claims and boundary engines, so the plugin entry imports this module
 * only when its cache has no result for the current files.
 */
export async function inferTargets(
  configFiles: readonly string[],
  options: NormalizedPluginOptions,
  root: string,
  surf: SurfState,
  foreign: ForeignProjects['byRoot'] = new Map(),
): Promise<CreateNodesResultArray> {
  const own = discoverProjects(configFiles, root);
  // A project.json or package.json wins over another plugin's file for the same root, as the
  // project it defines is the one those targets merge into either way.
  const configFileByRoot = new Map(own.configFileByRoot);
  for (const [projectRoot, project] of foreign) if (!configFileByRoot.has(projectRoot)) configFileByRoot.set(projectRoot, project.configFile);
  const discovered = { configFileByRoot, rootIsProject: configFileByRoot.has(WORKSPACE_ROOT) };
  const roots = new ProjectRoots(discovered.configFileByRoot.keys());
  const targets = new Map<string, Record<string, TargetConfiguration>>();
  const add = (projectRoot: string, name: string, target: TargetConfiguration) => {
    const existing = targets.get(projectRoot) ?? {};
    existing[name] = target;
    targets.set(projectRoot, existing);
  };
  const names = new Map<string, string>();
  const tool = toolIdentity(root);
  const typescript = typescriptInputs(root);
  const exec = packageManagerExec(root);
  const contextOf = (projectRoot: string): TargetContext => {
    let projectName = names.get(projectRoot);
    if (projectName === undefined) {
      const foreignName = own.configFileByRoot.has(projectRoot) ? undefined : foreign.get(projectRoot)?.name;
      projectName =
        foreignName ??
        (projectRoot === WORKSPACE_ROOT && !discovered.rootIsProject ? workspaceProjectName(root, options) : projectNameOf(root, projectRoot, discovered.configFileByRoot.get(projectRoot)));
      names.set(projectRoot, projectName);
    }
    return { projectRoot, projectName, options, tool, typescript, exec };
  };

  // Claims.
  let claims: Map<string, ProjectClaims> = new Map();
  let claimsProblem = surf.problem;
  if (surf.config !== undefined) {
    try {
      const workspace: LoadedWorkspace = await loadWorkspaceFromConfig(surf.config);
      claims = claimsByProject(workspace, roots);
    } catch (error) {
      claimsProblem = (error as Error).message;
    }
  }
  if (claimsProblem !== undefined) {
    // Fail closed: the workspace-level check reports why the claims cannot be read.
    add(WORKSPACE_ROOT, options.verifyClaimsTargetName, verifyClaimsTarget(contextOf(WORKSPACE_ROOT), { hubFiles: [], anchoredFiles: [], claims: 0 }));
  }
  for (const [projectRoot, selection] of claims) {
    const context = contextOf(projectRoot);
    add(projectRoot, options.verifyClaimsTargetName, verifyClaimsTarget(context, selection));
    add(projectRoot, options.stampClaimsTargetName, stampClaimsTarget(context, selection));
    add(projectRoot, TRIAGE_CLAIMS_TARGET, triageClaimsTarget(context, selection));
  }

  // Boundary.
  const boundary = readBoundaryWorkspace(root, options.boundaryConfig);
  if (boundary !== undefined) {
    const workspaceContext = contextOf(WORKSPACE_ROOT);
    if (boundary.config === null) {
      const nothing = { paths: [], tagPrefixes: [], providerModules: [] };
      add(WORKSPACE_ROOT, options.verifyBoundaryTargetName, verifyBoundaryTarget(workspaceContext, boundary.configFile, { components: [], workspace: true }, nothing));
      add(WORKSPACE_ROOT, options.generateBoundaryTargetName, generateBoundaryTarget(workspaceContext, boundary.configFile, nothing));
    } else {
      // Each finding belongs to one target: a project's target its components, the workspace-level
      // one the lock as a whole, the slices and the components at the root.
      const owned = componentsByProject(boundary.config, roots);
      if (!owned.has(WORKSPACE_ROOT)) owned.set(WORKSPACE_ROOT, []);
      for (const [projectRoot, components] of owned) {
        const share = { components, workspace: projectRoot === WORKSPACE_ROOT };
        add(projectRoot, options.verifyBoundaryTargetName, verifyBoundaryTarget(contextOf(projectRoot), boundary.configFile, share, boundaryReadSet(boundary.config, share)));
      }
      add(WORKSPACE_ROOT, options.generateBoundaryTargetName, generateBoundaryTarget(workspaceContext, boundary.configFile, boundaryReadSet(boundary.config)));
    }
  }

  const results: CreateNodesResultArray = [];
  for (const [projectRoot, projectTargets] of [...targets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    let configFile = discovered.configFileByRoot.get(projectRoot);
    const project: Partial<ProjectConfiguration> = { targets: projectTargets };
    if (configFile === undefined) {
      if (projectRoot !== WORKSPACE_ROOT) continue;
      // No root project yet: create the workspace-level one, keyed by the root package.json.
      configFile = configFiles.find((file) => file === 'package.json' || file === 'project.json');
      if (configFile === undefined) continue;
      project.name = names.get(WORKSPACE_ROOT) ?? workspaceProjectName(root, options);
    }
    results.push([configFile, { projects: { [projectRoot]: project } }]);
  }
  return results;
}

/** The synthesized root project's name: the option, else the root package.json name, else `workspace`. */
function workspaceProjectName(root: string, options: NormalizedPluginOptions): string {
  if (options.workspaceProjectName !== undefined) return options.workspaceProjectName;
  try {
    const name = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') return name;
  } catch {
    // No root package.json.
  }
  return 'workspace';
}
