import { Edit, type Point } from 'web-tree-sitter';

/**
 * One replacement in a text: the UTF-16 code units `[start, oldEnd)` of the text before it are
 * replaced by `text`. A sequence of splices applies in order, each against the text the previous
 * one left (as the content changes of one LSP `didChange` do).
 */
export interface TextSplice {
  /** 0-based UTF-16 index into the text before the splice. */
  readonly start: number;
  /** 0-based UTF-16 index into the text before the splice, exclusive; `start` for an insertion. */
  readonly oldEnd: number;
  /** The text put in place of `[start, oldEnd)`. */
  readonly text: string;
}

/** `text` with one splice applied. */
export function applySplice(text: string, splice: TextSplice): string {
  return text.slice(0, splice.start) + splice.text + text.slice(splice.oldEnd);
}

/**
 * The single splice that turns `before` into `after`, keeping their longest common prefix and
 * then the longest common suffix of what remains; undefined when the texts are equal. Any edit,
 * a whole-text replacement included, is described correctly this way (if less tightly than by
 * the editor's own ranges).
 */
export function spliceBetween(before: string, after: string): TextSplice | undefined {
  if (before === after) return undefined;
  const shorter = Math.min(before.length, after.length);
  let head = 0;
  while (head < shorter && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < shorter - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  // Never cut a surrogate pair in two: a splice edge inside one would split a character.
  if (head > 0 && isHighSurrogate(before.charCodeAt(head - 1))) head--;
  if (tail > 0 && isLowSurrogate(before.charCodeAt(before.length - tail))) tail--;
  return { start: head, oldEnd: before.length - tail, text: after.slice(head, after.length - tail) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * tree-sitter's description of a splice of `before`. web-tree-sitter reads JavaScript strings as
 * UTF-16 and converts to its internal byte offsets itself, so indices and columns here are UTF-16
 * code units (the units LSP positions use by default), and rows count `\n` only — tree-sitter's
 * rows, not LSP's lines (which also break at a lone `\r`).
 */
export function treeEditFor(before: string, splice: TextSplice): Edit {
  const startPosition = pointAt(before, splice.start);
  const oldEndPosition = advance(startPosition, before, splice.start, splice.oldEnd);
  const newEndPosition = advance(startPosition, splice.text, 0, splice.text.length);
  return new Edit({
    startIndex: splice.start,
    oldEndIndex: splice.oldEnd,
    newEndIndex: splice.start + splice.text.length,
    startPosition,
    oldEndPosition,
    newEndPosition,
  });
}

function pointAt(text: string, index: number): Point {
  let row = 0;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    row++;
    lineStart = at + 1;
  }
  return { row, column: index - lineStart };
}

/** The point reached from `from` (the point of `text[start]`) after the code units `[start, end)`. */
function advance(from: Point, text: string, start: number, end: number): Point {
  let { row, column } = from;
  let lineStart = start - column;
  for (let at = text.indexOf('\n', start); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) {
    row++;
    lineStart = at + 1;
  }
  return { row, column: end - lineStart };
}
