import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SurfError } from '../errors.js';
import { comparePosixPaths } from './compare-paths.js';
import type { SurfConfig } from './config.js';
import { compileWorkspaceGlob, stripDotSlash, type WorkspaceGlob } from './glob-pattern.js';

/** Directories never walked into: version-control internals and installed dependencies. */
const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** The glob a `bundles` entry stands for: every markdown file below it (spec §6). */
export function bundleGlob(dir: string): string {
  const trimmed = stripDotSlash(dir).replace(/\/+$/, '');
  return trimmed === '' || trimmed === '.' ? '**/*.md' : `${trimmed}/**/*.md`;
}

/**
 * Lists the workspace's hub files: the union of the `hubs` globs and the `bundles` directories,
 * as root-relative POSIX paths, de-duplicated and sorted with {@link comparePosixPaths}.
 *
 * Only files are returned. The walk visits only directories a pattern can still match, skips
 * `.git` and `node_modules`, and never follows a symlinked directory; a symlinked file counts
 * when it matches and its target is a regular file, also outside the root, as the reference
 * reads it (`verify` never writes there, see `writeHubIfChanged`). A matching symlink that is
 * dangling or points at something other than a file is `SURF_IO`: dropping it would leave its
 * claims unchecked without a word. Throws `SURF_BAD_GLOB` for an invalid pattern (before
 * touching the disk) and `SURF_IO` when a directory cannot be listed.
 */
export async function discoverHubs(config: Pick<SurfConfig, 'root' | 'hubs' | 'bundles'>): Promise<string[]> {
  const globs = [
    ...config.hubs.map((pattern) => compileWorkspaceGlob(pattern, `\`hubs\` entry`)),
    ...config.bundles.map((dir) => compileWorkspaceGlob(bundleGlob(dir), `from \`bundles\` entry \`${dir}\``)),
  ];
  if (globs.length === 0) return [];
  const walker = new Walker(globs);
  await walker.walk(config.root, '');
  return [...walker.found].sort(comparePosixPaths);
}

class Walker {
  readonly found = new Set<string>();

  constructor(private readonly globs: readonly WorkspaceGlob[]) {}

  async walk(dirAbs: string, dirRel: string): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(dirAbs, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A directory removed while walking is simply gone; anything else would hide hubs silently.
      if (dirRel !== '' && (code === 'ENOENT' || code === 'ENOTDIR')) return;
      throw new SurfError('SURF_IO', `cannot list ${dirAbs} while looking for hubs: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const subdirs: Promise<void>[] = [];
    for (const entry of entries) {
      const rel = dirRel === '' ? entry.name : `${dirRel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && this.globs.some((g) => g.mayContain(rel))) {
          subdirs.push(this.walk(join(dirAbs, entry.name), rel));
        }
      } else if (entry.isFile()) {
        if (this.globs.some((g) => g.matches(rel))) this.found.add(rel);
      } else if (entry.isSymbolicLink() && this.globs.some((g) => g.matches(rel))) {
        const problem = await this.linkProblem(join(dirAbs, entry.name));
        if (problem !== undefined) {
          throw new SurfError('SURF_IO', `hub ${rel} is a symlink ${problem}, so its claims cannot be checked; point it at the hub file, or remove it`);
        }
        this.found.add(rel);
      }
    }
    await Promise.all(subdirs);
  }

  /** Why a matching symlink cannot be read as a hub, or undefined when it leads to a regular file. */
  private async linkProblem(path: string): Promise<string | undefined> {
    try {
      return (await stat(path)).isFile() ? undefined : 'to something that is not a file';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? 'to nothing (its target does not exist)' : `that cannot be followed (${code ?? (error as Error).message})`;
    }
  }
}
