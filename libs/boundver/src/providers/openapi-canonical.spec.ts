import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../hashing/canonical-json.js';
import { openApiCanonicalContent } from './canonical-providers.js';
import { openApiCanonicalValue } from './openapi-canonical.js';

const canonical = (text: string, label = 'openapi.yaml'): string => canonicalJson(openApiCanonicalValue(Buffer.from(text), label));

describe('openapi-canonical (provider version 4)', () => {
  it('drops top-level info, servers and tags and documentation annotations', () => {
    const yaml = [
      'openapi: 3.1.0',
      'info: {title: API, version: "1"}',
      'servers: [{url: "https://x"}]',
      'tags: [{name: t}]',
      'paths:',
      '  /pets:',
      '    get:',
      '      summary: list pets',
      '      description: long text',
      '      operationId: listPets',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      '              example: {a: 1}',
      '              schema: {type: array, description: pets}',
    ].join('\n');
    expect(canonical(yaml)).toBe(
      '{"openapi":"3.1.0","paths":{"/pets":{"get":{"operationId":"listPets","responses":{"200":{"content":{"application/json":{"schema":{"type":"array"}}}}}}}}}',
    );
  });

  it('keeps user-named keys, x-* extensions and schema data that look like annotations', () => {
    const document = {
      openapi: '3.0.3',
      paths: {},
      'x-internal': { description: 'kept' },
      components: {
        schemas: {
          summary: {
            type: 'object',
            description: 'dropped',
            properties: { description: { type: 'string', description: 'dropped too' } },
            enum: [{ description: 'data' }],
            default: { example: 'data' },
          },
        },
        examples: { description: { summary: 'dropped', value: { description: 'data' } } },
      },
    };
    expect(canonical(JSON.stringify(document), 'spec.json')).toBe(
      '{"components":{"examples":{"description":{"value":{"description":"data"}}},"schemas":{"summary":{"default":{"example":"data"},"enum":[{"description":"data"}],"properties":{"description":{"type":"string"}},"type":"object"}}},"openapi":"3.0.3","paths":{},"x-internal":{"description":"kept"}}',
    );
  });

  it('is insensitive to formatting, comments and key order, and sensitive to the contract', () => {
    const a = canonical('openapi: 3.1.0\npaths:\n  /a: {get: {operationId: a}}\n');
    const b = canonical('# comment\npaths:   {"/a": {"get": {"operationId": "a", "description": "new docs"}}}\nopenapi: "3.1.0"\n');
    const c = canonical('openapi: 3.1.0\npaths:\n  /a: {get: {operationId: b}}\n');
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('accepts Swagger 2.0 and same-document references only', () => {
    expect(canonical('{"swagger": "2.0", "paths": {"/a": {"$ref": "#/x"}}}')).toBe('{"paths":{"/a":{"$ref":"#/x"}},"swagger":"2.0"}');
    expect(() => canonical('openapi: 3.1.0\npaths: {/a: {$ref: "other.yaml#/a"}}\n')).toThrow(/\$\.paths\.\/a\.\$ref uses an external or local-file reference/);
    expect(() => canonical('openapi: 3.1.0\ncomponents: {schemas: {A: {$ref: 5}}}\n')).toThrow(/\$\.components\.schemas\.A\.\$ref is malformed/);
    // A $ref inside opaque data is data, not a reference.
    expect(() => canonical('openapi: 3.1.0\nx-ext: {$ref: "elsewhere"}\n')).not.toThrow();
  });

  it('rejects documents that are not OpenAPI 3.0/3.1 or Swagger 2.0', () => {
    expect(() => canonical('[1]')).toThrow('OpenAPI document root must be an object');
    expect(() => canonical('openapi: 2.0.0\n')).toThrow("unsupported or invalid 'openapi' version");
    expect(() => canonical('swagger: "2.0"\nopenapi: 3.0.0\n')).toThrow("must not declare both 'openapi' and 'swagger'");
    expect(() => canonical('title: x\n')).toThrow("must declare 'openapi' 3.0.x/3.1.x or 'swagger' 2.0");
  });

  it('parses strictly: .json is JSON only; YAML rejects aliases, duplicate and numeric keys, non-finite floats', () => {
    expect(() => canonical('openapi: 3.1.0\n', 'spec.json')).toThrow(/JSON parse error/);
    expect(() => canonical('{"openapi": "3.1.0", "openapi": "3.1.0"}')).toThrow(/Duplicate object key/);
    expect(() => canonical('openapi: 3.1.0\na: &x {b: 1}\nc: *x\n')).toThrow(/anchors|aliases/i);
    expect(() => canonical('openapi: 3.1.0\nopenapi: 3.1.0\n')).toThrow(/[Dd]uplicate|unique/);
    expect(() => canonical('openapi: 3.1.0\nresponses:\n  200: {}\n')).toThrow(/keys must be strings/);
    expect(() => canonical('openapi: 3.1.0\nx: .inf\n')).toThrow();
  });

  it('names the file in provider errors', () => {
    expect(() => openApiCanonicalContent(Buffer.from('{'), 'api/spec.json')).toThrow(/^OpenAPI canonicalization failed for api\/spec\.json: JSON parse error in api\/spec\.json/);
  });
});
