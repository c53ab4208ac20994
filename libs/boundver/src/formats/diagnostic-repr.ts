import type { JsonValue } from './json-value.js';
import { MAX_DIAGNOSTIC_VALUE_CHARS } from '../limits.js';
import { pythonFloatRepr } from './python-float.js';

const PREVIEW_ITEMS = 8;
const PREVIEW_DEPTH = 4;

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return max <= 3 ? '.'.repeat(max) : `${text.slice(0, max - 3)}...`;
}

/** Python `ascii(str)`: `repr` with every non-ASCII character escaped. */
function pythonAscii(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    let code = unit;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const low = value.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
        i += 1;
      }
    }
    const char = String.fromCodePoint(code);
    if (char === quote || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code <= 0xff)) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code > 0xff && code <= 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (code > 0xffff) out += `\\U${code.toString(16).padStart(8, '0')}`;
    else out += char;
  }
  return out + quote;
}

/**
 * A bounded Python-style representation of an untrusted value for diagnostics (`METADATA
 * MISMATCH … lockfile=<repr>`): `None`/`True`/`False`, integers in decimal, floats as `repr`,
 * strings as Python `ascii()`, at most 8 items per container and 4 levels, 500 characters.
 * `undefined` (an absent field) renders as `None`, as a missing key does in the reference.
 */
export function diagnosticRepr(value: JsonValue | undefined, maxChars = MAX_DIAGNOSTIC_VALUE_CHARS): string {
  const render = (item: JsonValue | undefined, depth: number): string => {
    if (item === undefined || item === null) return 'None';
    if (item === true) return 'True';
    if (item === false) return 'False';
    if (typeof item === 'bigint') return truncate(item.toString(), maxChars);
    if (typeof item === 'number') return truncate(pythonFloatRepr(item), maxChars);
    if (typeof item === 'string') return truncate(pythonAscii(item.slice(0, maxChars + 1)), maxChars);
    if (depth >= PREVIEW_DEPTH) return Array.isArray(item) ? '[...]' : '{...}';
    const pieces: string[] = [];
    const entries: Array<[string | null, JsonValue]> = Array.isArray(item) ? item.map((child) => [null, child]) : [...item];
    for (const [index, [key, child]] of entries.entries()) {
      if (index >= PREVIEW_ITEMS) {
        pieces.push('...');
        break;
      }
      pieces.push(key === null ? render(child, depth + 1) : `${render(key, depth + 1)}: ${render(child, depth + 1)}`);
    }
    return truncate(Array.isArray(item) ? `[${pieces.join(', ')}]` : `{${pieces.join(', ')}}`, maxChars);
  };
  return render(value, 0);
}
