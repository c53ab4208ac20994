import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Lang, loadLanguage } from './languages.js';
import { type ParsedFile, parseSourceSync, reparseSourceSync } from './parsed-file.js';
import { type TextSplice, applySplice, spliceBetween, treeEditFor } from './source-edit.js';

/** Every node of the tree with its kind, UTF-16 indices and (row, column) points. */
function shape(parsed: ParsedFile): string[] {
  const out: string[] = [];
  const cursor = parsed.tree.walk();
  try {
    for (;;) {
      const { startPosition: s, endPosition: e } = cursor;
      out.push(`${cursor.nodeType} ${cursor.startIndex}-${cursor.endIndex} ${s.row}:${s.column}-${e.row}:${e.column}`);
      if (cursor.gotoFirstChild() || cursor.gotoNextSibling()) continue;
      let done = true;
      while (cursor.gotoParent()) {
        if (cursor.gotoNextSibling()) {
          done = false;
          break;
        }
      }
      if (done) return out;
    }
  } finally {
    cursor.delete();
  }
}

const PIECES = ['\n', '\r\n', ' ', 'x', 'é', '€', '😀', 'def f(a):\n', '    return a\n', 'class C:\n', '  pass\n', '"ü😀"', '(', ')', ':', '#'];
const TS_PIECES = ['\n', ' ', 'x', 'é', '😀', 'function f(a) {\n', '  return a;\n', '}\n', 'const s = "€😀";\n', '{', '}', '(', ')', ';', '//'];

/** A text and a sequence of splices of it, each against the text the previous one left. */
function editScript(pieces: readonly string[]): fc.Arbitrary<{ text: string; splices: TextSplice[] }> {
  const text = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join(''));
  const step = fc.record({ a: fc.nat(), b: fc.nat(), insert: fc.array(fc.constantFrom(...pieces), { maxLength: 4 }).map((p) => p.join('')) });
  return fc.tuple(text, fc.array(step, { minLength: 1, maxLength: 5 })).map(([start, steps]) => {
    let current = start;
    const splices: TextSplice[] = [];
    for (const { a, b, insert } of steps) {
      // Splice edges on code-point boundaries, as an editor's positions are.
      const bounds = [0];
      for (const ch of current) bounds.push(bounds[bounds.length - 1]! + ch.length);
      const [x, y] = [bounds[a % bounds.length]!, bounds[b % bounds.length]!].sort((p, q) => p - q);
      const splice = { start: x!, oldEnd: y!, text: insert };
      splices.push(splice);
      current = applySplice(current, splice);
    }
    return { text: start, splices };
  });
}

describe('incremental re-parse', () => {
  beforeAll(async () => {
    await loadLanguage('python');
    await loadLanguage('typescript');
  });

  it('gives the tree a fresh parse gives where error recovery would have reused old subtrees differently', () => {
    // Found by the property below: an unbalanced brace and an emoji, one splice.
    const text = '}\nfunction f(a) {\n{}\n😀function f(a) {\n';
    const splices = [{ start: 32, oldEnd: 33, text: 'x;' }];
    const reparsed = reparseSourceSync(parseSourceSync(text, 'typescript'), splices);
    const fresh = parseSourceSync(splices.reduce(applySplice, text), 'typescript');
    try {
      expect(shape(reparsed)).toEqual(shape(fresh));
    } finally {
      reparsed.delete();
      fresh.delete();
    }
  });

  for (const [lang, pieces] of [['python', PIECES], ['typescript', TS_PIECES]] as Array<[Lang, string[]]>) {
    it(`gives the tree a fresh parse gives, multi-byte text and several splices included (${lang})`, () => {
      fc.assert(
        fc.property(editScript(pieces), ({ text, splices }) => {
          const reparsed = reparseSourceSync(parseSourceSync(text, lang), splices);
          const fresh = parseSourceSync(splices.reduce(applySplice, text), lang);
          try {
            expect(reparsed.text).toBe(fresh.text);
            expect(shape(reparsed)).toEqual(shape(fresh));
          } finally {
            reparsed.delete();
            fresh.delete();
          }
        }),
        { numRuns: 150 },
      );
    });
  }

  it('describes an edit in the units web-tree-sitter counts: UTF-16 indices and columns, rows at \\n', () => {
    const before = 'a😀b\r\nxé\ny';
    // Replace `é\ny` (starts on row 1 at column 1) with `Z\n😀`.
    const edit = treeEditFor(before, { start: 7, oldEnd: 10, text: 'Z\n😀' });
    expect([edit.startIndex, edit.oldEndIndex, edit.newEndIndex]).toEqual([7, 10, 11]);
    expect(edit.startPosition).toEqual({ row: 1, column: 1 });
    expect(edit.oldEndPosition).toEqual({ row: 2, column: 1 });
    expect(edit.newEndPosition).toEqual({ row: 2, column: 2 });
  });

  it('spliceBetween finds the one splice between two texts, never splitting a surrogate pair', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'é', '😀', '😁', '\n'), { maxLength: 12 }), fc.array(fc.constantFrom('a', 'é', '😀', '😁', '\n'), { maxLength: 12 }), (a, b) => {
        const [before, after] = [a.join(''), b.join('')];
        const splice = spliceBetween(before, after);
        if (before === after) {
          expect(splice).toBeUndefined();
          return;
        }
        expect(applySplice(before, splice!)).toBe(after);
        // Both edges on code-point boundaries of the text before.
        const bounds = new Set([0]);
        let at = 0;
        for (const ch of before) bounds.add((at += ch.length));
        expect(bounds.has(splice!.start) && bounds.has(splice!.oldEnd)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
