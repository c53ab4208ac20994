import { describe, expect, it } from 'vitest';
import { diagnosticRepr } from '../formats/diagnostic-repr.js';
import {
  boundDiagnostics,
  DIAGNOSTICS_TRUNCATED,
  driftExitCode,
  failFastIssues,
  issueFacet,
  MAX_DIAGNOSTIC_BYTES,
  MAX_DIAGNOSTIC_ITEM_CHARS,
  MAX_DIAGNOSTIC_ITEMS,
  shortDigest,
} from './verify-issues.js';

const DIGEST = 'a'.repeat(64);

describe('graded exit code (spec §11)', () => {
  it.each([
    [[], 0],
    [['METADATA MISMATCH api.version: lockfile=None current=None'], 1],
    [['NEW component not in lockfile: web', 'MISMATCH api.exact: lockfile=a... current=b...'], 1],
    [['MISMATCH api.behavior: lockfile=a... current=b...', 'MISMATCH api.exact: lockfile=a... current=b...'], 3],
    [['MISMATCH api.behavior: x', 'SLICE MISMATCH s.boundary: lockfile=a current=b'], 4],
    [['MISMATCH api.boundary: x', 'AFFECTED CONSUMERS api: web', 'MISMATCH api.compat: x'], 5],
    [['MISMATCH api.compat: x', 'LOCKED DIGEST ERROR api: boom'], 2],
    [['UNAVAILABLE FACET api.compat: selected gate requires both locked and current digests'], 2],
    [['Config invalid: x'], 2],
    [['Config unavailable: x'], 2],
    [['Config root must be an object'], 2],
    [['Custom provider loading failed: x'], 2],
    [['LOCKFILE malformed: x'], 2],
    [['Verification error: x'], 2],
    [['Unknown verification facet(s): x'], 2],
    [['Unknown verification component(s): x'], 2],
    [['CURRENT DIGEST ERROR api: x'], 2],
    [[DIAGNOSTICS_TRUNCATED], 2],
  ] as Array<[string[], number]>)('%j → %i', (issues, code) => {
    expect(driftExitCode(issues)).toBe(code);
  });

  it('reads the facet from MISMATCH, SLICE MISMATCH and UNAVAILABLE FACET issues only', () => {
    expect(issueFacet('MISMATCH a.b.boundary: x')).toBe('boundary');
    expect(issueFacet('SLICE MISMATCH all.exact: x')).toBe('exact');
    expect(issueFacet('UNAVAILABLE FACET s.behavior: x')).toBe('behavior');
    expect(issueFacet('METADATA MISMATCH a.boundary_status: x')).toBeNull();
    expect(issueFacet('AFFECTED CONSUMERS a: b')).toBeNull();
  });
});

describe('--fail-fast', () => {
  it('keeps the first safety issue, else the first most severe one', () => {
    expect(failFastIssues(['MISMATCH a.compat: x', 'LOCKED DIGEST ERROR a: y', 'CURRENT DIGEST ERROR b: z'])).toEqual(['LOCKED DIGEST ERROR a: y']);
    expect(failFastIssues(['MISMATCH a.exact: 1', 'MISMATCH a.behavior: 2', 'MISMATCH b.boundary: 3', 'MISMATCH c.boundary: 4'])).toEqual(['MISMATCH b.boundary: 3']);
    expect(failFastIssues(['NEW component not in lockfile: x', 'REMOVED slice still in lockfile: y'])).toEqual(['NEW component not in lockfile: x']);
    expect(failFastIssues([])).toEqual([]);
  });
});

describe('bounded diagnostics', () => {
  it('keeps short lists whole', () => {
    expect(boundDiagnostics(['a', 'b'])).toEqual(['a', 'b']);
  });

  it('caps the count at 256 items, the sentinel included', () => {
    const items = Array.from({ length: 1000 }, (_, i) => `issue ${i}`);
    const bounded = boundDiagnostics(items);
    expect(bounded).toHaveLength(MAX_DIAGNOSTIC_ITEMS);
    expect(bounded.at(-1)).toBe(DIAGNOSTICS_TRUNCATED);
    expect(bounded[254]).toBe('issue 254');
  });

  it('caps items at 4 KiB characters and the list at 256 KiB', () => {
    const items = Array.from({ length: 200 }, () => 'é'.repeat(10_000));
    const bounded = boundDiagnostics(items);
    expect(bounded[0]).toHaveLength(MAX_DIAGNOSTIC_ITEM_CHARS);
    expect(bounded[0].endsWith('...')).toBe(true);
    expect(bounded.at(-1)).toBe(DIAGNOSTICS_TRUNCATED);
    expect(bounded.reduce((sum, item) => sum + Buffer.byteLength(item), 0)).toBeLessThanOrEqual(MAX_DIAGNOSTIC_BYTES);
  });

  it('shortens digests to 12 hex characters, or none', () => {
    expect(shortDigest(DIGEST)).toBe('aaaaaaaaaaaa...');
    expect(shortDigest(null)).toBe('none');
  });
});

describe('diagnostic repr (Python ascii() style, bounded)', () => {
  it('renders scalars, strings and containers like Python', () => {
    expect(diagnosticRepr('1.4.2')).toBe("'1.4.2'");
    expect(diagnosticRepr("it's")).toBe('"it\'s"');
    expect(diagnosticRepr('é中\u{1F600}\n')).toBe("'\\xe9\\u4e2d\\U0001f600\\n'");
    expect(diagnosticRepr(null)).toBe('None');
    expect(diagnosticRepr(undefined)).toBe('None');
    expect(diagnosticRepr(true)).toBe('True');
    expect(diagnosticRepr(12n)).toBe('12');
    expect(diagnosticRepr(1.5)).toBe('1.5');
    expect(diagnosticRepr(['a', 'b'])).toBe("['a', 'b']");
    expect(diagnosticRepr(new Map([['compat_family', '1'], ['api_surface', null]]))).toBe("{'compat_family': '1', 'api_surface': None}");
  });

  it('previews at most 8 items, 4 levels and 500 characters', () => {
    expect(diagnosticRepr(Array.from({ length: 10 }, (_, i) => BigInt(i)))).toBe('[0, 1, 2, 3, 4, 5, 6, 7, ...]');
    expect(diagnosticRepr([[[[['deep']]]]])).toBe('[[[[[...]]]]]');
    const long = diagnosticRepr('x'.repeat(2000));
    expect(long).toHaveLength(500);
    expect(long.endsWith('...')).toBe(true);
  });
});
