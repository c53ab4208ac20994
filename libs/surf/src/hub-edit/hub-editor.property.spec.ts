import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateAnchorItems, setField, setFields } from './hub-editor.js';
import { parseHub } from '../hub/parse-hub.js';
import { stampClaims } from './stamp-claims.js';

interface ClaimSpec {
  claim: string;
  at: string | string[];
  hash: string | null;
  id: string | null;
  ignoreLiterals: boolean;
  comment: boolean;
  blankLinesAfter: number;
  keyOrder: number[];
}

const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);
const hex12 = fc.stringMatching(/^[0-9a-f]{12}$/);
const anchor = fc.tuple(word, word, fc.option(word, { nil: undefined })).map(([file, a, b]) => `src/${file}.ts > ${a}${b ? ` > ${b}` : ''}`);
const prose = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));

const claimSpec: fc.Arbitrary<ClaimSpec> = fc.record({
  claim: prose,
  at: fc.oneof(anchor, fc.array(anchor, { minLength: 1, maxLength: 3 })),
  hash: fc.option(fc.oneof(hex12.map((h) => `2:${h}`), hex12), { nil: null }),
  id: fc.option(fc.stringMatching(/^c_[0-9a-f]{20}$/), { nil: null }),
  ignoreLiterals: fc.boolean(),
  comment: fc.boolean(),
  blankLinesAfter: fc.nat(2),
  keyOrder: fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5, maxLength: 5 }),
});

interface HubSpec {
  claims: ClaimSpec[];
  dashIndent: number;
  before: boolean;
  after: boolean;
  body: string;
}

const hubSpec: fc.Arbitrary<HubSpec> = fc.record({
  claims: fc.array(claimSpec, { minLength: 1, maxLength: 5 }),
  dashIndent: fc.constantFrom(0, 2, 4),
  before: fc.boolean(),
  after: fc.boolean(),
  body: fc.array(prose, { maxLength: 3 }).map((lines) => lines.join('\n')),
});

/** Renders the claims as YAML the way people write hubs: claim first, other keys in any order. */
function render(spec: HubSpec): string {
  const dash = ' '.repeat(spec.dashIndent);
  const key = ' '.repeat(spec.dashIndent + 2);
  const lines = ['---'];
  if (spec.before) lines.push('summary: a hub', 'tags: [x, y]');
  lines.push('anchors:');
  for (const c of spec.claims) {
    lines.push(`${dash}- claim: ${c.claim}`);
    for (const k of c.keyOrder) {
      if (k === 0) {
        if (typeof c.at === 'string') lines.push(`${key}at: ${c.at}`);
        else lines.push(`${key}at:`, ...c.at.map((a) => `${key}  - ${a}`));
      } else if (k === 1 && c.hash !== null) lines.push(`${key}hash: ${c.hash}`);
      else if (k === 2 && c.id !== null) lines.push(`${key}id: ${c.id}`);
      else if (k === 3 && c.ignoreLiterals) lines.push(`${key}ignore_literals: true`);
      else if (k === 4 && c.comment) lines.push(`${key}# a note`);
    }
    for (let i = 0; i < c.blankLinesAfter; i++) lines.push('');
  }
  if (spec.after) lines.push('refs:', '  - ./other.md', 'owner: someone');
  lines.push('---', '', spec.body, '');
  return lines.join('\n');
}

const FIELD = { hash: 'hash', id: 'id', verified_at: 'verifiedAt', verified_commit: 'verifiedCommit' } as const;
const anyValue = fc.oneof(
  hex12.map((h) => `2:${h}`),
  fc.stringMatching(/^[0-9]{1,14}$/),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
);

