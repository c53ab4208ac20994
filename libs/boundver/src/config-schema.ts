import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ErrorObject } from 'ajv';
import { validate as validateConfigSchema } from './config-schema-validator.generated.js';
import { BoundverError } from './errors.js';
import { toPlainJs, type JsonValue } from './json-value.js';
import { MAX_DIAGNOSTIC_VALUE_CHARS } from './limits.js';
import { compareCodePoints } from './string-order.js';

/**
 * Location of the shipped JSON Schema (draft 2020-12) at the root of this package. It is found
 * through the package's own name, so code bundled elsewhere (the CLI) still finds it.
 */
export const CONFIG_SCHEMA_URL: URL = schemaUrl();

function schemaUrl(): URL {
  try {
    return pathToFileURL(createRequire(import.meta.url).resolve('@driftgate/boundver/boundary.config.schema.json'));
  } catch {
    return new URL('../boundary.config.schema.json', import.meta.url);
  }
}

/** The config JSON Schema as shipped with the package. */
export function loadConfigSchema(): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(CONFIG_SCHEMA_URL, 'utf8')) as Record<string, unknown>;
  } catch (cause) {
    throw new BoundverError(
      'BOUNDVER_CONFIG_SCHEMA',
      `Cannot read the packaged boundary.config.schema.json; reinstall @driftgate/boundver`,
      { cause },
    );
  }
}

/** The schema's validator, generated ahead of time (see config-schema-codegen.ts). */
interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

function bounded(text: string): string {
  return text.length > MAX_DIAGNOSTIC_VALUE_CHARS ? `${text.slice(0, MAX_DIAGNOSTIC_VALUE_CHARS - 3)}...` : text;
}

function describe(error: ErrorObject): string {
  const path =
    error.instancePath === ''
      ? '<root>'
      : error.instancePath
          .slice(1)
          .split('/')
          .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
          .join('.');
  const params = error.params as Record<string, unknown>;
  const detail = typeof params.additionalProperty === 'string' ? ` ('${params.additionalProperty}')` : '';
  // The schema's path patterns are long regular expressions no reader can act on; the semantic
  // rules that follow say what is wrong with the value in words.
  const message = error.keyword === 'pattern' ? 'does not have the form this field requires' : (error.message ?? error.keyword);
  return `Schema validation error at ${bounded(path)}: ${message}${bounded(detail)}`;
}

/** The lists the schema declares as unique strings; ajv deep-compares their items. */
const UNIQUE_STRING_LISTS: ReadonlySet<string> = new Set(['components', 'consumers', 'external_consumers']);

/**
 * The plain tree with every non-scalar item of a unique-string list replaced by its index. ajv
 * checks `uniqueItems` with a deep equality that calls `valueOf` on objects, which a config's
 * prototype-less objects (`consumers: [{}, {}]`) do not have: it threw a TypeError instead of
 * reporting the items. Such an item is wrong either way, and a number is still "not a string".
 */
function comparableLists(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => comparableLists(item));
    if (key === undefined || !UNIQUE_STRING_LISTS.has(key)) return items;
    return items.map((item, index) => (item !== null && typeof item === 'object' ? index : item));
  }
  if (value === null || typeof value !== 'object') return value;
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [name, child] of Object.entries(value)) {
    Object.defineProperty(copy, name, { value: comparableLists(child, name), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/**
 * Validates a parsed config against the shipped JSON Schema and returns sorted, de-duplicated
 * messages `Schema validation error at <path>: <message>`. Failures inside a `oneOf` branch are
 * folded into the `oneOf` error itself, which is what a reader can act on.
 */
export function configSchemaIssues(config: JsonValue): string[] {
  const validate = validateConfigSchema as GeneratedValidator;
  if (validate(comparableLists(toPlainJs(config)))) return [];
  const messages = new Set<string>();
  for (const error of validate.errors ?? []) {
    if (error.schemaPath.includes('/oneOf/')) continue;
    messages.add(describe(error));
  }
  return [...messages].sort(compareCodePoints);
}
