import type { Node, Tree } from 'web-tree-sitter';
import { type ParsedFile, walkFrom } from '@driftgate/syntax';
import type { Anchor } from '../locate/anchor.js';
import { claimableSymbols } from '../locate/claimable-symbols.js';
import { type NearPathIndex, nearPathIndex } from './near-path-index.js';

/**
 * Help for an anchor that resolves to nothing: the nearest anchors that do resolve, or why the
 * name it points at is of a kind surf cannot claim (a local variable, an import, an attribute
 * set on an object). Undefined when there is nothing useful to say.
 */
export function notFoundHint(parsed: ParsedFile, anchor: Anchor): string | undefined {
  const near = nearestAnchors(parsed, anchor);
  if (near.length > 0) return ` — did you mean ${orList(near.map((at) => `\`${at}\``))}?`;
  const why = unclaimableKind(parsed, anchor.segments[anchor.segments.length - 1]!.name);
  return why === undefined ? undefined : ` — ${why}`;
}

/** At most this many proposals. */
const MAX_PROPOSALS = 3;

/**
 * Anchors of the file (everything `suggest --all` offers) nearest to the one written: those
 * ending in the same name (`parse` → `Parser > parse`) when there are any, else those within a
 * small edit distance of the whole path (`Parser > prase`), closest first, then in document order.
 * Answered from one index per parse, so a vanished anchor does not cost a pass over the file's
 * anchors.
 */
export function nearestAnchors(parsed: ParsedFile, anchor: Anchor): string[] {
  const wanted = anchor.segments.map((s) => s.name);
  const wantedPath = wanted.join(' > ');
  const last = wanted[wanted.length - 1]!;
  const { claimable, index } = claimableOnce(parsed);
  const at = (order: number): string => `${anchor.file} > ${claimable[order]!.joined}`;
  const other = (order: number): boolean => claimable[order]!.joined !== wantedPath;
  // The same name elsewhere is the likely meaning; near spellings only when there is none.
  const same = (index.byOwn.get(last) ?? []).filter(other);
  if (same.length > 0) return same.slice(0, MAX_PROPOSALS).map(at);
  const limit = Math.max(2, Math.floor(wantedPath.length / 4));
  const near = index.within(wantedPath, limit).filter(({ order }) => other(order));
  near.sort((x, y) => x.distance - y.distance || x.order - y.order);
  return near.slice(0, MAX_PROPOSALS).map(({ order }) => at(order));
}

// Per parse, built on the first vanished anchor into the file and shared by the others (weakly
// keyed by the tree, so they go with it): a file with hundreds of vanished anchors is not
// walked once per anchor.
const claimableByTree = new WeakMap<Tree, ClaimableIndex>();
const identifiersByTree = new WeakMap<Tree, ReadonlyMap<string, readonly number[]>>();

/** A proposal of `suggest --all`: its path joined with ` > `, and its last name without `@N`. */
interface Claimable {
  readonly joined: string;
  readonly own: string;
}

/** The file's proposals in document order, and the index of them near names are looked up in. */
interface ClaimableIndex {
  readonly claimable: readonly Claimable[];
  readonly index: NearPathIndex;
}

/** `claimableSymbols(parsed, { all: true })` and its index, computed once per parse. */
function claimableOnce(parsed: ParsedFile): ClaimableIndex {
  let known = claimableByTree.get(parsed.tree);
  if (known === undefined) {
    const claimable = claimableSymbols(parsed, { all: true }).map((path) => ({ joined: path.join(' > '), own: path[path.length - 1]!.replace(/ @\d+$/, '') }));
    known = { claimable, index: nearPathIndex(claimable) };
    claimableByTree.set(parsed.tree, known);
  }
  return known;
}

function orList(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

const IMPORTS: ReadonlySet<string> = new Set([
  'import_statement',
  'import_from_statement',
  'future_import_statement',
  'use_declaration',
  'import_declaration',
  'import_spec',
]);
const FUNCTIONS: ReadonlySet<string> = new Set([
  'function_definition',
  'function_item',
  'function_declaration',
  'method_declaration',
  'method_definition',
  'arrow_function',
  'function_expression',
  'func_literal',
  'closure_expression',
  'lambda',
]);
const ATTRIBUTE_TARGETS: ReadonlySet<string> = new Set(['attribute', 'member_expression', 'field_expression', 'selector_expression']);

/**
 * Why a name written in the file cannot be claimed, judged from its first occurrence that binds
 * it: imported, set as an attribute of an object, or declared local to a function. A name that
 * is only read here (defined in another file) gets no reason.
 */
export function unclaimableKind(parsed: ParsedFile, name: string): string | undefined {
  for (const start of identifierLeaves(parsed).get(name) ?? []) {
    // The leaf is the smallest node over its own text.
    const occurrence = parsed.tree.rootNode.descendantForIndex(start, start + name.length);
    if (occurrence === null) continue;
    const reason = reasonAt(occurrence, name);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

/** Wrappers between a bound name and the node that binds it (`a, b = …`, `(a, b)`). */
const PATTERNS: ReadonlySet<string> = new Set([
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'expression_list',
  'tuple',
  'list_splat_pattern',
  'array_pattern',
  'object_pattern',
  'shorthand_property_identifier_pattern',
]);
const BINDING_FIELDS = ['name', 'left', 'pattern'] as const;

function reasonAt(occurrence: Node, name: string): string | undefined {
  for (let n = occurrence.parent; n !== null; n = n.parent) {
    if (IMPORTS.has(n.type)) {
      return `\`${name}\` is imported here; surf claims an item where it is defined, so anchor it in the file that defines it`;
    }
  }
  let target: Node = occurrence;
  let parent = occurrence.parent;
  if (parent !== null && ATTRIBUTE_TARGETS.has(parent.type) && parent.lastNamedChild?.id === occurrence.id) {
    const assignment = parent.parent;
    if (assignment !== null && BINDING_FIELDS.some((f) => assignment.childForFieldName(f)?.id === parent!.id)) {
      return `\`${name}\` is an attribute set on an object, which surf cannot claim; anchor the function or class that sets it`;
    }
    return undefined;
  }
  while (parent !== null && PATTERNS.has(parent.type)) {
    target = parent;
    parent = parent.parent;
  }
  if (parent === null) return undefined;
  const binds = BINDING_FIELDS.some((f) => parent!.childForFieldName(f)?.id === target.id) || parent.type.includes('parameter');
  if (!binds) return undefined;
  for (let n = parent.parent; n !== null; n = n.parent) {
    if (FUNCTIONS.has(n.type)) {
      const owner = n.childForFieldName('name')?.text;
      const where = owner === undefined ? 'a function' : `\`${owner}\``;
      return `\`${name}\` is local to ${where}, and surf claims named items, not locals; anchor ${where} instead`;
    }
  }
  return undefined;
}

/**
 * Where identifier-like leaves start, by their text, each list in document order: named leaves
 * whose kind names an identifier, reached through named nodes only. One cursor walk per parse;
 * positions, not nodes, since a node is marshalled only for a name that is asked about.
 */
function identifierLeaves(parsed: ParsedFile): ReadonlyMap<string, readonly number[]> {
  const known = identifiersByTree.get(parsed.tree);
  if (known !== undefined) return known;
  const byText = new Map<string, number[]>();
  const cursor = walkFrom(parsed.tree.rootNode);
  try {
    // Pre-order: a node, then its named children; anonymous nodes are neither taken nor entered.
    for (;;) {
      if (cursor.nodeIsNamed) {
        if (cursor.gotoFirstChild()) continue;
        if (/identifier/.test(cursor.nodeType)) {
          const start = cursor.startIndex;
          const text = parsed.text.slice(start, cursor.endIndex);
          const list = byText.get(text);
          if (list) list.push(start);
          else byText.set(text, [start]);
        }
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          identifiersByTree.set(parsed.tree, byText);
          return byText;
        }
      }
    }
  } finally {
    cursor.delete();
  }
}
