// The built `surf` bin for black-box tests (`npm run build` first), and the per-test workspaces
// they run it in.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { GIT_TEST_ENV, type TempRepo, type TempRepoOptions, type TreeSpec, createTempRepo } from './temp-repo.js';

export const SURF_BIN = fileURLToPath(new URL('../../tools/surf/bin/surf.js', import.meta.url));

/** One finished run of the bin: its exit status and both streams as UTF-8. */
export interface SurfRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `surf <args>` in `cwd` with the fixed git identity (and `env` on top). */
export function surf(cwd: string, args: readonly string[], env: Record<string, string> = {}): SurfRun {
  const run = spawnSync(process.execPath, [SURF_BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV, ...env } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** {@link surf} as a child process that runs beside others. */
export function surfAsync(cwd: string, args: readonly string[], env: Record<string, string> = {}): Promise<SurfRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SURF_BIN, ...args], { cwd, env: { ...process.env, ...GIT_TEST_ENV, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export interface SurfWorkspaces {
  /** A git repository holding an empty `surf.toml` and `files` (committed unless `commit: false`). */
  workspace(files: TreeSpec, options?: TempRepoOptions): TempRepo;
  /** An empty directory outside any workspace. */
  tempDir(prefix: string): string;
}

/**
 * Workspaces and directories for one spec file, all removed after each test (a failing one
 * too). Call it once at the top level of the spec file.
 */
export function surfWorkspacesPerTest(): SurfWorkspaces {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  return {
    workspace(files, options) {
      const repo = createTempRepo({ 'surf.toml': '', ...files }, options);
      cleanups.push(() => repo.dispose());
      return repo;
    },
    tempDir(prefix) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
  };
}
