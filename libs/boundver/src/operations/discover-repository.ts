import { basename } from 'node:path';
import { type Snapshot, untrackedFiles } from '@driftgate/git';
import { loadConfigFromSource } from '../config/config-source.js';
import { declaredPathProblem, isGlobPattern } from '../paths/declared-path.js';
import { installedTypescriptWithoutApi } from '../typescript-api/typescript-loader.js';
import { discoverComponents, isTypescriptEntryFallback, manifestDirectories, tracksTypescriptConfig, typescriptWithoutApiNote, type DiscoveredComponent } from './discover-components.js';
import { BoundverError } from '../errors.js';
import { isJsonObject, type JsonValue } from '../formats/json-value.js';
import { nxProjectName } from './nx-project-name.js';
import { captureOperationSource } from '../source/operation-source.js';
import { compareCodePoints } from '../formats/string-order.js';

/** Most `--exclude` prefixes one discovery accepts (the reference's bound). */
export const MAX_DISCOVERY_EXCLUSIONS = 1_000;

/** Options of {@link discoverRepository}. */
export interface DiscoverRepositoryOptions {
  readonly cwd: string;
  /** Repository-relative path prefixes left out, with everything below them (`--exclude`). */
  readonly exclude?: readonly string[];
  /**
   * Also compare the discovered component roots with the components of this config (read from
   * the working tree, like discovery itself). `true` means the default config and its fallbacks.
   */
  readonly diffConfig?: string | true;
}

/** One row of {@link DiscoveryConfigDiff.registered}: a discovered root the config already has. */
export interface RegisteredDiscovery {
  readonly discoveredName: string;
  readonly path: string;
  /** The configured components rooted there, sorted. */
  readonly configuredNames: string[];
}

/** A component name with its repository-relative root. */
export interface NamedPath {
  readonly name: string;
  readonly path: string;
}

/**
 * What `discover --diff-config` reports: discovered roots the config has (`registered`), lacks
 * (`unregistered`), and configured roots discovery does not propose (`notDiscovered`, e.g. a
 * component without a manifest). Rows sorted by name.
 */
export interface DiscoveryConfigDiff {
  readonly config: string;
  readonly registered: RegisteredDiscovery[];
  readonly unregistered: NamedPath[];
  readonly notDiscovered: NamedPath[];
}

/** Outcome of {@link discoverRepository}. */
export interface DiscoverRepositoryResult {
  /** Absolute repository root. */
  readonly root: string;
  /** In discovery order (manifest kind, then path), as `init --discover` writes them. */
  readonly components: DiscoveredComponent[];
  /** The effective exclusions: normalized, unique, sorted. */
  readonly excluded: string[];
  /** Present only when `diffConfig` was asked for. */
  readonly configDiff: DiscoveryConfigDiff | null;
  /**
   * When nothing tracked proposes a component: which untracked manifests would, and the `git add`
   * that makes them count; '' otherwise.
   */
  readonly untrackedHint: string;
  /**
   * One line per reason a proposal differs from what the files alone suggest (the workspace's
   * compiler has no API, so TypeScript entry points got `signatures`); empty otherwise.
   */
  readonly notes: string[];
}

/**
 * Validates and normalizes `--exclude` values: repository-relative literal prefixes (no globs, no
 * `.`/`..` segments, not the root), a trailing `/` dropped, duplicates removed, sorted. Throws
 * `BOUNDVER_USAGE` with the offending value.
 */
