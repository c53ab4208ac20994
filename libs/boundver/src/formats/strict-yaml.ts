import { createRequire } from 'node:module';
import type { Node } from 'yaml';
import type * as YamlModule from 'yaml';
import { BoundverError } from '../errors.js';
import type { JsonObject, JsonValue } from './json-value.js';
import { MAX_JSON_DEPTH, MAX_JSON_INTEGER_DIGITS, MAX_JSON_NODES } from '../limits.js';
import { asText } from './text-decoding.js';
import { yamlDepthExcess } from '@driftgate/git';

// Loaded on first use: most operations read JSON only, and every process start pays for imports.
let yamlModule: typeof YamlModule | undefined;
function yaml(): typeof YamlModule {
  return (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof YamlModule);
}

/** Options for {@link parseStrictYaml}; limits default to the contract's. */
export interface StrictYamlOptions {
  maxDepth?: number;
  maxNodes?: number;
  maxIntegerDigits?: number;
  /** Accept only the JSON float grammar for floats (no `.5`, `1.`, `+1.5`). Default false. */
  jsonFloatsOnly?: boolean;
}

/**
 * A strict-YAML failure: `YAML parse error in <source>: <kind> at line L, column C`. The message
 * never contains document text; `line` and `column` are 1-based.
 */
export class YamlParseError extends BoundverError {
  readonly kind: string;
  readonly line: number;
  readonly column: number;

  constructor(source: string, kind: string, line: number, column: number) {
    super('BOUNDVER_YAML_PARSE', `YAML parse error in ${source}: ${kind} at line ${line}, column ${column}`);
    this.kind = kind;
    this.line = line;
    this.column = column;
  }
}

