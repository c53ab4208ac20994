import { terminalSafe } from './terminal-safe.js';

/**
 * Untrusted text made safe for JUnit XML, attribute or CDATA alike: everything
 * {@link terminalSafe} escapes (controls, ANSI, bidi, zero-width, lone surrogates) becomes a
 * visible escape instead of being dropped, the XML 1.0 non-characters U+FFFE/U+FFFF too, and
 * `]]>` is written `]]\x3e` so no text can close a CDATA section early. One line: a line break
 * in the input is written `\n`.
 */
export function xmlSafe(text: string): string {
  return terminalSafe(text)
    .replace(/[\ufffe\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16)}`)
    .replaceAll(']]>', ']]\\x3e');
}

/** {@link xmlSafe} line by line, keeping the line breaks (for multi-line bodies). */
export function xmlSafeLines(text: string): string {
  return text.split('\n').map(xmlSafe).join('\n');
}
