import type { Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** LSP's largest `uinteger`: a column past the end of any line, which a document clamps to it. */
const PAST_LINE_END = 2 ** 31 - 1;

/**
 * Line `line` of `document` as a range (the last line when it has fewer), ending at the line's
 * UTF-16 length. Clients check a range against their buffer — Neovim rejects a whole publish
 * over one column past a line's end — so "to the end of the line" is never a sentinel number.
 */
export function wholeLine(document: TextDocument, line: number): Range {
  const at = Math.min(Math.max(line, 0), document.lineCount - 1);
  return { start: { line: at, character: 0 }, end: document.positionAt(document.offsetAt({ line: at, character: PAST_LINE_END })) };
}

/**
 * `range` clamped into `document`: a position past a line's end moves to that end, one past the
 * last line to the end of the text. A range computed for a text the buffer has since left (an
 * edit that arrived while it was being computed) stays placeable until the next diagnostics
 * replace it; a range that fits is returned as it was.
 */
export function fitRange(document: TextDocument, range: Range): Range {
  return { start: document.positionAt(document.offsetAt(range.start)), end: document.positionAt(document.offsetAt(range.end)) };
}
