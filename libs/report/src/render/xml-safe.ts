import { terminalSafe } from './terminal-safe.js';

/**
 * Stands in for a CDATA section's end and restart (`]]><![CDATA[`) inside the text handed to the
 * XML writer, until {@link splitCdataEnds} puts the real markup in the written document. The
 * writer (xmlbuilder 15, under junit-report-builder) splits only the first `]]>` of a section
 * itself, so every `]]>` is split here instead. U+200B is safe as the stand-in: {@link terminalSafe}
 * writes every zero-width character as a visible escape, so escaped text never holds one.
 */
const CDATA_RESTART = '\u200b';

/**
 * Untrusted text made safe for a JUnit CDATA section (a failure body, `system-out`): everything
 * {@link terminalSafe} escapes (controls, ANSI, bidi, zero-width, lone surrogates) becomes a
 * visible escape instead of being dropped, the XML 1.0 non-characters U+FFFE/U+FFFF too. A `]]>`
 * is kept: it is marked so that {@link splitCdataEnds} can write it as `]]]]><![CDATA[>` (the
 * section ends between `]]` and `>` and a new one starts), which every XML parser reads back as
 * the literal `]]>`. Only for text of a CDATA section of a document that then goes through
 * {@link splitCdataEnds}. One line: a line break in the input is written `\n` (see
 * {@link xmlSafeLines}).
 */
export function xmlSafe(text: string): string {
  return xmlChars(terminalSafe(text)).replaceAll(']]>', `]]${CDATA_RESTART}>`);
}

/**
 * The written XML document with every `]]>` that {@link xmlSafe} marked split across two CDATA
 * sections (`]]]]><![CDATA[>`), so it reads back as `]]>` instead of ending the section early.
 */
export function splitCdataEnds(xml: string): string {
  return xml.replaceAll(CDATA_RESTART, ']]><![CDATA[');
}

/**
 * Untrusted text made safe for a one-line JUnit attribute value (a suite or case name, a class
 * name, a file): as {@link xmlAttributeSafe}, but a line break is written `\n`, so a name stays
 * on one line in every dashboard.
 */
export function xmlNameSafe(text: string): string {
  return xmlChars(terminalSafe(text));
}

/**
 * Untrusted text made safe for a JUnit attribute value: its characters escaped as {@link xmlSafe}
 * does, `]]>` kept as it is (an attribute needs no CDATA guard; the XML writer escapes `<`, `&` and
 * quotes) and line breaks kept as line breaks (the writer encodes them as `&#xA;`, so a reader
 * decodes the text's own newline rather than a literal `\n`).
 */
export function xmlAttributeSafe(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map(xmlNameSafe)
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
