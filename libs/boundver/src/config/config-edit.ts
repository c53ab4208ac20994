import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from '@driftgate/git';
import { configFormatOf, parseConfigDocument } from './config-parse.js';
import { CONFIG_NAMES, DEFAULT_CONFIG_NAME } from './config-types.js';
import { componentNameProblem, validateConfig } from './config-validate.js';
import { isGlobPattern, normalizeDeclaredPath } from '../paths/declared-path.js';
import { BoundverError } from '../errors.js';
import { componentDocument, configText } from '../operations/init-config.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../formats/json-value.js';
import { MAX_CONFIG_BYTES } from '../limits.js';
import { readDiskFile, resolveRepoFile, type RepoFile } from '../source/operation-source.js';
import { writeFileAtomic } from '../source/write-file-atomic.js';

/** Options shared by {@link addComponent} and {@link removeComponent}. */
export interface ConfigEditOptions {
  cwd: string;
  /** Config file (relative to the repository root). Default `boundary.config.json`, then its fallbacks; only JSON can be edited. */
  config?: string;
}

export interface AddComponentOptions extends ConfigEditOptions {
  name: string;
  /** Repository-relative component directory (`\` is read as `/`, a trailing `/` dropped). */
  path: string;
  /** Boundary provider. Default `implicit`. */
  provider?: string;
  /** Component-relative boundary declarations, in the order given. */
  paths?: readonly string[];
}

export interface RemoveComponentOptions extends ConfigEditOptions {
  name: string;
}

/** What an edit wrote. */
export interface ConfigEditResult {
  readonly file: RepoFile;
  readonly name: string;
  /** The component path written (add) or removed (remove). */
  readonly path: string;
  /** Explicit slices the removed component was dropped from (remove only), in config order. */
  readonly slicesUpdated: string[];
}

interface EditableConfig {
  readonly root: string;
  readonly file: RepoFile;
  readonly document: JsonObject;
}

const issueList = (issues: readonly string[]): string => issues.map((issue) => `  - ${issue}`).join('\n');

/**
 * The config on disk, parsed and valid, ready to edit: the explicit file, or the default name
 * and its fallbacks. Only `.json` configs are edited (YAML/TOML comments and layout could not
 * survive a rewrite).
 */
async function loadEditableConfig(options: ConfigEditOptions, command: string): Promise<EditableConfig> {
  const root = await findRepoRoot(options.cwd);
  const names = options.config === undefined ? CONFIG_NAMES : [options.config];
  let file: RepoFile | null = null;
  let bytes: Buffer | null = null;
  for (const name of names) {
    const candidate = resolveRepoFile(root, name);
    bytes = readDiskFile(candidate.absolute, MAX_CONFIG_BYTES + 1);
    if (bytes !== null) {
      file = candidate;
      break;
    }
  }
  if (file === null || bytes === null) {
    throw new BoundverError('BOUNDVER_CONFIG_NOT_FOUND', `Config file not found: ${options.config ?? DEFAULT_CONFIG_NAME}. Create one with \`boundver init\`, or pass --config.`);
  }
  if (configFormatOf(file.display) !== 'json') {
    throw new BoundverError('BOUNDVER_USAGE', `\`boundver ${command}\` only writes JSON configs; ${file.display} is not one. Edit your YAML/TOML config by hand.`);
  }
  const document = parseConfigDocument(bytes, file.display);
  const { issues } = validateConfig(document, { requireSliceFacets: false });
  if (issues.length > 0 || !isJsonObject(document)) {
    throw new BoundverError('BOUNDVER_CONFIG_INVALID', `Config is invalid (${file.display}); fix it before editing it with \`boundver ${command}\`:\n${issueList(issues)}`, { details: issues });
  }
  return { root, file, document };
}

/** The components map of a validated document. */
function componentsOf(document: JsonObject): JsonObject {
  return document.get('components') as JsonObject;
}

/**
 * The normalized component path of `boundver add`, or the reason it cannot be one. Backslashes
 * are read as separators (a Windows shell's spelling) and trailing `/` dropped.
 */
function addedComponentPath(raw: string): string {
  const path = raw.replace(/\\/g, '/').replace(/\/+$/, '');
  const segments = path.split('/');
  if (path === '' || path.startsWith('/') || /^[A-Za-z]:/.test(path) || segments.includes('..')) {
    throw new BoundverError('BOUNDVER_USAGE', `Invalid component path ${JSON.stringify(raw)}: pass a directory relative to the repository root, without '..'.`);
  }
  return path;
}

