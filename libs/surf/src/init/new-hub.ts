import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, realpath, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, posix, relative, sep } from 'node:path';
import { SurfError } from '../errors.js';
import type { SurfConfig } from '../workspace/config.js';
import { newHubPath, newHubTemplate } from '../workspace/new-hub-template.js';

/** What `surf new` created. */
export interface NewHubResult {
  /** Root-relative POSIX path of the new hub, e.g. `hubs/auth.md`. */
  readonly path: string;
  /** Absolute path of the new hub. */
  readonly absolutePath: string;
}

/**
 * `surf new <name>` (spec §7.2): writes the lint-clean hub template to `<hub dir>/<name>.md`,
 * where the hub dir follows from the first `hubs` glob (created when missing).
 *
 * Throws `SURF_BAD_HUB_NAME` for a name that cannot be a file name, and `SURF_IO` when the file
 * already exists (`<path> already exists`, nothing is overwritten), when the hub directory would
 * lie outside the workspace (a symlink pointing elsewhere), or when writing fails.
 */
export async function createHub(config: Pick<SurfConfig, 'root' | 'hubs'>, name: string): Promise<NewHubResult> {
  const path = newHubPath(config, name);
  const absolutePath = join(config.root, ...path.split('/'));
  await ensureDirectoryInside(config.root, posix.dirname(path));
  await createFileExclusive(absolutePath, newHubTemplate(name), path);
  return { path, absolutePath };
}

/**
 * Creates `relDir` (root-relative POSIX, `.` for the root) below `root` unless it exists, after
 * checking that its deepest existing ancestor resolves inside the root, so a symlinked directory
 * can never send a write outside the workspace. Returns whether a directory was created.
 */
export async function ensureDirectoryInside(root: string, relDir: string): Promise<boolean> {
  const parts = relDir === '.' || relDir === '' ? [] : relDir.split('/');
  const realRoot = await realpath(root);
  let existing = root;
  let depth = 0;
  for (; depth < parts.length; depth++) {
    const next = join(existing, parts[depth]!);
    if (!(await pathExists(next))) break;
    existing = next;
  }
  let resolved: string;
  try {
    resolved = await realpath(existing);
  } catch (error) {
    throw new SurfError('SURF_IO', `cannot resolve ${existing}: ${reason(error)}`, { cause: error });
  }
  const inside = relative(realRoot, resolved);
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    throw new SurfError(
      'SURF_IO',
      `${relDir} resolves to ${resolved}, outside the workspace root ${realRoot}; point the first \`hubs\` glob in surf.toml at a directory inside the workspace`,
    );
  }
  const target = join(root, ...parts);
  try {
    const created = await mkdir(target, { recursive: true });
    return created !== undefined;
  } catch (error) {
    const what = (error as NodeJS.ErrnoException).code === 'EEXIST' ? 'a file with that name is in the way' : reason(error);
    throw new SurfError('SURF_IO', `cannot create the directory ${relDir}: ${what}`, { cause: error });
  }
}

/**
 * Writes a new file atomically without ever replacing an existing one: the bytes go to a temp
 * file in the same directory, which is then hard-linked into place (`link` fails if the name is
 * taken) and removed. Throws `SURF_IO` with `<display> already exists` when the name is taken.
 */
export async function createFileExclusive(absolutePath: string, text: string, display: string): Promise<void> {
  if (await pathExists(absolutePath)) throw alreadyExists(display);
  const temp = join(dirname(absolutePath), `.${basename(absolutePath)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(temp, absolutePath);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw alreadyExists(display);
      // File systems without hard links: an exclusive create still never clobbers.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
      const handle = await open(absolutePath, 'wx', 0o644).catch((e: unknown) => {
        throw (e as NodeJS.ErrnoException).code === 'EEXIST' ? alreadyExists(display) : e;
      });
      try {
        await handle.writeFile(text, 'utf8');
      } finally {
        await handle.close();
      }
    }
  } catch (error) {
    if (error instanceof SurfError) throw error;
    throw new SurfError('SURF_IO', `cannot write ${display}: ${reason(error)}`, { cause: error });
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

function alreadyExists(display: string): SurfError {
  return new SurfError('SURF_IO', `${display} already exists; pick another name, or edit that hub`);
}

/** Whether anything (a dangling symlink included) is at `path`; other lstat failures are `SURF_IO`. */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new SurfError('SURF_IO', `cannot inspect ${path}: ${reason(error)}`, { cause: error });
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
