import type { Node } from 'web-tree-sitter';
import type { Family, ParsedFile } from '@driftgate/syntax';
import { type Resolution, spanOf } from '../locate/resolve.js';
import type { Recipe } from './stamp.js';
import { JAVA_FIELD_LISTS } from '../items/java-items.js';
import { rowFact, runStarts, siblingRowOf } from './sibling-row.js';

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
 * - Java: a field's modifiers, annotations and type, and the declarators before it in the same
 *   declaration (`@Inject private final int a = 1, b;` for `b`). Other declarations carry their
 *   modifiers and annotations as their own first child, so they are already in the span.
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
 * Named siblings right before `node` for which `take` holds, in source order (comments and
 * anonymous tokens between them skipped). The runs are found once for the whole parent under
 * `rule` and shared by every claim there: walking back per claim made a claim's cost grow with
 * its position in a long block.
 */
function precedingSiblings(node: Node, rule: string, take: (sibling: Node) => boolean): Node[] {
  const at = siblingRowOf(node);
  if (at === undefined) return [];
  const starts = rowFact(at.row, rule, (nodes) => runStarts(nodes, take));
  return at.row.nodes.slice(starts[at.index], at.index);
}

function prefixNodes(node: Node, family: Family): Node[] {
  switch (family) {
    case 'rust':
      return [...implicitDiscriminantPrefix(node), ...precedingSiblings(node, 'attributes', (s) => s.type === 'attribute_item')];
    case 'typescript':
      return node.type === 'property_identifier' && node.parent?.type === 'enum_body'
        ? implicitDiscriminantPrefix(node)
        : typescriptPrefix(node);
    case 'go':
      return goConstPrefix(node);
    case 'java':
      return JAVA_FIELD_LISTS.has(node.parent?.type ?? '') ? childrenBefore(node.parent!, node) : [];
    default:
      return [];
  }
}

/** The children of `parent` before `node`, comments left out. */
function childrenBefore(parent: Node, node: Node): Node[] {
  const before: Node[] = [];
  for (const c of parent.children) {
    if (c.id === node.id) break;
    if (!isComment(c)) before.push(c);
  }
  return before;
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
    const decorators = precedingSiblings(child, 'decorators', (s) => s.type === 'decorator');
    prefix.unshift(...decorators);
    start = decorators[0] ?? child;
  }
  const name = node.childForFieldName('name')?.text;
  if (name !== undefined && (node.type === 'function_declaration' || node.type === 'method_definition')) {
    prefix.unshift(...overloadsBefore(start, name));
  }
  return prefix;
}

/**
 * The overload signatures of `name` right before `node`. Each sibling's overload name is read once
 * per parent, with the start of each run of signatures of one name.
 */
function overloadsBefore(node: Node, name: string): Node[] {
  const at = siblingRowOf(node);
  if (at === undefined || at.index === 0) return [];
  const { names, runs } = rowFact(at.row, 'overloads', (nodes) => {
    const names = nodes.map(overloadName);
    // runs[i]: the first index of the run of equal names that ends right before i.
    const runs = new Int32Array(nodes.length);
    for (let i = 1; i < nodes.length; i++) {
      runs[i] = names[i - 1] === undefined ? i : i > 1 && names[i - 2] === names[i - 1] ? runs[i - 1]! : i - 1;
    }
    return { names, runs };
  });
  return names[at.index - 1] === name ? at.row.nodes.slice(runs[at.index], at.index) : [];
}

/** The name `node` is an overload signature of: `function f(…): T;` (optionally exported) or a class's method signature. */
function overloadName(node: Node): string | undefined {
  let inner: Node | null = node;
  while (inner !== null && TS_WRAPPERS.has(inner.type)) inner = inner.namedChildren.find((c) => !isComment(c) && c.type !== 'decorator') ?? null;
  if (inner === null || (inner.type !== 'function_signature' && inner.type !== 'method_signature')) return undefined;
  return inner.childForFieldName('name')?.text;
}

/**
 * An enum member without an initializer is numbered after the one before it (a TypeScript
 * `enum` member, a variant of a fieldless Rust enum): the members back to the nearest one with
 * an initializer, inclusive, are in its span, as Go's implied `const` specs are.
 */
function implicitDiscriminantPrefix(node: Node): Node[] {
  if (!isBareMember(node)) return [];
  const at = siblingRowOf(node);
  if (at === undefined) return [];
  const { withBody, starts } = rowFact(at.row, 'counted-members', (nodes) => {
    const withBody = nodes.some((c) => c.type === 'enum_variant' && c.childForFieldName('body') !== null);
    // starts[i]: back over bare members and attributes, and the one member with an initializer
    // that ends the count.
    const starts = new Int32Array(nodes.length);
    for (let i = 1; i < nodes.length; i++) {
      const before = nodes[i - 1]!;
      if (!COUNTED_MEMBERS.has(before.type)) starts[i] = i;
      else if (before.type !== 'attribute_item' && !isBareMember(before)) starts[i] = i - 1;
      else starts[i] = starts[i - 1]!;
    }
    return { withBody, starts };
  });
  if (node.type === 'enum_variant' && withBody) return [];
  let end = at.index;
  // The member's own attributes are added by the caller.
  while (node.type === 'enum_variant' && end > starts[at.index]! && at.row.nodes[end - 1]!.type === 'attribute_item') end--;
  return at.row.nodes.slice(starts[at.index], end);
}

const COUNTED_MEMBERS: ReadonlySet<string> = new Set(['property_identifier', 'enum_assignment', 'enum_variant', 'attribute_item']);

const isBareMember = (n: Node): boolean =>
  n.type === 'property_identifier' || (n.type === 'enum_variant' && n.childForFieldName('value') === null);

/**
 * A Go `const` spec with no value repeats the previous spec's expression, and `iota` is the spec's
 * index in its block: either way the value depends on every spec before it.
 */
function goConstPrefix(node: Node): Node[] {
  if (node.type !== 'const_spec' || node.parent?.type !== 'const_declaration') return [];
  const value = node.childForFieldName('value');
  // An explicit value without `iota` depends on nothing before it: the block is not looked at.
  if (value !== null && !mentionsIota(value)) return [];
  const at = siblingRowOf(node);
  if (at === undefined) return [];
  const facts = rowFact(at.row, 'const-specs', (nodes) => {
    const starts = runStarts(nodes, (s) => s.type === 'const_spec');
    // explicit[i]: the nearest spec before i with a value of its own, -1 for none.
    const explicit = new Int32Array(nodes.length);
    let last = -1;
    for (let i = 0; i < nodes.length; i++) {
      explicit[i] = last;
      if (nodes[i]!.childForFieldName('value') !== null) last = i;
    }
    return { starts, explicit, iota: new Map<number, boolean>() };
  });
  const start = facts.starts[at.index]!;
  const before = at.row.nodes.slice(start, at.index);
  if (value !== null) return before;
  // An implied value repeats the nearest explicit one: an explicit value without `iota` resets
  // the block, so the specs before it change nothing here.
  const source = facts.explicit[at.index]!;
  if (source < start) return before;
  let iota = facts.iota.get(source);
  if (iota === undefined) {
    iota = mentionsIota(at.row.nodes[source]!.childForFieldName('value')!);
    facts.iota.set(source, iota);
  }
  return iota ? before : at.row.nodes.slice(source, at.index);
}

function mentionsIota(node: Node): boolean {
  if (node.type === 'iota') return true;
  return node.namedChildren.some(mentionsIota);
}
