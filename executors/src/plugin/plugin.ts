import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CreateNodes, CreateNodesContext, CreateNodesResultArray } from '@nx/devkit';
import { CONFIG_NAMES } from '@driftgate/boundver';
import { SURF_CONFIG_FILE, discoverHubs } from '@driftgate/surf';
import { askedPlugins, foreignProjectFiles, foreignProjects } from './foreign-projects.js';
import { InferenceCache } from './inference-cache.js';
import { hashWorkspaceFiles } from './nx-internals.js';
import type { SurfState } from './infer-targets.js';
import { type DriftgatePluginOptions, type NormalizedPluginOptions, normalizePluginOptions } from './plugin-options.js';
import { surfConfigAt } from './surf-config.js';
import { toolIdentity } from './tool-identity.js';
import { typescriptInputs } from './typescript-input.js';
import { packageManagerExec } from './package-manager-exec.js';

export type { DriftgatePluginOptions } from './plugin-options.js';

/** Bumped whenever inference changes shape, so cached results of an older plugin are not reused. */
const INFERENCE_VERSION = 7;

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
  // Projects other plugins define: their files are in the key, and the plugins run only on a miss.
  const asked = askedPlugins(context.nxJsonConfiguration.plugins, options.projectPlugins);
  const foreignFiles = await foreignProjectFiles(root, asked).catch(() => new Map<never, string[]>());
  const foreignRead = [...foreignFiles.values()].flat();
  const foreignPackages = asked.map((plugin) => `node_modules/${plugin.name.split('/').slice(0, plugin.name.startsWith('@') ? 2 : 1).join('/')}/package.json`);
  // The tool's own sources when it is a package of this workspace (its fileset inputs).
  const toolSources = tool.inputs.filter((input): input is string => typeof input === 'string').map((input) => input.replace('{workspaceRoot}/', ''));
  // What inference reads besides the tool: the lock files only decide the tool's identity, which
  // is in the key itself.
  const read = new Set([
    SURF_CONFIG_FILE,
    ...hubFiles,
    ...(options.boundaryConfig !== undefined ? [options.boundaryConfig] : CONFIG_NAMES),
    'package.json',
    ...configFiles,
    ...foreignRead,
    ...foreignPackages,
  ]);
  const key = hashOf([
    String(INFERENCE_VERSION),
    tool.version,
    JSON.stringify(tool.inputs),
    // Whether the lock files know TypeScript decides how the boundary targets name it.
    JSON.stringify(typescriptInputs(root)),
    packageManagerExec(root),
    JSON.stringify(options),
    configFiles.join('\n'),
    JSON.stringify(asked),
    foreignRead.join('\n'),
    hubFiles.join('\n'),
    hashFiles(root, [...read]),
    toolSources.length > 0 ? await hashWorkspaceFiles(root, toolSources) : '',
  ]);
  const cache = InferenceCache.for(root);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  // Only a cache miss pays for loading the engines.
  const { inferTargets } = await import('./infer-targets.js');
  const foreign = await foreignProjects(root, foreignFiles, context);
  const result = await inferTargets(configFiles, options, root, surf, foreign.byRoot);
  cache.set(key, result);
  return result;
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

/**
 * One digest of the files' paths and bytes (a missing file counts as missing). Read here rather
 * than taken from Nx's file index: without the daemon, a plugin worker has no index yet, and
 * building one walks and hashes every file of the workspace, on every Nx command.
 */
function hashFiles(root: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    let bytes: Buffer | undefined;
    try {
      bytes = readFileSync(join(root, file));
    } catch {
      bytes = undefined;
    }
    hash.update(`${file}\0${bytes === undefined ? -1 : bytes.length}\0`);
    if (bytes !== undefined) hash.update(bytes);
  }
  return hash.digest('hex');
}

/** One key for the parts (NUL cannot occur in any of them). */
function hashOf(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex');
}
