/**
 * Makes untrusted text (claim prose, paths, code, git output) safe to print on a terminal or in a
 * CI log: it can neither move the cursor, recolour the screen, reorder text (bidi overrides),
 * hide characters (zero-width), nor start a CI workflow command.
 *
 * Escapes: backslash and the C escapes `\n \r \t \b \f` by name; every other C0 and C1 control
 * and DEL as `\xNN`; lone surrogates, bidi controls, zero-width characters, the BOM and
 * U+2028/U+2029 as `\uNNNN`. A result starting with `::` (GitHub Actions workflow commands) gets
 * its first `:` written as `\x3a`. Everything else, including ordinary Unicode, is kept.
 */
export function terminalSafe(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[i]! + text[i + 1]!;
        i++;
        continue;
      }
    }
    out += escapeUnit(code, text[i]!);
  }
  return out.startsWith('::') ? `\\x3a${out.slice(1)}` : out;
}

const NAMED: Readonly<Record<number, string>> = { 0x5c: '\\\\', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x08: '\\b', 0x0c: '\\f' };

function escapeUnit(code: number, char: string): string {
  const named = NAMED[code];
  if (named !== undefined) return named;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (isInvisibleOrReordering(code)) return `\\u${code.toString(16).padStart(4, '0')}`;
  return char;
}

function isInvisibleOrReordering(code: number): boolean {
  return (
    (code >= 0xd800 && code <= 0xdfff) || // lone surrogate (pairs were handled by the caller)
    (code >= 0x200b && code <= 0x200f) || // zero-width space/joiners, LRM, RLM
    (code >= 0x202a && code <= 0x202e) || // bidi embeddings and overrides
    (code >= 0x2066 && code <= 0x2069) || // bidi isolates
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x2060 || // word joiner
    code === 0x061c || // Arabic letter mark
    code === 0xfeff // BOM / zero-width no-break space
  );
}

/**
 * {@link terminalSafe} for multi-line text we compose ourselves (error messages that list issues
 * one per line): each line is escaped on its own and the line breaks are kept.
 */
export function terminalSafeLines(text: string): string {
  // CR LF and a lone CR are line breaks too (a lone CR would otherwise be a visible `\r`).
  return text.split(/\r\n|\r|\n/).map(terminalSafe).join('\n');
}