/**
 * `boundver add`: appends a component (`path`, `version_source: null`, `boundary: {provider,
 * paths}`) to the JSON config, keeping every other key and its order, and writes it atomically
 * (2-space JSON). Refuses an unaddressable or duplicate name, a config that is invalid before or
 * would be invalid after, a component directory missing on disk, and literal boundary paths
 * missing under it (`BOUNDVER_USAGE` / `BOUNDVER_CONFIG_INVALID`); nothing is written then.
 */
export async function addComponent(options: AddComponentOptions): Promise<ConfigEditResult> {
  const { root, file, document } = await loadEditableConfig(options, 'add');
  const problem = componentNameProblem(options.name);
  if (problem !== null) {
    throw new BoundverError(
      'BOUNDVER_USAGE',
      `Component name ${JSON.stringify(options.name)} is not addressable: it ${problem}. Rename it so --components filters can select it unambiguously.`,
    );
  }
  const components = componentsOf(document);
  if (components.has(options.name)) {
    throw new BoundverError('BOUNDVER_USAGE', `Component '${options.name}' already exists in ${file.display}; choose another name, or remove it first with \`boundver remove ${options.name}\`.`);
  }
  const path = addedComponentPath(options.path);
  const provider = options.provider ?? 'implicit';
  const paths = [...(options.paths ?? [])];
  components.set(options.name, componentDocument(path, provider, paths));
  const { issues } = validateConfig(document, { requireSliceFacets: false });
  // Declarations that name files which do not exist would only fail later, at generation.
  if (issues.length === 0) {
    const directory = join(root, ...path.split('/'));
    if (!existsSync(directory)) issues.push(`Component '${options.name}' path not found: ${path}; create it (or fix the path) before adding the component`);
    else {
      for (const declaration of paths) {
        const normalized = normalizeDeclaredPath(declaration);
        if (isGlobPattern(normalized)) continue;
        if (!existsSync(join(directory, ...normalized.split('/')))) {
          issues.push(`Component '${options.name}' boundary path not found: ${path}/${normalized}; ensure the file exists before running generate`);
        }
      }
    }
  }
  if (issues.length > 0) {
    throw new BoundverError(
      'BOUNDVER_CONFIG_INVALID',
      `Adding '${options.name}' would leave an invalid config; nothing was written:\n${issueList(issues)}\nCorrect the component path, provider or boundary paths and retry.`,
      { details: issues },
    );
  }
  await writeFileAtomic(file.absolute, configText(document));
  return { file, name: options.name, path, slicesUpdated: [] };
}

/**
 * `boundver remove`: deletes a component from the JSON config and drops it from explicit slice
 * member lists (a `closure_of` seed or a consumer edge naming it is left for the user to repair:
 * the result is then invalid and refused). Writes atomically, keeping everything else.
 */
export async function removeComponent(options: RemoveComponentOptions): Promise<ConfigEditResult> {
  const { file, document } = await loadEditableConfig(options, 'remove');
  const components = componentsOf(document);
  const removed = components.get(options.name);
  if (removed === undefined) {
    const known = [...components.keys()];
    throw new BoundverError('BOUNDVER_USAGE', `Component '${options.name}' not found in ${file.display}. Known components: ${known.join(', ')}.`);
  }
  components.delete(options.name);
  const slicesUpdated: string[] = [];
  const slices = document.get('slices');
  if (isJsonObject(slices)) {
    for (const [sliceName, slice] of slices) {
      if (!isJsonObject(slice)) continue;
      const members = slice.get('components');
      if (!Array.isArray(members) || !members.includes(options.name)) continue;
      slice.set('components', members.filter((member: JsonValue) => member !== options.name));
      slicesUpdated.push(sliceName);
    }
  }
  const { issues } = validateConfig(document, { requireSliceFacets: false });
  if (issues.length > 0) {
    throw new BoundverError(
      'BOUNDVER_CONFIG_INVALID',
      `Removing '${options.name}' would leave an invalid config; nothing was written:\n${issueList(issues)}\nUpdate the consumers and closure slices that name it (or keep at least one component), then retry.`,
      { details: issues },
    );
  }
  await writeFileAtomic(file.absolute, configText(document));
  const path = isJsonObject(removed) && typeof removed.get('path') === 'string' ? (removed.get('path') as string) : '';
  return { file, name: options.name, path, slicesUpdated };
}
