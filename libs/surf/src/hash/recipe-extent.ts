import type { Node } from 'web-tree-sitter';
import type { Family, ParsedFile } from '@driftgate/syntax';
import { type Resolution, spanOf } from '../locate/resolve.js';
import type { Recipe } from './stamp.js';

/**
 * Recipe 3's span: the definition plus what around it changes its behaviour. v1 and v2 hash the
 * definition node alone (spec §4.4), so these edits pass silently there:
 *
 * - Rust: the outer attributes before an item (`#[cfg(…)]`, `#[derive(…)]`, `#[serde(…)]`).
 * - TypeScript/JavaScript: the `export` (and `default`, `declare`) around a declaration and the
 *   decorators written before `export`; a variable's `const` / `let` / `var` and the declarators
 *   before it in the same statement; decorators before a class member; the overload signatures
 *   right before an implementation.
 * - Go: a `const` spec whose value is implied (`B` after `A = iota`) or uses `iota` depends on the
 *   specs before it in its block, so those are in its span — for an implied value, back to the
 *   explicit value it repeats when that one does not use `iota` (an explicit reset).
 * - TypeScript enum members and variants of fieldless Rust enums without an initializer: the
 *   members before them back to the nearest initializer (their value is counted from it).
 * - Python: nothing to add; decorators are already part of the span in every recipe.
 *
 * The extra nodes come first, in source order, so the span runs from the first of them to the end
 * of the definition. Comments between them are skipped (they drop out of the stream anyway).
 */
export function recipeResolution(parsed: ParsedFile, resolution: Resolution, recipe: Recipe): Resolution {
  if (recipe !== 'v3' || parsed.family === 'python') return resolution;
  const first = resolution.hashable[0]!;
  const prefix = prefixNodes(first, parsed.family);
  if (prefix.length === 0) return resolution;
  const hashable = [...prefix, ...resolution.hashable];
  return { ...resolution, hashable, span: spanOf(parsed, hashable[0]!, hashable[hashable.length - 1]!) };
}

const isComment = (node: Node): boolean => node.type.includes('comment');

/**
 * Named siblings right before `node` for which `take` holds, in source order. Comments and
 * anonymous tokens (separators, newlines) between them are skipped.
 */
function precedingSiblings(node: Node, take: (sibling: Node) => boolean): Node[] {
  const taken: Node[] = [];
  for (let s = node.previousSibling; s !== null; s = s.previousSibling) {
    if (isComment(s) || !s.isNamed) continue;
    if (!take(s)) break;
    taken.unshift(s);
  }
  return taken;
}

function prefixNodes(node: Node, family: Family): Node[] {
  switch (family) {
    case 'rust':
      return [...implicitDiscriminantPrefix(node), ...precedingSiblings(node, (s) => s.type === 'attribute_item')];
    case 'typescript':
      return node.type === 'property_identifier' && node.parent?.type === 'enum_body'
        ? implicitDiscriminantPrefix(node)
        : typescriptPrefix(node);
    case 'go':
      return goConstPrefix(node);
    default:
      return [];
  }
}

/** Wrappers whose leading children (`export`, `default`, `declare`, decorators) belong to the declaration. */
const TS_WRAPPERS: ReadonlySet<string> = new Set(['export_statement', 'ambient_declaration']);
const TS_VARIABLE_LISTS: ReadonlySet<string> = new Set(['lexical_declaration', 'variable_declaration']);
const TS_MEMBERS: ReadonlySet<string> = new Set([
  'method_definition',
  'public_field_definition',
  'method_signature',
  'abstract_method_signature',
]);

