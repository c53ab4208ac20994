import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAnchor } from '../locate/anchor.js';
import { rustTrim, rustTrimEnd, rustTrimStart } from './rust-lines.js';

// Unicode White_Space, as Rust's `str::trim` strips it: U+0085 is in, U+FEFF and U+001C are not.
const WHITE_SPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;
const UNITS = ['a', 'Z', '~', '!', ' ', '\t', '\n', '\r', '\v', '\f', '\u0085', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u202f', '\u3000', '\ufeff', '\u001c', 'é', '😀', '>', '@'];

describe('Rust trims', () => {
  it('strip exactly the leading and trailing Unicode White_Space, the quick look at the ends included', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...UNITS), { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        const both = text.replace(WHITE_SPACE, '');
        expect(rustTrim(text)).toBe(both);
        expect(rustTrimStart(text)).toBe(text.replace(/^\p{White_Space}+/u, ''));
        expect(rustTrimEnd(text)).toBe(text.replace(/\p{White_Space}+$/u, ''));
      }),
      { numRuns: 2000 },
    );
  });

  it('trim anchor segments as the reference does: U+0085 goes, U+FEFF stays', () => {
    expect(parseAnchor('a.rs >\u0085 add \u0085').segments).toEqual([{ name: 'add' }]);
    expect(parseAnchor('a.rs > add\ufeff').segments).toEqual([{ name: 'add\ufeff' }]);
  });
});
