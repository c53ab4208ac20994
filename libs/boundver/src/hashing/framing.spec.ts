import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundverError } from '../errors.js';
import { createFramedHasher, framedDigest, framedPreimage, type HashEntry } from './framing.js';
import { normalizeContent } from './normalize-content.js';

const entry = (label: string, mode: string, type: string, content: string | Uint8Array): HashEntry => ({
  label,
  mode,
  type,
  content: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
});
const hello = (mode = '100644') => entry('file:a.txt', mode, 'blob', 'hello\n');

// Vectors §2.1.
describe('framed digest vectors', () => {
  it('P1: exact-tree over no entries', () => {
    expect(framedDigest('exact-tree', [])).toBe('7d9aae6907ccbe55d75a02ac6262a55c3527742ce02a24e5ba89f81400b0aef3');
  });
  it('P2: one regular file, with the byte-exact preimage', () => {
    expect(framedDigest('exact-tree', [hello()])).toBe('ee0e18bd9baac978c44c47c478abe91b4b16f3524f4b1232c875c91b5325f43e');
    expect(Buffer.from(framedPreimage('exact-tree', [hello()])).toString('hex')).toBe(
      '0000000000000010626f756e647665722d686173682f7633000000000000000a65786163742d74726565' +
        '0000000000000001000000000000000a66696c653a612e74787400000000000000063130303634340000' +
        '000000000004626c6f62000000000000000668656c6c6f0a',
    );
  });
  it('P3: the executable bit changes the digest', () => {
    expect(framedDigest('exact-tree', [hello('100755')])).toBe('0da6b7a156a1399a4a9fadc0f95559532fa69cc20ce440d69871d44ba2548c47');
  });
  it('P4 and P5: the domain separates purposes', () => {
    expect(framedDigest('boundary', [hello()])).toBe('7f5c29bf287626a272fb187c198a54a657ea18a1c601bd38a7b6b076bbbf185c');
    expect(framedDigest('content-only-tree', [hello()])).toBe('55e36062e9b88a24766f52e0988958b10f8c5593a610d4a974dc6dddd43e67f3');
  });
  it('P6: a symlink hashes its target text under mode 120000', () => {
    expect(framedDigest('exact-tree', [entry('file:link', '120000', 'blob', 'a.txt')])).toBe(
      '7aed645f1f08ac041d01eb6dcd229cc655bb9c082caef551f2192d0611e38888',
    );
  });
  it('P7: a canonical provider value', () => {
    expect(framedDigest('boundary', [entry('canonical:x.json', 'semantic', 'value', '{"a":1}')])).toBe(
      'f6a1054b2c50bff066d78ee3add0778e776b7083ff81903148c50120f66b5fb7',
    );
  });
  it('P8: entries are sorted, in any input order', () => {
    const a = entry('file:a', '100644', 'blob', '1');
    const b = entry('file:b', '100644', 'blob', '2');
    const expected = '2bc7c2a3efec30c135e91ae3db2963be81b4195a305c720ed1b06089600ddc7a';
    expect(framedDigest('exact-tree', [b, a])).toBe(expected);
    expect(framedDigest('exact-tree', [a, b])).toBe(expected);
  });
  it('P9: the behavior envelope with no boundary digest', () => {
    expect(
      framedDigest('behavior-envelope', [
        entry('behavior', 'semantic', 'value', '0'.repeat(64)),
        entry('boundary', 'semantic', 'value', 'none:partial'),
      ]),
    ).toBe('4a4bdd6e518b3c0ee8577e9ddadeedc80e50c58193a518166b78048e74f8dc37');
  });
  it('a symlink and a file with the same bytes differ', () => {
    expect(framedDigest('exact-tree', [entry('file:a.txt', '120000', 'blob', 'hello\n')])).not.toBe(
      framedDigest('exact-tree', [hello()]),
    );
  });
});

describe('framing rules', () => {
  it('never coalesces duplicates: each counts and is hashed', () => {
    expect(framedDigest('exact-tree', [hello(), hello()])).not.toBe(framedDigest('exact-tree', [hello()]));
  });
  it('sorts labels by UTF-8 bytes, not UTF-16 units', () => {
    const astral = entry('file:\u{1F600}', '100644', 'blob', 'x');
    const bmp = entry('file:\uFFFD', '100644', 'blob', 'y');
    const preimage = Buffer.from(framedPreimage('exact-tree', [astral, bmp]));
    expect(preimage.indexOf(Buffer.from('file:\uFFFD'))).toBeLessThan(preimage.indexOf(Buffer.from('file:\u{1F600}')));
  });
  it('takes raw label bytes so non-UTF-8 git paths keep their identity', () => {
    const raw = Uint8Array.from([0x66, 0x69, 0x6c, 0x65, 0x3a, 0xff]);
    const digest = framedDigest('exact-tree', [{ label: raw, mode: '100644', type: 'blob', content: Buffer.from('x') }]);
    expect(digest).not.toBe(framedDigest('exact-tree', [entry('file:\uFFFD', '100644', 'blob', 'x')]));
  });
});

