import { isMap, isScalar, parseDocument } from 'yaml';

/**
 * Renders `value` as a one-line YAML scalar: bare when YAML 1.2 (core schema) reads it back as that
 * same string, otherwise double-quoted. Stamps, ids, timestamps and commit ids are plain-safe, so
 * they are written bare, as the reference writes them; quoting only kicks in where a bare value
 * would read back as something else (`123`, `true`, `a #b`, surrounding spaces, line breaks),
 * which the reference would have written broken.
 */
export function formatYamlScalar(value: string): string {
  return isPlainSafe(value) ? value : doubleQuoted(value);
}

function isPlainSafe(value: string): boolean {
  if (value === '') return false;
  for (const ch of value) {
    const cp = ch.codePointAt(0) as number;
    // Tabs and the characters YAML 1.1 parsers (libyaml, behind the reference) treat as breaks.
    if (cp === 0x09 || cp === 0x85 || cp === 0x2028 || cp === 0x2029 || cp === 0xfeff || !isPrintable(cp)) return false;
  }
  const doc = parseDocument(`k: ${value}\n`, { prettyErrors: false });
  if (doc.errors.length > 0 || doc.warnings.length > 0) return false;
  const map = doc.contents;
  if (!isMap(map) || map.items.length !== 1) return false;
  const scalar = map.items[0].value;
  return isScalar(scalar) && scalar.type === 'PLAIN' && scalar.tag === undefined && scalar.value === value;
}

/** A YAML double-quoted scalar on one line: non-printable characters and breaks are escaped. */
function doubleQuoted(value: string): string {
  let out = '"';
  for (const ch of value) {
    const cp = ch.codePointAt(0) as number;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (cp === 0x0a) out += '\\n';
    else if (cp === 0x09) out += '\\t';
    else if (cp === 0x0d) out += '\\r';
    else if (isPrintable(cp) && cp !== 0x85 && cp !== 0x2028 && cp !== 0x2029 && cp !== 0xfeff) out += ch;
    else if (cp <= 0xff) out += `\\x${hex(cp, 2)}`;
    else if (cp <= 0xffff) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return `${out}"`;
}

/** YAML 1.2 `c-printable` minus the line-break characters. */
function isPrintable(cp: number): boolean {
  return (
    (cp >= 0x20 && cp <= 0x7e) ||
    cp === 0x85 ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

function hex(cp: number, width: number): string {
  return cp.toString(16).toUpperCase().padStart(width, '0');
}
