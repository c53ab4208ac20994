import type { ParsedFile } from '@driftgate/surf';

/** A tree-sitter node, named through surf's own types so this package needs no grammar dependency. */
export type SyntaxNode = ParsedFile['tree']['rootNode'];

/** A half-open range of UTF-16 offsets into a parsed file's text. */
export interface TextRange {
  readonly startIndex: number;
  readonly endIndex: number;
}

/** One edit of a source text: `[start, end)` (UTF-16 offsets) replaced by `replacement`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
  /** The text replaced. */
  readonly before: string;
}

/**
 * Every node that lies wholly inside `range`, in document order (pre-order). A cursor walk, since
 * it is about twice as fast as recursing through `children` in WASM, and subtrees that end
 * before the range or start after it are skipped without being visited.
 */
export function nodesInside(parsed: ParsedFile, range: TextRange): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const cursor = parsed.tree.walk();
  try {
    for (;;) {
      const start = cursor.startIndex;
      const end = cursor.endIndex;
      const overlaps = end > range.startIndex && start < range.endIndex;
      if (overlaps && start >= range.startIndex && end <= range.endIndex) out.push(cursor.currentNode);
      if (overlaps && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return out;
      }
    }
  } finally {
    cursor.delete();
  }
}

/**
 * How many ERROR or MISSING nodes a file holds: a mutation is valid only when it adds none, so
 * the count is compared before and after. Zero without a walk when the root reports no error.
 */
export function errorNodeCount(parsed: ParsedFile): number {
  if (!parsed.tree.rootNode.hasError) return 0;
  let count = 0;
  const cursor = parsed.tree.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.type === 'ERROR' || node.isMissing) count++;
      if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return count;
      }
    }
  } finally {
    cursor.delete();
  }
}

/** Whether `node` or one of its ancestors is a comment (surf drops every kind containing "comment"). */
export function insideComment(node: SyntaxNode): boolean {
  for (let at: SyntaxNode | null = node; at; at = at.parent) if (at.type.includes('comment')) return true;
  return false;
}

/** 1-based line of a UTF-16 offset. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * The text around an edit for a report: the rest of its line, at most `width` characters either
 * side (minified files are one long line), trimmed, with `…` where it was cut.
 */
export function contextAt(text: string, start: number, end: number = start, width = 40): string {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nl = text.indexOf('\n', end);
  const lineEnd = nl < 0 ? text.length : nl;
  const from = Math.max(lineStart, start - width);
  const to = Math.min(lineEnd, end + width);
  return `${from > lineStart ? '…' : ''}${text.slice(from, to).trim()}${to < lineEnd ? '…' : ''}`;
}
