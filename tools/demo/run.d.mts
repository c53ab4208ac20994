// Types of the demo script's exports, for the tests and benchmarks that import it.

/** The repository root (absolute, native separators). */
export declare const REPO_ROOT: string;
/** The demo fixture directory. */
export declare const DEMO_FIXTURE: string;
/** The environment every demo Nx run gets (no daemon, no cloud, plugins in-process, no TUI). */
export declare const NX_ENV: Readonly<Record<string, string>>;
/** A fixed git identity and dates, so demo commits are reproducible. */
export declare const GIT_ENV: Readonly<Record<string, string>>;

/** The demo fixture as a file tree: workspace-relative POSIX path → bytes. */
export declare function readDemoTree(dir?: string): Record<string, Buffer>;
/** Installs the built driftgate packages into `workspace/node_modules` as a registry install would. */
export declare function installDriftgate(workspace: string): void;
/** Runs git in `dir` with the fixed identity; returns stdout. */
export declare function git(dir: string, ...args: string[]): string;
/** Builds the demo workspace (a git repository with the driftgate packages installed); returns its path. */
export declare function createDemoWorkspace(dir?: string): string;
/** Runs the workspace's Nx; `ms` is wall time in milliseconds. */
export declare function runNx(
  dir: string,
  args: readonly string[],
  env?: Record<string, string>,
): { status: number | null; output: string; ms: number };
