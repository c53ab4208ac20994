import { componentNameProblem } from '../config/config-validate.js';
import { BoundverError } from '../errors.js';
import { compareCodePoints, lowerBound } from '../formats/string-order.js';

/** A component proposed from a package manifest, in the shape the config writes it. */
export interface DiscoveredComponent {
  readonly name: string;
  /** Repository-relative directory. */
  readonly path: string;
  /** The manifest's version field, or null (go.mod, or a repository-root manifest). */
  readonly versionSource: { readonly file: string; readonly field: string } | null;
  readonly provider: string;
  /** Component-relative boundary declarations (empty for `implicit`). */
  readonly paths: string[];
}

/** Options of {@link discoverComponents}. */
export interface DiscoverOptions {
  /**
   * Name of a component found through a repository-root manifest when the root declares no
   * project name (the repository's directory name).
   */
  readonly rootName: string;
  /**
   * The Nx project name declared in a manifest directory (see `nxProjectName`), by
   * repository-relative directory, '' for the root. A component is named after its project so
   * that `nx run <project>:verify-boundary` and `boundver verify --components <project>` name the
   * same thing; a directory without one, or whose name is not a valid component name, gives its
   * directory name instead.
   */
  readonly projectNames?: ReadonlyMap<string, string>;
  /** Most components proposed before failing closed. Default 1,000. */
  readonly maxComponents?: number;
  /**
   * The version of the workspace's installed `typescript` when it has no compiler API
   * (`installedTypescriptWithoutApi`): TypeScript entry points then get `signatures`, which needs
   * no compiler, instead of a `typescript-api` that could never run.
   */
  readonly typescriptWithoutApi?: string | null;
}

/** Manifests looked for, in the order they are considered, with their version field. */
const MANIFESTS: ReadonlyArray<readonly [string, string | null]> = [
  ['package.json', 'version'],
  ['pyproject.toml', 'project.version'],
  ['Cargo.toml', 'package.version'],
  ['go.mod', null],
];

/** Directories never proposed and never searched for manifests (build output, dependencies, environments). */
const IGNORED_DIRECTORIES = new Set(['.git', 'node_modules', '__pycache__', '.venv', 'venv', 'dist', 'build', 'vendor']);

/** Conventional source roots a repository-root manifest is mapped to (a root component would hash its own lock). */
const CONVENTIONAL_ROOTS = ['src', 'lib', 'app'];

/** A Python package beside a `pyproject.toml`: `<pkg>/__init__.py` or `src/<pkg>/__init__.py`. */
const PACKAGE_INIT = /^(?:src\/)?[^/]+\/__init__\.py$/;

/** The TypeScript entry points that propose an API-surface boundary, in order of preference. */
const TYPESCRIPT_ENTRIES: readonly string[] = ['src/index.ts', 'index.ts'];

const OPENAPI_NAMES = ['openapi.yaml', 'openapi.yml', 'openapi.json', 'swagger.yaml', 'swagger.json'];
const JSON_BOUNDARY_NAMES = ['boundary.json', 'schema.json', 'api.json'];

function dirnameOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function basenameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Segment-wise order (as paths compare part by part), so `a/b` sorts before `a-b/c`. */
function compareBySegments(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const order = compareCodePoints(left[index], right[index]);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

/**
 * The boundary a component's own files suggest, most specific first: an OpenAPI document, a
 * JSON schema file; then the API surface of its language — a TypeScript entry point
 * (`src/index.ts`, `index.ts`) gets `typescript-api` when `typescript` is available to the
 * workspace (`compilerAvailable`: a tsconfig is tracked) and `signatures` otherwise; a Python
 * package (`__init__.py`, or a `pyproject.toml` beside `<pkg>/__init__.py`), a Go module (`go.mod`) and a Rust crate (`Cargo.toml` with
 * `src/lib.rs`) get `signatures`, which finds their public symbols itself. Nothing fits:
 * `implicit`, the text boundary.
 */
export function proposeBoundary(files: ReadonlySet<string>, compilerAvailable: boolean): { provider: string; paths: string[] } {
  for (const name of OPENAPI_NAMES) if (files.has(name)) return { provider: 'openapi', paths: [name] };
  const openapiLike = [...files].filter((name) => !name.includes('/') && name.toLowerCase().startsWith('openapi')).sort(compareCodePoints);
  if (openapiLike.length > 0) return { provider: 'openapi', paths: [openapiLike[0]] };
  for (const name of JSON_BOUNDARY_NAMES) if (files.has(name)) return { provider: 'json-file', paths: [name] };
  for (const entry of TYPESCRIPT_ENTRIES) {
    if (files.has(entry)) return { provider: compilerAvailable ? 'typescript-api' : 'signatures', paths: [entry] };
  }
  if (files.has('__init__.py') || (files.has('pyproject.toml') && [...files].some((f) => PACKAGE_INIT.test(f)))) return { provider: 'signatures', paths: [] };
  if (files.has('go.mod')) return { provider: 'signatures', paths: [] };
  if (files.has('Cargo.toml') && files.has('src/lib.rs')) return { provider: 'signatures', paths: [] };
  return { provider: 'implicit', paths: [] };
}

/**
 * The version source a component's own files suggest: the version field of its first manifest in
 * discovery's order (package.json, pyproject.toml, Cargo.toml), or null (go.mod carries no
 * version, or no manifest). A repository-root manifest versions the whole repository, not the
 * component mapped under it: callers give null there.
 */
export function proposeVersionSource(files: ReadonlySet<string>): { file: string; field: string } | null {
  for (const [manifest, field] of MANIFESTS) if (files.has(manifest)) return field === null ? null : { file: manifest, field };
  return null;
}

/**
 * The one line that says why TypeScript entry points were proposed `signatures`: the installed
 * compiler has no API. `components` are those that would otherwise have been `typescript-api`.
 */
export function typescriptWithoutApiNote(version: string, components: readonly string[]): string {
  const which = components.length === 1 ? components[0] : `${components.length} components (${components.join(', ')})`;
  return `proposed the signatures provider for ${which}, not typescript-api: the workspace's typescript ${version} has no compiler API (typescript-api needs typescript 5.x or 6.x)`;
}

/** Whether a proposal is `signatures` for a TypeScript entry point (what `typescript-api` falls back to). */
export function isTypescriptEntryFallback(proposal: { readonly provider: string; readonly paths: readonly string[] }): boolean {
  return proposal.provider === 'signatures' && proposal.paths.length === 1 && TYPESCRIPT_ENTRIES.includes(proposal.paths[0]!);
}

/** Whether the repository tracks a TypeScript config, so `typescript` is the workspace's to load. */
export function tracksTypescriptConfig(paths: Iterable<string>): boolean {
  for (const path of paths) {
    const name = basenameOf(path);
    if (name.startsWith('tsconfig') && name.endsWith('.json') && !ignored(path)) return true;
  }
  return false;
}

/**
 * Where the component of the repository-root manifests lives (one for all of them). With a root
 * `pyproject.toml`, the Python package beside it (`<pkg>/__init__.py` or `src/<pkg>/__init__.py`)
 * if there is exactly one; otherwise the first of `src/`, `lib/`, `app/` with tracked files; else
 * null (root manifests are then skipped). Packages deeper down belong to their own manifests: a
 * root `package.json` of a JS workspace must not claim `services/x/x/`.
 */
function rootManifestDirectory(paths: readonly string[]): string | null {
  if (paths.includes('pyproject.toml')) {
    const packages = new Set<string>();
    for (const path of paths) {
      const parts = path.split('/');
      const besideRoot = parts.length === 2 || (parts.length === 3 && parts[0] === 'src');
      if (besideRoot && parts[parts.length - 1] === '__init__.py' && !path.startsWith('.') && !IGNORED_DIRECTORIES.has(parts[parts.length - 2]!)) {
        packages.add(dirnameOf(path));
      }
    }
    if (packages.size === 1) return [...packages][0]!;
  }
  for (const root of CONVENTIONAL_ROOTS) if (paths.some((path) => path === root || path.startsWith(`${root}/`))) return root;
  return null;
}

function ignored(manifestPath: string): boolean {
  return manifestPath.split('/').some((segment) => IGNORED_DIRECTORIES.has(segment));
}

/**
 * The directories whose manifests {@link discoverComponents} considers ('' for the repository
 * root), sorted: where a caller looks up the declared project names it passes as `projectNames`.
 */
export function manifestDirectories(paths: readonly string[]): string[] {
  const names = new Set(MANIFESTS.map(([manifest]) => manifest));
  const directories = new Set<string>();
  for (const path of paths) if (names.has(basenameOf(path)) && !ignored(path)) directories.add(dirnameOf(path));
  return [...directories].sort(compareBySegments);
}

/**
 * Proposes components from the package manifests (package.json, pyproject.toml, Cargo.toml,
 * go.mod) among `paths`, the repository's tracked files (POSIX, repository-relative). Each
 * manifest directory becomes one component, versioned by the manifest's field, with the boundary
 * its files suggest (see {@link proposeBoundary}). It is named after the Nx project declared there (`projectNames`, e.g.
 * `@ws/calc`; at the root the workspace's name, as the plugin names its workspace-level
 * project), else after the directory (`rootName` at the root); `-2`, `-3`… on clashes. Manifests
 * under dependency or build directories are ignored. Deterministic for a given input. Throws
 * `BOUNDVER_USAGE` when a directory name cannot be a component name, or past `maxComponents`.
 */
export function discoverComponents(paths: readonly string[], options: DiscoverOptions): DiscoveredComponent[] {
  const maxComponents = options.maxComponents ?? 1_000;
  const rootDirectory = rootManifestDirectory(paths);
  const compilerAvailable = tracksTypescriptConfig(paths) && (options.typescriptWithoutApi ?? null) === null;
  // Code-unit order keeps every directory's files in one contiguous range.
  const sorted = [...paths].sort();
  const found: DiscoveredComponent[] = [];
  const names = new Set<string>();
  const seenDirectories = new Set<string>();
  for (const [manifest] of MANIFESTS) {
    const manifests = paths.filter((path) => basenameOf(path) === manifest).sort(compareBySegments);
    for (const manifestPath of manifests) {
      if (ignored(manifestPath)) continue;
      const directory = dirnameOf(manifestPath);
      const atRoot = directory === '';
      const componentPath = atRoot ? rootDirectory : directory;
      if (componentPath === null || seenDirectories.has(componentPath)) continue;
      seenDirectories.add(componentPath);
      const declared = options.projectNames?.get(directory);
      const base = declared !== undefined && componentNameProblem(declared) === null ? declared : atRoot ? options.rootName : basenameOf(directory);
      let name = base;
      for (let suffix = 2; names.has(name); suffix += 1) name = `${base}-${suffix}`;
      const problem = componentNameProblem(name);
      if (problem !== null) {
        throw new BoundverError(
          'BOUNDVER_USAGE',
          `Discovered component name ${JSON.stringify(name)} from path '${componentPath}' ${problem}. Rename the directory, or configure the component by hand under another name.`,
        );
      }
      if (found.length >= maxComponents) {
        throw new BoundverError('BOUNDVER_USAGE', `Component discovery found more than ${maxComponents} components; configure them by hand or discover in a smaller repository.`);
      }
      const prefix = `${componentPath}/`;
      const files = new Set<string>();
      for (let index = lowerBound(sorted, prefix); index < sorted.length && sorted[index].startsWith(prefix); index += 1) files.add(sorted[index].slice(prefix.length));
      const { provider, paths: boundaryPaths } = proposeBoundary(files, compilerAvailable);
      names.add(name);
      found.push({
        name,
        path: componentPath,
        versionSource: atRoot ? null : proposeVersionSource(files),
        provider,
        paths: boundaryPaths,
      });
    }
  }
  return found;
}