describe('streaming hasher', () => {
  it('equals the batch digest for entries in label order', () => {
    const entries = ['file:a', 'file:b/c', 'file:é'].map((label, index) => entry(label, '100644', 'blob', `content ${index}`));
    const hasher = createFramedHasher('exact-tree', entries.length);
    for (const item of entries) hasher.add(item);
    expect(hasher.digest()).toBe(framedDigest('exact-tree', [...entries].reverse()));
  });
  it('rejects out-of-order entries, extra entries and a short count', () => {
    const out = createFramedHasher('exact-tree', 2);
    out.add(entry('file:b', '100644', 'blob', ''));
    expect(() => out.add(entry('file:a', '100644', 'blob', ''))).toThrow(/out of order/);
    const extra = createFramedHasher('exact-tree', 1);
    extra.add(entry('file:a', '100644', 'blob', ''));
    expect(() => extra.add(entry('file:b', '100644', 'blob', ''))).toThrow(/more than the declared 1/);
    const short = createFramedHasher('exact-tree', 2);
    short.add(entry('file:a', '100644', 'blob', ''));
    expect(() => short.digest()).toThrow(/declared 2 entries but received 1/);
  });
  it('equals the batch digest whatever the sizes: many small entries, contents and labels beyond its staging buffer', () => {
    // Sizes around the staging buffer the hasher gathers bytes in before hashing them (16 KiB).
    const content = fc.oneof(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 16_000, max: 17_000 }), fc.integer({ min: 0, max: 40_000 }));
    // Labels up to just under the label guardrail (16,384 bytes), so some framings outgrow the buffer.
    const label = fc.oneof(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 16_300, max: 16_370 }));
    fc.assert(
      fc.property(fc.array(fc.record({ label, content }), { maxLength: 24 }), (shapes) => {
        const entries = shapes.map(({ label, content }, index) => entry(`file:${String(index).padStart(3, '0')}${'l'.repeat(label)}`, '100644', 'blob', String.fromCharCode(97 + (index % 26)).repeat(content)));
        const hasher = createFramedHasher('exact-tree', entries.length);
        for (const item of entries) hasher.add(item);
        expect(hasher.digest()).toBe(framedDigest('exact-tree', entries));
      }),
      { numRuns: 60 },
    );
  });
  it('orders equal labels by mode, type and content, as the batch digest does', () => {
    const entries = [entry('file:a', '100644', 'blob', 'x'), entry('file:a', '100644', 'blob', 'y'), entry('file:a', '100755', 'blob', 'a')];
    const hasher = createFramedHasher('exact-tree', entries.length);
    for (const item of entries) hasher.add(item);
    expect(hasher.digest()).toBe(framedDigest('exact-tree', [...entries].reverse()));
    const out = createFramedHasher('exact-tree', 2);
    out.add(entries[1]!);
    expect(() => out.add(entries[0]!)).toThrow(/out of order/);
  });
});

describe('streaming hasher fed with bytes (addBytes)', () => {
  const bytes = (text: string) => Buffer.from(text, 'utf8');
  const prefix = bytes('file:');
  // Labels as the read pass builds them: `file:` plus a git path's bytes after the component directory.
  const paths = ['pkg/a', 'pkg/b/c', 'pkg/é', 'pkg/\u{1F600}', 'pkg/\uFFFD'];

  it('gives the digest `add` gives, whatever the label split, with large labels and growing headers', () => {
    const long = `pkg/${'d'.repeat(2_000)}`;
    const all = [...paths, long].sort((a, b) => Buffer.compare(bytes(a), bytes(b)));
    const entries = all.map((path, index) => entry(`file:${path.slice(4)}`, index % 2 ? '100755' : '100644', 'blob', `content ${index}`));
    const hasher = createFramedHasher('exact-tree', all.length);
    all.forEach((path, index) => hasher.addBytes(prefix, bytes(path).subarray(4), bytes(index % 2 ? '100755' : '100644'), bytes('blob'), bytes(`content ${index}`)));
    expect(hasher.digest()).toBe(framedDigest('exact-tree', entries));
    const whole = createFramedHasher('exact-tree', all.length);
    all.forEach((path, index) => whole.addBytes(bytes(`file:${path.slice(4)}`), new Uint8Array(0), bytes(index % 2 ? '100755' : '100644'), bytes('blob'), bytes(`content ${index}`)));
    expect(whole.digest()).toBe(framedDigest('exact-tree', entries));
  });

  it('checks order on the joined label, and names it in errors', () => {
    const out = createFramedHasher('exact-tree', 2);
    out.addBytes(prefix, bytes('b'), bytes('100644'), bytes('blob'), bytes(''));
    expect(() => out.addBytes(prefix, bytes('a'), bytes('100644'), bytes('blob'), bytes(''))).toThrow(/out of order at file:a;/);
    // Same joined label from another split: ordered by mode, then accepted.
    const split = createFramedHasher('exact-tree', 2);
    split.addBytes(bytes('file:a'), bytes(''), bytes('100644'), bytes('blob'), bytes('x'));
    split.addBytes(bytes('file:'), bytes('a'), bytes('100755'), bytes('blob'), bytes('x'));
    expect(split.digest()).toBe(framedDigest('exact-tree', [entry('file:a', '100755', 'blob', 'x'), entry('file:a', '100644', 'blob', 'x')]));
    const big = createFramedHasher('exact-tree', 1, { maxEntryBytes: 2 });
    expect(() => big.addBytes(prefix, bytes('big.bin'), bytes('100644'), bytes('blob'), bytes('xyz'))).toThrow(/entry too large \(3 bytes, limit 2\) at file:big\.bin$/);
  });
});

