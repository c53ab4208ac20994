import { BoundverError } from '../errors.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../formats/json-value.js';
import { JsonParseError, parseStrictJson } from '../formats/strict-json.js';
import { parseStrictYaml } from '../formats/strict-yaml.js';
import { decodeUtf8Strict } from '../formats/text-decoding.js';

/** One step of a path into an OpenAPI document: an object key or an array index. */
type Segment = string | number;
type Path = readonly Segment[];

const STRIP_KEYS = new Set(['description', 'summary', 'externalDocs', 'example', 'examples']);
const DROP_TOP = new Set(['info', 'servers', 'tags']);
const COMPONENT_MAPS = new Set(['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks', 'pathItems']);
const NAMED_MAP_KEYS = new Set([
  'paths',
  'webhooks',
  'scopes',
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
  'parameters',
  'headers',
  'encoding',
  'mapping',
  'callbacks',
  'links',
  'variables',
]);
const DATA_VALUE_KEYS = new Set(['const', 'default', 'enum']);
const SCHEMA_MAP_KEYS = new Set(['$defs', 'definitions', 'dependentSchemas', 'patternProperties', 'properties']);
const SCHEMA_VALUE_KEYS = new Set([
  'additionalItems',
  'additionalProperties',
  'contentSchema',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
const SCHEMA_ARRAY_KEYS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const OPERATION_KEYS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const OPENAPI_VERSION = /^3\.(?:0|1)\.[0-9]+$/;
const MAX_PATH_CHARS = 4 * 1024;
const PATH_TRUNCATED = '...[path truncated]';

// JSON errors that mean "this is JSON, but not acceptable JSON": never retried as YAML.
const STRICT_JSON_KINDS = /^(?:Duplicate object key|Non-finite number|Integer exceeds|Number exceeds|Nesting exceeds|Document exceeds|Lone surrogate)/;

const last = (path: Path): Segment | undefined => path[path.length - 1];
const at = (path: Path, index: number): Segment | undefined => path[path.length + index];
const startsWith = (path: Path, a: string, b: string): boolean => path[0] === a && path[1] === b;

// A key whose direct children are user-chosen names (a property called `description` is data).
function isNamedSchemaMap(path: Path, key: string): boolean {
  if (key === 'properties' || key === 'definitions' || key === '$defs' || NAMED_MAP_KEYS.has(key)) return true;
  if (path.length === 0 && (key === 'responses' || key === 'securityDefinitions')) return true;
  return path.length === 1 && path[0] === 'components' && COMPONENT_MAPS.has(key);
}

function isSecurityRequirementArray(path: Path): boolean {
  if (path.length === 1 && path[0] === 'security') return true;
  return path.length > 0 && last(path) === 'security' && isOperation(path.slice(0, -1));
}

function isOperation(path: Path): boolean {
  const key = last(path);
  if (typeof key !== 'string' || !OPERATION_KEYS.has(key)) return false;
  if (path.length === 3 && (path[0] === 'paths' || path[0] === 'webhooks')) return true;
  if (path.length === 4 && startsWith(path, 'components', 'pathItems')) return true;
  if (path.length === 5 && startsWith(path, 'components', 'callbacks')) return true;
  return path.length >= 7 && at(path, -4) === 'callbacks' && isOperation(path.slice(0, -4));
}

function isPathItem(path: Path): boolean {
  if (path.length === 2 && (path[0] === 'paths' || path[0] === 'webhooks')) return true;
  if (path.length === 3 && startsWith(path, 'components', 'pathItems')) return true;
  if (path.length === 4 && startsWith(path, 'components', 'callbacks')) return true;
  return path.length >= 6 && at(path, -3) === 'callbacks' && isOperation(path.slice(0, -3));
}

function isParameter(path: Path): boolean {
  if (path.length === 3 && startsWith(path, 'components', 'parameters')) return true;
  if (path.length === 2 && path[0] === 'parameters') return true;
  return (
    path.length >= 2 &&
    typeof last(path) === 'number' &&
    at(path, -2) === 'parameters' &&
    (isOperation(path.slice(0, -2)) || isPathItem(path.slice(0, -2)))
  );
}

function isResponse(path: Path): boolean {
  if (path.length === 3 && startsWith(path, 'components', 'responses')) return true;
  if (path.length === 2 && path[0] === 'responses') return true;
  return path.length >= 2 && at(path, -2) === 'responses' && isOperation(path.slice(0, -2));
}

function isLink(path: Path): boolean {
  if (path.length === 3 && startsWith(path, 'components', 'links')) return true;
  return path.length >= 2 && at(path, -2) === 'links' && isResponse(path.slice(0, -2));
}

function isRequestBody(path: Path): boolean {
  if (path.length === 3 && startsWith(path, 'components', 'requestBodies')) return true;
  return path.length > 0 && last(path) === 'requestBody' && isOperation(path.slice(0, -1));
}

function isMediaType(path: Path): boolean {
  if (path.length < 2 || at(path, -2) !== 'content') return false;
  const owner = path.slice(0, -2);
  return isParameter(owner) || isResponse(owner) || isRequestBody(owner) || isHeader(owner);
}

function isEncoding(path: Path): boolean {
  return path.length >= 2 && at(path, -2) === 'encoding' && isMediaType(path.slice(0, -2));
}

function isHeader(path: Path): boolean {
  if (path.length === 3 && startsWith(path, 'components', 'headers')) return true;
  if (path.length < 2 || at(path, -2) !== 'headers') return false;
  const owner = path.slice(0, -2);
  return isResponse(owner) || isEncoding(owner);
}

function isExampleObject(path: Path): boolean {
  if (path.length === 3 && startsWith(path, 'components', 'examples')) return true;
  if (path.length < 2 || at(path, -2) !== 'examples') return false;
  const owner = path.slice(0, -2);
  return isMediaType(owner) || isParameter(owner) || isHeader(owner);
}

// Whether `path` is a Schema Object, whose `enum`/`const`/`default` hold opaque user data.
function isSchemaObject(path: Path): boolean {
  if (path.length === 3 && startsWith(path, 'components', 'schemas')) return true;
  if (path.length === 2 && path[0] === 'definitions') return true;
  if (path.length === 0) return false;
  const segment = last(path) as Segment;
  const parent = path.slice(0, -1);
  if (segment === 'schema') return isParameter(parent) || isResponse(parent) || isMediaType(parent) || isHeader(parent);
  if (typeof segment === 'number') {
    const owner = last(parent);
    return typeof owner === 'string' && SCHEMA_ARRAY_KEYS.has(owner) && isSchemaObject(parent.slice(0, -1));
  }
  const mapKey = at(path, -2);
  if (path.length >= 2 && typeof mapKey === 'string' && SCHEMA_MAP_KEYS.has(mapKey) && isSchemaObject(path.slice(0, -2))) return true;
  return SCHEMA_VALUE_KEYS.has(segment) && isSchemaObject(parent);
}

/** Named-key and opaque-data state of one object child. */
function childContext(path: Path, key: string, preserveKeys: boolean, preserveData: boolean): [boolean, boolean] {
  const named = isNamedSchemaMap(path, key);
  const childKeys = !preserveKeys && !preserveData && named;
  const childData =
    preserveData ||
    (!preserveKeys &&
      ((DATA_VALUE_KEYS.has(key) && isSchemaObject(path)) ||
        (STRIP_KEYS.has(key) && !named) ||
        ((key === 'parameters' || key === 'requestBody') && isLink(path)) ||
        (key === 'value' && isExampleObject(path)) ||
        key.startsWith('x-')));
  return [childKeys, childData];
}

function pathContext(path: Path): [boolean, boolean] {
  const grammar: Segment[] = [];
  let keys = false;
  let data = false;
  for (const segment of path) {
    if (typeof segment === 'number') keys = isSecurityRequirementArray(grammar);
    else [keys, data] = childContext(grammar, segment, keys, data);
    grammar.push(segment);
  }
  return [keys, data];
}

function strip(value: JsonValue, path: Segment[], preserveKeys: boolean, preserveData: boolean): JsonValue {
  if (isJsonObject(value)) {
    const out: JsonObject = new Map();
    for (const [key, child] of value) {
      if (STRIP_KEYS.has(key) && !preserveKeys && !preserveData && !isNamedSchemaMap(path, key)) continue;
      const [childKeys, childData] = childContext(path, key, preserveKeys, preserveData);
      path.push(key);
      out.set(key, strip(child, path, childKeys, childData));
      path.pop();
    }
    return out;
  }
  if (Array.isArray(value)) {
    const itemKeys = isSecurityRequirementArray(path);
    return value.map((item, index) => {
      path.push(index);
      const out = strip(item, path, itemKeys, preserveData);
      path.pop();
      return out;
    });
  }
  return value;
}

/** `$.a.b[0]` with non-printable and non-ASCII characters escaped, at most 4 KiB. */
function renderPath(path: Path): string {
  let out = '$';
  for (const segment of path) {
    const piece = typeof segment === 'number' ? `[${segment}]` : `.${segment}`;
    for (const char of piece) {
      const code = char.codePointAt(0)!;
      const encoded =
        char === '\\'
          ? '\\\\'
          : code >= 0x20 && code <= 0x7e
            ? char
            : code <= 0xff
              ? `\\x${code.toString(16).padStart(2, '0')}`
              : code <= 0xffff
                ? `\\u${code.toString(16).padStart(4, '0')}`
                : `\\U${code.toString(16).padStart(8, '0')}`;
      if (out.length + encoded.length > MAX_PATH_CHARS - PATH_TRUNCATED.length) return out + PATH_TRUNCATED;
      out += encoded;
    }
  }
  return out;
}

function documentProblem(document: JsonValue): string | null {
  if (!isJsonObject(document)) return 'OpenAPI document root must be an object';
  const hasOpenapi = document.has('openapi');
  const hasSwagger = document.has('swagger');
  if (hasOpenapi && hasSwagger) return "OpenAPI document must not declare both 'openapi' and 'swagger'";
  if (hasOpenapi) {
    const version = document.get('openapi');
    if (typeof version !== 'string' || !OPENAPI_VERSION.test(version)) {
      return "unsupported or invalid 'openapi' version; expected an OpenAPI 3.0.x or 3.1.x string";
    }
  } else if (document.get('swagger') !== '2.0') {
    return "OpenAPI document must declare 'openapi' 3.0.x/3.1.x or 'swagger' 2.0";
  }
  // Every $ref outside opaque data must be a same-document fragment.
  const stack: Array<{ value: JsonValue; path: Segment[] }> = [{ value: document, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (isJsonObject(value)) {
      if (value.has('$ref')) {
        const [keys, data] = pathContext(path);
        if (!keys && !data) {
          const reference = value.get('$ref');
          const where = renderPath([...path, '$ref']);
          if (typeof reference !== 'string') return `${where} is malformed; expected a string same-document fragment reference beginning with '#'`;
          if (!reference.startsWith('#')) {
            return `${where} uses an external or local-file reference; openapi-canonical accepts only same-document fragment references beginning with '#'`;
          }
        }
      }
      const children = [...value];
      for (let i = children.length - 1; i >= 0; i -= 1) stack.push({ value: children[i][1], path: [...path, children[i][0]] });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], path: [...path, i] });
    }
  }
  return null;
}

