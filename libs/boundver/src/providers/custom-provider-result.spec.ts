import { describe, expect, it } from 'vitest';
import { MAX_METADATA_DEPTH, validateProviderResult } from './custom-provider-result.js';

const entry = (label: string, content = 'x'): { label: string; mode: string; type: string; content: Uint8Array } => ({
  label,
  mode: 'semantic',
  type: 'value',
  content: Buffer.from(content),
});

describe('custom provider results are validated and bounded before hashing', () => {
  it('accepts the status contract', () => {
    expect(validateProviderResult({ status: 'ok', entries: [entry('a'), entry('b')] }).entries).toHaveLength(2);
    expect(validateProviderResult({ status: 'partial', entries: [entry('a')], errors: ['half'] }).errors).toEqual(['half']);
    expect(validateProviderResult({ status: 'error', errors: ['no'] }).entries).toEqual([]);
    expect(validateProviderResult({ status: 'error' }).errors).toEqual(['Boundary computation failed']);
  });

  it.each([
    [null, /must return an object/],
    [{ status: 'done' }, /status must be/],
    [{ status: 'ok', entries: [] }, /'ok' needs at least one entry/],
    [{ status: 'ok', entries: [entry('a')], errors: ['e'] }, /'ok' needs at least one entry and no errors/],
    [{ status: 'partial', entries: [entry('a')] }, /'partial' needs/],
    [{ status: 'error', entries: [entry('a')] }, /'error' must not return entries/],
    [{ status: 'ok', entries: [entry('b'), entry('a')] }, /not strictly greater/],
    [{ status: 'ok', entries: [entry('a'), entry('a')] }, /not strictly greater/],
    [{ status: 'ok', entries: [{ ...entry('a'), content: 'text' }] }, /content must be a Uint8Array/],
    [{ status: 'ok', entries: [{ ...entry(''), label: '' }] }, /label must be a non-empty Unicode string/],
    [{ status: 'ok', entries: [entry('\uD800')] }, /label must be a non-empty Unicode string/],
    [{ status: 'error', errors: [1] }, /errors\[0\] must be a non-empty string/],
    [{ status: 'error', errors: Array.from({ length: 101 }, () => 'e') }, /more than 100 errors/],
    [{ status: 'ok', entries: [entry('a')], metadata: [1] }, /metadata must be a plain JSON object/],
    [{ status: 'ok', entries: [entry('a')], metadata: { f: () => 1 } }, /function value/],
    [{ status: 'ok', entries: [entry('a')], metadata: { n: Number.NaN } }, /finite/],
  ])('rejects %o', (result, message) => {
    expect(() => validateProviderResult(result)).toThrow(message);
  });

  it('orders labels by UTF-8 bytes, not UTF-16 units', () => {
    // U+FF5E sorts before U+1F600 in UTF-8 bytes, but after it in UTF-16 code units.
    expect(() => validateProviderResult({ status: 'ok', entries: [entry('\uFF5E'), entry('\u{1F600}')] })).not.toThrow();
    expect(() => validateProviderResult({ status: 'ok', entries: [entry('\u{1F600}'), entry('\uFF5E')] })).toThrow(/strictly greater/);
  });

  it('applies the hash guardrails to returned entries', () => {
    const entries = [entry('a', 'aaaa'), entry('b', 'bbbb')];
    expect(() => validateProviderResult({ status: 'ok', entries }, { maxEntries: 1 })).toThrow(/more than 1 entries/);
    expect(() => validateProviderResult({ status: 'ok', entries }, { maxEntryBytes: 3 })).toThrow(/entry too large/);
    expect(() => validateProviderResult({ status: 'ok', entries }, { maxTotalBytes: 7 })).toThrow(/total content exceeds 7 bytes/);
    expect(() => validateProviderResult({ status: 'ok', entries: [entry('abc')] }, { maxLabelBytes: 2 })).toThrow(/label exceeds 2/);
  });

  it('converts metadata to the value model within its limits', () => {
    const { metadata } = validateProviderResult({ status: 'ok', entries: [entry('a')], metadata: { count: 3, ratio: 0.5, big: 10n, list: ['x', null, true] } });
    expect(metadata).toEqual(new Map<string, unknown>([['count', 3n], ['ratio', 0.5], ['big', 10n], ['list', ['x', null, true]]]));
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < MAX_METADATA_DEPTH + 1; i++) deep = (deep.next = {}) as Record<string, unknown>;
    expect(() => validateProviderResult({ status: 'ok', entries: [entry('a')], metadata: root })).toThrow(/nested deeper than 64/);
    expect(() => validateProviderResult({ status: 'ok', entries: [entry('a')], metadata: { s: 'x'.repeat(1024 * 1024) } })).toThrow(/1048576-byte canonical JSON limit/);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => validateProviderResult({ status: 'ok', entries: [entry('a')], metadata: cycle })).toThrow(/cycle/);
  });
});
