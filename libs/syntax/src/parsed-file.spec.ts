import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from './languages.js';
import { decodeSource } from './decode-source.js';
import { parseSourceSync } from './parsed-file.js';

describe('ParsedFile', () => {
  beforeAll(async () => {
    await loadLanguage('python');
  });

  it('byteOffset equals the UTF-8 length of the text before the index', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constantFrom('\n', 'a', 'é', 'δ', '€', '😀', ' '), fc.string({ unit: 'binary', maxLength: 3 })),
          { maxLength: 40 },
        ),
        fc.nat(),
        (parts, pick) => {
          const text = parts.join('');
          const parsed = parseSourceSync(text, 'python');
          try {
            // Every code-point boundary, and one picked index.
            const boundaries = [0];
            for (const ch of text) boundaries.push(boundaries[boundaries.length - 1]! + ch.length);
            const index = boundaries[pick % boundaries.length]!;
            for (const i of [index, 0, text.length]) {
              expect(parsed.byteOffset(i)).toBe(Buffer.byteLength(text.slice(0, i), 'utf8'));
            }
          } finally {
            parsed.delete();
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('decodes UTF-8 bytes verbatim, byte-order mark included', () => {
    expect(decodeSource(Buffer.from('\ufeffx = 1\n', 'utf8'))).toBe('\ufeffx = 1\n');
    expect(decodeSource('already text')).toBe('already text');
  });

  it('rejects invalid UTF-8 naming the file', () => {
    expect(() => decodeSource(Buffer.from([0xc3]), 'src/a.py')).toThrow('`src/a.py` is not valid UTF-8');
  });

  it('needs the grammar loaded for synchronous parsing', () => {
    // Test files run isolated, and nothing in this file loads the Go grammar.
    expect(() => parseSourceSync('package x\n', 'go')).toThrow(
      expect.objectContaining({ code: 'SYNTAX_GRAMMAR_NOT_LOADED' }),
    );
  });
});
