import { describe, expect, it } from 'vitest';
import { framedDigest } from '../hashing/framing.js';
import { API_SYMBOLS_KEY, apiSurfaceEntries, apiSymbolChanges, describeApiChanges } from './api-surface-entries.js';
import type { ApiSymbol } from './api-surface-types.js';

const sym = (name: string, text: string, kind = 'function', entry = 'src/index.ts'): ApiSymbol => ({ entry, name, kind, text });

describe('API-surface entries', () => {
  it('one semantic value entry per symbol, labelled by entry point and name, in any input order', () => {
    const a = apiSurfaceEntries([sym('b', 'b(): void'), sym('a', 'a(x: number): number')]);
    const b = apiSurfaceEntries([sym('a', 'a(x: number): number'), sym('b', 'b(): void')]);
    expect(a.entries.map((e) => [e.label, e.mode, e.type])).toEqual([
      ['api:src/index.ts#a', 'semantic', 'value'],
      ['api:src/index.ts#b', 'semantic', 'value'],
    ]);
    expect(framedDigest('boundary', a.entries)).toBe(framedDigest('boundary', b.entries));
    const symbols = a.metadata.get(API_SYMBOLS_KEY) as Map<string, string>;
    expect([...symbols.keys()]).toEqual(['src/index.ts#a', 'src/index.ts#b']);
    expect(symbols.get('src/index.ts#a')).toMatch(/^function:[0-9a-f]{16}$/);
  });

  it('a different text or kind is a different digest; the same symbols are the same digest', () => {
    const base = framedDigest('boundary', apiSurfaceEntries([sym('a', 'a(): void')]).entries);
    expect(framedDigest('boundary', apiSurfaceEntries([sym('a', 'a(): number')]).entries)).not.toBe(base);
    expect(framedDigest('boundary', apiSurfaceEntries([sym('a', 'a(): void', 'variable')]).entries)).not.toBe(base);
    expect(framedDigest('boundary', apiSurfaceEntries([sym('a', 'a(): void')]).entries)).toBe(base);
  });
});

describe('apiSymbolChanges', () => {
  const metadata = (symbols: ApiSymbol[]) => apiSurfaceEntries(symbols).metadata;

  it('names what was added, removed and changed', () => {
    const before = metadata([sym('keep', 'k(): void'), sym('gone', 'g(): void'), sym('edit', 'e(a: string): void')]);
    const after = metadata([sym('keep', 'k(): void'), sym('edit', 'e(a: number): void'), sym('fromCents', 'fromCents(c: number): number')]);
    const changes = apiSymbolChanges(before, after)!;
    expect(changes).toEqual({ added: ['src/index.ts#fromCents'], removed: ['src/index.ts#gone'], changed: ['src/index.ts#edit'], resolvedSince: [], unresolvedNow: [], unresolvedCauses: [], resolvedThroughPaths: [] });
    expect(describeApiChanges(changes)).toBe('added `src/index.ts#fromCents`; removed `src/index.ts#gone`; changed `src/index.ts#edit`');
  });

  it('tells a symbol that resolves since the lock, and one that no longer resolves, from a signature change', () => {
    const before = metadata([sym('late', 'export { late as late } from "./late.js";', 'unresolved'), sym('lost', 'lost(): void')]);
    const after = metadata([sym('late', 'late(): void'), sym('lost', 'export { lost as lost } from "./lost.js";', 'unresolved')]);
    const cause = { cause: 'module', specifier: './lost.js', file: 'src/index.ts' } as const;
    const changes = apiSymbolChanges(before, after, { unresolved: new Map([['src/index.ts#lost', cause]]), mapped: new Map() })!;
    expect(changes).toMatchObject({
      changed: ['src/index.ts#late', 'src/index.ts#lost'],
      resolvedSince: ['src/index.ts#late'],
      unresolvedNow: ['src/index.ts#lost'],
      unresolvedCauses: [{ symbol: 'src/index.ts#lost', ...cause }],
    });
    expect(describeApiChanges(changes)).toBe(
      'changed `src/index.ts#late`, `src/index.ts#lost`; the lock recorded `src/index.ts#late` as unresolved (its module was not in the snapshot the lock was generated from; was it not yet added to git?); `src/index.ts#lost` does not resolve: its module is not in the snapshot (`git add` a new file before generating, or fix the path)',
    );
    // Without the current surface's causes (two locks compared), both possibilities are named.
    expect(describeApiChanges(apiSymbolChanges(before, after)!)).toContain(
      "`src/index.ts#lost` does not resolve: its module is not in the snapshot (`git add` a new file before generating, or fix the path; a package's module is never in it, and then there is nothing to add)",
    );
    // A package's re-export is never sent to git.
    const fromPackage = apiSymbolChanges(before, after, {
      unresolved: new Map([['src/index.ts#lost', { cause: 'package', specifier: 'pkg/sub', package: 'pkg', installed: true, file: 'src/index.ts' } as const]]),
      mapped: new Map(),
    })!;
    expect(describeApiChanges(fromPackage)).toContain("`src/index.ts#lost` is re-exported from the installed package 'pkg': installed packages are outside the snapshot");
    expect(describeApiChanges(fromPackage)).not.toContain('git add');
    // An external package's re-export is unresolved on both sides: no change at all.
    expect(apiSymbolChanges(after, after)).toMatchObject({ changed: [], unresolvedNow: [] });
  });

  it('reads the metadata as a lock file gives it back (plain objects) and bounds long lists', () => {
    const before = { [API_SYMBOLS_KEY]: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`e#s${i}`, `function:${'0'.repeat(16)}`])) };
    const changes = apiSymbolChanges(before, { [API_SYMBOLS_KEY]: {} })!;
    expect(changes.removed).toHaveLength(12);
    expect(describeApiChanges(changes, 3)).toBe('removed `e#s0`, `e#s1`, `e#s10` and 9 more');
  });

  it('is undefined when either side is not an API surface', () => {
    expect(apiSymbolChanges(undefined, metadata([sym('a', 'a')]))).toBeUndefined();
    expect(apiSymbolChanges({ other: 1 }, metadata([sym('a', 'a')]))).toBeUndefined();
  });
});