const STANDARD_TAGS = new Set(
  ['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => `tag:yaml.org,2002:${name}`),
);
const JSON_INTEGER = /^-?(?:0|[1-9][0-9]*)$/;
const JSON_FLOAT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?$/;

type Frame = { array: JsonValue[]; items: unknown[]; next: number } | { object: JsonObject; items: unknown[]; next: number };

/**
 * Parses one YAML 1.2 document with the core schema into the value model, rejecting what the
 * reference's safe loader rejects or what cannot round-trip through JSON: aliases and anchors,
 * custom tags, duplicate or non-string keys, multiple documents, non-finite floats, and integers
 * not written as JSON decimals (`+1`, `0x1F`, `0o7`, `1_000`). Integers become `bigint`, floats
 * `number`. Depth and value limits match JSON. Bytes are decoded as strict UTF-8 first.
 */
export function parseStrictYaml(input: string | Uint8Array, source: string, options: StrictYamlOptions = {}): JsonValue {
  const text = asText(input, source);
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const maxNodes = options.maxNodes ?? MAX_JSON_NODES;
  const maxIntegerDigits = options.maxIntegerDigits ?? MAX_JSON_INTEGER_DIGITS;
  const { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  // Two levels of slack: the scan counts the root mapping and may count a bracket in a plain
  // scalar; the exact limit is applied to the composed values below.
  const excess = yamlDepthExcess(text, maxDepth + 2);
  if (excess !== undefined) throw new YamlParseError(source, `Nesting exceeds the ${maxDepth}-level limit`, excess.line, excess.column);
  let document: ReturnType<typeof parseDocument>;
  try {
    document = parseDocument(text, {
      schema: 'core',
      version: '1.2',
      intAsBigInt: true,
      uniqueKeys: true,
      merge: false,
      strict: true,
      lineCounter,
      prettyErrors: false,
    });
  } catch (cause) {
    // The library composes nested collections recursively, so nesting far past the limit
    // (`- - - … x`, `[[[…]]]`) can exhaust the stack before the depth check below refuses it.
    if (cause instanceof RangeError && /call stack/i.test(cause.message)) {
      throw new YamlParseError(source, `Nesting exceeds the ${maxDepth}-level limit`, 1, 1);
    }
    throw cause;
  }

  function fail(kind: string, offset: number): never {
    const position = lineCounter.linePos(offset);
    throw new YamlParseError(source, kind, position.line, position.col);
  }

  const problem = document.errors[0] ?? document.warnings[0];
  if (problem !== undefined) {
    // Sometimes the library catches its own stack overflow and reports it as a document error.
    const tooDeep = /call stack/i.test(problem.message);
    fail(tooDeep ? `Nesting exceeds the ${maxDepth}-level limit` : describeYamlProblem(problem.message, problem.code), problem.pos[0]);
  }

  let nodes = 0;
  const stack: Frame[] = [];
  const convert = (node: unknown, depth: number): JsonValue | Frame => {
    nodes += 1;
    if (node === null || node === undefined) {
      if (nodes > maxNodes) fail(`Document exceeds the ${maxNodes}-value limit`, 0);
      return null;
    }
    const offset = (node as Node).range?.[0] ?? 0;
    if (depth > maxDepth) fail(`Nesting exceeds the ${maxDepth}-level limit`, offset);
    if (nodes > maxNodes) fail(`Document exceeds the ${maxNodes}-value limit`, offset);
    if (isAlias(node)) fail('YAML aliases are not allowed', offset);
    const typed = node as Node;
    if (typed.anchor) fail('YAML anchors are not allowed', offset);
    if (typed.tag && !STANDARD_TAGS.has(typed.tag)) fail('Custom YAML tags are not allowed', offset);
    if (isMap(node)) return { object: new Map(), items: node.items, next: 0 };
    if (isSeq(node)) return { array: [], items: node.items, next: 0 };
    if (!isScalar(node)) fail('Unsupported YAML node', offset);
    const value = node.value;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    const written = node.source ?? String(value);
    if (typeof value === 'bigint') {
      if (written.length > maxIntegerDigits + 1) fail(`Integer exceeds the ${maxIntegerDigits}-digit limit`, offset);
      if (!JSON_INTEGER.test(written)) {
        fail('YAML integer must use JSON decimal syntax without plus signs, separators, prefixes or leading zeroes', offset);
      }
      return value;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) fail('Non-finite number is not supported', offset);
      if (options.jsonFloatsOnly && !JSON_FLOAT.test(written)) fail('YAML float must use JSON number syntax', offset);
      return value;
    }
    fail('Unsupported YAML scalar type', offset);
  };
  const isFrame = (value: JsonValue | Frame): value is Frame =>
    typeof value === 'object' && value !== null && 'items' in value && 'next' in value;
  const containerOf = (frame: Frame): JsonValue => ('array' in frame ? frame.array : frame.object);

  const first = convert(document.contents, 0);
  if (!isFrame(first)) return first;
  stack.push(first);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.items.length) {
      stack.pop();
      continue;
    }
    const item = frame.items[frame.next];
    frame.next += 1;
    let child: JsonValue | Frame;
    if ('object' in frame) {
      if (!isPair(item)) fail('Unsupported YAML mapping entry', 0);
      const keyNode = item.key as Node | null;
      const keyOffset = keyNode?.range?.[0] ?? 0;
      if (!isScalar(keyNode) || typeof keyNode.value !== 'string') fail('YAML mapping keys must be strings', keyOffset);
      if (keyNode.anchor) fail('YAML anchors are not allowed', keyOffset);
      if (keyNode.tag && !STANDARD_TAGS.has(keyNode.tag)) fail('Custom YAML tags are not allowed', keyOffset);
      const key = keyNode.value;
      if (frame.object.has(key)) fail('Duplicate mapping key', keyOffset);
      child = convert(item.value, stack.length);
      frame.object.set(key, isFrame(child) ? containerOf(child) : child);
    } else {
      child = convert(item, stack.length);
      frame.array.push(isFrame(child) ? containerOf(child) : child);
    }
    if (isFrame(child)) stack.push(child);
  }
  return containerOf(first);
}

// The yaml package appends a source excerpt after " at line"; keep only the description, and
// drop anything after a colon, which can quote document text.
function describeYamlProblem(message: string, code: string): string {
  const head = message.split(' at line ')[0].split(':')[0].trim();
  return head.length > 0 ? head : code;
}
