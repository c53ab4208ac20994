import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { SurfError } from '../errors.js';
import { CURRENT_RECIPE, type Recipe } from '../hash/stamp.js';

/** File name of the workspace configuration; its directory is the workspace root. */
export const SURF_CONFIG_FILE = 'surf.toml';

/** `hubs` when `surf.toml` does not set it (spec §6). */
export const DEFAULT_HUB_GLOBS: readonly string[] = Object.freeze(['hubs/*.md']);

/** The keys of `surf.toml`, with defaults applied. Globs and directories are root-relative, `/`-separated. */
export interface SurfConfigValues {
  /** Hub globs (default `["hubs/*.md"]`). */
  readonly hubs: readonly string[];
  /** OKF bundle directories; each contributes `<dir>/**\/*.md` (default `[]`). */
  readonly bundles: readonly string[];
  /**
   * `recipe = 2 | 3`: the recipe new stamps are written under; absent means the current one (3).
   * `2` keeps a workspace shared with the reference surf readable by it.
   */
  readonly recipe?: Recipe;
}

/** The recipe `surf verify` writes new stamps under in a workspace. */
export function writeRecipe(config: Pick<SurfConfigValues, 'recipe'>): Recipe {
  return config.recipe ?? CURRENT_RECIPE;
}

/** A loaded workspace configuration. */
export interface SurfConfig extends SurfConfigValues {
  /** Absolute path of the workspace root (the directory holding `surf.toml`). */
  readonly root: string;
  /** Absolute path of `surf.toml`. */
  readonly configPath: string;
}

const KNOWN_KEYS = ['hubs', 'bundles', 'recipe'] as const;

/**
 * Parses `surf.toml` text strictly: only `hubs` and `bundles` (arrays of strings) and `recipe`
 * (2 or 3) are allowed.
 * Throws `SURF_BAD_CONFIG` with a message starting `invalid surf.toml: `.
 */
export function parseSurfConfig(text: string): SurfConfigValues {
  let table: Record<string, unknown>;
  try {
    table = parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new SurfError('SURF_BAD_CONFIG', `invalid surf.toml: ${tomlProblem(error)}`, { cause: error });
  }
  for (const key of Object.keys(table)) {
    if (!(KNOWN_KEYS as readonly string[]).includes(key)) {
      throw new SurfError('SURF_BAD_CONFIG', `invalid surf.toml: unknown field \`${key}\`, expected \`hubs\`, \`bundles\` or \`recipe\``);
    }
  }
  const recipe = recipeSetting(table);
  return {
    hubs: stringList(table, 'hubs') ?? DEFAULT_HUB_GLOBS,
    bundles: stringList(table, 'bundles') ?? [],
    ...(recipe !== undefined ? { recipe } : {}),
  };
}

/** `recipe = 2` or `recipe = 3` (a TOML integer); anything else is a configuration error. */
function recipeSetting(table: Record<string, unknown>): Recipe | undefined {
  if (!Object.hasOwn(table, 'recipe')) return undefined;
  const value = table['recipe'];
  const number = typeof value === 'bigint' ? Number(value) : value;
  if (number === 2) return 'v2';
  if (number === 3) return 'v3';
  throw new SurfError(
    'SURF_BAD_CONFIG',
    `invalid surf.toml: \`recipe\` must be 2 or 3 (the hash recipe new stamps are written under), got ${JSON.stringify(typeof value === 'bigint' ? Number(value) : value) ?? String(value)}; use recipe = 2 only for a workspace shared with the reference surf`,
  );
}

/**
 * Finds the workspace root: `startDir` or its nearest ancestor that contains a `surf.toml` file.
 * Throws `SURF_NO_CONFIG` ("no surf.toml found in <dir> or any parent directory; …").
 */
export async function findWorkspaceRoot(startDir: string): Promise<string> {
  const start = resolve(startDir);
  for (let dir = start; ; ) {
    if (await isFile(join(dir, SURF_CONFIG_FILE))) return dir;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new SurfError(
    'SURF_NO_CONFIG',
    `no surf.toml found in ${start} or any parent directory; run \`surf init\` in the workspace root to create one`,
  );
}

/** Discovers (from `startDir` upwards), reads and parses `surf.toml`. */
export async function loadSurfConfig(startDir: string): Promise<SurfConfig> {
  const root = await findWorkspaceRoot(startDir);
  const configPath = join(root, SURF_CONFIG_FILE);
  return { root, configPath, ...(await readSurfConfigFile(configPath)) };
}

/** Reads and parses the surf.toml at `configPath`; unreadable or invalid is `SURF_BAD_CONFIG`. */
export async function readSurfConfigFile(configPath: string): Promise<SurfConfigValues> {
  let text: string;
  try {
    text = await readFile(configPath, 'utf8');
  } catch (error) {
    throw new SurfError('SURF_BAD_CONFIG', `invalid surf.toml: cannot read ${configPath}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return parseSurfConfig(text);
}

function stringList(table: Record<string, unknown>, key: string): string[] | undefined {
  if (!Object.hasOwn(table, key)) return undefined;
  const value = table[key];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    const example = key === 'hubs' ? '["hubs/*.md"]' : '["docs"]';
    throw new SurfError('SURF_BAD_CONFIG', `invalid surf.toml: \`${key}\` must be an array of strings, e.g. ${key} = ${example}`);
  }
  return [...value];
}

function tomlProblem(error: unknown): string {
  if (!(error instanceof TomlError)) return String(error);
  const first = error.message.split('\n', 1)[0].replace(/^Invalid TOML document: /, '');
  return `${first} at line ${error.line}, column ${error.column}`;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
