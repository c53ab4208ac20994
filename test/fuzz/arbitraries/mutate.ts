import fc from 'fast-check';
import { hostileText } from './hostile-text.js';

/** One edit of a text: replace `length` code units at a relative position with `insert`. */
interface Edit {
  readonly at: number;
  readonly length: number;
  readonly insert: string;
  readonly duplicate: boolean;
}

const edit = (tokens: fc.Arbitrary<string>): fc.Arbitrary<Edit> =>
  fc.record({
    // Unbiased: fast-check favours the ends of a range, which would put most edits on the first
    // line (breaking a hub's opening fence) and leave the middle of documents untouched.
    at: fc.noBias(fc.integer({ min: 0, max: 999_999 })).map((n) => n / 1_000_000),
    length: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 4, max: 40 })),
    insert: fc.oneof(tokens, hostileText(3), fc.constant('')),
    duplicate: fc.boolean(),
  });

function apply(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const { at, length, insert, duplicate } of edits) {
    const start = Math.floor(at * out.length);
    const end = Math.min(out.length, start + length);
    // Duplicating a slice repeats structure (a key, a table header, a nesting level) verbatim.
    const replacement = duplicate ? out.slice(start, end) + out.slice(start, end) + insert : insert;
    out = out.slice(0, start) + replacement + out.slice(end);
  }
  return out;
}

/**
 * Valid documents with a few edits each: deletions, insertions of format tokens or hostile text,
 * and duplicated slices. Shrinks towards fewer, smaller edits, so a counterexample reads as
 * "the valid document, with this one change".
 */
export function mutated(seeds: fc.Arbitrary<string>, tokens: fc.Arbitrary<string>, maxEdits = 4): fc.Arbitrary<string> {
  return fc.tuple(seeds, fc.array(edit(tokens), { minLength: 1, maxLength: maxEdits })).map(([text, edits]) => apply(text, edits));
}

/**
 * Line-ending and prefix variants of a document: mostly LF, sometimes CRLF or lone CR, a BOM, a
 * trailing NUL. Most stay plain, so the variants do not keep inputs from reaching the parser's
 * deeper rules (a BOM or a lone CR alone already ends most of them at the first line).
 */
export function lineEndingVariant(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const rarely = fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
  const eol = fc.oneof({ weight: 6, arbitrary: fc.constant('\n') }, { weight: 2, arbitrary: fc.constant('\r\n') }, { weight: 1, arbitrary: fc.constant('\r') });
  return fc
    .tuple(text, eol, rarely, rarely)
    .map(([body, eol, bom, nul]) => `${bom ? '\uFEFF' : ''}${eol === '\n' ? body : body.replaceAll('\n', eol)}${nul ? '\u0000' : ''}`);
}
