import { describe, expect, it } from 'vitest';
import { setField } from './hub-editor.js';
import { parseHub } from '../hub/parse-hub.js';
import { type ClaimStamp, stampClaims } from './stamp-claims.js';

// Stamping many claims is one pass over the hub; these specs pin that its bytes are exactly what
// the earlier claim-at-a-time write-back produced: one `setField` per field, claims bottom-up.

const AT = '2026-07-01T16:53:08Z';
const COMMIT = '0123456789abcdef0123456789abcdef01234567';

/** The write-back as it was: every field of every claim through its own `setField`, bottom-up. */
function stampOneAtATime(text: string, stamps: readonly ClaimStamp[], newIds: ReadonlyMap<number, string>): string {
  const hub = parseHub(text);
  let next = text;
  for (const stamp of [...stamps].sort((a, b) => b.itemIndex - a.itemIndex)) {
    const claim = hub.anchors[stamp.itemIndex]!;
    if (claim.hash === stamp.hash) continue;
    const fields: Array<[string, string]> = [['hash', stamp.hash]];
    if (claim.id === undefined) fields.push(['id', newIds.get(stamp.itemIndex)!]);
    fields.push(['verified_at', stamp.verifiedAt]);
    if (stamp.verifiedCommit !== undefined) fields.push(['verified_commit', stamp.verifiedCommit]);
    for (const [key, value] of fields) {
      const edit = setField(next, stamp.itemIndex, key, value);
      if (!edit.ok) throw new Error(edit.message);
      next = edit.text;
    }
  }
  return next;
}

/** Item layouts people write: fields present or not, in any order, comments, blank lines, lists. */
const LAYOUTS: ReadonlyArray<(n: number) => string[]> = [
  (n) => [`  - claim: unstamped claim ${n}`, `    at: src/m${n % 7}.ts > f${n}`],
  (n) => [`  - claim: stamped ${n}`, `    at: src/m${n % 7}.ts > f${n}`, `    hash: 2:${hex(n)}`],
  (n) => [
    `  - claim: with provenance ${n}`,
    `    id: c_18be38a62d95d1d8${hex(n).slice(0, 4)}`,
    `    at: src/m${n % 7}.py > C${n} > run`,
    `    hash: ${hex(n + 1)}`,
    `    verified_at: 2025-01-01T00:00:00Z`,
    `    verified_commit: ${'a'.repeat(40)}`,
  ],
  (n) => [`  - claim: hash last, blank after ${n}`, `    at: src/m.go > F${n}`, `    ignore_literals: true`, `    hash: 2:${hex(n + 2)}`, '', ''],
  (n) => [`  - claim: multi-site ${n}`, '    at:', `      - src/a.rs > f${n}`, `      - src/b.rs > g${n}`, '    # reviewed by the data team'],
  (n) => [`  - claim: "quoted: prose ${n}"`, `    verified_at: 2024-02-02T00:00:00Z`, `    at: 'src/q.ts > q${n}'`],
];

function hex(n: number): string {
  return ((n * 2654435761) >>> 0).toString(16).padStart(12, '0').slice(-12);
}

function item(n: number): string[] {
  return LAYOUTS[n % LAYOUTS.length]!(n);
}

const HEAD = ['---', 'summary: a hub with many claims', 'tags: [perf]', 'anchors:'];
const TAIL = ['refs:', '  - ./other.md', 'owner: someone', '---', '', '# Body', '', 'Prose.', ''];

function hubOf(items: readonly string[][], eol: string): string {
  return [...HEAD, ...items.flat(), ...TAIL].join(eol);
}

/** The new stamp of claim n: some keep their stored hash (unchanged), the rest get a new one. */
function stampFor(n: number, withCommit: boolean): ClaimStamp {
  const keep = n % LAYOUTS.length === 1 && n % 4 === 0;
  return {
    itemIndex: n,
    hash: keep ? `2:${hex(n)}` : `2:${hex(n + 1000)}`,
    verifiedAt: AT,
    ...(withCommit && n % 3 !== 0 ? { verifiedCommit: COMMIT } : {}),
  };
}

function idFor(n: number): string {
  return `c_18be38a62f7582a0${(n & 0xffff).toString(16).padStart(4, '0')}`;
}

describe('stampClaims over many claims', () => {
  for (const eol of ['\n', '\r\n']) {
    it(`stamps 2,000 claims of one hub exactly as stamping each in a hub of its own did (${eol === '\n' ? 'LF' : 'CRLF'})`, () => {
      const count = 2_000;
      const items = Array.from({ length: count }, (_, n) => item(n));
      const stamps = items.map((_, n) => stampFor(n, true));
      // Requested out of order: ids still go out in claim order.
      const requested = [...stamps].sort((a, b) => (a.itemIndex % 5) - (b.itemIndex % 5) || b.itemIndex - a.itemIndex);
      const unstamped = items.flatMap((lines, n) => (lines.some((l) => l.startsWith('    id:')) || stamps[n]!.hash === `2:${hex(n)}` ? [] : [n]));
      let counter = 0;
      const result = stampClaims(hubOf(items, eol), requested, () => idFor(unstamped[counter++]!));
      expect(counter).toBe(unstamped.length);

      // Each item stamped alone, in a small hub with the same surroundings, with the old write-back.
      const expected = items.map((lines, n) => {
        const small = hubOf([lines], eol);
        const stamped = stampOneAtATime(small, [{ ...stamps[n]!, itemIndex: 0 }], new Map([[0, idFor(n)]]));
        return stamped.split(eol).slice(HEAD.length, -TAIL.length);
      });
      expect(result.text).toBe(hubOf(expected, eol));
      expect(result.changed).toBe(true);
      expect(result.outcomes.map((o) => o.itemIndex)).toEqual(requested.map((s) => s.itemIndex));
    });
  }

  it('matches the claim-at-a-time write-back on the whole hub', () => {
    const items = Array.from({ length: 240 }, (_, n) => item(n));
    const text = hubOf(items, '\n');
    const stamps = items.map((_, n) => stampFor(n, n % 2 === 0));
    const ids = new Map<number, string>();
    const result = stampClaims(text, stamps, () => {
      const n = ids.size;
      const id = `c_${'0'.repeat(16)}${n.toString(16).padStart(4, '0')}`;
      ids.set(n, id);
      return id;
    });
    // Map the ids back to the claims that received them (in claim order).
    const hub = parseHub(text);
    const receivers = stamps.filter((s) => hub.anchors[s.itemIndex]!.id === undefined && hub.anchors[s.itemIndex]!.hash !== s.hash);
    const byClaim = new Map(receivers.map((s, k) => [s.itemIndex, ids.get(k)!]));
    expect(result.text).toBe(stampOneAtATime(text, stamps, byClaim));
  });
});
