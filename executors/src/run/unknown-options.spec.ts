import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERIFY_BOUNDARY_OPTION_NAMES } from '../executors/verify-boundary/executor.js';
import { unknownOptionError } from './unknown-options.js';

const schema = JSON.parse(readFileSync(new URL('../executors/verify-boundary/schema.json', import.meta.url), 'utf8')) as { properties: Record<string, unknown>; additionalProperties?: unknown };

describe('unknownOptionError', () => {
  it('knows exactly the options verify-boundary declares, in a schema Nx does not close', () => {
    expect([...VERIFY_BOUNDARY_OPTION_NAMES].sort()).toEqual(Object.keys(schema.properties).sort());
    // Closed, Nx's batch runner would fail on an unknown option before the executor could say why.
    expect(schema.additionalProperties).toBeUndefined();
  });

  it('refuses an unknown option or a positional argument in one line with a stable code', () => {
    expect(unknownOptionError('x:y', { source: 'head', verbose: true }, ['source'])).toBeUndefined();
    const unknown = unknownOptionError('x:y', { source: 'head', foo: 1, dryRun: true }, ['source']);
    expect(unknown?.code).toBe('DRIFTGATE_NX_BAD_OPTIONS');
    expect(unknown?.message).toBe("'dryRun' is not found in schema of x:y; its options are source");
    expect(unknownOptionError('x:y', { _: ['a'] }, ['source'])?.message).toMatch(/^x:y takes no positional arguments/);
  });
});
