import fc from 'fast-check';
import { hostilePiece, hostileText } from './hostile-text.js';

const word = fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,8}$/);
const space = fc.constantFrom('', ' ', '  ', '\t', '\u00a0', '\u0085', '\uFEFF', '\u3000');

/** A file part: plain POSIX paths, plus the ones the grammar refuses (absolute, `..`, `\`, `C:`). */
const filePart = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.stringMatching(/^[a-z0-9_-]{1,6}$/), { minLength: 1, maxLength: 4 }).map((p) => `${p.join('/')}.ts`) },
  { weight: 1, arbitrary: fc.constantFrom('/abs/a.ts', 'C:/a.ts', 'c:a.ts', 'a\\b.ts', './a.ts', 'a/../b.ts', '.', '..', '', ' ', 'a//b.py') },
  { weight: 1, arbitrary: hostileText(4) },
);

/** An `@N` selector: valid, zero, signed, huge, fractional, empty, or hostile. */
const index = fc.oneof(
  fc.nat(20).map(String),
  fc.constantFrom('0', '+2', '-1', '007', '1.5', '', ' ', '18446744073709551615', '18446744073709551616', '99999999999999999999999999', '١', '²', '1e3'),
  hostileText(2),
);

/** One `> name @N` segment, with the whitespace variants the trims disagree on. */
const segment = fc
  .tuple(space, fc.oneof({ weight: 4, arbitrary: word }, { weight: 1, arbitrary: hostileText(3) }, { weight: 1, arbitrary: fc.constant('') }), space, fc.option(index, { nil: undefined }))
  .map(([lead, name, trail, at]) => `${lead}${name}${trail}${at === undefined ? '' : `@${at}`}`);

/** Anchor-shaped text: `file > Seg > Seg @2`, from zero to many segments, plus raw hostile strings. */
export const anchorText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(space, filePart, fc.array(segment, { maxLength: 6 }), space).map(([a, f, s, b]) => `${a}${[f, ...s].join('>')}${b}`) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostilePiece, fc.constant('>'), word), { maxLength: 12 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.nat(3000).map((n) => `a.ts${' > x'.repeat(n)}`) },
);
