import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configValidatorSource, GENERATED_VALIDATOR_FILE } from './config-schema-codegen.js';
import { loadConfigSchema } from './config-schema.js';

const generatedUrl = new URL(GENERATED_VALIDATOR_FILE, import.meta.url);

describe('the generated config validator', () => {
  it('is what the shipped schema compiles to (UPDATE_GOLDENS=1 regenerates it)', () => {
    const expected = configValidatorSource(loadConfigSchema());
    if (process.env['UPDATE_GOLDENS'] === '1') writeFileSync(generatedUrl, expected);
    expect(readFileSync(generatedUrl, 'utf8')).toBe(expected);
  });
});
