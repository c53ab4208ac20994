import type { Node } from 'web-tree-sitter';
import type { Family } from '@driftgate/syntax';
import type { Segment } from './anchor.js';
import { scopeIndex } from './definition-index.js';
import { scopeOf } from './definitions.js';
import { collectExtra, extendedScopeOf, memberAssignments } from './extended-definitions.js';
import { goIndex } from '../items/go-definition-index.js';
import { ResolveError } from '../errors.js';

/**
 * The extended resolver: the reference's rules (spec §4.2–§4.3) first at every segment, and the
 * kinds of extended-definitions.ts only for a segment where those rules match nothing. It runs
 * only after the reference's resolution failed with NotFound, so an anchor that resolves (or is
 * ambiguous) under the reference keeps its meaning; an anchor it resolves is new.
 *
 * Segment rules, where the reference's rules are silent:
 * - An intermediate segment without `@N` continues in every scope either rule set finds: a Rust
 *   struct `Parser` and its `impl<'a> Parser<'a>` are both searched for `Parser > parse`.
 * - `@N` counts the reference's matches when there are any, else the extended ones (document
 *   order either way), so the same methods in an inherent and a trait impl are `@1` / `@2` as in
 *   the reference, and `Type > Trait > method` names the trait impl's one without counting.
 * - After `owner`, TypeScript/JavaScript also looks for `owner.name = …` and
 *   `owner.prototype.name = …` statements beside the owner's declaration.
 */
export function resolveExtended(root: Node, segments: readonly Segment[], family: Family): readonly Node[] {
  return family === 'go' ? resolveGoExtended(root, segments) : resolveGenericExtended(root, segments, family);
}

/** A unit is one definition or a Python overload group; `extended` units are single nodes. */
type Unit = readonly Node[];

function resolveGenericExtended(root: Node, segments: readonly Segment[], family: Family): Unit {
  let scopes: Node[] = [root];
  let owners: { name: string; defs: readonly Node[] } | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const reference: Unit[] = [];
    for (const scope of scopes) for (const match of scopeIndex(scope, family).get(segment.name) ?? []) reference.push([match]);
    const extra = extraUnits(scopes, owners, segment.name, family);
    const last = i === segments.length - 1;
    let selected: Unit[];
    if (segment.index !== undefined) {
      const pool = reference.length > 0 ? reference : extra;
      const picked = pool[segment.index - 1];
      selected = picked ? [picked] : [];
    } else {
      selected = last && reference.length > 0 ? reference : [...reference, ...extra];
    }
    if (selected.length === 0) throw ResolveError.notFound(segment.name);
    if (last) {
      if (selected.length !== 1) throw ResolveError.ambiguous(segment.name, selected.length);
      return selected[0]!;
    }
    const defs = selected.map((unit) => unit[unit.length - 1]!);
    const referenceIds = new Set(reference.map((u) => u[0]!.id));
    scopes = defs.map((def) => {
      if (!referenceIds.has(def.id)) return extendedScopeOf(def, family);
      const scope = scopeOf(def, family);
      // The reference stops at a parenthesized value; a function inside it is a scope here.
      return scope.type === 'parenthesized_expression' ? extendedScopeOf(def, family) : scope;
    });
    owners = { name: segment.name, defs };
  }
  throw new RangeError('unreachable: the loop returns on the last segment');
}

function extraUnits(
  scopes: readonly Node[],
  owners: { name: string; defs: readonly Node[] } | undefined,
  name: string,
  family: Family,
): Unit[] {
  const found: Node[] = [];
  for (const scope of scopes) collectExtra(scope, name, family, found);
  if (owners !== undefined && family === 'typescript') {
    const lists = new Map<number, Node>();
    for (const def of owners.defs) {
      const list = statementList(def);
      if (list !== undefined) lists.set(list.id, list);
    }
    for (const list of lists.values()) memberAssignments(list, owners.name, name, found);
  }
  const seen = new Set<number>();
  const units: Unit[] = [];
  for (const node of found.sort((a, b) => a.startIndex - b.startIndex)) {
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    units.push([node]);
  }
  return units;
}

/** The program or statement block a TypeScript definition is declared in. */
function statementList(node: Node): Node | undefined {
  for (let n = node.parent; n !== null; n = n.parent) {
    if (n.type === 'program' || n.type === 'statement_block') return n;
  }
  return undefined;
}

/**
 * Go `Type > Member` where the type has no such method: an interface's method (`method_elem`)
 * or a struct's field (`field_declaration`; an embedded field is named by its type).
 */
function resolveGoExtended(root: Node, segments: readonly Segment[]): Unit {
  const last = segments[segments.length - 1]!;
  if (segments.length !== 2) throw ResolveError.notFound(last.name);
  const candidates: Node[] = [];
  for (const spec of goIndex(root).topLevel.get(segments[0]!.name) ?? []) {
    if (spec.type !== 'type_spec') continue;
    goMembers(spec.childForFieldName('type'), last.name, candidates);
  }
  const selected = last.index === undefined ? candidates : candidates.slice(last.index - 1, last.index);
  if (selected.length === 0) throw ResolveError.notFound(last.name);
  if (selected.length > 1) throw ResolveError.ambiguous(last.name, selected.length);
  return [selected[0]!];
}

function goMembers(type: Node | null, name: string, out: Node[]): void {
  if (type?.type === 'interface_type') {
    for (const element of type.namedChildren) {
      if (element.type === 'method_elem' && element.childForFieldName('name')?.text === name) out.push(element);
    }
  } else if (type?.type === 'struct_type') {
    const list = type.namedChildren.find((c) => c.type === 'field_declaration_list');
    for (const field of list?.namedChildren ?? []) {
      if (field.type !== 'field_declaration') continue;
      const names = field.childrenForFieldName('name').filter((n) => n.isNamed);
      const embedded = names.length === 0 ? goEmbeddedName(field.childForFieldName('type')) : undefined;
      if (names.some((n) => n.text === name) || embedded === name) out.push(field);
    }
  }
}

/** `io.Writer` → `Writer`, `*Base` → `Base`, `List[T]` → `List`. */
function goEmbeddedName(type: Node | null): string | undefined {
  if (type === null) return undefined;
  if (type.type === 'type_identifier') return type.text;
  if (type.type === 'qualified_type') return type.childForFieldName('name')?.text;
  if (type.type === 'pointer_type' || type.type === 'generic_type') return goEmbeddedName(type.namedChildren[0] ?? null);
  return undefined;
}
