import { posix } from 'node:path';

/** The workspace root as a project root. */
export const WORKSPACE_ROOT = '.';

/**
 * The project roots of a workspace (POSIX, workspace-relative, `.` for the root), answering which
 * project owns a path. The workspace root is always a candidate owner, so every path has one:
 * anything outside the other projects belongs to the workspace-level project.
 */
export class ProjectRoots {
  readonly #roots: ReadonlySet<string>;

  constructor(roots: Iterable<string>) {
    const set = new Set<string>([WORKSPACE_ROOT]);
    for (const root of roots) set.add(normalizeRoot(root));
    this.#roots = set;
  }

  /** Every root, the workspace root included. */
  get roots(): ReadonlySet<string> {
    return this.#roots;
  }

  /**
   * The deepest root equal to or containing `path` (a workspace-relative POSIX file or directory).
   * Walks up the path's ancestors, so the cost is its depth, not the number of projects.
   */
  owner(path: string): string {
    let current = normalizeRoot(path);
    while (current !== WORKSPACE_ROOT) {
      if (this.#roots.has(current)) return current;
      const parent = posix.dirname(current);
      current = parent === '' ? WORKSPACE_ROOT : parent;
    }
    return WORKSPACE_ROOT;
  }
}

/** `./a/b/` → `a/b`; `` and `./` → `.`. */
export function normalizeRoot(root: string): string {
  const normalized = posix.normalize(root.replace(/\\/g, '/')).replace(/\/+$/, '');
  return normalized === '' || normalized === './' ? WORKSPACE_ROOT : normalized.replace(/^\.\//, '');
}
