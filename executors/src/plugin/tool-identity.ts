import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import type { TargetConfiguration } from '@nx/devkit';
import { LOCK_FILES, fileContentStamp, lockedInWorkspace } from './locked-packages.js';

/** One entry of a target's `inputs`. */
type InputDefinition = NonNullable<TargetConfiguration['inputs']>[number];

/** The package whose code every inferred target runs. */
export const PLUGIN_PACKAGE = '@driftgate/nx';

/** How the inferred targets name the tool itself among their inputs. */
export interface ToolIdentity {
  /** `installed` (an npm node in the lock file), `workspace` (our own sources) or `runtime` (neither). */
  readonly kind: 'installed' | 'workspace' | 'runtime';
  readonly inputs: readonly (string | InputDefinition)[];
  /** The plugin package's version, for the inference cache key. */
  readonly version: string;
}

/**
 * The tool as a target input, so a new version of the gates is a cache miss:
 * - installed from a registry and listed in the lock file: `externalDependencies` (Nx hashes the
 *   locked version and its dependencies; the package must be a root dependency);
 * - a package of this very workspace (driftgate gating itself): its sources and those of the
 *   `@driftgate/*` packages it depends on, as filesets (their `dist` is git-ignored, so Nx would not
 *   hash it);
 * - otherwise (installed but not locked): a runtime input printing the installed version.
 */
export function toolIdentity(workspaceRoot: string): ToolIdentity {
  // Reading a large lock file on every inference would dominate a warm run: reuse the answer
  // while the resolved package and the lock files are unchanged (a daemon lives through installs); the key is their bytes, never their mtime.
  const manifest = pluginManifest(workspaceRoot);
  const stamp = [manifest ?? '', manifest === undefined ? '' : fileContentStamp(manifest), ...LOCK_FILES.map((name) => fileContentStamp(join(workspaceRoot, name)))].join('|');
  const known = memo.get(workspaceRoot);
  if (known?.stamp === stamp) return known.identity;
  const identity = computeIdentity(workspaceRoot);
  memo.set(workspaceRoot, { stamp, identity });
  return identity;
}

const memo = new Map<string, { stamp: string; identity: ToolIdentity }>();


function computeIdentity(workspaceRoot: string): ToolIdentity {
  const manifestPath = pluginManifest(workspaceRoot);
  if (manifestPath === undefined) return { kind: 'runtime', inputs: [], version: 'unresolved' };
  const version = versionOf(manifestPath);
  const rootReal = realpathSync(workspaceRoot);
  if (isInside(rootReal, manifestPath) && !manifestPath.split(sep).includes('node_modules')) {
    const dirs = workspacePackageDirs(manifestPath, rootReal);
    // No negated patterns: Nx applies a negation to every fileset of the target, and it would
    // hide files the gate itself reads.
    const inputs = dirs.flatMap((dir) => [`{workspaceRoot}/${dir}/package.json`, `{workspaceRoot}/${dir}/src/**/*`]);
    return { kind: 'workspace', inputs, version };
  }
  if (lockedInWorkspace(workspaceRoot, PLUGIN_PACKAGE)) return { kind: 'installed', inputs: [{ externalDependencies: [PLUGIN_PACKAGE] }], version };
  return {
    kind: 'runtime',
    inputs: [{ runtime: `node -p "require('${PLUGIN_PACKAGE}/package.json').version"` }],
    version,
  };
}


function pluginManifest(workspaceRoot: string): string | undefined {
  try {
    return realpathSync(createRequire(join(workspaceRoot, 'package.json')).resolve(`${PLUGIN_PACKAGE}/package.json`));
  } catch {
    return undefined;
  }
}

function versionOf(manifestPath: string): string {
  const version = readManifest(manifestPath).version;
  return typeof version === 'string' ? version : '0.0.0';
}

/** Workspace-relative directories of the plugin package and every `@driftgate/*` package it depends on, sorted. */
function workspacePackageDirs(pluginManifest: string, rootReal: string): string[] {
  const dirs = new Set<string>();
  const queue = [pluginManifest];
  while (queue.length > 0) {
    const manifestPath = queue.pop()!;
    const dir = dirname(manifestPath);
    const rel = relative(rootReal, dir).split(sep).join('/');
    if (dirs.has(rel)) continue;
    dirs.add(rel);
    const manifest = readManifest(manifestPath);
    const local = createRequire(manifestPath);
    for (const name of Object.keys((manifest.dependencies as Record<string, string> | undefined) ?? {})) {
      if (!name.startsWith('@driftgate/')) continue;
      const found = packageManifestOf(local, name);
      if (found !== undefined && isInside(rootReal, found) && !found.split(sep).includes('node_modules')) queue.push(found);
    }
  }
  return [...dirs].sort();
}

/** The `package.json` of an installed package, found from its entry point (its exports may not list the manifest). */
function packageManifestOf(from: NodeJS.Require, name: string): string | undefined {
  let entry: string;
  try {
    entry = realpathSync(from.resolve(name));
  } catch {
    return undefined;
  }
  for (let dir = dirname(entry); ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && readManifest(candidate).name === name) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

function readManifest(path: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
}
