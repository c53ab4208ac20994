import { terminalSafe } from './terminal-safe.js';

/**
 * Untrusted text made safe for a JUnit CDATA section (a failure body, `system-out`): everything
 * {@link terminalSafe} escapes (controls, ANSI, bidi, zero-width, lone surrogates) becomes a
 * visible escape instead of being dropped, the XML 1.0 non-characters U+FFFE/U+FFFF too, and
 * `]]>` is written `]]\x3e` so no text can close the section early. One line: a line break in
 * the input is written `\n` (see {@link xmlSafeLines}).
 */
export function xmlSafe(text: string): string {
  return xmlChars(terminalSafe(text)).replaceAll(']]>', ']]\\x3e');
}

/**
 * Untrusted text made safe for a JUnit attribute value: as {@link xmlSafe}, but `]]>` stays as it
 * is (an attribute needs no CDATA guard; the XML writer escapes `<`, `&` and quotes) and line
 * breaks stay line breaks (the writer encodes them as `&#xA;`, so a reader decodes the text's own
 * newline rather than a literal `\n`).
 */
export function xmlAttributeSafe(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => xmlChars(terminalSafe(line)))
    .join('\n');
}

function xmlChars(text: string): string {
  return text.replace(/[\ufffe\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16)}`);
}

/**
 * {@link xmlSafe} line by line, keeping the line breaks (for multi-line bodies); every line after
 * the first starts with `indent`, so a multi-line value stays under its `key:` line.
 */
export function xmlSafeLines(text: string, indent = ''): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line, i) => (i === 0 ? xmlSafe(line) : `${indent}${xmlSafe(line)}`))
    .join('\n');
}
