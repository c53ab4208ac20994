import { describe, expect, it } from 'vitest';
import { outputJsonText, toOutputJson } from './json-output.js';

describe('outputJsonText', () => {
  it('sorts keys, prints counts as integers and keeps value-model maps (floats, big integers) exact', () => {
    const metadata = new Map<string, bigint | number>([['ratio', 1], ['big', 12345678901234567890n]]);
    expect(outputJsonText({ b: 2, a: [1.5, 'é'], m: metadata, skipped: undefined })).toBe(
      '{\n  "a": [\n    1.5,\n    "é"\n  ],\n  "b": 2,\n  "m": {\n    "big": 12345678901234567890,\n    "ratio": 1.0\n  }\n}\n',
    );
    expect(() => toOutputJson(() => 1)).toThrow(TypeError);
  });
});
