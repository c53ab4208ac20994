import { describe, expect, it } from 'vitest';
import { locateAnchorItems, setAt, setField, type HubEdit } from './hub-editor.js';
import { parseHub } from '../hub/parse-hub.js';

function edited(edit: HubEdit): string {
  if (!edit.ok) throw new Error(`edit refused: ${edit.reason}: ${edit.message}`);
  return edit.text;
}

/** Lines of `before` and `after` that differ, as [index, before, after] (after a common prefix/suffix). */
function changedRegion(before: string, after: string): { prefix: number; removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) {
    suffix++;
  }
  return { prefix, removed: a.slice(prefix, a.length - suffix), added: b.slice(prefix, b.length - suffix) };
}

const SIMPLE = [
  '---',
  'summary: x',
  'anchors:',
  '  - claim: first',
  '    at: src/m.rs > add',
  '    hash: 2:aaaaaaaaaaaa',
  '  - claim: second',
  '    at: src/m.rs > sub',
  '---',
  '# body',
  '',
].join('\n');

// Comments, blank lines, nested lists, block scalars, other keys around `anchors:`, and a body.
const RICH = [
  '---',
  '# leading comment',
  'type: concept',
  'title: "Rich: hub"',
  'tags:',
  '  - a',
  '  - b',
  'anchors:',
  '',
  '  # a comment inside the list',
  '  - claim: >',
  '      folded prose that mentions',
  '      hash: inside a scalar',
  '    at:',
  '      - src/a.ts > A > run',
  '      - src/b.ts > helper   # trailing comment',
  '    hash: 2:111111111111',
  '',
  '  - claim: second claim',
  '    id: c_18be38a62d95d1d80001',
  '    at: src/c.py > f',
  '    # note about the second claim',
  '',
  '',
  '  - claim: third',
  '    at: src/d.go > G',
  'refs:',
  '  - ./other.md',
  'author: someone',
  '---',
  '',
  '# Rich',
  '',
  '- not a claim: this is the body',
  'anchors: also body',
  '',
].join('\n');

