import { claimSites, parseHub, quickHubFacts } from '@driftgate/surf';
import { describe, expect, it } from 'vitest';
import { hubClaims, sitesOf } from './lazy-claims.js';

const FIELDS = ['index', 'line', 'hashLine', 'id', 'claim', 'at', 'hash', 'verifiedAt', 'verifiedCommit', 'ignoreLiterals'] as const;

const PLAIN =
  '---\nsummary: s\nanchors:\n' +
  '  - id: c_0123456789abcdef0123\n    claim: adds two numbers\n    at: src/a.rs > add\n    hash: 2:f1075e760a17\n    verified_at: 2026-01-02T03:04:05Z\n\n' +
  '  - claim: "quoted: prose"\n    at:\n      - src/a.rs > add\n      - src/b.py > C > m @2\n    ignore_literals: true\n' +
  '  - claim: never stamped\n    at: src/c.go > F\n---\nbody\n';
// A comment puts a hub outside the plain subset: it is parsed at once.
const NOT_PLAIN = PLAIN.replace('summary: s\n', 'summary: s # note\n');

describe('hubClaims', () => {
  it('reads the plain hub from its quick facts (the lazy path), the other one not', () => {
    expect(quickHubFacts(PLAIN)).toBeDefined();
    expect(quickHubFacts(NOT_PLAIN)).toBeUndefined();
  });

  for (const [name, text] of [['a plain hub (from its quick facts)', PLAIN], ['a hub outside the plain subset', NOT_PLAIN]] as const) {
    it(`gives the claims parseHub gives, field by field, and their sites: ${name}`, () => {
      const expected = parseHub(text, { path: 'hubs/h.md' }).anchors;
      const claims = hubClaims(text, 'hubs/h.md');
      expect(claims).toHaveLength(expected.length);
      claims.forEach((claim, i) => {
        expect(sitesOf(claim)).toEqual(claimSites(expected[i]!));
        for (const field of FIELDS) expect(claim[field]).toEqual(expected[i]![field]);
      });
    });
  }

  it('throws as parseHub does for a hub that does not parse', () => {
    expect(() => hubClaims('---\nanchors: [\n---\n', 'hubs/h.md')).toThrow();
  });
});
