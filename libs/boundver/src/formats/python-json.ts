import { BoundverError } from '../errors.js';
import type { JsonValue } from './json-value.js';
import { MAX_JSON_DEPTH, MAX_JSON_NODES } from '../limits.js';
import { pythonFloatRepr } from './python-float.js';
import { compareCodePoints, hasLoneSurrogate } from './string-order.js';

/** Options mirroring the `json.dumps` arguments this package needs. */
export interface PythonJsonOptions {
  /** Sort object keys by code point (`sort_keys=True`). Default false: insertion order. */
  sortKeys?: boolean;
  /** Spaces per level (`indent=N`); undefined writes one line. */
  indent?: number;
  /** Escape every non-ASCII character as `\uXXXX` (`ensure_ascii=True`). Default false. */
  ensureAscii?: boolean;
  /** `(item, key)` separators; defaults follow Python: `(", ", ": ")`, or `(",", ": ")` with indent. */
  separators?: readonly [string, string];
  /** Fail once the UTF-8 output would exceed this many bytes, before building all of it. */
  maxBytes?: number;
  /** Deepest level allowed (root = 0). Default 128. */
  maxDepth?: number;
  /** Most values allowed. Default 100,000. */
  maxNodes?: number;
  /**
   * Write a lone surrogate (a Git name byte that is not UTF-8, see @driftgate/git's git-path) as
   * `\udcNN`, as `json.dumps` does, instead of refusing it. Only for text that is shown or
   * compared, never for the lock or a digest, where the contract refuses such values.
   */
  escapeLoneSurrogates?: boolean;
}

const NEEDS_ESCAPE_UNICODE = /["\\\u0000-\u001f]/;
const NEEDS_ESCAPE_ASCII = /["\\\u0000-\u001f\u007f-\uffff]/;
const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/**
 * Quotes one string exactly as Python's encoder does. Lone surrogates are rejected unless
 * `escapeLoneSurrogates`, which writes them as `\uXXXX` escapes.
 */
export function pythonJsonString(value: string, ensureAscii: boolean, escapeLoneSurrogates = false): string {
  const lone = hasLoneSurrogate(value);
  if (lone && !escapeLoneSurrogates) {
    throw new BoundverError(
      'BOUNDVER_JSON_VALUE',
      'JSON output contains a lone surrogate and is not portable; replace the unpaired UTF-16 code unit',
    );
  }
  const pattern = ensureAscii ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE_UNICODE;
  if (!lone && !pattern.test(value)) return `"${value}"`;
  let out = '"';
  let start = 0;
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    let replacement: string | undefined;
    if (unit < 0x20 || unit === 0x22 || unit === 0x5c) {
      replacement = SHORT_ESCAPES[value[index]] ?? `\\u${unit.toString(16).padStart(4, '0')}`;
    } else if (ensureAscii && unit >= 0x7f) {
      // UTF-16 code units are exactly what Python writes: astral characters become a pair.
      replacement = `\\u${unit.toString(16).padStart(4, '0')}`;
    } else if (lone && unit >= 0xd800 && unit <= 0xdfff) {
      if (unit <= 0xdbff && isLowSurrogate(value.charCodeAt(index + 1))) {
        index += 1; // a whole pair is an ordinary character
      } else {
        replacement = `\\u${unit.toString(16).padStart(4, '0')}`;
      }
    }
    if (replacement !== undefined) {
      out += value.slice(start, index) + replacement;
      start = index + 1;
    }
  }
  return `${out}${value.slice(start)}"`;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Writes one scalar; integers are decimal, floats use Python `repr`. */
function scalarText(value: null | boolean | string | bigint | number, ensureAscii: boolean, escapeLoneSurrogates: boolean): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return pythonFloatRepr(value);
  return pythonJsonString(value, ensureAscii, escapeLoneSurrogates);
}

interface Frame {
  readonly entries: ReadonlyArray<readonly [string | null, JsonValue]>;
  readonly close: string;
  readonly depth: number;
  next: number;
}

/**
 * `json.dumps(value, ...)` for the value model: byte-for-byte what CPython writes for the same
 * data. Traversal is iterative, so nesting depth costs no call stack.
 */
export function pythonJsonDumps(value: JsonValue, options: PythonJsonOptions = {}): string {
  const ensureAscii = options.ensureAscii ?? false;
  const indent = options.indent;
  const [itemSeparator, keySeparator] = options.separators ?? (indent === undefined ? [', ', ': '] : [',', ': ']);
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const maxNodes = options.maxNodes ?? MAX_JSON_NODES;
  const maxBytes = options.maxBytes;
  const parts: string[] = [];
  let bytes = 0;
  let nodes = 0;

  const emit = (text: string): void => {
    if (maxBytes !== undefined) {
      bytes += Buffer.byteLength(text, 'utf8');
      if (bytes > maxBytes) {
        throw new BoundverError('BOUNDVER_JSON_TOO_LARGE', `JSON output exceeds the ${maxBytes}-byte limit`);
      }
    }
    parts.push(text);
  };
  const newline = (depth: number): void => {
    if (indent !== undefined) emit(`\n${' '.repeat(indent * depth)}`);
  };

  const stack: Frame[] = [];
  // Emits one value; containers are opened and pushed, to be filled by the loop below.
  const open = (item: JsonValue, depth: number): void => {
    nodes += 1;
    if (depth > maxDepth) {
      throw new BoundverError('BOUNDVER_JSON_VALUE', `JSON value is nested too deeply (maximum ${maxDepth} levels)`);
    }
    if (nodes > maxNodes) {
      throw new BoundverError('BOUNDVER_JSON_VALUE', `JSON value exceeds the ${maxNodes}-value tree limit`);
    }
    if (item instanceof Map) {
      const keys = [...item.keys()];
      if (options.sortKeys) keys.sort(compareCodePoints);
      if (keys.length === 0) return emit('{}');
      emit('{');
      stack.push({ entries: keys.map((key) => [key, item.get(key)!] as const), close: '}', depth, next: 0 });
    } else if (Array.isArray(item)) {
      if (item.length === 0) return emit('[]');
      emit('[');
      stack.push({ entries: item.map((child) => [null, child] as const), close: ']', depth, next: 0 });
    } else {
      emit(scalarText(item, ensureAscii, options.escapeLoneSurrogates ?? false));
    }
  };

  open(value, 0);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.entries.length) {
      stack.pop();
      newline(frame.depth);
      emit(frame.close);
      continue;
    }
    const [key, child] = frame.entries[frame.next];
    if (frame.next > 0) emit(itemSeparator);
    frame.next += 1;
    newline(frame.depth + 1);
    if (key !== null) emit(pythonJsonString(key, ensureAscii, options.escapeLoneSurrogates ?? false) + keySeparator);
    open(child, frame.depth + 1);
  }
  return parts.join('');
}
