import type { Node } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';
import { recipeResolution } from './recipe-extent.js';
import type { Resolution } from '../locate/resolve.js';

/** A construct in a span whose edits a `2:` stamp cannot see (docs/hash-recipes.md). */
export interface Recipe2BlindSpot {
  /** What it is, as a phrase: "a string with an escape sequence or a line continuation". */
  readonly what: string;
  /** 1-based line where it starts. */
  readonly line: number;
}

/** Kinds whose first anonymous token carries a literal prefix (`b"`, `br#"`) recipe 2 emits as its kind. */
const RUST_STRINGS: ReadonlySet<string> = new Set(['string_literal', 'raw_string_literal']);

/**
 * The first construct in the resolved span that recipe 2 does not hash (so an edit to it passes a
 * `2:` stamp), in document order; undefined when there is none. Advisory only: it drives a lint
 * warning that advises re-stamping under recipe 3. Not exhaustive — scope-insensitive binding
 * (a name bound in an inner function hiding a global read) is not reported.
 */
export function findRecipe2BlindSpot(parsed: ParsedFile, resolution: Resolution): Recipe2BlindSpot | undefined {
  // Named nodes only: a bare `export` / `const` keyword outside the node is everywhere in
  // TypeScript, and warning on every exported symbol would drown the rest.
  const extended = recipeResolution(parsed, resolution, 'v3');
  const outside = extended.hashable.slice(0, extended.hashable.length - resolution.hashable.length).find((n) => n.isNamed);
  if (outside !== undefined) {
    return { what: 'attributes, decorators, overloads or earlier `iota` specs outside the definition', line: outside.startPosition.row + 1 };
  }
  for (const root of resolution.hashable) {
    const found = visit(root, parsed);
    if (found) return found;
  }
  return undefined;
}

function at(node: Node, what: string): Recipe2BlindSpot {
  return { what, line: node.startPosition.row + 1 };
}

function visit(node: Node, parsed: ParsedFile): Recipe2BlindSpot | undefined {
  const found = blindSpotAt(node, parsed);
  if (found) return found;
  for (const child of node.namedChildren) {
    const inner = visit(child, parsed);
    if (inner) return inner;
  }
  return undefined;
}

function blindSpotAt(node: Node, parsed: ParsedFile): Recipe2BlindSpot | undefined {
  const kind = node.type;
  const text = (): string => parsed.text.slice(node.startIndex, node.endIndex);
  switch (parsed.family) {
    case 'python':
      if (kind === 'string_content' && node.childCount > 0) return at(node, 'a string with an escape sequence or a line continuation');
      if (kind === 'format_specifier') return at(node, 'an f-string format spec');
      if ((kind === 'assignment' || kind === 'augmented_assignment') && containsKind(node.childForFieldName('left'), 'subscript')) {
        return at(node, 'a subscript assignment target (`x[k] = v`)');
      }
      break;
    case 'rust':
      if (RUST_STRINGS.has(kind) && node.child(0)?.text !== node.child(0)?.type) return at(node, 'a string prefix (`b"…"`)');
      if (kind === 'type_parameter' && (node.childForFieldName('bounds') || node.childForFieldName('default_type'))) {
        return at(node, 'a trait bound or type-parameter default');
      }
      if ((kind === 'token_repetition' || kind === 'token_repetition_pattern') && hasUncoveredText(node, parsed.text)) {
        return at(node, 'a macro repetition separator');
      }
      break;
    case 'typescript':
      if (kind === 'type_parameter' && (node.childForFieldName('constraint') || node.childForFieldName('value'))) {
        return at(node, 'a generic constraint or default (`<T extends Foo>`)');
      }
      if (kind === 'object_assignment_pattern' || kind === 'assignment_pattern') return at(node, 'a destructuring default');
      break;
    case 'go':
      break;
  }
  if (node.childCount === 0 && text().includes('\r\n')) return at(node, 'a CRLF line ending inside a literal');
  return undefined;
}

function containsKind(node: Node | null, kind: string): boolean {
  if (node === null) return false;
  if (node.type === kind) return true;
  return node.namedChildren.some((c) => containsKind(c, kind));
}

/** Whether some non-whitespace text inside `node` belongs to no child (a token the grammar hides). */
function hasUncoveredText(node: Node, text: string): boolean {
  let covered = node.startIndex;
  for (const child of node.children) {
    if (text.slice(covered, child.startIndex).trim() !== '') return true;
    covered = child.endIndex;
  }
  return text.slice(covered, node.endIndex).trim() !== '';
}
