import { createRequire } from 'node:module';
import type * as TomlModule from 'smol-toml';
import { inlineTableViolation } from './toml-inline-tables.js';
import { BoundverError } from '../errors.js';
import type { JsonObject, JsonValue } from './json-value.js';
import { MAX_JSON_DEPTH, MAX_JSON_NODES, MAX_TOML_INTEGER_DIGITS } from '../limits.js';
import { asText } from './text-decoding.js';

// Loaded on first use: most operations read JSON only, and every process start pays for imports.
let tomlModule: typeof TomlModule | undefined;
function toml(): typeof TomlModule {
  return (tomlModule ??= createRequire(import.meta.url)('smol-toml') as typeof TomlModule);
}

/** Limits for {@link parseStrictToml}; defaults are the contract's. */
export interface StrictTomlLimits {
  maxDepth?: number;
  maxNodes?: number;
  maxIntegerDigits?: number;
}

/** A TOML failure: `TOML parse error in <source>: <kind> at line L, column C` (1-based). */
export class TomlParseError extends BoundverError {
  readonly kind: string;
  readonly line: number;
  readonly column: number;

  constructor(source: string, kind: string, line: number, column: number) {
    super('BOUNDVER_TOML_PARSE', `TOML parse error in ${source}: ${kind} at line ${line}, column ${column}`);
    this.kind = kind;
    this.line = line;
    this.column = column;
  }
}

/**
 * Parses TOML 1.0 into the value model: tables keep document order, integers are `bigint`,
 * floats `number`. Dates and times are rejected (they have no JSON form), as are non-finite
 * floats and integers over 640 digits. Depth and value limits match JSON.
 */
export function parseStrictToml(input: string | Uint8Array, source: string, limits: StrictTomlLimits = {}): JsonValue {
  const { parse, TomlError } = toml();
  const text = asText(input, source);
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxNodes = limits.maxNodes ?? MAX_JSON_NODES;
  const maxIntegerDigits = limits.maxIntegerDigits ?? MAX_TOML_INTEGER_DIGITS;
  const integerCeiling = 10n ** BigInt(maxIntegerDigits);
  const violation = inlineTableViolation(text);
  if (violation !== undefined) throw new TomlParseError(source, violation.kind, violation.line, violation.column);
  let parsed: Record<string, unknown>;
  try {
    parsed = parse(text, { integersAsBigInt: true, maxDepth: maxDepth + 2 });
  } catch (cause) {
    if (cause instanceof TomlError) {
      const kind = cause.message.split('\n')[0].replace(/^Invalid TOML document: /, '').split(':')[0].trim();
      throw new TomlParseError(source, kind || 'Invalid TOML document', cause.line, cause.column);
    }
    throw cause;
  }

  // TOML values carry no positions once parsed, so value-level failures point at line 1.
  function fail(kind: string): never {
    throw new TomlParseError(source, kind, 1, 1);
  }

  let nodes = 0;
  const root: JsonObject = new Map();
  const stack: Array<{ from: unknown; to: JsonValue[] | JsonObject; depth: number }> = [{ from: parsed, to: root, depth: 0 }];
  nodes += 1;
  while (stack.length > 0) {
    const { from, to, depth } = stack.pop()!;
    const entries: Array<[string | null, unknown]> = Array.isArray(from)
      ? from.map((item) => [null, item])
      : Object.keys(from as object).map((key) => [key, (from as Record<string, unknown>)[key]]);
    for (const [key, raw] of entries) {
      nodes += 1;
      if (depth + 1 > maxDepth) fail(`Nesting exceeds the ${maxDepth}-level limit`);
      if (nodes > maxNodes) fail(`Document exceeds the ${maxNodes}-value limit`);
      let value: JsonValue;
      if (typeof raw === 'string' || typeof raw === 'boolean') value = raw;
      else if (typeof raw === 'bigint') {
        if (raw >= integerCeiling || raw <= -integerCeiling) fail(`Integer exceeds the ${maxIntegerDigits}-digit limit`);
        value = raw;
      } else if (typeof raw === 'number') {
        if (!Number.isFinite(raw)) fail('Non-finite number is not supported');
        value = raw;
      } else if (Array.isArray(raw)) {
        value = [];
        stack.push({ from: raw, to: value, depth: depth + 1 });
      } else if (raw !== null && typeof raw === 'object' && Object.getPrototypeOf(raw) === null) {
        value = new Map();
        stack.push({ from: raw, to: value, depth: depth + 1 });
      } else {
        fail('TOML dates and times are not supported');
      }
      if (key === null) (to as JsonValue[]).push(value);
      else (to as JsonObject).set(key, value);
    }
  }
  return root;
}