function typescriptPrefix(node: Node): Node[] {
  const prefix: Node[] = [];
  let child = node;
  let parent = node.parent;
  if (parent !== null && TS_VARIABLE_LISTS.has(parent.type)) {
    // The keyword(s), and the declarators before this one: they sit between the keyword and the
    // symbol, so they are inside its span and hashed with it (`export const a = 1, f = …`).
    // Declarators after it are outside the span and stay other symbols.
    const before: Node[] = [];
    for (const c of parent.children) {
      if (c.id === node.id) break;
      if (!isComment(c)) before.push(c);
    }
    prefix.unshift(...before);
    child = parent;
    parent = parent.parent;
  }
  while (parent !== null && TS_WRAPPERS.has(parent.type)) {
    const leading: Node[] = [];
    for (const c of parent.children) {
      if (c.id === child.id) break;
      if (!isComment(c)) leading.push(c);
    }
    prefix.unshift(...leading);
    child = parent;
    parent = parent.parent;
  }
  let start = child;
  if (TS_MEMBERS.has(node.type)) {
    // Member decorators are siblings in the class body, before the member.
    const decorators = precedingSiblings(child, (s) => s.type === 'decorator');
    prefix.unshift(...decorators);
    start = decorators[0] ?? child;
  }
  const name = node.childForFieldName('name')?.text;
  if (name !== undefined && (node.type === 'function_declaration' || node.type === 'method_definition')) {
    prefix.unshift(...precedingSiblings(start, (s) => isOverloadOf(s, name)));
  }
  return prefix;
}

/** `function f(…): T;` (optionally exported) or a class's method signature of `name`. */
function isOverloadOf(node: Node, name: string): boolean {
  let inner: Node | null = node;
  while (inner !== null && TS_WRAPPERS.has(inner.type)) inner = inner.namedChildren.find((c) => !isComment(c) && c.type !== 'decorator') ?? null;
  if (inner === null) return false;
  return (
    (inner.type === 'function_signature' || inner.type === 'method_signature') &&
    inner.childForFieldName('name')?.text === name
  );
}

/**
 * An enum member without an initializer is numbered after the one before it (a TypeScript
 * `enum` member, a variant of a fieldless Rust enum): the members back to the nearest one with
 * an initializer, inclusive, are in its span, as Go's implied `const` specs are.
 */
function implicitDiscriminantPrefix(node: Node): Node[] {
  const isBare = (n: Node): boolean =>
    n.type === 'property_identifier' || (n.type === 'enum_variant' && n.childForFieldName('value') === null);
  if (node.type === 'enum_variant') {
    const variants = node.parent?.namedChildren.filter((c) => c.type === 'enum_variant') ?? [];
    if (variants.some((v) => v.childForFieldName('body') !== null)) return [];
  }
  if (!isBare(node)) return [];
  const members = new Set(['property_identifier', 'enum_assignment', 'enum_variant', 'attribute_item']);
  let open = true;
  const prefix = precedingSiblings(node, (s) => {
    if (!open || !members.has(s.type)) return false;
    if (s.type !== 'attribute_item' && !isBare(s)) open = false;
    return true;
  });
  // The member's own attributes are added by the caller.
  while (node.type === 'enum_variant' && prefix.length > 0 && prefix[prefix.length - 1]!.type === 'attribute_item') prefix.pop();
  return prefix;
}

/**
 * A Go `const` spec with no value repeats the previous spec's expression, and `iota` is the spec's
 * index in its block: either way the value depends on every spec before it.
 */
function goConstPrefix(node: Node): Node[] {
  if (node.type !== 'const_spec' || node.parent?.type !== 'const_declaration') return [];
  const before = precedingSiblings(node, (s) => s.type === 'const_spec');
  const value = node.childForFieldName('value');
  if (value !== null) return mentionsIota(value) ? before : [];
  // An implied value repeats the nearest explicit one: an explicit value without `iota` resets
  // the block, so the specs before it change nothing here.
  let source = before.length - 1;
  while (source >= 0 && before[source]!.childForFieldName('value') === null) source--;
  if (source < 0) return before;
  return mentionsIota(before[source]!.childForFieldName('value')!) ? before : before.slice(source);
}

function mentionsIota(node: Node): boolean {
  if (node.type === 'iota') return true;
  return node.namedChildren.some(mentionsIota);
}
