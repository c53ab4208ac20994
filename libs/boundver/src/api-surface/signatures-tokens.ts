import type { SyntaxNode } from '@driftgate/syntax';

/**
 * Replaces a node's tokens while a signature is read: an array (empty to cut the node out, as a
 * body is), or undefined to read the node as usual. `field` is the node's field name in its parent.
 */
export type TokenOverride = (node: SyntaxNode, field: string | null) => readonly string[] | undefined;

/** Literal nodes whose text is one token, verbatim (their inner leaves are not split). */
const LITERALS: ReadonlySet<string> = new Set([
  // Python
  'string',
  // Go
  'interpreted_string_literal',
  'raw_string_literal',
  'rune_literal',
  // Rust
  'string_literal',
  'char_literal',
  // TypeScript
  'template_string',
  'regex',
]);

/** Nodes that never belong to a signature: comments, and Python's backslash line continuations. */
const DROPPED: ReadonlySet<string> = new Set(['comment', 'line_comment', 'block_comment', 'line_continuation']);

/**
 * The canonical tokens of `node`: the texts of its leaves in document order, comments and
 * whitespace dropped, string literals verbatim, and whatever `override` replaces. Only the nodes
 * read are walked, so a cut body costs nothing.
 */
export function signatureTokens(node: SyntaxNode, override?: TokenOverride): string[] {
  const out: string[] = [];
  visit(node, null, override, out);
  return out;
}

function visit(node: SyntaxNode, field: string | null, override: TokenOverride | undefined, out: string[]): void {
  if (DROPPED.has(node.type)) return;
  const replaced = override?.(node, field);
  if (replaced !== undefined) {
    for (const token of replaced) out.push(token);
    return;
  }
  const count = node.childCount;
  if (count === 0 || LITERALS.has(node.type)) {
    const text = node.text;
    // Zero-width (MISSING) leaves and Go's newline statement terminators are no tokens.
    if (text.trim().length > 0) out.push(text);
    return;
  }
  for (let i = 0; i < count; i++) visit(node.child(i)!, node.fieldNameForChild(i), override, out);
}

const CLOSERS: ReadonlySet<string> = new Set([')', ']', '}', '>']);

/**
 * A token stream as the text hashed for a symbol: tokens joined by single spaces, without what
 * formatters add or remove: semicolons (TypeScript's optional ones, Go's statement separators) and
 * a comma right before a closing bracket (the trailing comma of a list split over lines).
 */
export function tokenText(tokens: readonly string[]): string {
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === ';') continue;
    if (token === ',' && CLOSERS.has(nextToken(tokens, i + 1) ?? '')) continue;
    kept.push(token);
  }
  return kept.join(' ');
}

function nextToken(tokens: readonly string[], from: number): string | undefined {
  for (let i = from; i < tokens.length; i++) if (tokens[i] !== ';') return tokens[i];
  return undefined;
}

/** An override that cuts out every node `cut` accepts. */
export function cutWhere(cut: (node: SyntaxNode, field: string | null) => boolean): TokenOverride {
  return (node, field) => (cut(node, field) ? [] : undefined);
}
