import type { JsonValue } from './json-value.js';
import { pythonFloatRepr } from './python-float.js';

// Characters Python's str.isprintable() rejects (besides the ASCII space, which it accepts).
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python `repr(str)`: single quotes unless the text has `'` and no `"`, escapes for the rest. */
export function pythonStrRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of value) {
    const codePoint = char.codePointAt(0)!;
    if (char === quote || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (codePoint < 0x20 || codePoint === 0x7f) out += `\\x${codePoint.toString(16).padStart(2, '0')}`;
    else if (codePoint > 0x7f && char !== ' ' && NON_PRINTABLE.test(char)) {
      if (codePoint <= 0xff) out += `\\x${codePoint.toString(16).padStart(2, '0')}`;
      else if (codePoint <= 0xffff) out += `\\u${codePoint.toString(16).padStart(4, '0')}`;
      else out += `\\U${codePoint.toString(16).padStart(8, '0')}`;
    } else out += char;
  }
  return out + quote;
}

/**
 * Python `str(value)` for a parsed value, which is how a version field becomes a version string:
 * text as is, integers in decimal, floats as `repr`, `True`/`False`/`None`, containers as their
 * Python `repr`. Recursive on containers, which version fields rarely are.
 */
export function pythonStr(value: JsonValue): string {
  if (typeof value === 'string') return value;
  return pythonRepr(value);
}

function pythonRepr(value: JsonValue): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return pythonFloatRepr(value);
  if (typeof value === 'string') return pythonStrRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${[...value].map(([key, item]) => `${pythonStrRepr(key)}: ${pythonRepr(item)}`).join(', ')}}`;
}
