import { spawnSync } from 'node:child_process';

const HOLD = Symbol.for('driftgate.surf.startupTypeAhead');

/** The terminal held for `surf triage` from start-up on; see {@link startupTypeAhead}. */
export interface TypeAheadHold {
  /** The view is about to own the terminal: Ctrl-C is its key from now on. */
  handOver(): void;
  /** Puts the terminal settings back as they were (idempotent). */
  release(): void;
}

/**
 * Turns off echo and line buffering on the terminal until the view takes it over, so keys typed
 * during start-up (loading and the check can take seconds) are neither echoed on the shell nor
 * held back in the line buffer: the view reads them as its first input. Signals stay on (Ctrl-C
 * still interrupts). `release` puts the settings back as they were, which the view's own raw-mode
 * exit would not: it restores what it found, which is this state. One `sh` runs both `stty`s.
 */
export function holdTypeAhead(): TypeAheadHold | undefined {
  const run = (script: string) => spawnSync('sh', ['-c', script], { stdio: ['inherit', 'pipe', 'ignore'], encoding: 'utf8' });
  const saved = run('stty -g && stty -echo -icanon');
  const settings = saved.stdout?.trim() ?? '';
  if (saved.status !== 0 || settings === '') return undefined;
  let released = false;
  const handOver = (): void => void process.off('SIGINT', onInterrupt);
  const release = (): void => {
    if (released) return;
    released = true;
    handOver();
    spawnSync('stty', [settings], { stdio: ['inherit', 'ignore', 'ignore'] });
  };
  // Interrupted before the view: give the terminal back, then end as the signal would have.
  const onInterrupt = (): void => {
    release();
    process.kill(process.pid, 'SIGINT');
  };
  process.once('SIGINT', onInterrupt);
  return { handOver, release };
}

/** `CI` counts as set unless empty, `0` or `false` (as most CI tools read it). */
export function ciIsSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * Held while this module is first evaluated — by the bin before it loads the bundle, else as the
 * first thing the bundle runs — when the command is an
 * interactive `surf triage` (both ends a terminal, `CI` unset, no `--help`): echo used to go off
 * only once the command ran, after the bundles loaded, and the keys typed meanwhile were echoed.
 */
export const startupTypeAhead: TypeAheadHold | undefined = sharedHold();

/**
 * One hold per process: the bin evaluates this module on its own before it loads the bundle,
 * which holds a second copy of it; the copy finds the first one's hold here.
 */
function sharedHold(): TypeAheadHold | undefined {
  const registry = globalThis as { [HOLD]?: TypeAheadHold | null };
  if (registry[HOLD] !== undefined) return registry[HOLD] ?? undefined;
  const args = process.argv.slice(2);
  const wanted = args[0] === 'triage' && !args.includes('--help') && !args.includes('-h') && process.stdin.isTTY === true && process.stdout.isTTY === true && !ciIsSet(process.env['CI']);
  const hold = wanted ? holdTypeAhead() : undefined;
  registry[HOLD] = hold ?? null;
  return hold;
}
