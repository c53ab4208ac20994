import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CreateNodes, CreateNodesContext, CreateNodesResultArray, ProjectConfiguration, TargetConfiguration } from '@nx/devkit';
import { hashArray } from '@nx/devkit';
import { hashWithWorkspaceContext } from '@nx/devkit/internal';
import { type LoadedWorkspace, SURF_CONFIG_FILE, type SurfConfig, discoverHubs, loadWorkspaceFromConfig } from '@driftgate/surf';
import { surfConfigAt } from './executor-context.js';
import { boundaryReadSet, componentsByProject, readBoundaryWorkspace } from './boundary-scope.js';
import { type ProjectClaims, claimsByProject } from './claim-scope.js';
import { InferenceCache } from './inference-cache.js';
import {
  type TargetContext,
  generateBoundaryTarget,
  TRIAGE_CLAIMS_TARGET,
  stampClaimsTarget,
  triageClaimsTarget,
  verifyBoundaryTarget,
  verifyClaimsTarget,
} from './inferred-targets.js';
import { type DriftgatePluginOptions, type NormalizedPluginOptions, normalizePluginOptions } from './plugin-options.js';
import { discoverProjects, projectNameOf } from './project-discovery.js';
import { ProjectRoots, WORKSPACE_ROOT } from './project-roots.js';
import { LOCK_FILES, toolIdentity } from './tool-identity.js';

export type { DriftgatePluginOptions } from './plugin-options.js';

/** Bumped whenever inference changes shape, so cached results of an older plugin are not reused. */
const INFERENCE_VERSION = 2;

/** Files whose names define projects; the plugin attaches its targets to those projects. */
export const PROJECT_FILES_GLOB = '{package.json,**/package.json,project.json,**/project.json}';

/**
 * Nx 23 `createNodes`: infers, per project, `verify-claims` + `stamp-claims` + `triage-claims` when a hub anchors
 * into it and `verify-boundary` when it owns a boundver component, and `generate-boundary` on the
 * workspace-level project. The result is cached (in Nx's workspace data directory and in memory)
 * under a hash of every file inference read.
 */
export const createNodes: CreateNodes<DriftgatePluginOptions> = [
  PROJECT_FILES_GLOB,
  async (configFiles, rawOptions, context) => {
    const options = normalizePluginOptions(rawOptions);
    return inferWithCache(configFiles, options, context);
  },
];

/** The same `createNodes`, under the name Nx 22 and older look for. */
export const createNodesV2 = createNodes;

async function inferWithCache(configFiles: readonly string[], options: NormalizedPluginOptions, context: CreateNodesContext): Promise<CreateNodesResultArray> {
  const root = context.workspaceRoot;
  const surf = readSurf(root);
  const hubFiles = surf.config ? await discoverHubs(surf.config).catch(() => [] as string[]) : [];
  const tool = toolIdentity(root);
  const hashed = [
    // The tool's own sources when it is a package of this workspace (its fileset inputs).
    ...tool.inputs.filter((input): input is string => typeof input === 'string').map((input) => input.replace('{workspaceRoot}/', '')),
    SURF_CONFIG_FILE,
    ...hubFiles,
    ...(options.boundaryConfig !== undefined ? [options.boundaryConfig] : ['boundary.config.*']),
    ...LOCK_FILES,
    '**/project.json',
    '**/package.json',
  ];
  const key = hashArray([
    String(INFERENCE_VERSION),
    tool.version,
    JSON.stringify(tool.inputs),
    JSON.stringify(options),
    configFiles.join('\n'),
    hubFiles.join('\n'),
    await hashWithWorkspaceContext(root, hashed),
  ]);
  const cache = InferenceCache.for(root);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const result = await infer(configFiles, options, root, surf);
  cache.set(key, result);
  return result;
}

interface SurfState {
  readonly config: SurfConfig | undefined;
  /** Why `surf.toml` cannot be used, or undefined. */
  readonly problem: string | undefined;
}

/** `surf.toml` at the workspace root only: an ancestor's config belongs to another workspace. */
function readSurf(root: string): SurfState {
  if (!existsSync(join(root, SURF_CONFIG_FILE))) return { config: undefined, problem: undefined };
  try {
    return { config: surfConfigAt(root), problem: undefined };
  } catch (error) {
    return { config: undefined, problem: (error as Error).message };
  }
}

async function infer(configFiles: readonly string[], options: NormalizedPluginOptions, root: string, surf: SurfState): Promise<CreateNodesResultArray> {
  const discovered = discoverProjects(configFiles, root);
  const roots = new ProjectRoots(discovered.configFileByRoot.keys());
  const targets = new Map<string, Record<string, TargetConfiguration>>();
  const add = (projectRoot: string, name: string, target: TargetConfiguration) => {
    const existing = targets.get(projectRoot) ?? {};
    existing[name] = target;
    targets.set(projectRoot, existing);
  };
  const names = new Map<string, string>();
  const tool = toolIdentity(root);
  const contextOf = (projectRoot: string): TargetContext => {
    let projectName = names.get(projectRoot);
    if (projectName === undefined) {
      projectName = projectRoot === WORKSPACE_ROOT && !discovered.rootIsProject ? workspaceProjectName(root, options) : projectNameOf(root, projectRoot, discovered.configFileByRoot.get(projectRoot));
      names.set(projectRoot, projectName);
    }
    return { projectRoot, projectName, options, tool };
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
      add(WORKSPACE_ROOT, options.verifyBoundaryTargetName, verifyBoundaryTarget(workspaceContext, boundary.configFile, [], nothing));
      add(WORKSPACE_ROOT, options.generateBoundaryTargetName, generateBoundaryTarget(workspaceContext, boundary.configFile, nothing));
    } else {
      for (const [projectRoot, components] of componentsByProject(boundary.config, roots)) {
        const reads = boundaryReadSet(boundary.config, components);
        add(projectRoot, options.verifyBoundaryTargetName, verifyBoundaryTarget(contextOf(projectRoot), boundary.configFile, components, reads));
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
