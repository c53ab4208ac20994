import { resolve } from 'node:path';
import { type ReportFormat, type ReportTarget, fromSurfCheck } from '@driftgate/report';
import { type ResultCacheOptions, loadWorkspace, runCheck } from '@driftgate/surf';
import { watchChecks } from './check-watch.js';
import type { Command } from 'commander';
import { SurfExit, type SurfIo } from '../exit-codes.js';
import { reportedWorkspace } from '../render/reported-workspace.js';
import { reportFormatOption } from '@driftgate/cli';
import { claimsReportTargetOption, emitSurfReport } from '../render/report-output.js';
import { SURF_VERSION } from '../version.js';
import { BASE_OPTION_HELP } from './triage-help.js';

interface CheckFlags {
  format: ReportFormat;
  report: ReportTarget[];
  base?: string;
  files: string[];
  cache: boolean;
  cacheDir?: string;
  watch?: boolean;
}

/** `surf check [--format] [--report <format>=<path>…] [--base <ref>] [--files <globs>]`: the gate. */
export function registerCheckCommand(program: Command, io: SurfIo): void {
  program
    .command('check')
    .description('the gate: hash every anchored span and compare it with its stored stamp; exit 1 on any divergence')
    .addOption(reportFormatOption())
    .addOption(claimsReportTargetOption())
    .option('--base <ref>', BASE_OPTION_HELP)
    .option('--files <globs>', 'only claims anchored into files matching these comma-separated globs (repeatable)', collect, [])
    .option('--watch', 'check, then re-check after every change to the hubs, the files their claims name or surf.toml, printing the verdicts that changed; Ctrl-C stops (exit 130)')
    .option('--no-cache', 'parse every anchored file, neither reading nor writing the result cache (also SURF_NO_CACHE=1)')
    .option('--cache-dir <dir>', 'keep the result cache in <dir> (also SURF_CACHE_DIR); default node_modules/.cache/driftgate, else .surf-cache')
    .action(async (flags: CheckFlags) => {
      if (flags.watch === true) {
        if (flags.format !== 'human' || flags.report.length > 0) {
          io.err('surf: --watch prints human text as verdicts change; drop --format and --report (run `surf check` without --watch for reports)\n');
          io.exit(SurfExit.usage);
          return;
        }
        await watchChecks(io, {
          ...(flags.base !== undefined ? { base: flags.base } : {}),
          files: flags.files,
          workers: workersSetting(io.env.SURF_WORKERS),
          cache: cacheSetting(io, flags),
        });
        return;
      }
      const workspace = await loadWorkspace(io.cwd);
      const progress = io.stderrIsTty && flags.format === 'human' ? progressLine(io) : undefined;
      const result = await runCheck(workspace, {
        ...(flags.base !== undefined ? { base: flags.base } : {}),
        files: flags.files,
        ...(progress ? { onProgress: progress.update } : {}),
        workers: workersSetting(io.env.SURF_WORKERS),
        cache: cacheSetting(io, flags),
        // The process ends with this check (a watch goes on parsing, and runs the check itself).
        shortLived: true,
      });
      progress?.clear();
      io.exit(result.passed ? SurfExit.ok : SurfExit.failure);
      const listed = reportedWorkspace(workspace, result, [flags.format, ...flags.report.map((target) => target.format)]);
      await emitSurfReport(io, fromSurfCheck(result, { version: SURF_VERSION, ...(listed !== undefined ? { workspace: listed } : {}) }), flags.format, flags.report);
    });
}

/**
 * The result cache's settings: a flag wins over its variable; `SURF_NO_CACHE` set to anything but
 * empty or `0` turns it off; a relative directory is taken from where surf runs.
 */
export function cacheSetting(io: SurfIo, flags: { cache: boolean; cacheDir?: string }): ResultCacheOptions {
  const off = !flags.cache || (io.env.SURF_NO_CACHE !== undefined && io.env.SURF_NO_CACHE !== '' && io.env.SURF_NO_CACHE !== '0');
  const dir = flags.cacheDir ?? (io.env.SURF_CACHE_DIR || undefined);
  return { enabled: !off, ...(dir !== undefined ? { dir: resolve(io.cwd, dir) } : {}) };
}

/** `SURF_WORKERS=<n>` pins the number of parsing worker threads (0 = none); default automatic. */
export function workersSetting(value: string | undefined): number | 'auto' {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : 'auto';
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** A self-overwriting progress line on an interactive stderr, for checks over many files. */
function progressLine(io: SurfIo): { update: (done: number, total: number) => void; clear: () => void } {
  let last = 0;
  let shown = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (total < 50 || (now - last < 100 && done < total)) return;
      last = now;
      shown = true;
      io.err(`\rsurf check: reading anchored sources ${done}/${total}`);
    },
    clear() {
      if (shown) io.err('\r\x1b[2K');
    },
  };
}
