import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../hashing/canonical-json.js';
import { parseStrictJson } from './strict-json.js';
import { parseStrictYaml, YamlParseError } from './strict-yaml.js';
import { parseStrictToml, TomlParseError } from './strict-toml.js';

const yaml = (text: string, options = {}) => parseStrictYaml(text, 'boundary.config.yaml', options);
const yamlKind = (text: string, options = {}): string => {
  try {
    yaml(text, options);
  } catch (error) {
    expect(error).toBeInstanceOf(YamlParseError);
    expect((error as Error).message).toMatch(/^YAML parse error in boundary\.config\.yaml: .+ at line \d+, column \d+$/);
    return (error as YamlParseError).kind;
  }
  throw new Error('expected a YAML error');
};

describe('strict YAML', () => {
  it('reads the same value model as JSON', () => {
    const fromYaml = yaml('project: p\ncomponents:\n  a:\n    path: a\n    n: 12\n    f: 1.5\n    t: true\n    z: null\n    l: [1, "x"]\n');
    const fromJson = parseStrictJson('{"project":"p","components":{"a":{"path":"a","n":12,"f":1.5,"t":true,"z":null,"l":[1,"x"]}}}', 'x.json');
    expect(canonicalJson(fromYaml)).toBe(canonicalJson(fromJson));
    expect(yaml('n: 12\nf: 1.0\n')).toEqual(new Map<string, unknown>([['n', 12n], ['f', 1]]));
  });
  it('uses the YAML 1.2 core schema (no YAML 1.1 booleans or timestamps)', () => {
    expect(yaml('a: yes\nb: on\nc: 2001-12-14\n')).toEqual(new Map([['a', 'yes'], ['b', 'on'], ['c', '2001-12-14']]));
  });
  it('rejects aliases and anchors', () => {
    expect(yamlKind('a: &x [1]\nb: *x\n')).toBe('YAML anchors are not allowed');
    expect(yamlKind('a: *x\n')).toMatch(/alias/i);
  });
  it('rejects duplicate keys', () => {
    expect(yamlKind('a: 1\na: 2\n')).toBe('Map keys must be unique');
  });
  it('rejects custom tags but accepts standard ones', () => {
    expect(yamlKind('a: !custom 1\n')).toBe('Unresolved tag');
    expect(yamlKind('a: !!python/object 1\n')).toBe('Unresolved tag');
    expect(yaml('a: !!str 1\n')).toEqual(new Map([['a', '1']]));
  });
  it('requires string keys', () => {
    expect(yamlKind('1: x\n')).toBe('YAML mapping keys must be strings');
    expect(yamlKind('? [a]\n: x\n')).toBe('YAML mapping keys must be strings');
    expect(yamlKind('true: x\n')).toBe('YAML mapping keys must be strings');
    expect(yaml('"1": x\n')).toEqual(new Map([['1', 'x']]));
  });
  it('requires JSON decimal integers', () => {
    for (const written of ['+5', '0x1F', '0o17', '007']) {
      expect(yamlKind(`a: ${written}\n`)).toMatch(/JSON decimal syntax/);
    }
    expect(yaml(`a: -${'9'.repeat(4300)}\n`)).toEqual(new Map([['a', -BigInt('9'.repeat(4300))]]));
    expect(yamlKind(`a: ${'9'.repeat(4302)}\n`)).toBe('Integer exceeds the 4300-digit limit');
  });
  it('rejects non-finite floats, and non-JSON floats on request', () => {
    expect(yamlKind('a: .inf\n')).toBe('Non-finite number is not supported');
    expect(yamlKind('a: .nan\n')).toBe('Non-finite number is not supported');
    expect(yaml('a: .5\n')).toEqual(new Map([['a', 0.5]]));
    expect(yamlKind('a: .5\n', { jsonFloatsOnly: true })).toBe('YAML float must use JSON number syntax');
  });
  it('rejects several documents and syntax errors without echoing source', () => {
    expect(yamlKind('a: 1\n---\nb: 2\n')).toBe('Source contains multiple documents; please use YAML.parseAllDocuments()');
    expect(yamlKind('secret: [1\n')).not.toContain('secret');
  });
  it('applies the depth and value limits', () => {
    expect(yamlKind('a: [[1]]\n', { maxDepth: 2 })).toBe('Nesting exceeds the 2-level limit');
    expect(yamlKind('a: [1, 2]\n', { maxNodes: 3 })).toBe('Document exceeds the 3-value limit');
    expect(yaml('')).toBeNull();
  });
  it('refuses nesting that would exhaust the YAML library’s stack as a depth error (found by fuzzing)', () => {
    // Shrunk fuzz input: thousands of compact sequence indicators on one line, then a document.
    for (const depth of [1000, 2000, 5000]) {
      expect(yamlKind(`\n${'- '.repeat(depth)}xproject: demo\n`)).toBe('Nesting exceeds the 128-level limit');
    }
    expect(yamlKind(`a: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`)).toBe('Nesting exceeds the 128-level limit');
  });
});

describe('strict TOML', () => {
  const toml = (text: string, limits = {}) => parseStrictToml(text, 'boundary.config.toml', limits);
  const tomlKind = (text: string, limits = {}): string => {
    try {
      toml(text, limits);
    } catch (error) {
      expect(error).toBeInstanceOf(TomlParseError);
      expect((error as Error).message).toMatch(/^TOML parse error in boundary\.config\.toml: .+ at line \d+, column \d+$/);
      return (error as TomlParseError).kind;
    }
    throw new Error('expected a TOML error');
  };
  it('reads tables in order with integers and floats apart', () => {
    const value = toml('project = "p"\n[components.b]\npath = "b"\n[components.a]\npath = "a"\nn = 3\nf = 3.0\n');
    expect(canonicalJson(value)).toBe('{"components":{"a":{"f":3.0,"n":3,"path":"a"},"b":{"path":"b"}},"project":"p"}');
    const components = (value as Map<string, unknown>).get('components') as Map<string, unknown>;
    expect([...components.keys()]).toEqual(['b', 'a']);
  });
  it('rejects duplicate keys, dates and non-finite floats', () => {
    expect(tomlKind('a = 1\na = 2\n')).toMatch(/redefine/);
    expect(tomlKind('a = 1979-05-27\n')).toBe('TOML dates and times are not supported');
    expect(tomlKind('a = inf\n')).toBe('Non-finite number is not supported');
  });
  it('applies limits', () => {
    expect(tomlKind('a = [[1]]\n', { maxDepth: 2 })).toBe('Nesting exceeds the 2-level limit');
    expect(tomlKind('a = 1000\n', { maxIntegerDigits: 3 })).toBe('Integer exceeds the 3-digit limit');
  });
});

describe('YAML nesting pre-scan', () => {
  it('refuses deep compact, flow and lone-CR nesting before the YAML library recurses (found by fuzzing)', () => {
    // 20,000 brackets aborted the whole process inside V8 (a fatal error, not an exception).
    const deep = [`a: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`, `\n${'- '.repeat(5000)}x\n`, `a:\r${'- '.repeat(5000)}x\r`, `${'? '.repeat(5000)}x\n`, `a: 1 # c\r${'- '.repeat(5000)}x\r`];
    for (const text of deep) {
      expect(() => parseStrictYaml(text, 'boundary.config.yaml')).toThrow(/Nesting exceeds the 128-level limit at line \d+, column \d+$/);
    }
    expect(parseStrictYaml(`a: ${'['.repeat(127)}${']'.repeat(127)}\n`, 'boundary.config.yaml')).toBeInstanceOf(Map);
  });
});
