// Runs the built `boundver` bin for black-box tests (build first: `npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GIT_TEST_ENV } from '../../../test/support/temp-repo.js';

export const BOUNDVER_BIN = fileURLToPath(new URL('../bin/boundver.js', import.meta.url));

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Throws unless the CLI has been built. */
export function requireBuiltCli(): void {
  if (!existsSync(fileURLToPath(new URL('../dist/boundver-cli.js', import.meta.url)))) {
    throw new Error('tools/boundver is not built: run `npm run build` first');
  }
}

/** Runs `boundver <args>` in `cwd` with a fixed git identity and no colour. */
export function boundver(cwd: string, args: readonly string[], env: Record<string, string> = {}): CliRun {
  const base: Record<string, string | undefined> = { ...process.env, ...GIT_TEST_ENV, NO_COLOR: '1', ...env };
  delete base.BOUNDVER_ALLOW_CUSTOM_PROVIDERS;
  if (env.BOUNDVER_ALLOW_CUSTOM_PROVIDERS !== undefined) base.BOUNDVER_ALLOW_CUSTOM_PROVIDERS = env.BOUNDVER_ALLOW_CUSTOM_PROVIDERS;
  const result = spawnSync(process.execPath, [BOUNDVER_BIN, ...args], { cwd, encoding: 'utf8', env: base });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `verify --format json` parsed, with the exit code. */
export function verifyJson(cwd: string, args: readonly string[] = []): { code: number | null; json: Record<string, unknown> } {
  const run = boundver(cwd, ['verify', '--format', 'json', ...args]);
  try {
    return { code: run.code, json: JSON.parse(run.stdout) as Record<string, unknown> };
  } catch {
    throw new Error(`verify printed no JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
}
