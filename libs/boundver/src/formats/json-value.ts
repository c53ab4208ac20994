/**
 * The value model every parser here produces and every emitter consumes. It keeps the
 * distinctions Python's `json` keeps and JavaScript's does not:
 * - integers are `bigint` (any size up to the digit limit), floats are finite `number`s, so `1`
 *   and `1.0` stay different values;
 * - objects are `Map`s, which keep insertion order for every key (plain objects would move
 *   integer-like keys such as `"1"` to the front) and have no prototype keys.
 */
export type JsonValue = null | boolean | string | bigint | number | JsonValue[] | JsonObject;

/** A JSON object: keys in document order, unique. */
export type JsonObject = Map<string, JsonValue>;

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return value instanceof Map;
}

export function isJsonArray(value: JsonValue | undefined): value is JsonValue[] {
  return Array.isArray(value);
}

/** True for a JSON string array (every element a string). */
export function isStringArray(value: JsonValue | undefined): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Builds a {@link JsonObject} from entries, keeping their order. */
export function jsonObject(entries: Iterable<readonly [string, JsonValue]>): JsonObject {
  return new Map(entries);
}

/** Python-style type name of a value, for diagnostics. */
export function jsonTypeName(value: JsonValue | undefined): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return 'float';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Map) return 'object';
  return typeof value;
}

/**
 * Converts a value tree to plain JavaScript (objects without prototype, integers as numbers)
 * for libraries such as ajv that only understand that shape. Iterative; the tree must already
 * be within the depth and node limits. Precision of huge integers is irrelevant to the schema.
 */
export function toPlainJs(value: JsonValue): unknown {
  const convertScalar = (item: JsonValue): unknown => (typeof item === 'bigint' ? Number(item) : item);
  if (!(value instanceof Map) && !Array.isArray(value)) return convertScalar(value);
  const root: unknown = Array.isArray(value) ? [] : Object.create(null);
  const stack: Array<[JsonValue[] | JsonObject, unknown]> = [[value, root]];
  while (stack.length > 0) {
    const [source, target] = stack.pop()!;
    const place = (key: string | number, child: JsonValue): void => {
      let converted: unknown;
      if (child instanceof Map) {
        converted = Object.create(null);
        stack.push([child, converted]);
      } else if (Array.isArray(child)) {
        converted = [];
        stack.push([child, converted]);
      } else {
        converted = convertScalar(child);
      }
      Object.defineProperty(target, key, { value: converted, enumerable: true, writable: true, configurable: true });
    };
    if (source instanceof Map) for (const [key, child] of source) place(key, child);
    else source.forEach((child, index) => place(index, child));
  }
  return root;
}
