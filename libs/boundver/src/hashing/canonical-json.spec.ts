import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { BoundverError } from '../errors.js';
import type { JsonObject, JsonValue } from '../formats/json-value.js';
import { pythonFloatRepr } from '../formats/python-float.js';
import { pythonJsonDumps } from '../formats/python-json.js';
import { parseStrictJson } from '../formats/strict-json.js';
import { compareCodePoints } from '../formats/string-order.js';

const parse = (text: string) => parseStrictJson(text, 'test.json');

describe('Python float repr', () => {
  it('follows the spec examples', () => {
    const cases: Array<[number, string]> = [
      [1, '1.0'],
      [100, '100.0'],
      [-5, '-5.0'],
      [0.0001, '0.0001'],
      [1e16, '1e+16'],
      [1.5e-7, '1.5e-07'],
      [1e-5, '1e-05'],
      [-0, '-0.0'],
      [0, '0.0'],
    ];
    for (const [value, text] of cases) expect(pythonFloatRepr(value)).toBe(text);
  });
  it('matches CPython 3.11 json.dumps on boundary values', () => {
    // Expected strings are CPython's own output for these floats.
    const cases: Array<[number, string]> = [
      [0.1, '0.1'],
      [1 / 3, '0.3333333333333333'],
      [2.5e-5, '2.5e-05'],
      [123456789.0, '123456789.0'],
      [1e15, '1000000000000000.0'],
      [9999999999999998.0, '9999999999999998.0'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [5e-324, '5e-324'],
      [1e22, '1e+22'],
      [12345.678, '12345.678'],
      [-2.5e-10, '-2.5e-10'],
      [3.0e-4, '0.0003'],
    ];
    for (const [value, text] of cases) expect(pythonFloatRepr(value)).toBe(text);
  });
  it('rejects non-finite values', () => {
    expect(() => pythonFloatRepr(Number.NaN)).toThrow(BoundverError);
    expect(() => pythonFloatRepr(Number.POSITIVE_INFINITY)).toThrow(/Non-finite/);
  });
  it('round-trips and keeps the shortest digits of JavaScript, in Python layout (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = pythonFloatRepr(value);
        expect(Object.is(Number(text), value)).toBe(true);
        const [mantissa, exponentText] = Math.abs(value).toExponential().split('e');
        const shortest = mantissa.replace('.', '');
        const exponent = Number(exponentText);
        const digits = text.replace(/^-/, '').replace(/e.*$/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
        if (value !== 0) expect(digits).toBe(shortest.replace(/0+$/, ''));
        if (value === 0 || (exponent >= -4 && exponent < 16)) {
          expect(text).toMatch(/^-?\d+\.\d+$/);
        } else {
          expect(text).toMatch(/^-?\d(\.\d+)?e[+-]\d{2,3}$/);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('canonical JSON', () => {
  it('distinguishes integers from floats as Python does', () => {
    expect(canonicalJson(parse('[1.0, 1e2, -0.5e1, 1, -0, 0.0001, 1E16, -0.0]'))).toBe('[1.0,100.0,-5.0,1,0,0.0001,1e+16,-0.0]');
  });
  it('keeps integers of any size exactly', () => {
    const big = `-${'9'.repeat(4300)}`;
    expect(canonicalJson(parse(big))).toBe(big);
    expect(canonicalJson(parse('123456789012345678901234567890'))).toBe('123456789012345678901234567890');
  });
  it('writes raw UTF-8 and only the mandatory escapes', () => {
    const value = parse('"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f é\\u2028\\u2029\\u007f\\ud83d\\ude00"');
    expect(canonicalJson(value)).toBe('"\\"\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f é\u2028\u2029\u007f\u{1F600}"');
  });
  it('sorts keys by code point, not UTF-16 unit', () => {
    const object: JsonObject = new Map<string, JsonValue>([
      ['\u{10000}', 1n],
      ['\uFFFF', 2n],
      ['b', 3n],
      ['a', 4n],
      ['', 5n],
    ]);
    expect(canonicalJson(object)).toBe('{"":5,"a":4,"b":3,"\uFFFF":2,"\u{10000}":1}');
  });
  it('is compact and has no trailing newline', () => {
    expect(canonicalJson(parse('{ "b" : [ 1 , { } , [ ] ] , "a" : null , "c": true, "d": false }'))).toBe(
      '{"a":null,"b":[1,{},[]],"c":true,"d":false}',
    );
  });
  it('rejects lone surrogates, and trees beyond the limits', () => {
    expect(() => canonicalJson('\uD800x')).toThrow(/lone surrogate/);
    let deep: JsonValue = 1n;
    for (let level = 0; level < 129; level += 1) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(/nested too deeply/);
    expect(() => canonicalJson(Array.from({ length: 100_000 }, () => 0n))).toThrow(/100000-value/);
    expect(() => canonicalJson('x'.repeat(20), { maxBytes: 10 })).toThrow(/10-byte limit/);
  });
  it('escapes lone surrogates only when asked, for text that is shown or compared', () => {
    const name = 'vend\uDCE9 \u{1F600} \uD800';
    expect(pythonJsonDumps(name, { escapeLoneSurrogates: true })).toBe('"vend\\udce9 \u{1F600} \\ud800"');
    expect(pythonJsonDumps(name, { escapeLoneSurrogates: true, ensureAscii: true })).toBe('"vend\\udce9 \\ud83d\\ude00 \\ud800"');
    expect(JSON.parse(pythonJsonDumps([name], { escapeLoneSurrogates: true }))).toEqual([name]);
    expect(() => pythonJsonDumps(name)).toThrow(/lone surrogate/);
  });
  it('orders keys like an independent code-point comparator (property)', () => {
    const byCodePoints = (a: string, b: string): number => {
      const left = Array.from(a, (char) => char.codePointAt(0)!);
      const right = Array.from(b, (char) => char.codePointAt(0)!);
      for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
        if (left[index] !== right[index]) return left[index] - right[index];
      }
      return left.length - right.length;
    };
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: 'binary' }), { maxLength: 12 }), (keys) => {
        const object: JsonObject = new Map(keys.map((key, index) => [key, BigInt(index)]));
        const emitted = parse(canonicalJson(object)) as JsonObject;
        expect([...emitted.keys()]).toEqual([...keys].sort(byCodePoints));
        expect([...keys].sort(compareCodePoints)).toEqual([...keys].sort(byCodePoints));
      }),
      { numRuns: 500 },
    );
  });
  it('is idempotent: parse → emit → parse → emit (property)', () => {
    const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        fc.string({ unit: 'binary' }),
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.array(tie('value'), { maxLength: 5 }),
        fc.uniqueArray(fc.tuple(fc.string({ unit: 'binary' }), tie('value')), { maxLength: 5, selector: ([key]) => key }).map(
          (entries) => new Map(entries) as JsonObject,
        ),
      ),
    }));
    fc.assert(
      fc.property(value, (item) => {
        const once = canonicalJson(item);
        const twice = canonicalJson(parse(once));
        expect(twice).toBe(once);
      }),
      { numRuns: 500 },
    );
  });
});

describe('Python json.dumps with indent and ensure_ascii', () => {
  it('matches Python for nested and empty containers', () => {
    const value = parse('{"b": [1, {}], "a": {"x": []}, "é": "\\ud83d\\ude00\\u007f"}');
    expect(pythonJsonDumps(value, { indent: 2, ensureAscii: true })).toBe(
      '{\n  "b": [\n    1,\n    {}\n  ],\n  "a": {\n    "x": []\n  },\n  "\\u00e9": "\\ud83d\\ude00\\u007f"\n}',
    );
  });
  it('defaults to Python separators on one line', () => {
    expect(pythonJsonDumps(parse('{"a": [1, 2.5]}'))).toBe('{"a": [1, 2.5]}');
  });
});
