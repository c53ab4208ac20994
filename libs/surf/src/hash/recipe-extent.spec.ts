import { describe, expect, it } from 'vitest';
import { parseFile } from '@driftgate/syntax';
import { parseAnchor } from '../locate/anchor.js';
import { resolveAnchor } from '../locate/resolve.js';
import { recipeResolution } from './recipe-extent.js';

// Recipe 3's extents are found once per parent and shared by the claims under it: the span of a
// claim must not depend on which claims of the file were answered before it.

/** The v3 span text of each anchor, all answered from one parse in the order given. */
async function spans(file: string, source: string, ats: readonly string[]): Promise<string[]> {
  const parsed = await parseFile(file, source);
  try {
    return ats.map((at) => {
      const { span } = recipeResolution(parsed, resolveAnchor(parsed, parseAnchor(at)), 'v3');
      return source.slice(span.startIndex, span.endIndex);
    });
  } finally {
    parsed.delete();
  }
}

/** Each anchor's span from a parse of its own, so nothing is shared. */
async function spansAlone(file: string, source: string, ats: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const at of ats) out.push(...(await spans(file, source, [at])));
  return out;
}

const GO = 'package m\n\nconst (\n\tA = iota\n\tB\n\tC = 5\n\tD\n\tE = iota\n\tF\n\tG = 7\n)\n';
const RUST = '#[repr(u8)]\npub enum E {\n    A = 1,\n    B,\n    #[doc(hidden)]\n    C,\n    D = 9,\n    E,\n}\n\n/// f\n#[inline]\n#[must_use]\npub fn f() {}\n\n#[test]\nfn g() {}\n';
const TS =
  'export enum K { A = 2, B, C, D = 8, E }\n' +
  'export function f(a: string): string;\nexport function f(a: number): number;\nexport function f(a: unknown) { return a; }\n' +
  'function g(a: string): string;\nfunction h(a: unknown) { return a; }\n' +
  'class C {\n  @memo() @once() m() { return 1; }\n  n(a: string): void;\n  n(a: unknown) {}\n}\n';

const CASES: readonly (readonly [file: string, source: string, ats: readonly string[], expected: readonly string[]])[] = [
  [
    'm.go',
    GO,
    ['m.go > A', 'm.go > B', 'm.go > C', 'm.go > D', 'm.go > E', 'm.go > F', 'm.go > G'],
    [
      'A = iota',
      'A = iota\n\tB',
      'C = 5',
      // An explicit value without iota resets: D repeats C only.
      'C = 5\n\tD',
      // iota is the index in the block: every spec before.
      'A = iota\n\tB\n\tC = 5\n\tD\n\tE = iota',
      'A = iota\n\tB\n\tC = 5\n\tD\n\tE = iota\n\tF',
      'G = 7',
    ],
  ],
  [
    'm.rs',
    RUST,
    ['m.rs > E > A', 'm.rs > E > B', 'm.rs > E > C', 'm.rs > E > D', 'm.rs > E > E', 'm.rs > f', 'm.rs > g'],
    [
      'A = 1',
      'A = 1,\n    B',
      'A = 1,\n    B,\n    #[doc(hidden)]\n    C',
      'D = 9',
      'D = 9,\n    E',
      '#[inline]\n#[must_use]\npub fn f() {}',
      '#[test]\nfn g() {}',
    ],
  ],
  [
    'm.ts',
    TS,
    ['m.ts > K > A', 'm.ts > K > C', 'm.ts > K > E', 'm.ts > f @3', 'm.ts > h', 'm.ts > C > m', 'm.ts > C > n @2'],
    [
      'A = 2',
      'A = 2, B, C',
      'D = 8, E',
      'export function f(a: string): string;\nexport function f(a: number): number;\nexport function f(a: unknown) { return a; }',
      // An overload of another name is not h's.
      'function h(a: unknown) { return a; }',
      '@memo() @once() m() { return 1; }',
      'n(a: string): void;\n  n(a: unknown) {}',
    ],
  ],
];

describe('recipe 3 extents shared per parent', () => {
  it.each(CASES)('%s: each claim spans what it depends on', async (file, source, ats, expected) => {
    expect(await spans(file, source, ats)).toEqual(expected);
  });

  it.each(CASES)('%s: the same spans in any order, from one parse or one parse each', async (file, source, ats) => {
    const alone = await spansAlone(file, source, ats);
    expect(await spans(file, source, ats)).toEqual(alone);
    expect((await spans(file, source, [...ats].reverse())).reverse()).toEqual(alone);
  });
});
