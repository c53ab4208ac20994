import { describe, expect, it, vi } from 'vitest';
import { generateClaimId } from './claim-id.js';
import { parseHub } from '../hub/parse-hub.js';
import { applyStamp, stampClaims } from './stamp-claims.js';
import { SurfError } from '../errors.js';
import { HubParseError } from '../hub/hub-parse-error.js';

const AT = '2026-07-01T16:53:08Z';
const COMMIT = '0123456789abcdef0123456789abcdef01234567';

const HUB = [
  '---',
  'summary: x',
  'anchors:',
  '  - claim: unstamped',
  '    at: src/m.rs > add',
  '',
  '  - claim: stamped v1',
  '    id: c_18be38a62d95d1d80001',
  '    at: src/m.rs > sub',
  '    hash: f1075e760a17',
  '    verified_at: 2025-01-01T00:00:00Z',
  '  - claim: stamped v2',
  '    at: src/m.rs > mul',
  '    hash: 2:f1075e760a17',
  'refs: []',
  '---',
  'body',
  '',
].join('\n');

function ids(): () => string {
  let counter = 0;
  return () => generateClaimId(0x18be38a62f7582a0n, ++counter);
}

describe('stampClaims', () => {
  it('writes hash, a new id, verified_at and verified_commit, in that order, for an unstamped claim', () => {
    const { text, changed, outcomes } = stampClaims(HUB, [{ itemIndex: 0, hash: '2:aaaaaaaaaaaa', verifiedAt: AT, verifiedCommit: COMMIT }], ids());
    expect(changed).toBe(true);
    expect(outcomes).toEqual([{ itemIndex: 0, status: 'stamped', newId: 'c_18be38a62f7582a00001' }]);
    const lines = text.split('\n');
    expect(lines.slice(3, 10)).toEqual([
      '  - claim: unstamped',
      '    at: src/m.rs > add',
      '    hash: 2:aaaaaaaaaaaa',
      '    id: c_18be38a62f7582a00001',
      `    verified_at: ${AT}`,
      `    verified_commit: ${COMMIT}`,
      '',
    ]);
    expect(lines.slice(10)).toEqual(HUB.split('\n').slice(6));
  });

  it('upgrades a v1 stamp in place, keeps the id, replaces verified_at and adds verified_commit', () => {
    const newId = vi.fn(ids());
    const { text, outcomes } = stampClaims(HUB, [{ itemIndex: 1, hash: '2:bbbbbbbbbbbb', verifiedAt: AT, verifiedCommit: COMMIT }], newId);
    expect(newId).not.toHaveBeenCalled();
    expect(outcomes).toEqual([{ itemIndex: 1, status: 'stamped', newId: undefined }]);
    const claim = parseHub(text).anchors[1];
    expect(claim).toMatchObject({ id: 'c_18be38a62d95d1d80001', hash: '2:bbbbbbbbbbbb', verifiedAt: AT, verifiedCommit: COMMIT });
    expect(text.split('\n').length).toBe(HUB.split('\n').length + 1);
  });

  it('leaves a claim whose stored hash is unchanged byte-for-byte alone', () => {
    const newId = vi.fn(ids());
    const result = stampClaims(HUB, [{ itemIndex: 2, hash: '2:f1075e760a17', verifiedAt: AT, verifiedCommit: COMMIT }], newId);
    expect(result).toEqual({ text: HUB, changed: false, outcomes: [{ itemIndex: 2, status: 'unchanged' }] });
    expect(newId).not.toHaveBeenCalled();
  });

  it('writes no verified_commit outside a repository', () => {
    const { text } = stampClaims(HUB, [{ itemIndex: 2, hash: '2:cccccccccccc', verifiedAt: AT }], ids());
    expect(text).not.toContain('verified_commit');
    expect(parseHub(text).anchors[2]).toMatchObject({ hash: '2:cccccccccccc', verifiedAt: AT, verifiedCommit: undefined });
  });

  it('stamps several claims, handing out ids in claim order', () => {
    const hub = HUB.replace('    id: c_18be38a62d95d1d80001\n', '');
    const { text, outcomes } = stampClaims(
      hub,
      [
        { itemIndex: 2, hash: '2:cccccccccccc', verifiedAt: AT },
        { itemIndex: 0, hash: '2:aaaaaaaaaaaa', verifiedAt: AT },
        { itemIndex: 1, hash: '2:bbbbbbbbbbbb', verifiedAt: AT },
      ],
      ids(),
    );
    expect(outcomes.map((o) => o.itemIndex)).toEqual([2, 0, 1]);
    expect(parseHub(text).anchors.map((c) => [c.hash, c.id])).toEqual([
      ['2:aaaaaaaaaaaa', 'c_18be38a62f7582a00001'],
      ['2:bbbbbbbbbbbb', 'c_18be38a62f7582a00002'],
      ['2:cccccccccccc', 'c_18be38a62f7582a00003'],
    ]);
  });

  it('applyStamp is the single-claim form', () => {
    const single = applyStamp(HUB, { itemIndex: 0, hash: '2:aaaaaaaaaaaa', verifiedAt: AT }, ids());
    const batch = stampClaims(HUB, [{ itemIndex: 0, hash: '2:aaaaaaaaaaaa', verifiedAt: AT }], ids());
    expect(single).toEqual({ text: batch.text, changed: true, outcome: batch.outcomes[0] });
  });

  it('refuses a claim index that does not exist', () => {
    const result = stampClaims(HUB, [{ itemIndex: 3, hash: '2:aaaaaaaaaaaa', verifiedAt: AT }], ids());
    expect(result.changed).toBe(false);
    expect(result.outcomes[0]).toMatchObject({ status: 'refused', reason: 'no-item' });
  });

  it('refuses claims the line scanner cannot line up with the YAML', () => {
    const flow = '---\nanchors: [{claim: c, at: a.rs > f}]\n---\n';
    expect(stampClaims(flow, [{ itemIndex: 0, hash: '2:aaaaaaaaaaaa', verifiedAt: AT }], ids()).outcomes[0]).toMatchObject({
      status: 'refused',
      reason: 'layout',
    });
    // A column-0 comment ends the scanner's list (spec §2.5), so the second claim is out of reach;
    // the first is still stamped.
    const comment = '---\nanchors:\n  - claim: a\n    at: a.rs > f\n# between\n  - claim: b\n    at: b.rs > g\n---\n';
    const result = stampClaims(
      comment,
      [
        { itemIndex: 0, hash: '2:aaaaaaaaaaaa', verifiedAt: AT },
        { itemIndex: 1, hash: '2:bbbbbbbbbbbb', verifiedAt: AT },
      ],
      ids(),
    );
    expect(result.outcomes.map((o) => o.status)).toEqual(['stamped', 'refused']);
    expect(parseHub(result.text).anchors.map((c) => c.hash)).toEqual(['2:aaaaaaaaaaaa', undefined]);
  });

  it('throws SURF_HUB_EDIT rather than write a hub the edit would break', () => {
    // `hash` sits on the dash line, where the scanner never matches keys: inserting another
    // `hash:` would duplicate the key.
    const hub = '---\nanchors:\n  - hash: 2:aaaaaaaaaaaa\n    claim: c\n    at: a.rs > f\n---\n';
    let caught: unknown;
    try {
      stampClaims(hub, [{ itemIndex: 0, hash: '2:bbbbbbbbbbbb', verifiedAt: AT }], ids(), 'hubs/x.md');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SurfError);
    expect((caught as SurfError).code).toBe('SURF_HUB_EDIT');
    expect((caught as SurfError).message).toContain('hubs/x.md');
  });

  it('propagates the parse error of an invalid hub and rejects a claim stamped twice', () => {
    expect(() => stampClaims('no frontmatter', [], ids())).toThrow(HubParseError);
    expect(() =>
      stampClaims(
        HUB,
        [
          { itemIndex: 0, hash: '2:aaaaaaaaaaaa', verifiedAt: AT },
          { itemIndex: 0, hash: '2:bbbbbbbbbbbb', verifiedAt: AT },
        ],
        ids(),
      ),
    ).toThrow(RangeError);
  });

  it('keeps a CRLF hub CRLF', () => {
    const crlf = HUB.replaceAll('\n', '\r\n');
    const { text } = stampClaims(crlf, [{ itemIndex: 0, hash: '2:aaaaaaaaaaaa', verifiedAt: AT, verifiedCommit: COMMIT }], ids());
    const lf = stampClaims(HUB, [{ itemIndex: 0, hash: '2:aaaaaaaaaaaa', verifiedAt: AT, verifiedCommit: COMMIT }], ids()).text;
    expect(text).toBe(lf.replaceAll('\n', '\r\n'));
  });
});

describe('generateClaimId', () => {
  it('reproduces the observed ids', () => {
    expect(generateClaimId(0x18be38a62d95d1d8n, 1)).toBe('c_18be38a62d95d1d80001');
    expect(generateClaimId(0x18be38a62f7582a0n, 2)).toBe('c_18be38a62f7582a00002');
  });

  it('zero-pads and keeps the low 64 bits', () => {
    expect(generateClaimId(255n, 0)).toBe('c_00000000000000ff0000');
    expect(generateClaimId((1n << 64n) + 0xabcn, 0xffff)).toBe('c_0000000000000abcffff');
    expect(generateClaimId(1_780_000_000_000_000_000n, 10)).toMatch(/^c_[0-9a-f]{16}000a$/);
  });

  it('rejects counters outside 0..65535 and negative clocks', () => {
    expect(() => generateClaimId(1n, 0x10000)).toThrow(RangeError);
    expect(() => generateClaimId(1n, -1)).toThrow(RangeError);
    expect(() => generateClaimId(1n, 1.5)).toThrow(RangeError);
    expect(() => generateClaimId(-1n, 0)).toThrow(RangeError);
  });
});
