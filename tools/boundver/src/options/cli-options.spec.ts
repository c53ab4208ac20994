import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { BoundverIo } from '../exit-codes.js';
import { customProvidersAllowed, parseList, progressLine, verbosity } from './cli-options.js';

function fakeIo(stderrIsTty: boolean, env: Record<string, string> = {}): BoundverIo & { errors: string[] } {
  const errors: string[] = [];
  return { cwd: '/', stdoutIsTty: false, stderrIsTty, env, out: () => undefined, err: (text) => void errors.push(text), exit: () => undefined, errors };
}

describe('CLI options', () => {
  it('parses comma lists: trimmed, no empties, no duplicates', () => {
    expect(parseList(' a, b,,a ,c ')).toEqual(['a', 'b', 'c']);
    expect(parseList(undefined)).toEqual([]);
    expect(parseList('')).toEqual([]);
  });

  it('enables custom providers only by flag or BOUNDVER_ALLOW_CUSTOM_PROVIDERS=1', () => {
    expect(customProvidersAllowed(undefined, fakeIo(false))).toBe(false);
    expect(customProvidersAllowed(true, fakeIo(false))).toBe(true);
    expect(customProvidersAllowed(undefined, fakeIo(false, { BOUNDVER_ALLOW_CUSTOM_PROVIDERS: '1' }))).toBe(true);
    expect(customProvidersAllowed(undefined, fakeIo(false, { BOUNDVER_ALLOW_CUSTOM_PROVIDERS: 'yes' }))).toBe(false);
  });

  it('shows progress on an interactive stderr only, and clears it', () => {
    const tty = fakeIo(true);
    const progress = progressLine(tty, 'hashing file', true);
    progress.update(1, 2, 'a\nb');
    progress.update(2, 2, 'c');
    progress.clear();
    expect(tty.errors.join('')).toContain('hashing file 1/2 a\\nb');
    expect(tty.errors.at(-1)).toBe('\r\x1b[2K');
    for (const [io, enabled] of [[fakeIo(false), true], [fakeIo(true), false]] as const) {
      const silent = progressLine(io, 'x', enabled);
      silent.update(1, 1, 'a');
      silent.clear();
      expect(io.errors).toEqual([]);
    }
  });

  it('reads the global --quiet and --verbose', () => {
    const program = new Command().option('-q, --quiet').option('-v, --verbose');
    let seen: unknown;
    program.command('x').action((_flags, command: Command) => {
      seen = verbosity(command);
    });
    program.parse(['node', 'boundver', '--verbose', 'x']);
    expect(seen).toEqual({ quiet: false, verbose: true });
  });
});
