import { execFileSync, spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGitError } from '../git-error.js';
import { compareGitPaths, decodeGitPath, encodeGitPath } from './git-path.js';

const bytes = (...values: number[]): Buffer => Buffer.from(values);
const escape = (byte: number): string => String.fromCharCode(0xdc00 + byte);
const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

const validString = fc.string({ unit: 'binary', maxLength: 40 });
/** File-name-like byte strings (no NUL): valid UTF-8 runs mixed with arbitrary bytes. */
const nameBytes = fc
  .array(fc.oneof(fc.uint8Array({ minLength: 1, maxLength: 4 }), validString.map((t) => Buffer.from(t, 'utf8'))), { maxLength: 8 })
  .map((parts) => Buffer.concat(parts.map((p) => Buffer.from(p))).map((b) => (b === 0 ? 0x2f : b)))
  .map((b) => Buffer.from(b));

describe('decodeGitPath / encodeGitPath (surrogateescape)', () => {
  it('decodes valid UTF-8 as usual', () => {
    expect(decodeGitPath(Buffer.from('svc/api/unicode-é中.yaml'))).toBe('svc/api/unicode-é中.yaml');
    expect(decodeGitPath(Buffer.from('emoji-😀'))).toBe('emoji-😀');
  });

  // Python's UTF-8 decoder rejects these sequences, and surrogateescape turns each rejected byte
  // into U+DC00+byte: truncated, overlong, encoded surrogates, beyond U+10FFFF, stray continuation.
  it.each([
    ['lone high byte', bytes(0x61, 0xff), 'a' + escape(0xff)],
    ['truncated 3-byte sequence', bytes(0xe2, 0x82, 0x41), escape(0xe2) + escape(0x82) + 'A'],
    ['truncated then valid', bytes(0xe2, 0x82, 0xe2, 0x82, 0xac), escape(0xe2) + escape(0x82) + '€'],
    ['overlong slash', bytes(0xc0, 0xaf), escape(0xc0) + escape(0xaf)],
    ['overlong 3-byte', bytes(0xe0, 0x80, 0xaf), escape(0xe0) + escape(0x80) + escape(0xaf)],
    ['encoded surrogate', bytes(0xed, 0xa0, 0x80), escape(0xed) + escape(0xa0) + escape(0x80)],
    ['beyond U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80), escape(0xf4) + escape(0x90) + escape(0x80) + escape(0x80)],
    ['stray continuation', bytes(0x80, 0x41), escape(0x80) + 'A'],
    ['latin-1 name', Buffer.from('caf\xe9.txt', 'latin1'), 'caf' + escape(0xe9) + '.txt'],
  ])('escapes a %s byte by byte', (_label, input, expected) => {
    expect(decodeGitPath(input)).toBe(expected);
    expect(encodeGitPath(expected).equals(input)).toBe(true);
  });

  it('round-trips any bytes exactly (decode → encode is the identity)', () => {
    fc.assert(
      fc.property(nameBytes, (input) => {
        expect(encodeGitPath(decodeGitPath(input)).equals(input)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves valid Unicode strings unchanged', () => {
    fc.assert(
      fc.property(validString, (text) => {
        const utf8 = Buffer.from(text, 'utf8');
        expect(decodeGitPath(utf8)).toBe(text);
        expect(encodeGitPath(text).equals(utf8)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['a high surrogate alone', 'a\ud800b'],
    ['a low surrogate below U+DC80', 'x\udc41'],
    ['a trailing high surrogate', 'x\udbff'],
  ])('rejects %s, which no Git name decodes to', (_label, text) => {
    let caught: unknown;
    try {
      encodeGitPath(text);
    } catch (error) {
      caught = error;
    }
    expect(isGitError(caught, 'GIT_BAD_PATH')).toBe(true);
  });

  const python = spawnSync('python3', ['-c', 'print(1)']).status === 0;
  it.skipIf(!python)('agrees with Python’s own surrogateescape on random names', () => {
    const samples = fc.sample(nameBytes, { numRuns: 300, seed: 7 }).filter((b) => b.length > 0);
    const script =
      'import sys, json\n' +
      'out = [bytes.fromhex(h).decode("utf-8", "surrogateescape") for h in sys.stdin.read().split()]\n' +
      'print(json.dumps([[ord(c) for c in s] for s in out]))\n';
    const stdout = execFileSync('python3', ['-c', script], { input: samples.map((b) => b.toString('hex')).join('\n') });
    const expected = (JSON.parse(stdout.toString()) as number[][]).map((codes) => String.fromCodePoint(...codes));
    expect(samples.map((b) => decodeGitPath(b))).toEqual(expected);
  });
});

describe('compareGitPaths', () => {
  it('orders by encoded bytes, not UTF-16 code units', () => {
    // U+FFFF is EF BF BF, U+10000 is F0 90 80 80: bytes put U+FFFF first, UTF-16 would not.
    expect(compareGitPaths('a\uffff', 'a\u{10000}')).toBeLessThan(0);
    // An escaped 0xFF byte sorts after every valid UTF-8 lead byte.
    expect(compareGitPaths('a' + escape(0xff), 'a\u{10ffff}')).toBeGreaterThan(0);
    expect(compareGitPaths('a-b', 'a/b')).toBeLessThan(0);
    expect(compareGitPaths('a', 'a/b')).toBeLessThan(0);
    expect(compareGitPaths('same', 'same')).toBe(0);
  });

  it('agrees with Buffer.compare of the original bytes', () => {
    fc.assert(
      fc.property(nameBytes, nameBytes, (a, b) => {
        expect(sign(compareGitPaths(decodeGitPath(a), decodeGitPath(b)))).toBe(sign(Buffer.compare(a, b)));
      }),
      { numRuns: 3000 },
    );
  });
});
