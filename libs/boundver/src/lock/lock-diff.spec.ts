import { describe, expect, it } from 'vitest';
import { diffLocks, summarizeChange } from './lock-diff.js';
import type { Lock, LockComponent, LockFingerprints } from './lock-types.js';

const D = (c: string): string => c.repeat(64);
const fp = (exact: string | null, behavior: string | null, boundary: string | null, compat: string | null): LockFingerprints => ({ exact, behavior, boundary, compat });

describe('summarizeChange', () => {
  it('names the kind of change and which declared artifacts stayed the same', () => {
    const all = fp(D('a'), D('b'), D('c'), D('d'));
    expect(summarizeChange(['exact'], all, all)).toBe('implementation-only by declaration: exact content changed; declared behavior and boundary artifacts are unchanged');
    expect(summarizeChange(['exact'], fp(D('a'), null, D('c'), null), fp(D('e'), null, D('c'), null))).toBe(
      'implementation-only by declaration: exact content changed; declared boundary artifact is unchanged; no behavior artifact is declared',
    );
    expect(summarizeChange(['exact'], fp(D('a'), null, null, null), null)).toBe('implementation-only by declaration: exact content changed; no behavior or boundary artifact is declared');
    expect(summarizeChange(['exact', 'behavior'], fp(D('a'), D('b'), null, null), null)).toBe('behavioral artifacts changed; no boundary artifact is declared');
    expect(summarizeChange(['exact', 'boundary'], all, all)).toBe('declared boundary changed; compatibility family is unchanged');
    expect(summarizeChange(['boundary'], fp(D('a'), null, D('c'), null), null)).toBe('declared boundary changed; no compatibility identity is declared');
    expect(summarizeChange(['exact', 'compat'], all, all)).toBe('BREAKING-policy signal: declared compatibility family changed');
    expect(summarizeChange(['behavior'], all, all)).toBe('changed: behavior');
  });
});

describe('diffLocks', () => {
  const entry = (overrides: Partial<LockComponent> = {}): LockComponent => ({
    version: '1.0.0',
    path: 'a',
    boundary_provider: 'leaf',
    boundary_provider_version: '1',
    boundary_status: 'ok',
    consumers: [],
    external_consumers: [],
    fingerprints: fp(D('a'), null, null, null),
    semver: { compat_family: '1', api_surface: '1.0', exact_version: '1.0.0' },
    ...overrides,
  });
  const lock = (components: Array<[string, LockComponent]>): Lock => ({
    $schema: 'x',
    schema: 'boundary-lock/v3',
    config_contract: 'boundver-semantic-config/v2',
    config_digest: D('0'),
    project: 'p',
    components: new Map(components),
    slices: new Map(),
  });

  it('reports metadata-only changes with absent optional fields as null, and removed components', () => {
    const diff = diffLocks(lock([['a', entry()], ['gone', entry()]]), lock([['a', entry({ path: 'b', vendored_copies: [] })]]));
    expect(diff.components.removed).toEqual([{ name: 'gone', version: '1.0.0' }]);
    expect(diff.components.changed).toEqual([
      {
        name: 'a',
        old_version: '1.0.0',
        new_version: '1.0.0',
        changed_facets: {},
        changed_metadata: { path: { old: 'a', new: 'b' }, vendored_copies: { old: null, new: [] } },
        summary: 'component metadata changed',
      },
    ]);
    expect(diff.changed_metadata).toEqual({});
  });
});
