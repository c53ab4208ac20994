import { createRequire } from 'node:module';

// Three helpers of Nx itself that the plugin needs and `@nx/devkit` does not export publicly in
// every Nx major of our peer range (`@nx/devkit/internal` gained them only in Nx 23.2). They are
// loaded with `require`, which finds them under `nx/src/…` both in Nx versions that map that path
// through `exports` and in those that ship it as plain files, and they come from the `nx` the
// workspace runs (our peer dependency), never a copy of our own. Checked against Nx 24.0: the
// three paths resolve through its `exports` (to `dist/src/…`) with the same signatures; its
// workspace data directory may throw for an untrusted configured directory, which the inference
// cache tolerates.
const requireFromHere = createRequire(import.meta.url);

interface WorkspaceContextModule {
  hashWithWorkspaceContext(workspaceRoot: string, globs: string[], exclude?: string[]): Promise<string>;
}

interface CacheDirectoryModule {
  workspaceDataDirectoryForWorkspace(workspaceRoot: string): string;
}

interface PackageJsonNodesModule {
  /** Missing in the first Nx 22 releases. */
  buildPackageJsonPatterns?: (workspaceRoot: string, readJson: (path: string) => unknown) => unknown;
  /** Takes the patterns where `buildPackageJsonPatterns` exists, else the workspace root and a reader (Nx 22.0). */
  buildPackageJsonWorkspacesMatcher(...args: unknown[]): (path: string) => boolean;
}

/** Nx's hash of the workspace files matching `globs`, from its file index (no file is read again). */
export function hashWorkspaceFiles(workspaceRoot: string, globs: string[]): Promise<string> {
  return (requireFromHere('nx/src/utils/workspace-context') as WorkspaceContextModule).hashWithWorkspaceContext(workspaceRoot, globs);
}

/** Nx's workspace data directory (`.nx/workspace-data` unless configured otherwise). */
export function workspaceDataDirectoryOf(workspaceRoot: string): string {
  return (requireFromHere('nx/src/utils/cache-directory') as CacheDirectoryModule).workspaceDataDirectoryForWorkspace(workspaceRoot);
}

/** Whether a `package.json` belongs to the package manager's workspaces, as Nx's own package.json inference decides. */
export function packageJsonWorkspacesMatcher(workspaceRoot: string, readJson: (path: string) => unknown): (path: string) => boolean {
  const nodes = requireFromHere('nx/src/plugins/package-json/create-nodes') as PackageJsonNodesModule;
  if (typeof nodes.buildPackageJsonPatterns === 'function') {
    return nodes.buildPackageJsonWorkspacesMatcher(nodes.buildPackageJsonPatterns(workspaceRoot, readJson));
  }
  return nodes.buildPackageJsonWorkspacesMatcher(workspaceRoot, readJson);
}
