import type { Tree } from '@nx/devkit';
import { CONFIG_NAMES } from '@driftgate/boundver';
import { SURF_CONFIG_FILE, type SurfConfigValues, parseSurfConfig } from '@driftgate/surf';
import { DriftgateNxError } from '../errors.js';

/** The workspace's surf settings from a generator tree; defaults when there is no `surf.toml`. */
export function surfConfigInTree(tree: Tree): SurfConfigValues {
  const text = tree.read(SURF_CONFIG_FILE, 'utf-8');
  return parseSurfConfig(text ?? '');
}

/** The boundver config file present in the tree (JSON first, then the fallbacks), or undefined. */
export function boundaryConfigInTree(tree: Tree): string | undefined {
  return CONFIG_NAMES.find((name) => tree.exists(name));
}

/**
 * A starting config: the project name and no components yet (inference ignores it until one is
 * added). `boundver init --discover` fills exactly this shape, naming each component after its
 * Nx project (docs/boundver-first-steps.md), so keep `components` an empty object.
 */
export function emptyBoundaryConfig(tree: Tree): Record<string, unknown> {
  return { project: rootPackageName(tree) ?? 'workspace', components: {} };
}

/** `name` of the root package.json, if any. */
export function rootPackageName(tree: Tree): string | undefined {
  const text = tree.read('package.json', 'utf-8');
  if (text === null) return undefined;
  try {
    const name = (JSON.parse(text) as { name?: unknown }).name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Parses a JSON file of the tree as an object, with an actionable error. */
export function readJsonObject(tree: Tree, path: string): Record<string, unknown> {
  const text = tree.read(path, 'utf-8') ?? '';
  try {
    const value = JSON.parse(text) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch (error) {
    throw new DriftgateNxError('DRIFTGATE_NX_BAD_FILE', `${path} is not valid JSON (${(error as Error).message}); fix it, then run the generator again`, { cause: error });
  }
  throw new DriftgateNxError('DRIFTGATE_NX_BAD_FILE', `${path} must hold a JSON object; fix it, then run the generator again`);
}

/** JSON as the generators write it: two-space indentation and a final newline. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A file name derived from a project name: `@scope/pkg` → `scope-pkg`. */
export function fileStem(projectName: string): string {
  return projectName.replace(/^@/, '').replace(/[/\\]+/g, '-');
}