describe('hub editor properties', () => {
  it('setField then parse gives the new value and leaves every line outside the item untouched', () => {
    fc.assert(
      fc.property(
        hubSpec,
        fc.nat(),
        fc.constantFrom(...(Object.keys(FIELD) as (keyof typeof FIELD)[])),
        anyValue,
        crlf(),
        (spec, pick, key, value, useCrlf) => {
          const lf = render(spec);
          const text = useCrlf ? lf.replaceAll('\n', '\r\n') : lf;
          const before = parseHub(text);
          const index = pick % spec.claims.length;
          const span = locateAnchorItems(text)[index];
          expect(span.startLine + 1).toBe(before.anchors[index].line);

          const edit = setField(text, index, key, value);
          if (!edit.ok) throw new Error(edit.message);
          const after = parseHub(edit.text);
          expect(after.anchors[index][FIELD[key]]).toBe(value);
          after.anchors.forEach((claim, i) => {
            const { line: _l, hashLine: _h, ...rest } = claim;
            const { line: _l2, hashLine: _h2, ...was } = before.anchors[i];
            if (i === index) expect({ ...rest, [FIELD[key]]: undefined }).toEqual({ ...was, [FIELD[key]]: undefined });
            else expect(rest).toEqual(was);
          });
          expect(after.body).toBe(before.body);

          const a = text.split('\n');
          const b = edit.text.split('\n');
          const inserted = b.length - a.length;
          expect([0, 1]).toContain(inserted);
          expect(b.slice(0, span.startLine)).toEqual(a.slice(0, span.startLine));
          expect(b.slice(span.endLine + inserted)).toEqual(a.slice(span.endLine));
          if (useCrlf) expect(b.slice(0, -1).every((line) => line.endsWith('\r'))).toBe(true);

          // Writing the same value again changes nothing.
          const again = setField(edit.text, index, key, value);
          expect(again.ok && again.text).toBe(edit.text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('setFields writes exactly what one setField per field does', () => {
    const writes = fc.array(
      fc.tuple(fc.nat(), fc.array(fc.tuple(fc.constantFrom(...Object.keys(FIELD)), anyValue), { minLength: 1, maxLength: 5 })),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(hubSpec, writes, crlf(), (spec, picks, useCrlf) => {
        const lf = render(spec);
        const text = useCrlf ? lf.replaceAll('\n', '\r\n') : lf;
        const byItem = new Map<number, Array<[string, string]>>();
        for (const [pick, fields] of picks) byItem.set(pick % spec.claims.length, fields);
        let expected = text;
        for (const [itemIndex, fields] of [...byItem].sort((a, b) => b[0] - a[0])) {
          for (const [key, value] of fields) {
            const edit = setField(expected, itemIndex, key, value);
            if (!edit.ok) throw new Error(edit.message);
            expected = edit.text;
          }
        }
        const batch = setFields(text, [...byItem].map(([itemIndex, fields]) => ({ itemIndex, fields })));
        expect(batch.ok && batch.text).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('stampClaims writes provenance only for changed hashes and keeps other claims', () => {
    fc.assert(
      fc.property(hubSpec, fc.array(fc.tuple(fc.nat(), fc.option(hex12, { nil: null })), { maxLength: 5 }), (spec, picks) => {
        const text = render(spec);
        const before = parseHub(text);
        const byIndex = new Map<number, string>();
        for (const [pick, hex] of picks) {
          const index = pick % spec.claims.length;
          // null: re-stamp with the stored hash (must be a no-op for that claim).
          byIndex.set(index, hex === null ? (before.anchors[index].hash ?? '2:000000000000') : `2:${hex}`);
        }
        let counter = 0;
        const result = stampClaims(
          text,
          [...byIndex].map(([itemIndex, hash]) => ({ itemIndex, hash, verifiedAt: '2026-07-01T16:53:08Z', verifiedCommit: 'f'.repeat(40) })),
          () => `c_${'0'.repeat(16)}${(++counter).toString(16).padStart(4, '0')}`,
        );
        const after = parseHub(result.text);
        before.anchors.forEach((was, i) => {
          const now = after.anchors[i];
          const hash = byIndex.get(i);
          if (hash === undefined || hash === was.hash) {
            expect({ ...now, line: 0, hashLine: 0 }).toEqual({ ...was, line: 0, hashLine: 0 });
          } else {
            expect(now.hash).toBe(hash);
            expect(now.verifiedAt).toBe('2026-07-01T16:53:08Z');
            expect(now.verifiedCommit).toBe('f'.repeat(40));
            if (was.id !== undefined) expect(now.id).toBe(was.id);
            else expect(now.id).toMatch(/^c_0{16}[0-9a-f]{4}$/);
          }
        });
        const changed = [...byIndex].some(([i, hash]) => before.anchors[i].hash !== hash);
        expect(result.changed).toBe(changed);
        if (!changed) expect(result.text).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});

function crlf(): fc.Arbitrary<boolean> {
  return fc.boolean();
}
