import { describe, expect, it } from 'vitest';
import { anchorPathKey, displaySites, formatAnchor, parseAnchor, parseRef } from './anchor.js';
import { AnchorParseError, RefParseError } from '../errors.js';

function kindOf(input: string): string {
  try {
    parseAnchor(input);
    return 'ok';
  } catch (e) {
    if (e instanceof AnchorParseError) return e.kind;
    throw e;
  }
}

describe('parseAnchor (beyond the vectors)', () => {
  it('trims around every token and accepts Rust integer syntax for @N', () => {
    expect(parseAnchor('  src/a.ts  >  Svc  >  rotate  @ 02 ')).toEqual({
      file: 'src/a.ts',
      segments: [{ name: 'Svc' }, { name: 'rotate', index: 2 }],
    });
    expect(parseAnchor('a.ts > f @+3').segments).toEqual([{ name: 'f', index: 3 }]);
  });

  it('splits at the first @ and checks the index before the name', () => {
    expect(kindOf('a.ts > f@1@2')).toBe('BadIndex');
    expect(kindOf('a.ts > @0')).toBe('BadIndex');
    expect(kindOf('a.ts > @1')).toBe('EmptySegment');
    expect(kindOf('a.ts > f @')).toBe('BadIndex');
    expect(kindOf('a.ts > f @-1')).toBe('BadIndex');
    expect(kindOf('a.ts > f @18446744073709551616')).toBe('BadIndex');
  });

  it('an empty middle segment is EmptySegment', () => {
    expect(kindOf('a.ts > A >> b')).toBe('EmptySegment');
  });

  it.each([
    ['/abs/a.ts > f', 'is absolute'],
    ['C:/x/a.ts > f', 'is absolute'],
    ['./a.ts > f', '`.` or `..`'],
    ['src/../a.ts > f', '`.` or `..`'],
    ['src/./a.ts > f', '`.` or `..`'],
    ['src\\a.ts > f', 'backslash'],
  ])('%j is a BadPath parse error', (input, text) => {
    try {
      parseAnchor(input);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AnchorParseError);
      expect((e as AnchorParseError).kind).toBe('BadPath');
      expect((e as AnchorParseError).message).toContain(text);
    }
  });

  it('allows dots inside names', () => {
    expect(parseAnchor('src/.config/a.b.ts > f').file).toBe('src/.config/a.b.ts');
  });

  it('formats canonically and builds suggest keys without @N', () => {
    const anchor = parseAnchor(' src/a.ts>Svc>rotate@2 ');
    expect(formatAnchor(anchor)).toBe('src/a.ts > Svc > rotate @2');
    expect(anchorPathKey(anchor)).toBe('src/a.ts > Svc > rotate');
  });

  it('joins multi-site displays with two spaces, plus, two spaces', () => {
    expect(displaySites(['a.rs > f', 'b.rs > g'])).toBe('a.rs > f  +  b.rs > g');
    expect(displaySites('a.rs > f')).toBe('a.rs > f');
  });
});

describe('parseRef (beyond the vectors)', () => {
  it('keeps relative paths and rejects backslashes', () => {
    expect(parseRef('../x/./y.md').path).toBe('../x/./y.md');
    expect(() => parseRef('..\\y.md')).toThrow(RefParseError);
  });
});
