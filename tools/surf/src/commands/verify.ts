import { loadWorkspace, runVerify } from '@driftgate/surf';
import type { Command } from 'commander';
import { SurfExit, type SurfIo } from '../exit-codes.js';
import { formatOption } from '@driftgate/cli';
import { cacheSetting, workersSetting } from './check.js';
import { renderVerifyHuman, renderVerifyJson } from '../render/render-verify.js';

interface VerifyFlags {
  format: 'human' | 'json';
  follow?: boolean;
  cache: boolean;
  cacheDir?: string;
}

/** `surf verify [<at>] [--follow] [--format]`: re-seal claims after a human confirmed them. */
export function registerVerifyCommand(program: Command, io: SurfIo): void {
  program
    .command('verify')
    .description('re-stamp claims after you confirmed their prose still holds (writes hash, id, verified_at, verified_commit)')
    .argument('[at]', 'only the claim with this exact `at:` site')
    .option('--follow', 're-point a single-segment anchor whose symbol or file was renamed (only when the code is otherwise unchanged)')
    .addOption(formatOption(['human', 'json']))
    .option('--no-cache', 'parse every anchored file, neither reading nor writing the result cache (also SURF_NO_CACHE=1)')
    .option('--cache-dir <dir>', 'keep the result cache in <dir> (also SURF_CACHE_DIR); default node_modules/.cache/driftgate, else .surf-cache')
    .action(async (at: string | undefined, flags: VerifyFlags) => {
      const workspace = await loadWorkspace(io.cwd);
      const result = await runVerify(workspace, {
        ...(at !== undefined ? { target: at } : {}),
        follow: flags.follow === true,
        workers: workersSetting(io.env.SURF_WORKERS),
        cache: cacheSetting(io, flags),
      });
      const rendered = flags.format === 'json' ? renderVerifyJson(result) : renderVerifyHuman(result);
      io.out(rendered.out);
      if (rendered.err !== '') io.err(rendered.err);
      // A hub the file system refused (full disk, read-only) is not a claim problem: the run could not finish.
      io.exit(result.unwritten.some((hub) => hub.code === 'SURF_IO') ? SurfExit.usage : result.errors > 0 ? SurfExit.failure : SurfExit.ok);
    });
}
