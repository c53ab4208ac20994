import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fitRange, wholeLine } from './ranges.js';

const doc = (text: string): TextDocument => TextDocument.create('file:///doc', 'markdown', 1, text);

describe('wholeLine', () => {
  it('ends at the line’s UTF-16 length, before its line break, whatever the break', () => {
    const text = 'ab\r\n😀 中文\nlast 𝔘';
    expect([0, 1, 2].map((line) => wholeLine(doc(text), line).end)).toEqual([
      { line: 0, character: 2 },
      { line: 1, character: 5 },
      { line: 2, character: 7 },
    ]);
  });

  it('keeps to the lines the document has', () => {
    expect(wholeLine(doc('a\nbc\n'), 9)).toEqual({ start: { line: 2, character: 0 }, end: { line: 2, character: 0 } });
    expect(wholeLine(doc(''), 0)).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  });
});

describe('fitRange', () => {
  it('returns a range that fits as it was, and clamps one that does not', () => {
    const d = doc('😀x\r\nyz');
    const fits = { start: { line: 0, character: 2 }, end: { line: 1, character: 1 } };
    expect(fitRange(d, fits)).toEqual(fits);
    expect(fitRange(d, { start: { line: 0, character: 40 }, end: { line: 7, character: 0 } })).toEqual({ start: { line: 0, character: 3 }, end: { line: 1, character: 2 } });
  });
});
