import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type ExecutorContext, logger } from '@nx/devkit';
import { describeError, loadProjectClaims } from '../../run/executor-context.js';

/** Options of `@driftgate/nx:triage-claims` (see its schema.json). */
export interface TriageClaimsOptions {
  /** Triage the claims of these hub files instead of the project's (claims sharing their anchored files come along). */
  hubs?: string[];
  /** `surf triage --base <ref>`. */
  base?: string;
}

/**
 * `surf triage` over the claims anchored into this project. ink cannot run inside Nx's process
 * (it needs the terminal and cannot be required), so this starts the `surf` bin as a child with
 * stdio inherited and succeeds when it exits 0.
 */
export default async function triageClaimsExecutor(options: TriageClaimsOptions, context: ExecutorContext): Promise<{ success: boolean }> {
  try {
    const selection = await loadProjectClaims(context, options.hubs);
    if (selection.anchoredFiles.length === 0) {
      logger.info('triage-claims: no claim is anchored into this project; nothing to triage');
      return { success: true };
    }
    const args = triageArguments(selection.anchoredFiles, options.base);
    const code = await run(surfCommand(context.root), args, context.root);
    return { success: code === 0 };
  } catch (error) {
    logger.error(`triage-claims: ${describeError(error)}`);
    return { success: false };
  }
}

/**
 * `triage [--base <ref>] --files <f1> --files <f2> …` with each anchored file as a glob that
 * matches exactly it: `*`, `?` and `[` are bracketed; a comma (the `--files` list separator)
 * becomes `?`, which may also match a sibling that differs only there.
 */
export function triageArguments(anchoredFiles: readonly string[], base?: string): string[] {
  const args = ['triage'];
  if (base !== undefined) args.push('--base', base);
  for (const file of anchoredFiles) args.push('--files', file.replace(/[*?[]/g, '[$&]').replace(/,/g, '?'));
  return args;
}

/**
 * Packages that may carry the `surf` bin: the published `@driftgate/nx` ships it, and inside the
 * driftgate repository it belongs to the CLI's own package.
 */
const SURF_BIN_PACKAGES = ['@driftgate/nx', '@driftgate/surf-cli'] as const;

/** The `surf` bin as the workspace (else this plugin) resolves it, run with this Node; else `surf` on the PATH. */
function surfCommand(workspaceRoot: string): { command: string; prefix: string[] } {
  for (const from of [join(workspaceRoot, 'package.json'), import.meta.url]) {
    for (const name of SURF_BIN_PACKAGES) {
      try {
        const manifestPath = createRequire(from).resolve(`${name}/package.json`);
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: Record<string, string> };
        const bin = manifest.bin?.surf;
        if (bin !== undefined) return { command: process.execPath, prefix: [join(dirname(manifestPath), bin)] };
      } catch {
        // Not resolvable from here.
      }
    }
  }
  return { command: 'surf', prefix: [] };
}

function run(surf: { command: string; prefix: string[] }, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(surf.command, [...surf.prefix, ...args], { cwd, stdio: 'inherit' });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error('cannot find the `surf` bin: install @driftgate/nx in the workspace (`npm install -D @driftgate/nx`) and re-run', { cause: error })
          : error,
      );
    });
    child.on('close', (code, signal) => resolve(code ?? (signal === null ? 1 : 130)));
  });
}
