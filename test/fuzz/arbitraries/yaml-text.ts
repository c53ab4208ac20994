import fc from 'fast-check';
import { hostilePiece, hostileText, nested, nestingDepth } from './hostile-text.js';

const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);

/** A YAML scalar as written: plain, quoted with escapes, block, typed-looking, anchored, aliased, tagged. */
export const yamlScalar: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: word },
  { weight: 2, arbitrary: hostileText(4).map((t) => JSON.stringify(t)) },
  { weight: 1, arbitrary: hostileText(4).map((t) => `'${t.replaceAll("'", "''")}'`) },
  { weight: 1, arbitrary: hostileText(4) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('~', 'null', '', 'true', 'False', 'yes', '123456789012', '1e5', '0x1f', '0o17', '2:abc', '.inf', '-.nan', '2026-01-01T00:00:00Z', '"\\u0000"', '"\\ud800"', '"\\x"', "'''", '"unterminated'),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('|', '|-', '>', '>+', '|2', '|0'), word).map(([h, w]) => `${h}\n    ${w}\n   ${w}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('&a ', '&b ', '!!str ', '!!int ', '!local ', '!<tag:x> ', '*a', '*b', '*missing'), word).map(([p, w]) => (p.startsWith('*') ? p : p + w)) },
);

/** A YAML value: a scalar, flow and block collections, and nesting around and past the depth limit. */
export const yamlValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: yamlScalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`) },
    { weight: 1, arbitrary: fc.array(fc.tuple(word, tie('value')), { maxLength: 3 }).map((pairs) => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')}}`) },
    { weight: 1, arbitrary: fc.tuple(nestingDepth, yamlScalar).map(([d, s]) => nested(['['], [']'], d, s)) },
    { weight: 1, arbitrary: fc.tuple(nestingDepth, yamlScalar).map(([d, s]) => nested(['{a: '], ['}'], d, s)) },
    { weight: 1, arbitrary: fc.tuple(nestingDepth, yamlScalar).map(([d, s]) => nested(['[', '{k: '], [']', '}'], d, s)) },
    // Compact block nesting on one line (`- - - x`) and explicit keys: depth without brackets.
    { weight: 1, arbitrary: fc.tuple(nestingDepth, yamlScalar).map(([d, s]) => `\n  ${'- '.repeat(d)}${s}`) },
    { weight: 1, arbitrary: fc.tuple(nestingDepth, yamlScalar).map(([d, s]) => `\n  ${'? '.repeat(d)}${s}`) },
    { weight: 1, arbitrary: fc.tuple(nestingDepth, yamlScalar).map(([d, s]) => `\n  ${'a: '.repeat(Math.min(d, 3))}${s}`) },
    { weight: 1, arbitrary: fc.array(tie('value'), { minLength: 1, maxLength: 3 }).map((items) => items.map((v) => `\n  - ${v}`).join('')) },
    { weight: 1, arbitrary: fc.array(hostilePiece, { maxLength: 6 }).map((p) => p.join('')) },
  ),
})).value;
