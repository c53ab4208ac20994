import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROVIDERS, EXTENSION_PROVIDERS } from '../providers/provider-registry.js';
import { API_SURFACE_FACTORIES } from './api-surface-providers.js';

describe('API-surface providers', () => {
  it('write to the lock the version their instances report, under the name they answer to', () => {
    for (const [name, factory] of API_SURFACE_FACTORIES) {
      const provider = factory.create();
      expect(provider.name).toBe(name);
      expect(provider.version).toBe(factory.version);
      expect(BUILT_IN_PROVIDERS.get(name)).toEqual({ name, kind: 'api-surface', version: factory.version });
    }
    expect([...EXTENSION_PROVIDERS].sort()).toEqual(['signatures', 'typescript-api']);
  });
});