function parseDocument(bytes: Uint8Array, label: string): JsonValue {
  const text = decodeUtf8Strict(bytes, label);
  if (label.toLowerCase().endsWith('.json')) return parseStrictJson(text, label);
  try {
    return parseStrictJson(text, label);
  } catch (error) {
    if (!(error instanceof JsonParseError) || STRICT_JSON_KINDS.test(error.kind)) throw error;
  }
  return parseStrictYaml(text, label, { jsonFloatsOnly: true });
}

/**
 * The semantic value of an OpenAPI document (`openapi-canonical`, provider version 4): parsed as
 * strict JSON (files ending `.json`) or strict JSON falling back to strict YAML 1.2 core; checked
 * to be OpenAPI 3.0/3.1 or Swagger 2.0 with same-document `$ref`s only; top-level `info`,
 * `servers`, `tags` dropped and documentation fields (`description`, `summary`, `externalDocs`,
 * `example`, `examples`) removed wherever the OpenAPI grammar makes them annotations, while
 * user-named map keys, `x-*` extensions and schema data (`enum`, `const`, `default`, example
 * values) are kept. Throws a `BoundverError` whose message says what is wrong.
 */
export function openApiCanonicalValue(bytes: Uint8Array, label: string): JsonValue {
  const document = parseDocument(bytes, label);
  const problem = documentProblem(document);
  if (problem !== null) throw new BoundverError('BOUNDVER_JSON_VALUE', problem);
  const top: JsonObject = new Map([...(document as JsonObject)].filter(([key]) => !DROP_TOP.has(key)));
  return strip(top, [], false, false);
}
