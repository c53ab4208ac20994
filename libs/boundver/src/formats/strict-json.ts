import { BoundverError } from '../errors.js';
import type { JsonObject, JsonValue } from './json-value.js';
import { MAX_JSON_DEPTH, MAX_JSON_INTEGER_DIGITS, MAX_JSON_NODES, MAX_JSON_NUMBER_CHARS } from '../limits.js';
import { hasLoneSurrogate } from './string-order.js';
import { asText } from './text-decoding.js';

/** Limits for {@link parseStrictJson}; defaults are the contract's. */
export interface StrictJsonLimits {
  maxDepth?: number;
  maxNodes?: number;
  maxIntegerDigits?: number;
  maxNumberChars?: number;
}

/**
 * A strict-JSON failure: `JSON parse error in <source>: <kind> at line L, column C`. The message
 * never contains document text. `line` and `column` are 1-based; columns count code points.
 */
export class JsonParseError extends BoundverError {
  readonly kind: string;
  readonly line: number;
  readonly column: number;

  constructor(source: string, kind: string, line: number, column: number) {
    super('BOUNDVER_JSON_PARSE', `JSON parse error in ${source}: ${kind} at line ${line}, column ${column}`);
    this.kind = kind;
    this.line = line;
    this.column = column;
  }
}

type Frame = { array: JsonValue[] } | { object: JsonObject; key: string; keyAt: number };

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Parses JSON the way the reference's strict loader does: Python `json.loads` grammar (any
 * top-level value, only space/tab/CR/LF as whitespace), plus rejection of duplicate keys,
 * `NaN`/`Infinity`, over-long numbers, over-deep or over-wide trees and lone surrogates.
 * Integers become `bigint`, numbers with a fraction or exponent become floats. Iterative: deep
 * input costs no call stack. Bytes are decoded as strict UTF-8 first.
 */
