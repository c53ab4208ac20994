import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Lock file → how that package manager runs a workspace binary, in the order Nx detects them. */
const BY_LOCK_FILE: ReadonlyArray<readonly [string, string]> = [
  ['bun.lockb', 'bunx'],
  ['bun.lock', 'bunx'],
  ['yarn.lock', 'yarn'],
  ['pnpm-lock.yaml', 'pnpm exec'],
  ['package-lock.json', 'npx'],
];

/**
 * The command prefix the targets' `metadata.help.command` uses, as Nx's own plugins use their
 * package manager's `exec`. Taken from the lock files only (npm without one): Nx's own detection
 * also consults how the current process was started, and inferred targets must not depend on it.
 */
export function packageManagerExec(workspaceRoot: string): string {
  for (const [file, exec] of BY_LOCK_FILE) if (existsSync(join(workspaceRoot, file))) return exec;
  return 'npx';
}
