import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { writeFileDurably } from '@driftgate/git';
import { SurfError } from '../errors.js';
import { findWorkspaceRoot, parseSurfConfig, readSurfConfigFile, SURF_CONFIG_FILE, type SurfConfigValues } from '../workspace/config.js';
import { hubDirectory } from '../workspace/hub-directory.js';
import { DEFAULT_SURF_TOML } from '../workspace/new-hub-template.js';
import { createFileExclusive, ensureDirectoryInside, pathExists } from './new-hub.js';

/** What `surf init` did; running it again reports everything as kept. */
export interface InitResult {
  /** Absolute workspace root: the directory `surf init` ran in. */
  readonly root: string;
  /** `created` when `surf.toml` was written; `kept` when one already existed (never modified). */
  readonly config: 'created' | 'kept';
  /** Root-relative POSIX hub directory (`hubs` for a fresh config). */
  readonly hubsDir: string;
  /** Whether the hub directory was created by this run. */
  readonly hubsDirCreated: boolean;
  /**
   * When this run created a workspace inside another one: the enclosing workspace's root
   * (absolute). Commands run below `root` now use this workspace only, so the outer one's claims
   * are no longer checked from there.
   */
  readonly enclosing: string | undefined;
  /**
   * What this run did to the root's `.gitignore` so the fallback result-cache directory
   * (`.surf-cache/`) is never committed: `created` it, `updated` it (appended the line), or
   * `kept` it (it already ignores that directory).
   */
  readonly gitignore: 'created' | 'updated' | 'kept';
}

/**
 * `surf init` (spec §7.1): makes `dir` a workspace root. Writes `surf.toml` with
 * `hubs = ["hubs/*.md"]` unless one exists (an existing file is left byte-for-byte alone, but
 * must parse: a broken one is reported as `SURF_BAD_CONFIG`), then creates the directory new hubs
 * go to (`hubs/`, or the one the existing config's first `hubs` glob names). Idempotent.
 */
export async function initWorkspace(dir: string): Promise<InitResult> {
  const root = resolve(dir);
  const configPath = join(root, SURF_CONFIG_FILE);
  let config: InitResult['config'] = 'kept';
  let values: SurfConfigValues;
  let defaultDirCreated = false;
  if (await pathExists(configPath)) {
    values = await readSurfConfigFile(configPath);
  } else {
    values = parseSurfConfig(DEFAULT_SURF_TOML);
    // The hub directory first: when it cannot be made, no surf.toml is left behind pointing at it.
    defaultDirCreated = await ensureDirectoryInside(root, hubDirectory(values));
    try {
      await createFileExclusive(configPath, DEFAULT_SURF_TOML, SURF_CONFIG_FILE);
      config = 'created';
    } catch (error) {
      // Another process created it in the meantime: keep theirs.
      if (!(error instanceof SurfError && (await pathExists(configPath)))) throw error;
      values = await readSurfConfigFile(configPath);
    }
  }
  const hubsDir = hubDirectory(values);
  const hubsDirCreated = (await ensureDirectoryInside(root, hubsDir)) || defaultDirCreated;
  const enclosing = config === 'created' && dirname(root) !== root ? await findWorkspaceRoot(dirname(root)).catch(() => undefined) : undefined;
  const gitignore = await ignoreCacheDirectory(root);
  return { root, config, hubsDir, hubsDirCreated, enclosing, gitignore };
}

const CACHE_LINE = '.surf-cache/';

/**
 * Adds `.surf-cache/` to the root's `.gitignore` unless a line already ignores it (with or
 * without the leading or trailing slash). Added even where `node_modules` holds the cache today:
 * the fallback takes over as soon as `node_modules` is gone, and one ignored line costs nothing.
 * Every other byte of the file stays; the write is atomic.
 */
async function ignoreCacheDirectory(root: string): Promise<InitResult['gitignore']> {
  const path = join(root, '.gitignore');
  let text: string | undefined;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== undefined && text.split(/\r?\n/).some((line) => /^\/?\.surf-cache\/?\s*$/.test(line))) return 'kept';
  const next = text === undefined || text === '' ? `${CACHE_LINE}\n` : `${text}${text.endsWith('\n') ? '' : '\n'}${CACHE_LINE}\n`;
  await writeFileDurably(path, next);
  return text === undefined ? 'created' : 'updated';
}