export function normalizeDiscoveryExclusions(raw: readonly string[]): string[] {
  if (raw.length > MAX_DISCOVERY_EXCLUSIONS) {
    throw new BoundverError('BOUNDVER_USAGE', `Discovery exclusions exceed the ${MAX_DISCOVERY_EXCLUSIONS}-path limit; exclude a common parent directory instead.`);
  }
  const normalized = new Set<string>();
  for (const value of raw) {
    const trimmed = value.startsWith('./') ? value.slice(2) : value;
    if (trimmed === '' || trimmed === '.' || trimmed === '/') {
      throw new BoundverError('BOUNDVER_USAGE', 'A discovery exclusion cannot select the repository root; name a directory below it.');
    }
    const problem = declaredPathProblem(trimmed);
    if (problem !== null) throw new BoundverError('BOUNDVER_USAGE', `Invalid discovery exclusion ${JSON.stringify(value)}: ${problem}.`);
    if (isGlobPattern(trimmed)) {
      throw new BoundverError('BOUNDVER_USAGE', `Discovery exclusions are literal path prefixes, not globs: ${JSON.stringify(value)}. Name the directory itself.`);
    }
    normalized.add(trimmed.endsWith('/') ? trimmed.slice(0, -1) : trimmed);
  }
  return [...normalized].sort(compareCodePoints);
}