describe('setField (spec §2.5, vectors §1.6 hub editor)', () => {
  it('replacing an existing hash changes exactly one line', () => {
    const after = edited(setField(SIMPLE, 0, 'hash', '2:bbbbbbbbbbbb'));
    expect(changedRegion(SIMPLE, after)).toEqual({
      prefix: 5,
      removed: ['    hash: 2:aaaaaaaaaaaa'],
      added: ['    hash: 2:bbbbbbbbbbbb'],
    });
    expect(parseHub(after).anchors[0].hash).toBe('2:bbbbbbbbbbbb');
  });

  it('inserting adds one line after the last non-blank line of the item', () => {
    const after = edited(setField(SIMPLE, 1, 'hash', '2:cccccccccccc'));
    expect(after.split('\n')).toHaveLength(SIMPLE.split('\n').length + 1);
    expect(changedRegion(SIMPLE, after)).toEqual({ prefix: 8, removed: [], added: ['    hash: 2:cccccccccccc'] });
    expect(parseHub(after).anchors[1].hash).toBe('2:cccccccccccc');
  });

  it('vectors §1.3: `hash: 2:abc123def456` round-trips as that exact string', () => {
    const after = edited(setField(SIMPLE, 1, 'hash', '2:abc123def456'));
    expect(after).toContain('\n    hash: 2:abc123def456\n');
    expect(parseHub(after).anchors[1].hash).toBe('2:abc123def456');
    expect(edited(setField(after, 1, 'hash', parseHub(after).anchors[1].hash as string))).toBe(after);
  });

  it('setting the same value is byte-identical', () => {
    expect(edited(setField(SIMPLE, 0, 'hash', '2:aaaaaaaaaaaa'))).toBe(SIMPLE);
    const once = edited(setField(RICH, 2, 'hash', '2:333333333333'));
    expect(edited(setField(once, 2, 'hash', '2:333333333333'))).toBe(once);
  });

  it('keeps every other byte of a hub with comments, blank lines, nested lists, other keys and a body', () => {
    const before = parseHub(RICH);
    const lines = RICH.split('\n');

    const replaced = edited(setField(RICH, 0, 'hash', '2:999999999999'));
    expect(changedRegion(RICH, replaced)).toEqual({
      prefix: lines.indexOf('    hash: 2:111111111111'),
      removed: ['    hash: 2:111111111111'],
      added: ['    hash: 2:999999999999'],
    });

    // Item 1 ends with a comment and two blank lines: the new line goes after the comment.
    const inserted = edited(setField(RICH, 1, 'hash', '2:222222222222'));
    expect(changedRegion(RICH, inserted)).toEqual({
      prefix: lines.indexOf('    # note about the second claim') + 1,
      removed: [],
      added: ['    hash: 2:222222222222'],
    });

    // The last item ends where `refs:` (indent 0) ends the list.
    const last = edited(setField(RICH, 2, 'verified_at', '2026-07-01T16:53:08Z'));
    expect(changedRegion(RICH, last)).toEqual({
      prefix: lines.indexOf('refs:'),
      removed: [],
      added: ['    verified_at: 2026-07-01T16:53:08Z'],
    });

    for (const [text, index] of [
      [replaced, 0],
      [inserted, 1],
      [last, 2],
    ] as const) {
      const after = parseHub(text);
      expect(after.body).toBe(before.body);
      expect(after.refs).toEqual(before.refs);
      expect([...after.extra]).toEqual([...before.extra]);
      after.anchors.forEach((claim, i) => {
        if (i !== index) expect({ ...claim, line: 0, hashLine: 0 }).toEqual({ ...before.anchors[i], line: 0, hashLine: 0 });
      });
    }
    expect(parseHub(replaced).anchors[0].claim).toBe('folded prose that mentions hash: inside a scalar\n');
  });

  it('only matches the key at the item key indent', () => {
    // `hash:` inside the folded claim text is deeper than the key indent, so it is never replaced.
    const text = RICH.replace('    hash: 2:111111111111\n', '');
    const after = edited(setField(text, 0, 'hash', '2:444444444444'));
    expect(after).toContain('      hash: inside a scalar');
    expect(parseHub(after).anchors[0].hash).toBe('2:444444444444');
  });

  it('handles other dash indents', () => {
    const text = ['---', 'anchors:', '    - claim: c', '      at: a.rs > f', '---', ''].join('\n');
    const after = edited(setField(text, 0, 'hash', '2:abc123def456'));
    expect(after.split('\n')[4]).toBe('      hash: 2:abc123def456');
    expect(parseHub(after).anchors[0].hash).toBe('2:abc123def456');
  });

  it('accepts a list written flush with its key (an extension; the reference finds no items)', () => {
    const text = ['---', 'anchors:', '- claim: c', '  at: a.rs > f', '- claim: d', '  at: b.rs > g', 'refs: []', '---', ''].join('\n');
    expect(locateAnchorItems(text).map((i) => [i.startLine, i.endLine])).toEqual([
      [2, 4],
      [4, 6],
    ]);
    const after = edited(setField(text, 1, 'hash', '2:abc123def456'));
    expect(changedRegion(text, after).added).toEqual(['  hash: 2:abc123def456']);
    expect(parseHub(after).anchors[1].hash).toBe('2:abc123def456');
  });

  it('keeps CRLF line endings', () => {
    const crlf = SIMPLE.replaceAll('\n', '\r\n');
    const replaced = edited(setField(crlf, 0, 'hash', '2:bbbbbbbbbbbb'));
    const inserted = edited(setField(replaced, 1, 'hash', '2:cccccccccccc'));
    expect(inserted).toBe(edited(setField(edited(setField(SIMPLE, 0, 'hash', '2:bbbbbbbbbbbb')), 1, 'hash', '2:cccccccccccc')).replaceAll('\n', '\r\n'));
    expect(edited(setField(crlf, 0, 'hash', '2:aaaaaaaaaaaa'))).toBe(crlf);
    expect(parseHub(inserted).anchors.map((c) => c.hash)).toEqual(['2:bbbbbbbbbbbb', '2:cccccccccccc']);
  });

  it('quotes values that would not read back as the same string', () => {
    for (const value of ['123', 'true', '~', 'a #b', ' padded ', 'x: y', '', 'multi\nline', 'tab\there', "it's \"q\"", '\u2028']) {
      const after = edited(setField(SIMPLE, 1, 'id', value));
      expect(parseHub(after).anchors[1].id).toBe(value);
      expect(after.split('\n')).toHaveLength(SIMPLE.split('\n').length + 1);
    }
    expect(edited(setField(SIMPLE, 1, 'id', '123'))).toContain('    id: "123"\n');
    expect(edited(setField(SIMPLE, 1, 'verified_at', '2026-07-01T16:53:08Z'))).toContain('    verified_at: 2026-07-01T16:53:08Z\n');
  });

  it.each([
    ['no frontmatter', '# title\n', 0, 'no-frontmatter'],
    ['an unclosed frontmatter', '---\nanchors:\n  - claim: c\n', 0, 'no-frontmatter'],
    ['no anchors key', '---\nsummary: x\n---\n', 0, 'no-anchors'],
    ['a missing item', SIMPLE, 2, 'no-item'],
    ['a negative item', SIMPLE, -1, 'no-item'],
    ['flow-style anchors', '---\nanchors: [{claim: c, at: a.rs > f}]\n---\n', 0, 'no-item'],
  ])('refuses %s', (_name, text, index, reason) => {
    const edit = setField(text, index, 'hash', '2:abc');
    expect(edit).toMatchObject({ ok: false, reason });
  });

  it('rejects a key that is not a plain YAML key', () => {
    expect(() => setField(SIMPLE, 0, 'bad key', 'x')).toThrow(RangeError);
  });
});

describe('setAt', () => {
  it('rewrites a one-line at', () => {
    const after = edited(setAt(SIMPLE, 1, 'src/m.rs > subtract'));
    expect(changedRegion(SIMPLE, after)).toEqual({
      prefix: 7,
      removed: ['    at: src/m.rs > sub'],
      added: ['    at: src/m.rs > subtract'],
    });
    expect(edited(setAt(SIMPLE, 1, 'src/m.rs > sub'))).toBe(SIMPLE);
  });

  it.each([
    ['a block list', RICH, 0],
    ['a flow list', '---\nanchors:\n  - claim: c\n    at: [a.rs > f, b.rs > g]\n---\n', 0],
    ['a comment then a list', '---\nanchors:\n  - claim: c\n    at: # sites\n      - a.rs > f\n---\n', 0],
    ['a continued scalar', '---\nanchors:\n  - claim: c\n    at: a.rs >\n      f\n---\n', 0],
  ])('refuses %s', (_name, text, index) => {
    expect(setAt(text, index, 'x.rs > y')).toMatchObject({ ok: false, reason: 'list-form' });
  });

  it('refuses an item without an at line and a missing item', () => {
    expect(setAt('---\nanchors:\n  - claim: c\n---\n', 0, 'x.rs > y')).toMatchObject({ ok: false, reason: 'no-at' });
    expect(setAt(SIMPLE, 5, 'x.rs > y')).toMatchObject({ ok: false, reason: 'no-item' });
  });
});