export function parseStrictJson(input: string | Uint8Array, source: string, limits: StrictJsonLimits = {}): JsonValue {
  const text = asText(input, source);
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxNodes = limits.maxNodes ?? MAX_JSON_NODES;
  const maxIntegerDigits = limits.maxIntegerDigits ?? MAX_JSON_INTEGER_DIGITS;
  const maxNumberChars = limits.maxNumberChars ?? MAX_JSON_NUMBER_CHARS;
  const length = text.length;
  let pos = 0;
  let nodes = 0;
  const stack: Frame[] = [];

  function fail(kind: string, at: number): never {
    const { line, column } = lineAndColumn(text, at);
    throw new JsonParseError(source, kind, line, column);
  }
  const skipWhitespace = (): void => {
    while (pos < length) {
      const c = text.charCodeAt(pos);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      pos += 1;
    }
  };
  const countNode = (at: number): void => {
    nodes += 1;
    if (stack.length > maxDepth) fail(`Nesting exceeds the ${maxDepth}-level limit`, at);
    if (nodes > maxNodes) fail(`Document exceeds the ${maxNodes}-value limit`, at);
  };

  const parseString = (): string => {
    const start = pos;
    pos += 1;
    let out = '';
    let chunkStart = pos;
    for (;;) {
      if (pos >= length) fail('Unterminated string starting at', start);
      const c = text.charCodeAt(pos);
      if (c === 0x22) {
        out += text.slice(chunkStart, pos);
        pos += 1;
        break;
      }
      if (c < 0x20) fail('Invalid control character at', pos);
      if (c !== 0x5c) {
        pos += 1;
        continue;
      }
      out += text.slice(chunkStart, pos);
      const escapeAt = pos;
      const escape = text[pos + 1];
      if (escape === undefined) fail('Unterminated string starting at', start);
      if (escape !== 'u') {
        const replacement = ESCAPES[escape];
        if (replacement === undefined) fail('Invalid \\escape', escapeAt);
        out += replacement;
        pos += 2;
      } else {
        const unit = readHex4(pos + 2);
        if (unit === -1) fail('Invalid \\uXXXX escape', escapeAt);
        pos += 6;
        // Python joins an escaped high surrogate with an escaped low one that follows it.
        if (unit >= 0xd800 && unit <= 0xdbff && text[pos] === '\\' && text[pos + 1] === 'u') {
          const low = readHex4(pos + 2);
          if (low >= 0xdc00 && low <= 0xdfff) {
            out += String.fromCharCode(unit, low);
            pos += 6;
            chunkStart = pos;
            continue;
          }
        }
        if (unit >= 0xd800 && unit <= 0xdfff) fail('Lone surrogate in \\uXXXX escape', escapeAt);
        out += String.fromCharCode(unit);
      }
      chunkStart = pos;
    }
    if (hasLoneSurrogate(out)) fail('Lone surrogate in string', start);
    return out;
  };
  const readHex4 = (at: number): number => {
    const hex = text.slice(at, at + 4);
    return /^[0-9a-fA-F]{4}$/.test(hex) ? Number.parseInt(hex, 16) : -1;
  };

  const isDigit = (at: number): boolean => {
    const c = text.charCodeAt(at);
    return c >= 0x30 && c <= 0x39;
  };
  const parseNumber = (): JsonValue => {
    const start = pos;
    let end = pos;
    if (text[end] === '-') end += 1;
    if (text[end] === '0') end += 1;
    else if (isDigit(end)) while (isDigit(end)) end += 1;
    else fail('Expecting value', start);
    let isFloat = false;
    if (text[end] === '.' && isDigit(end + 1)) {
      isFloat = true;
      end += 1;
      while (isDigit(end)) end += 1;
    }
    if (text[end] === 'e' || text[end] === 'E') {
      let exponentEnd = end + 1;
      if (text[exponentEnd] === '+' || text[exponentEnd] === '-') exponentEnd += 1;
      if (isDigit(exponentEnd)) {
        isFloat = true;
        while (isDigit(exponentEnd)) exponentEnd += 1;
        end = exponentEnd;
      }
    }
    const token = text.slice(start, end);
    if (token.length > maxNumberChars) fail(`Number exceeds the ${maxNumberChars}-character limit`, start);
    pos = end;
    if (!isFloat) {
      const digits = token.startsWith('-') ? token.length - 1 : token.length;
      if (digits > maxIntegerDigits) fail(`Integer exceeds the ${maxIntegerDigits}-digit limit`, start);
      return BigInt(token);
    }
    const value = Number(token);
    if (!Number.isFinite(value)) fail('Non-finite number is not supported', start);
    return value;
  };

  const parseKey = (): { key: string; keyAt: number } => {
    skipWhitespace();
    if (text[pos] !== '"') fail('Expecting property name enclosed in double quotes', pos);
    const keyAt = pos;
    const key = parseString();
    skipWhitespace();
    if (text[pos] !== ':') fail("Expecting ':' delimiter", pos);
    pos += 1;
    return { key, keyAt };
  };

  let root: JsonValue = null;
  skipWhitespace();
  for (;;) {
    // A value is expected at `pos`.
    skipWhitespace();
    const at = pos;
    const c = text[pos];
    let value: JsonValue;
    if (c === '{') {
      countNode(at);
      pos += 1;
      const object: JsonObject = new Map();
      skipWhitespace();
      if (text[pos] === '}') {
        pos += 1;
        value = object;
      } else {
        stack.push({ object, ...parseKey() });
        continue;
      }
    } else if (c === '[') {
      countNode(at);
      pos += 1;
      const array: JsonValue[] = [];
      skipWhitespace();
      if (text[pos] === ']') {
        pos += 1;
        value = array;
      } else {
        stack.push({ array });
        continue;
      }
    } else {
      countNode(at);
      if (c === '"') value = parseString();
      else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
        if (text.startsWith('-Infinity', pos)) fail('Non-finite number is not supported', at);
        value = parseNumber();
      } else if (text.startsWith('null', pos)) {
        value = null;
        pos += 4;
      } else if (text.startsWith('true', pos)) {
        value = true;
        pos += 4;
      } else if (text.startsWith('false', pos)) {
        value = false;
        pos += 5;
      } else if (text.startsWith('NaN', pos) || text.startsWith('Infinity', pos)) {
        fail('Non-finite number is not supported', at);
      } else if (at === 0 && text.charCodeAt(0) === 0xfeff) {
        fail('Unexpected UTF-8 BOM', 0);
      } else {
        fail('Expecting value', at);
      }
    }

    // Attach the finished value, closing every container that ends here.
    let expectAnother = false;
    while (!expectAnother) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) {
        root = value;
        break;
      }
      skipWhitespace();
      if ('array' in frame) {
        frame.array.push(value);
        if (text[pos] === ',') {
          pos += 1;
          expectAnother = true;
        } else if (text[pos] === ']') {
          pos += 1;
          stack.pop();
          value = frame.array;
        } else {
          fail("Expecting ',' delimiter", pos);
        }
      } else {
        if (frame.object.has(frame.key)) fail('Duplicate object key', frame.keyAt);
        frame.object.set(frame.key, value);
        if (text[pos] === ',') {
          pos += 1;
          const next = parseKey();
          frame.key = next.key;
          frame.keyAt = next.keyAt;
          expectAnother = true;
        } else if (text[pos] === '}') {
          pos += 1;
          stack.pop();
          value = frame.object;
        } else {
          fail("Expecting ',' delimiter", pos);
        }
      }
    }
    if (!expectAnother) break;
  }
  skipWhitespace();
  if (pos < length) fail('Extra data', pos);
  return root;
}

/** 1-based line and code-point column of a UTF-16 offset, as Python reports them. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastNewline = before.lastIndexOf('\n');
  let line = 1;
  for (let index = before.indexOf('\n'); index !== -1; index = before.indexOf('\n', index + 1)) line += 1;
  return { line, column: Array.from(before.slice(lastNewline + 1)).length + 1 };
}
