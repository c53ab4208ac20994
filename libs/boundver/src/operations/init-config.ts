import { lstatSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { findRepoRoot } from '@driftgate/git';
import { configFormatOf, parseConfigDocument } from '../config/config-parse.js';
import { CONFIG_FALLBACK_NAMES, DEFAULT_CONFIG_NAME } from '../config/config-types.js';
import { validateConfig } from '../config/config-validate.js';
import type { DiscoveredComponent } from './discover-components.js';
import { discoverRepository } from './discover-repository.js';
import { BoundverError } from '../errors.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../formats/json-value.js';
import { MAX_CONFIG_BYTES } from '../limits.js';
import { readDiskFile, resolveRepoFile, type RepoFile } from '../source/operation-source.js';
import { pythonJsonDumps } from '../formats/python-json.js';
import { writeFileAtomic } from '../source/write-file-atomic.js';

/**
 * `$schema` of a starter config: the published config schema of the reference release line this
 * contract follows (editors fetch it for completion; the digest ignores the key).
 */
export const STARTER_CONFIG_SCHEMA_URL = 'https://raw.githubusercontent.com/yzm1/boundver/v0.14.1/boundary.config.schema.json';

/** Options of {@link initConfig}; `out` is taken relative to the repository root. */
export interface InitConfigOptions {
  cwd: string;
  /** Config to write. Default `boundary.config.json`; must end in `.json`. */
  out?: string;
  /** Replace an existing file. */
  force?: boolean;
  /** Propose components from the tracked package manifests instead of one example component. */
  discover?: boolean;
}

/** What {@link initConfig} wrote. */
export interface InitConfigResult {
  readonly file: RepoFile;
  /** Component names written, in config order. */
  readonly components: string[];
  readonly discovered: boolean;
  /** True when an existing file was replaced (`force`). */
  readonly replaced: boolean;
  /**
   * True when an existing config that declared no components was filled with the discovered
   * ones, keeping its other keys (what `nx g @driftgate/nx:init` writes is such a config).
   */
  readonly filled: boolean;
  /** Discovery's notes on its proposals (see `DiscoverRepositoryResult.notes`), one line each. */
  readonly notes: string[];
}

/**
 * Config text as the reference writes configs: `json.dumps(indent=2)` (ASCII escapes, keys in
 * their order) plus a newline, refused past the 10 MiB config limit.
 */
export function configText(document: JsonValue): string {
  try {
    return `${pythonJsonDumps(document, { indent: 2, ensureAscii: true, maxBytes: MAX_CONFIG_BYTES - 1 })}\n`;
  } catch (cause) {
    if (cause instanceof BoundverError && cause.code === 'BOUNDVER_JSON_TOO_LARGE') {
      throw new BoundverError('BOUNDVER_CONFIG_TOO_LARGE', `Config output exceeds the ${MAX_CONFIG_BYTES}-byte limit; nothing was written. Reduce components, slices or providers.`, { cause });
    }
    throw cause;
  }
}

/** The config object of one discovered component (the shape `boundver add` writes too). */
export function componentDocument(path: string, provider: string, paths: readonly string[], versionSource: DiscoveredComponent['versionSource'] = null): JsonObject {
  return new Map<string, JsonValue>([
    ['path', path],
    ['version_source', versionSource === null ? null : new Map<string, JsonValue>([['file', versionSource.file], ['field', versionSource.field]])],
    ['boundary', new Map<string, JsonValue>([['provider', provider], ['paths', [...paths]]])],
  ]);
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The existing config when it declares no components yet (`"components": {}`, as
 * `nx g @driftgate/nx:init` writes it), else null: a file that does not parse, has components or
 * lacks the key is not ours to fill.
 */
function emptyConfig(file: RepoFile): JsonObject | null {
  let document: JsonValue;
  try {
    const bytes = readDiskFile(file.absolute, MAX_CONFIG_BYTES + 1);
    if (bytes === null) return null;
    document = parseConfigDocument(bytes, file.display);
  } catch {
    return null;
  }
  if (!isJsonObject(document)) return null;
  const components = document.get('components');
  return isJsonObject(components) && components.size === 0 ? document : null;
}

/**
 * `boundver init`: writes a starter config at the repository root (or `out`), atomically. Refuses
 * an existing file unless `force`, and any extension but `.json`. With `discover` the components
 * come from the package manifests among the tracked files (see `discoverComponents`, which names
 * them after their Nx projects); without it, one `implicit` example component at `src`. An
 * existing config that declares no components is filled by `discover` instead of refused, its
 * other keys kept. Throws `BOUNDVER_USAGE` for those refusals and when discovery finds nothing.
 */
export async function initConfig(options: InitConfigOptions): Promise<InitConfigResult> {
  const name = options.out ?? DEFAULT_CONFIG_NAME;
  if (configFormatOf(name) !== 'json') {
    throw new BoundverError('BOUNDVER_USAGE', `\`boundver init\` only writes JSON configs, not ${name}. Use a .json name such as ${DEFAULT_CONFIG_NAME}, or write a YAML/TOML config by hand.`);
  }
  let root: string;
  let discovered: DiscoveredComponent[] = [];
  let untrackedHint = '';
  let notes: string[] = [];
  if (options.discover) {
    const found = await discoverRepository({ cwd: options.cwd });
    root = found.root;
    discovered = found.components;
    untrackedHint = found.untrackedHint;
    notes = found.notes;
  } else {
    root = await findRepoRoot(options.cwd);
  }
  const file = resolveRepoFile(root, name);
  const replaced = exists(file.absolute);
  const empty = replaced && !options.force ? emptyConfig(file) : null;
  const filled = empty !== null && options.discover === true;
  if (replaced && !options.force && !filled) {
    const hint = empty !== null ? 'It declares no components yet: fill it with `boundver init --discover` or `boundver add`, or pass --force to overwrite it.' : 'Pass --force to overwrite it, or edit it with `boundver add` / `boundver remove`.';
    throw new BoundverError('BOUNDVER_USAGE', `Config already exists: ${file.display}. ${hint}`);
  }
  // Without boundary.config.json the commands read a YAML or TOML config; a new JSON one would
  // quietly take its place.
  const shadowed = name === DEFAULT_CONFIG_NAME && !replaced ? CONFIG_FALLBACK_NAMES.find((fallback) => exists(resolveRepoFile(root, fallback).absolute)) : undefined;
  if (shadowed !== undefined && !options.force) {
    throw new BoundverError(
      'BOUNDVER_USAGE',
      `Config already exists: ${shadowed}, which the commands read while there is no ${DEFAULT_CONFIG_NAME}. Edit it, or pass --force to write ${DEFAULT_CONFIG_NAME}, which then takes its place.`,
    );
  }
  if (options.discover && discovered.length === 0) {
    throw new BoundverError(
      'BOUNDVER_USAGE',
      untrackedHint !== ''
        ? `No tracked component could be discovered: ${untrackedHint}`
        : 'No tracked component could be discovered: no package.json, pyproject.toml, Cargo.toml or go.mod outside dependency and build directories (a repository-root manifest also needs a tracked src/, lib/, app/ or single Python package directory). Run `boundver init` without --discover and edit the example component.',
    );
  }
  const components: JsonObject = new Map();
  if (options.discover) {
    for (const component of discovered) components.set(component.name, componentDocument(component.path, component.provider, component.paths, component.versionSource));
  } else {
    components.set('example-component', componentDocument('src', 'implicit', []));
  }
  const document: JsonObject =
    empty !== null && filled
      ? new Map([...empty].map(([key, value]) => [key, key === 'components' ? components : value]))
      : new Map<string, JsonValue>([
          ['$schema', STARTER_CONFIG_SCHEMA_URL],
          ['project', basename(root)],
          ['defaults', new Map<string, JsonValue>([['compat_mode', 'major']])],
          ['components', components],
        ]);
  const { issues } = validateConfig(document, { requireSliceFacets: false });
  if (issues.length > 0) {
    const what = filled ? `${file.display} filled with the discovered components` : 'The starter config';
    throw new BoundverError('BOUNDVER_CONFIG_INVALID', `${what} would be invalid; nothing was written:\n${issues.map((issue) => `  - ${issue}`).join('\n')}\nRename the offending directory or write the config by hand.`, {
      details: issues,
    });
  }
  const text = configText(document);
  await mkdir(dirname(file.absolute), { recursive: true });
  await writeFileAtomic(file.absolute, text);
  return { file, components: [...components.keys()], discovered: options.discover === true, replaced: replaced && !filled, filled, notes };
}
