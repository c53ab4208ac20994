import { join, relative, sep } from 'node:path';
import type { BoundverConfig } from '../config/config-types.js';
import { BoundverError } from '../errors.js';
import { physicalPath, type RepoFile } from '../source/operation-source.js';

function within(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
}

/**
 * Refuses a lock output that would fingerprint or overwrite itself: the selected config, or a
 * path inside any component or vendored-copy root. Both the lexical path and the path with
 * symlinked ancestors resolved are checked. Throws `BOUNDVER_LOCK_PATH`.
 */
export function ensureLockOutsideComponents(root: string, lock: RepoFile, configFile: RepoFile, config: BoundverConfig): void {
  const lockPaths = [lock.absolute, physicalPath(lock.absolute)];
  const configPaths = [configFile.absolute, physicalPath(configFile.absolute)];
  if (lockPaths.some((path) => configPaths.includes(path))) {
    throw new BoundverError('BOUNDVER_LOCK_PATH', `Lockfile path ${lock.display} aliases the selected config ${configFile.display}; choose a different output path.`);
  }
  for (const component of config.components) {
    const roots: Array<[string, string]> = [['component', component.path], ...(component.vendoredCopies ?? []).map((copy): [string, string] => ['vendored copy', copy])];
    for (const [kind, path] of roots) {
      const absolute = join(root, ...path.replace(/\/+$/, '').split('/'));
      const protectedPaths = [absolute, physicalPath(absolute)];
      if (lockPaths.some((candidate, index) => within(candidate, protectedPaths[index]))) {
        throw new BoundverError(
          'BOUNDVER_LOCK_PATH',
          `Lockfile path ${lock.display} is inside ${kind} root '${path}' declared by component '${component.name}'; choose an output outside every component and vendored-copy root to avoid self-referential fingerprints.`,
        );
      }
    }
  }
}
