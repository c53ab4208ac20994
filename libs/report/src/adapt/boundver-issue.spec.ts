import { issueFacet, isSafetyIssue } from '@driftgate/boundver';
import { describe, expect, it } from 'vitest';
import { classifyIssue } from './boundver-issue.js';

// Issue lines in the forms of the boundver spec §11; boundver's own facet and safety helpers are
// the independent oracle for what each line means.
const COMPONENTS = ['api', 'api.v2', 'web'];
const SLICES = ['surface'];
const LINES = [
  'MISMATCH api.boundary: lockfile=891dd2c85ceb... current=none',
  'MISMATCH api.v2.compat: lockfile=none current=6d1e2045aa47...',
  'MISMATCH web.exact: lockfile=0f8c4fa215f0... current=0ae3e8813dcd...',
  'SLICE MISMATCH surface.behavior: lockfile=d470e7c15155... current=7bda9b0d1c23...',
  'UNAVAILABLE FACET web.behavior: selected gate requires both locked and current digests',
  'UNAVAILABLE FACET surface.boundary: slice members lack locked or current digests: api, web',
  "METADATA MISMATCH config_digest: lockfile='a' current='b'",
  "METADATA MISMATCH project: lockfile='a' current='b'",
  "METADATA MISMATCH api.v2.version: lockfile='1.0.0' current='1.1.0'",
  'NEW component not in lockfile: web',
  'REMOVED component still in lockfile: gone',
  'NEW slice not in lockfile: surface',
  'REMOVED slice still in lockfile: old',
  'CURRENT DIGEST ERROR api.v2: No files found for \'x\' on disk',
  'LOCKED DIGEST ERROR api: Boundary computation failed',
  'LOCKFILE missing: boundary.lock.json is not in the HEAD snapshot.',
  'Config invalid: Slice \'s\' field \'components\' must contain at least one configured component',
  'Config root must be an object',
  'Custom provider loading failed: not enabled',
  'Unknown verification facet(s): speed',
  'Unknown verification component(s): nope',
  'Verification error: --changed-from x: bad revision',
  'DIAGNOSTICS TRUNCATED: additional diagnostics were omitted',
];

describe('classifyIssue', () => {
  it('agrees with boundver on the facet and on the exit-2 class of every issue form', () => {
    const errorRules = new Set(['unavailable-facet', 'config-error', 'lockfile-error', 'digest-error', 'verification-error']);
    for (const line of LINES) {
      const classified = classifyIssue(line, COMPONENTS, SLICES);
      expect(classified.rule, line).not.toBeNull();
      expect(errorRules.has(classified.rule!), line).toBe(isSafetyIssue(line));
      const facet = issueFacet(line);
      const subject = classified.subject;
      const mine = subject.kind === 'component' ? (subject.facet ?? null) : subject.kind === 'slice' ? (subject.mode ?? null) : null;
      expect(mine, line).toBe(facet);
    }
  });

  it('names the subject, preferring the longest configured name', () => {
    expect(classifyIssue(LINES[1]!, COMPONENTS, SLICES).subject).toEqual({ kind: 'component', name: 'api.v2', facet: 'compat' });
    expect(classifyIssue(LINES[8]!, COMPONENTS, SLICES).subject).toEqual({ kind: 'component', name: 'api.v2' });
    expect(classifyIssue(LINES[13]!, COMPONENTS, SLICES).subject).toEqual({ kind: 'component', name: 'api.v2' });
    expect(classifyIssue(LINES[5]!, COMPONENTS, SLICES)).toMatchObject({ rule: 'unavailable-facet', subject: { kind: 'slice', name: 'surface', mode: 'boundary' } });
    expect(classifyIssue(LINES[10]!, COMPONENTS, SLICES)).toMatchObject({ rule: 'removed-component', subject: { kind: 'lock', name: 'gone' } });
    expect(classifyIssue('MISMATCH unknown.name.exact: lockfile=none current=none', COMPONENTS, SLICES).subject).toEqual({ kind: 'component', name: 'unknown.name', facet: 'exact' });
  });

  it('marks AFFECTED CONSUMERS lines as belonging to their component, with no rule of their own', () => {
    expect(classifyIssue('AFFECTED CONSUMERS (TRANSITIVE) api.v2: web, partner-x', COMPONENTS, SLICES)).toMatchObject({ rule: null, affected: true, subject: { kind: 'component', name: 'api.v2' } });
  });
});
