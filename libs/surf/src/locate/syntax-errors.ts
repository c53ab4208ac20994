import type { Node } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';

/** The first ERROR or MISSING node inside `nodes`, in document order. */
export function firstSyntaxError(nodes: readonly Node[]): Node | undefined {
  for (const node of nodes) {
    // `hasError` covers the node and all its descendants, so clean subtrees are skipped whole.
    if (!node.hasError) continue;
    if (node.isError || node.isMissing) return node;
    const inner = firstSyntaxError(node.children.filter((c): c is Node => c !== null));
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * What to add to "not found" when the file does not parse cleanly: where the first syntax error
 * is. Error recovery can swallow the definitions after it (a Rust item past an unclosed brace is
 * read as part of the broken one), so "not found" alone would send the reader to the wrong place.
 * Empty for a file that parses cleanly.
 */
export function notFoundParseNote(parsed: ParsedFile, file: string): string {
  const root = parsed.tree.rootNode;
  if (!root.hasError) return '';
  const broken = firstSyntaxError([root]);
  const line = broken === undefined ? '' : ` at line ${broken.startPosition.row + 1}`;
  return ` (\`${file}\` does not parse: ${broken?.isMissing === true ? `a missing \`${broken.type}\`` : 'a syntax error'}${line}, which can hide the definitions after it; fix it and check again)`;
}
