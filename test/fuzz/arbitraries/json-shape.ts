import fc from 'fast-check';
import { hostileText, nested, nestingDepth } from './hostile-text.js';

/** A JSON-compatible value as a plain JS tree (objects, arrays, strings, numbers, booleans, null). */
export type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

/** Plain values of every type, with hostile strings and keys: what a wrong-typed field holds. */
export const plainValue: fc.Arbitrary<Plain> = fc.letrec<{ value: Plain }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 1e300, 2 ** 53 + 1, 0.1)),
    fc.oneof(hostileText(4), fc.constantFrom('', ' ', 'leaf', 'implicit', 'path-hash', 'typescript-exports', 'major', 'boundary', 'src', 'src/**', '../x')),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileText(2), fc.constantFrom('__proto__', 'constructor', 'paths', 'provider')), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Sets `value` at a path chosen by `choices` inside a copy of `root` (replacing, deleting or adding a key). */
export function edited(root: Plain, choices: readonly number[], value: Plain | undefined, key: string): Plain {
  const copy = structuredClone(root);
  let node: Plain = copy;
  for (const choice of choices) {
    if (node === null || typeof node !== 'object') break;
    const keys = Array.isArray(node) ? node.map((_, i) => String(i)) : Object.keys(node);
    if (keys.length === 0) break;
    const next: Plain | undefined = (node as Record<string, Plain>)[keys[choice % keys.length]!];
    if (next === null || typeof next !== 'object' || choice % 3 === 0) {
      const target = node as Record<string, Plain | undefined>;
      const at = keys[choice % keys.length]!;
      if (value === undefined) delete target[at];
      else if (choice % 5 === 0 && !Array.isArray(node)) Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
      else target[at] = value;
      return copy;
    }
    node = next;
  }
  return copy;
}

/** Structural edits of a valid document: a few fields replaced by wrong-typed values, removed, or added. */
export function structurallyEdited(seeds: fc.Arbitrary<Plain>): fc.Arbitrary<Plain> {
  return fc
    .tuple(seeds, fc.array(fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), fc.option(plainValue, { nil: undefined }), fc.oneof(hostileText(2), fc.constant('__proto__'))), { minLength: 1, maxLength: 4 }))
    .map(([seed, edits]) => edits.reduce<Plain>((doc, [choices, value, key]) => edited(doc, choices, value, key), seed));
}

/** JSON text tokens for textual mutation: structure, escapes, numbers at the limits, deep nesting. */
export const jsonTokens: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', '\\u', '\\ud800', '\\udc00', '\\u0000', 'NaN', 'Infinity', '-', '1e999', '-0', '0.', '.5', '01', 'true', 'nul', '"a":1,"a":2', ' \u00a0', '\u000b', '/*', '//'),
  fc.nat(5000).map((n) => '9'.repeat(n)),
  nestingDepth.map((d) => nested(['['], [']'], d, '1')),
  nestingDepth.map((d) => nested(['{"a":'], ['}'], d, '1')),
);
