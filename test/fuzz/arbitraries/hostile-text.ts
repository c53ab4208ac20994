import fc from 'fast-check';

/**
 * Characters parsers trip over: NUL and other controls, BOM, CR / CRLF / Unicode line breaks,
 * whitespace that one trim strips and another keeps, lone surrogates, astral and combining
 * characters, bidi controls, and the punctuation of YAML, TOML, JSON, globs and anchors.
 */
export const HOSTILE_PIECES: readonly string[] = [
  '\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\b', '\f', '\v', '\t',
  '\uFEFF', '\r', '\r\n', '\n', '\u0085', '\u2028', '\u2029', '\u00a0', '\u3000', '\u200b', '\u202e',
  '\uD800', '\uDFFF', '\uDBFF\uDFFF', '😀', 'e\u0301', '\uFFFD', '\uFFFF', 'ß', 'İ', 'Ω',
  ' ', '  ', '\\', '\\u', '\\x00', '\\\\', '"', "'", '`', '"""', "'''",
  '#', ':', ': ', '- ', '-', '?', '? ', '[', ']', '{', '}', ',', '&a', '*a', '!', '!!str', '!!binary', '|', '>', '|-', '>+', '%YAML 1.2', '---', '...',
  '=', '.', '..', '/', '//', '*', '**', '***', '[a-z]', '[!a]', '[]', '[!]', '@', '@0', '@1', '@+2', '@99999999999999999999999', '>',
  'null', '~', 'true', 'NaN', 'inf', '-0', '1e400', '0x1F', '1_000', '9007199254740993', '1979-05-27T07:32:00Z',
  '__proto__', 'constructor', 'toString', 'hasOwnProperty',
];

/** One hostile piece. */
export const hostilePiece: fc.Arbitrary<string> = fc.constantFrom(...HOSTILE_PIECES);

/** Short text mixing hostile pieces with arbitrary code points and plain words. */
export function hostileText(maxPieces = 8): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: hostilePiece },
        { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
        { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_.-]{0,6}$/) },
      ),
      { maxLength: maxPieces },
    )
    .map((pieces) => pieces.join(''));
}

/** Brackets nested `depth` deep around `inner`: `[[[x]]]`, `{a: {a: x}}`, or a mix. */
export function nested(open: readonly string[], close: readonly string[], depth: number, inner: string): string {
  let head = '';
  let tail = '';
  for (let i = 0; i < depth; i++) {
    const k = i % open.length;
    head += open[k];
    tail = close[k] + tail;
  }
  return head + inner + tail;
}

/** Nesting depths around the 128-level limits, and well beyond them. */
export const nestingDepth: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: 0, max: 8 }),
  fc.integer({ min: 120, max: 140 }),
  fc.constantFrom(127, 128, 129, 130, 255, 256, 1000, 5000),
);
