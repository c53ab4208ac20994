import { formatOption } from '@driftgate/cli';
import { Option, type Command } from 'commander';
import { SOURCE_MODES, type SourceMode } from '@driftgate/boundver';
import type { BoundverIo } from '../exit-codes.js';

/** Output formats every reporting command accepts. */
export type OutputFormat = 'text' | 'json';

/** `--format text|json` (default text); any other value is a usage error. */
export function textOrJsonOption(): Option {
  return formatOption(['text', 'json']);
}

export function sourceOption(defaultSource: SourceMode = 'head'): Option {
  return new Option('--source <source>', 'snapshot to read: the HEAD commit, the staged index, or the working tree').choices([...SOURCE_MODES]).default(defaultSource);
}

/** `--config <path>` of the commands that read one snapshot: the config as that snapshot holds it. */
export function sourceConfigOption(): Option {
  return new Option('--config <path>', 'config file, read from the selected source (default boundary.config.json, then .yaml/.yml/.toml)');
}

/** `--lock <path>` of the commands that read one snapshot: the lock as that snapshot holds it. */
export function sourceLockOption(): Option {
  return new Option('--lock <path>', 'lock file, read from the selected source').default('boundary.lock.json');
}

export function customProvidersOption(): Option {
  return new Option('--allow-custom-providers', 'import the custom providers the config declares (trusted code; also BOUNDVER_ALLOW_CUSTOM_PROVIDERS=1)');
}

/** A comma-separated CLI list: trimmed, empty items dropped, duplicates removed in order. */
export function parseList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return [...new Set(value.split(',').map((item) => item.trim()).filter((item) => item !== ''))];
}

/** The custom-provider opt-in: the flag, or `BOUNDVER_ALLOW_CUSTOM_PROVIDERS=1` from trusted automation. */
export function customProvidersAllowed(flag: boolean | undefined, io: BoundverIo): boolean {
  return flag === true || io.env.BOUNDVER_ALLOW_CUSTOM_PROVIDERS === '1';
}

/** Global `--quiet` / `--verbose` of the program a subcommand belongs to. */
export function verbosity(command: Command): { quiet: boolean; verbose: boolean } {
  const globals = command.optsWithGlobals<{ quiet?: boolean; verbose?: boolean }>();
  return { quiet: globals.quiet === true, verbose: globals.verbose === true && globals.quiet !== true };
}

/**
 * A self-overwriting progress line for long runs, shown only on an interactive stderr and never
 * for JSON output or `--quiet`.
 */
export function progressLine(io: BoundverIo, label: string, enabled: boolean): { update: (done: number, total: number, name: string) => void; clear: () => void } {
  let shown = false;
  let last = 0;
  return {
    update(done, total, name) {
      if (!enabled || !io.stderrIsTty) return;
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      shown = true;
      io.err(`\r\x1b[2K${label} ${done}/${total} ${JSON.stringify(name).slice(1, -1).slice(0, 60)}`);
    },
    clear() {
      if (shown) io.err('\r\x1b[2K');
    },
  };
}