function isExcluded(path: string, excluded: readonly string[]): boolean {
  return excluded.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Nx project names declared where discovery looks (see `DiscoverOptions.projectNames`). */
async function declaredProjectNames(snapshot: Snapshot, paths: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const text = async (path: string): Promise<string | undefined> => (snapshot.get(path) === undefined ? undefined : (await snapshot.read(path)).content.toString('utf8'));
  for (const directory of manifestDirectories(paths)) {
    const prefix = directory === '' ? '' : `${directory}/`;
    const name = nxProjectName(await text(`${prefix}project.json`), await text(`${prefix}package.json`));
    if (name !== undefined) names.set(directory, name);
  }
  return names;
}

/** The configured components' roots, by name; a config whose components are not `{name: {path}}` is refused. */
function configuredRoots(document: JsonValue, display: string): NamedPath[] {
  const components = isJsonObject(document) ? document.get('components') : undefined;
  if (!isJsonObject(components)) {
    throw new BoundverError('BOUNDVER_CONFIG_INVALID', `Config ${display} has no "components" object to compare with; fix it, or discover without --diff-config.`);
  }
  const rows: NamedPath[] = [];
  for (const [name, component] of components) {
    const path = isJsonObject(component) ? component.get('path') : undefined;
    if (typeof path !== 'string' || declaredPathProblem(path) !== null) {
      throw new BoundverError('BOUNDVER_CONFIG_INVALID', `Configured component ${JSON.stringify(name)} in ${display} has no valid "path"; fix it, then compare again.`);
    }
    rows.push({ name, path: path.endsWith('/') ? path.slice(0, -1) : path });
  }
  return rows.sort((a, b) => compareCodePoints(a.name, b.name));
}

function compareWithConfig(discovered: readonly DiscoveredComponent[], configured: readonly NamedPath[], display: string): DiscoveryConfigDiff {
  const byPath = new Map<string, string[]>();
  for (const row of configured) byPath.set(row.path, [...(byPath.get(row.path) ?? []), row.name]);
  const registered: RegisteredDiscovery[] = [];
  const unregistered: NamedPath[] = [];
  const discoveredPaths = new Set<string>();
  for (const component of [...discovered].sort((a, b) => compareCodePoints(a.name, b.name))) {
    discoveredPaths.add(component.path);
    const names = byPath.get(component.path);
    if (names === undefined) unregistered.push({ name: component.name, path: component.path });
    else registered.push({ discoveredName: component.name, path: component.path, configuredNames: [...names].sort(compareCodePoints) });
  }
  const notDiscovered = configured.filter((row) => !discoveredPaths.has(row.path));
  return { config: display, registered, unregistered, notDiscovered };
}

/**
 * Proposes components from the tracked package manifests of the working tree (what
 * `boundver discover` prints and `boundver init --discover` writes; see `discoverComponents`),
 * leaving out `exclude`d prefixes, and with `diffConfig` compares them with a config's component
 * roots. Reads one working-tree snapshot: an untracked manifest proposes nothing. Throws
 * `BOUNDVER_USAGE` for a bad exclusion or an unaddressable name, the config errors of
 * `loadConfigFromSource` for `diffConfig`.
 */
export async function discoverRepository(options: DiscoverRepositoryOptions): Promise<DiscoverRepositoryResult> {
  const excluded = normalizeDiscoveryExclusions(options.exclude ?? []);
  const snapshot = await captureOperationSource(options.cwd, 'working-tree');
  try {
    const paths = snapshot.entries.map((entry) => entry.path).filter((path) => !isExcluded(path, excluded));
    // Only a workspace that tracks a tsconfig would get typescript-api; others need no compiler look-up.
    const typescriptWithoutApi = tracksTypescriptConfig(paths) ? installedTypescriptWithoutApi(snapshot.root) : null;
    const discoverOptions = { rootName: basename(snapshot.root), projectNames: await declaredProjectNames(snapshot, paths), typescriptWithoutApi };
    const components = discoverComponents(paths, discoverOptions);
    const fallbacks = typescriptWithoutApi === null ? [] : components.filter(isTypescriptEntryFallback).map((component) => component.name);
    const notes = fallbacks.length === 0 ? [] : [typescriptWithoutApiNote(typescriptWithoutApi!, fallbacks)];
    const untrackedHint = components.length === 0 ? await untrackedComponentsHint(snapshot.root, paths, excluded, discoverOptions) : '';
    let configDiff: DiscoveryConfigDiff | null = null;
    if (options.diffConfig !== undefined) {
      const loaded = await loadConfigFromSource(snapshot, options.diffConfig === true ? undefined : options.diffConfig);
      configDiff = compareWithConfig(components, configuredRoots(loaded.document, loaded.file.display), loaded.file.display);
    }
    return { root: snapshot.root, components, excluded, configDiff, untrackedHint, notes };
  } finally {
    await snapshot.close();
  }
}

/** Manifest names discovery reads, for naming the one an untracked component was found by. */
const MANIFEST_NAMES = ['package.json', 'pyproject.toml', 'Cargo.toml', 'go.mod'];

/**
 * When discovery over the tracked files found nothing: the components the untracked (not
 * ignored) files would have given, named by their manifests, and what to do. A library just
 * generated (`nx g @nx/js:lib packages/calc`) is on disk and not yet added; discovery only reads
 * tracked files, because every later command reads a git snapshot and would not see it either.
 * '' when the untracked files would not give a component either.
 */
async function untrackedComponentsHint(root: string, tracked: readonly string[], excluded: readonly string[], discoverOptions: Parameters<typeof discoverComponents>[1]): Promise<string> {
  const untracked = (await untrackedFiles(root)).filter((path) => !isExcluded(path, excluded));
  if (untracked.length === 0) return '';
  const untrackedSet = new Set(untracked);
  const found = discoverComponents([...tracked, ...untracked], discoverOptions);
  const manifests: string[] = [];
  const directories: string[] = [];
  for (const component of found) {
    const prefix = component.path === '' ? '' : `${component.path}/`;
    const manifest = MANIFEST_NAMES.map((name) => `${prefix}${name}`).find((path) => untrackedSet.has(path));
    manifests.push(manifest ?? `${prefix}(its files)`);
    directories.push(component.path === '' ? '.' : component.path);
  }
  if (manifests.length === 0) return '';
  const shown = manifests.length > 5 ? `${manifests.slice(0, 5).join(', ')} and ${manifests.length - 5} more` : manifests.join(', ');
  const add = directories.length > 5 ? 'git add -A' : `git add ${directories.join(' ')}`;
  return `found ${shown}, but ${manifests.length === 1 ? 'it is' : 'they are'} not tracked: git add ${manifests.length === 1 ? 'it' : 'them'} (\`${add}\`), then run \`boundver init --discover\` again (boundver reads only what git tracks).`;
}
