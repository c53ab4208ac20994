/**
 * Compares two strings by Unicode code point, which is Python's `str` order and, for well-formed
 * text, the order of their UTF-8 bytes. JavaScript's default compares UTF-16 code units, which
 * puts astral characters (surrogate pairs) before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left !== right) {
      if (left >= 0xd800 && right >= 0xd800) return remapUnit(left) - remapUnit(right);
      return left - right;
    }
  }
  return a.length - b.length;
}

// Surrogates move above U+E000–U+FFFF; the first differing unit then orders like code points.
function remapUnit(unit: number): number {
  if (unit <= 0xdfff) return unit + 0x2000;
  return unit - 0x800;
}

/** Compares two byte arrays lexicographically (shorter prefix first). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

/** Sorts strings by code point (UTF-8 byte) order; returns a new array. */
export function sortByCodePoint(values: Iterable<string>): string[] {
  return [...values].sort(compareCodePoints);
}

// With the `u` flag a surrogate pair is one code point, so only unpaired halves match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when the string contains an unpaired UTF-16 surrogate. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * The first index of `sorted` (ascending in JavaScript's `<` order, i.e. UTF-16 code units) whose
 * value is not below `target`: where the run of values starting with a prefix begins.
 */
export function lowerBound(sorted: readonly string[], target: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
