import { afterEach, describe, expect, it } from 'vitest';
import { dropStartupOnlyVariables } from './startup-env.js';

const original = process.env.NODE_EXTRA_CA_CERTS;
afterEach(() => {
  if (original === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
  else process.env.NODE_EXTRA_CA_CERTS = original;
});

describe('dropStartupOnlyVariables', () => {
  it('removes a set variable for the processes measured next and times a bare start both ways', async () => {
    process.env.NODE_EXTRA_CA_CERTS = '/etc/ssl/certs/ca-certificates.crt';
    const report = await dropStartupOnlyVariables(1);
    expect(report?.variables).toEqual(['NODE_EXTRA_CA_CERTS']);
    expect(report!.withMs).toBeGreaterThan(0);
    expect(report!.withoutMs).toBeGreaterThan(0);
    expect(process.env.NODE_EXTRA_CA_CERTS).toBeUndefined();
    expect(await dropStartupOnlyVariables(1)).toBeNull();
  });
});