describe('guardrails (small injected limits)', () => {
  const expectGuardrail = (run: () => unknown, pattern: RegExp) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(BoundverError);
      expect((error as BoundverError).code).toBe('BOUNDVER_HASH_GUARDRAIL');
      expect((error as Error).message).toMatch(/^Hash guardrail exceeded: /);
      expect((error as Error).message).toMatch(pattern);
      return;
    }
    throw new Error('expected a guardrail error');
  };
  const files = (count: number, size = 1) =>
    Array.from({ length: count }, (_, index) => entry(`file:${index}`, '100644', 'blob', 'x'.repeat(size)));

  it('entry count', () => {
    expect(framedDigest('exact-tree', files(3), { maxEntries: 3 })).toMatch(/^[0-9a-f]{64}$/);
    expectGuardrail(() => framedDigest('exact-tree', files(4), { maxEntries: 3 }), /more than 3 entries/);
    expectGuardrail(() => createFramedHasher('exact-tree', 4, { maxEntries: 3 }), /more than 3 entries/);
  });
  it('entry size, total size, label size and total label size', () => {
    expectGuardrail(() => framedDigest('exact-tree', files(1, 11), { maxEntryBytes: 10 }), /entry too large \(11 bytes, limit 10\) at file:0/);
    expectGuardrail(() => framedDigest('exact-tree', files(3, 4), { maxTotalBytes: 10 }), /total content exceeds 10 bytes/);
    expectGuardrail(() => framedDigest('exact-tree', [entry('file:abcdef', '100644', 'blob', '')], { maxLabelBytes: 8 }), /label exceeds 8/);
    expectGuardrail(() => framedDigest('exact-tree', files(3), { maxTotalLabelBytes: 15 }), /labels exceed 15/);
  });
  it('is enforced while streaming, at the entry that breaches it', () => {
    const hasher = createFramedHasher('exact-tree', 3, { maxTotalBytes: 10 });
    hasher.add(entry('file:a', '100644', 'blob', 'xxxx'));
    hasher.add(entry('file:b', '100644', 'blob', 'xxxx'));
    expectGuardrail(() => hasher.add(entry('file:c', '100644', 'blob', 'xxxx')), /total content/);
  });
});

describe('normalizeContent', () => {
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
  it('turns CRLF into LF when there is no NUL', () => {
    expect(text(normalizeContent(Buffer.from('openapi: 3.1.0\r\nkey: value\r\n')))).toBe('openapi: 3.1.0\nkey: value\n');
  });
  it('keeps lone CR, CR at the end, and CRCRLF minus one CR', () => {
    expect(text(normalizeContent(Buffer.from('a\rb\rc\n')))).toBe('a\rb\rc\n');
    expect(text(normalizeContent(Buffer.from('a\r')))).toBe('a\r');
    expect(text(normalizeContent(Buffer.from('a\r\r\nb')))).toBe('a\r\nb');
  });
  it('leaves binary content (any NUL) untouched', () => {
    const binary = Buffer.from('a\r\n\u0000b', 'latin1');
    expect(normalizeContent(binary)).toBe(binary);
  });
  it('agrees with replacing every CRLF by LF, also written into a reused, larger, dirty buffer', () => {
    const scratch = Buffer.alloc(4096, 0x78);
    const output = (size: number): Buffer => (size <= scratch.length ? scratch : Buffer.allocUnsafe(size));
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', '\r', '\n', '\r\n', '\r\r\n'), { maxLength: 200 }), (parts) => {
        const input = parts.join('');
        const expected = input.includes('\r\n') ? input.replaceAll('\r\n', '\n') : input;
        expect(text(normalizeContent(Buffer.from(input, 'latin1'), output))).toBe(expected);
        expect(text(normalizeContent(Buffer.from(input, 'latin1')))).toBe(expected);
      }),
    );
  });
  it('returns the same bytes when nothing changes, including empty content', () => {
    const plain = Buffer.from('x\n');
    expect(normalizeContent(plain)).toBe(plain);
    expect(normalizeContent(new Uint8Array(0)).length).toBe(0);
  });
});
