import type { Node } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';
import type { Anchor } from '../locate/anchor.js';
import { claimableSymbols } from '../locate/claimable-symbols.js';

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
 */
export function nearestAnchors(parsed: ParsedFile, anchor: Anchor): string[] {
  const wanted = anchor.segments.map((s) => s.name);
  const wantedPath = wanted.join(' > ');
  const last = wanted[wanted.length - 1]!;
  const scored: Array<{ at: string; score: number; order: number }> = [];
  claimableSymbols(parsed, { all: true }).forEach((path, order) => {
    const own = path[path.length - 1]!.replace(/ @\d+$/, '');
    const joined = path.join(' > ');
    if (joined === wantedPath) return;
    const distance = own === last ? 0 : editDistance(joined, wantedPath);
    const limit = Math.max(2, Math.floor(wantedPath.length / 4));
    if (own === last || distance <= limit) scored.push({ at: `${anchor.file} > ${joined}`, score: own === last ? -1 : distance, order });
  });
  scored.sort((a, b) => a.score - b.score || a.order - b.order);
  // The same name elsewhere is the likely meaning; near spellings only when there is none.
  if (scored[0]?.score === -1) return scored.filter((s) => s.score === -1).slice(0, MAX_PROPOSALS).map((s) => s.at);
  return scored.slice(0, MAX_PROPOSALS).map((s) => s.at);
}

function orList(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** Levenshtein distance over UTF-16 units (anchors are short). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
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
  for (const occurrence of occurrences(parsed.tree.rootNode, name)) {
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

/** Identifier-like leaves whose text is `name`, in document order. */
function* occurrences(root: Node, name: string): Generator<Node> {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.childCount === 0) {
      if (node.isNamed && node.text === name && /identifier/.test(node.type)) yield node;
      continue;
    }
    for (let i = node.namedChildCount - 1; i >= 0; i--) stack.push(node.namedChild(i)!);
  }
}
