import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { renderCliFailure } from './cli-failure.js';

class TypedError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

describe('renderCliFailure', () => {
  it('shows a typed error as one block: the message, each line terminal-safe, no stack', () => {
    const failure = renderCliFailure('surf', new TypedError('SURF_NO_CONFIG', 'no surf.toml\nin \x1b[31m/x', { cause: new Error('ENOENT') }), ['SURF', 'GIT']);
    expect(failure).toEqual({ text: 'surf: no surf.toml\nin \\x1b[31m/x\n', exit: 'usage' });
    expect(failure.text).not.toContain('    at ');
  });

  it('treats a code outside the bin’s prefixes, or an untyped throw, as an internal error with its stack', () => {
    const foreign = renderCliFailure('boundver', new TypedError('SYNTAX_GRAMMAR', 'grammar missing'), ['BOUNDVER', 'GIT']);
    expect(foreign.exit).toBe('usage');
    expect(foreign.text).toMatch(/^boundver: internal error — please report it with the command you ran:\nError: grammar missing\n {4}at /);
    // A prefix matches only up to its underscore.
    expect(renderCliFailure('surf', new TypedError('SURFACE_X', 'x'), ['SURF']).text).toContain('internal error');
    expect(renderCliFailure('surf', 'a string', ['SURF']).text).toBe('surf: internal error — please report it with the command you ran:\na string\n');
  });

  it('adds nothing to what the parser printed, and ends --help and --version with ok', () => {
    expect(renderCliFailure('surf', new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'), [])).toEqual({ text: '', exit: 'ok' });
    expect(renderCliFailure('surf', new CommanderError(1, 'commander.unknownOption', "error: unknown option '--x'"), [])).toEqual({ text: '', exit: 'usage' });
  });
});
