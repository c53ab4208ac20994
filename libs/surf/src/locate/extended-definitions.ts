import type { Node, Tree } from 'web-tree-sitter';
import type { Family } from '@driftgate/syntax';
import { defName, isTransparent } from './definitions.js';
import { RUST_NAMED_ITEMS } from '../items/rust-items.js';

/**
 * The kinds of item the reference's resolver (spec §4.2) cannot name, by family. They are
 * consulted only when the reference's rules find nothing for a segment (see resolve-extended.ts),
 * so an anchor that resolves under the reference never changes meaning.
 *
 * - Rust: `impl<…> Type<…>`, `impl Trait for Type<…>` and `impl … for path::Type` by the base
 *   name of their type (`Type`); in a scope that is an impl's body, the trait's name selects that
 *   impl (`Type > Trait > method`); trait items without a body (`fn f();`, `type T;`); struct
 *   fields and enum variants; items inside `extern { … }`.
 * - TypeScript/JavaScript: class fields, interface and object-type properties, enum members,
 *   `namespace` / `module` blocks, everything inside `declare …` and inside a bare expression
 *   statement (a `namespace` at top level parses as one); object-literal properties of a scope
 *   that is an object; CommonJS `exports.x = …`, `module.exports.x = …`, `module.exports = {…}`
 *   members and `module.exports = function x…`; declarations inside an IIFE module wrapper.
 * - Python: tuple, list and starred assignment targets, the later names of a chained assignment
 *   (`a = b = 1`), and at module level a name a function assigns after `global name`.
 * - Go is flat and handled in resolve-extended.ts (interface methods and struct fields).
 */

/** A bodyless Rust trait item or an item inside `extern { … }`, and members of data types. */
const RUST_NAMED: ReadonlySet<string> = new Set([
  ...RUST_NAMED_ITEMS.signatures,
  ...RUST_NAMED_ITEMS.associatedTypes,
  'field_declaration',
  'enum_variant',
]);
const RUST_HIDDEN_SCOPES: ReadonlySet<string> = new Set(['foreign_mod_item']);

const TS_NAMED: ReadonlySet<string> = new Set(['public_field_definition', 'property_signature', 'enum_assignment']);
const TS_MODULES: ReadonlySet<string> = new Set(['internal_module', 'module']);
const TS_FUNCTIONS: ReadonlySet<string> = new Set(['function_expression', 'arrow_function', 'function', 'generator_function']);

/** The base name of a Rust type: `Parser<'a>` → `Parser`, `fmt::Error` → `Error`, `&T` → `T`. */
export function rustBaseTypeName(type: Node | null): string | undefined {
  if (type === null) return undefined;
  switch (type.type) {
    case 'type_identifier':
    case 'primitive_type':
      return type.text;
    case 'generic_type':
      return rustBaseTypeName(type.childForFieldName('type'));
    case 'scoped_type_identifier':
      return rustBaseTypeName(type.childForFieldName('name'));
    case 'reference_type':
    case 'pointer_type':
      return rustBaseTypeName(type.childForFieldName('type'));
    default:
      return undefined;
  }
}

/** A JavaScript/TypeScript property name as written: `x`, `#x`, `'x'` → `x`. */
function propertyName(node: Node | null): string | undefined {
  if (node === null) return undefined;
  switch (node.type) {
    case 'property_identifier':
    case 'private_property_identifier':
    case 'identifier':
    case 'shorthand_property_identifier':
    case 'number':
      return node.text;
    case 'string':
      return node.namedChildren.find((c) => c.type === 'string_fragment')?.text ?? '';
    default:
      return undefined;
  }
}

/** `exports` or `module.exports`. */
export function isExportsObject(node: Node | null): boolean {
  if (node === null) return false;
  if (node.type === 'identifier') return node.text === 'exports';
  return (
    node.type === 'member_expression' &&
    node.childForFieldName('object')?.text === 'module' &&
    node.childForFieldName('property')?.text === 'exports'
  );
}

const unwrapParens = (node: Node | null): Node | null => {
  let n = node;
  while (n !== null && (n.type === 'parenthesized_expression' || n.type === 'unary_expression')) {
    n = n.namedChildren.find((c) => !c.type.includes('comment')) ?? null;
  }
  return n;
};

/**
 * The body of an IIFE module wrapper statement: `(function () {…})()`, `(function () {…}())`,
 * `;(function () {…}.call(this))`, `!function () {…}()`, arrow functions too.
 */
export function iifeBody(statement: Node): Node | undefined {
  if (statement.type !== 'expression_statement') return undefined;
  const call = unwrapParens(statement.namedChildren[0] ?? null);
  if (call?.type !== 'call_expression') return undefined;
  let callee = unwrapParens(call.childForFieldName('function'));
  if (callee?.type === 'member_expression' && /^(call|apply)$/.test(callee.childForFieldName('property')?.text ?? '')) {
    callee = unwrapParens(callee.childForFieldName('object'));
  }
  if (callee === null || !TS_FUNCTIONS.has(callee.type)) return undefined;
  const body = callee.childForFieldName('body');
  return body?.type === 'statement_block' ? body : undefined;
}

/** The assignment of an expression statement `left = right`, or undefined. */
function assignmentOf(statement: Node): Node | undefined {
  if (statement.type !== 'expression_statement') return undefined;
  const expression = statement.namedChildren[0];
  return expression?.type === 'assignment_expression' ? expression : undefined;
}

/**
 * Receives a node the extended rules may match and every name that matches it. A scope's matches
 * are listed once, in document order, and looked up by name (see {@link collectExtra}).
 */
type Emit = (node: Node, names: readonly string[]) => void;

/** The matches of a CommonJS export statement: the assignment, or an object member. */
function commonjsEntries(statement: Node, emit: Emit): void {
  const assignment = assignmentOf(statement);
  if (assignment === undefined) return;
  const left = assignment.childForFieldName('left');
  const right = assignment.childForFieldName('right');
  if (left === null || right === null) return;
  if (isExportsObject(left)) {
    if (right.type === 'object') objectMemberEntries(right, emit);
    else if (right.type !== 'identifier' && (TS_FUNCTIONS.has(right.type) || right.type === 'class')) {
      const name = right.childForFieldName('name')?.text;
      if (name !== undefined) emit(assignment, [name]);
    }
    return;
  }
  if (left.type === 'member_expression' && isExportsObject(left.childForFieldName('object'))) {
    const name = propertyName(left.childForFieldName('property'));
    if (name !== undefined) emit(assignment, [name]);
  }
}

/** Properties of an object literal by name: `k: v`, `k() {}`, shorthand `k`. */
function objectMemberEntries(object: Node, emit: Emit): void {
  for (const entry of object.namedChildren) {
    const name =
      entry.type === 'pair'
        ? propertyName(entry.childForFieldName('key'))
        : entry.type === 'method_definition'
          ? propertyName(entry.childForFieldName('name'))
          : entry.type === 'shorthand_property_identifier'
            ? entry.text
            : undefined;
    if (name !== undefined) emit(entry, [name]);
  }
}

/**
 * `owner.name = …` and `owner.prototype.name = …` statements in `statements` (a program or a
 * statement block): methods assigned onto an object or a constructor after its declaration.
 */
export function memberAssignments(statements: Node, owner: string, name: string, out: Node[]): void {
  // Indexed once per statement list: a large declaration file is asked this for every member.
  const index = indexed(statements, 'members', (emit) => {
    for (const statement of statements.namedChildren) {
      const assignment = assignmentOf(statement);
      const left = assignment?.childForFieldName('left');
      if (left?.type !== 'member_expression') continue;
      const property = propertyName(left.childForFieldName('property'));
      if (property === undefined) continue;
      let object = left.childForFieldName('object');
      if (object?.type === 'member_expression' && object.childForFieldName('property')?.text === 'prototype') {
        object = object.childForFieldName('object');
      }
      if (object?.type === 'identifier') emit(assignment!, [`${object.text}\0${property}`]);
    }
  });
  out.push(...(index.get(`${owner}\0${name}`) ?? []));
}

/** The names a Python assignment target binds: `a`, `a, b`, `(a, [b, *c])`. */
function pythonTargetNames(target: Node, out: string[]): void {
  switch (target.type) {
    case 'identifier':
      out.push(target.text);
      break;
    case 'pattern_list':
    case 'tuple_pattern':
    case 'list_pattern':
    case 'list_splat_pattern':
    case 'parenthesized_expression':
    case 'expression_list':
    case 'tuple':
    case 'list':
    case 'list_splat':
      for (const child of target.namedChildren) pythonTargetNames(child, out);
      break;
  }
}

/**
 * Names a Python assignment binds that the reference does not: every name of a tuple/list
 * target, and the inner targets of a chain (`a = b = 1` → `b`).
 */
export function pythonExtraNames(assignment: Node): string[] {
  const names: string[] = [];
  const left = assignment.childForFieldName('left');
  if (left !== null && left.type !== 'identifier') pythonTargetNames(left, names);
  let right = assignment.childForFieldName('right');
  while (right?.type === 'assignment') {
    const inner = right.childForFieldName('left');
    if (inner !== null) pythonTargetNames(inner, names);
    right = right.childForFieldName('right');
  }
  return names;
}

/**
 * Extra matches for `name` directly in `scope` (through transparent nodes), in document order.
 * `hidden` is true below a node the reference does not descend (a `declare` block, an IIFE):
 * there the reference's own definition kinds count as extra matches too.
 */
export function collectExtra(scope: Node, name: string, family: Family, out: Node[], hidden = false): void {
  const atModule = family === 'python' && scope.type === 'module';
  if (family === 'rust') rustTraitScope(scope, name, out);
  if (family === 'typescript' && scope.type === 'object') {
    out.push(...(indexed(scope, 'object', (emit) => objectMemberEntries(scope, emit)).get(name) ?? []));
    return;
  }
  const found = indexed(scope, `walk:${hidden}`, (emit) => walkExtra(scope, family, atModule, hidden, emit)).get(name) ?? [];
  out.push(...found);
  // A module-level binding of the name wins over the functions that reassign it.
  if (atModule && found.length === 0) out.push(...(indexed(scope, 'global', (emit) => pythonGlobalEntries(scope, emit)).get(name) ?? []));
}

/**
 * Per tree (weakly keyed, so they go with it) and scope: name → the extended matches, in
 * document order. Each scope is walked once however many names are asked of it, which is what
 * keeps hundreds of vanished anchors into one large file from walking it once each.
 */
const extraIndexes = new WeakMap<Tree, Map<string, ReadonlyMap<string, readonly Node[]>>>();

function indexed(scope: Node, kind: string, build: (emit: Emit) => void): ReadonlyMap<string, readonly Node[]> {
  let scopes = extraIndexes.get(scope.tree);
  if (scopes === undefined) extraIndexes.set(scope.tree, (scopes = new Map()));
  const key = `${kind}:${scope.id}`;
  const known = scopes.get(key);
  if (known !== undefined) return known;
  const index = new Map<string, Node[]>();
  build((node, names) => {
    // A node matches each of its names once, however often the name is written in it.
    for (const name of new Set(names)) {
      const list = index.get(name);
      if (list) list.push(node);
      else index.set(name, [node]);
    }
  });
  scopes.set(key, index);
  return index;
}

/** In the body of `impl Trait for Type`, the trait's name names the impl itself. */
function rustTraitScope(scope: Node, name: string, out: Node[]): void {
  const impl = scope.parent;
  if (scope.type !== 'declaration_list' || impl?.type !== 'impl_item') return;
  if (rustBaseTypeName(impl.childForFieldName('trait')) === name) out.push(impl);
}

function walkExtra(scope: Node, family: Family, atModule: boolean, hidden: boolean, emit: Emit): void {
  for (const child of scope.namedChildren) {
    const own = defName(child, family);
    if (own !== undefined) {
      // Hidden, a definition's own name is extra; else another name of it (a Rust impl's type).
      const names: string[] = hidden ? [own] : [];
      const extra = extraName(child, family);
      if (extra !== undefined && extra !== own) names.push(extra);
      if (family === 'python' && child.type === 'assignment') names.push(...pythonExtraNames(child));
      if (names.length > 0) emit(child, names);
      continue;
    }
    const extra = extraName(child, family);
    if (extra !== undefined) {
      emit(child, [extra]);
      continue;
    }
    if (family === 'python' && child.type === 'assignment') {
      emit(child, pythonExtraNames(child));
      continue;
    }
    if (family === 'typescript') {
      commonjsEntries(child, emit);
      const body = iifeBody(child);
      if (body !== undefined) {
        walkExtra(body, family, false, true, emit);
        continue;
      }
      if (child.type === 'ambient_declaration' || child.type === 'expression_statement') {
        walkExtra(child, family, false, true, emit);
        continue;
      }
    }
    if (family === 'rust' && RUST_HIDDEN_SCOPES.has(child.type)) {
      const body = child.childForFieldName('body');
      if (body !== null) walkExtra(body, family, false, true, emit);
      continue;
    }
    if (family === 'typescript' && scope.type === 'enum_body' && child.type === 'property_identifier') {
      // A member without an initializer is the bare name.
      emit(child, [child.text]);
      continue;
    }
    if (isTransparent(child.type, family, atModule) || (family === 'typescript' && child.type === 'object_type')) {
      walkExtra(child, family, atModule, hidden, emit);
    }
  }
}

/** The name of a node of a kind only the extended rules know, or undefined. */
export function extraName(node: Node, family: Family): string | undefined {
  switch (family) {
    case 'rust':
      if (RUST_NAMED.has(node.type)) return node.childForFieldName('name')?.text;
      return node.type === 'impl_item' ? rustBaseTypeName(node.childForFieldName('type')) : undefined;
    case 'typescript':
      if (TS_NAMED.has(node.type)) return propertyName(node.childForFieldName('name'));
      if (TS_MODULES.has(node.type)) {
        const name = node.childForFieldName('name');
        return name?.type === 'string' ? propertyName(name) : name?.text;
      }
      return undefined;
    default:
      return undefined;
  }
}

/** Where an extended match's members are looked up (for the next segment). */
export function extendedScopeOf(node: Node, family: Family): Node {
  if (family === 'typescript') {
    let value: Node | null = null;
    if (node.type === 'assignment_expression') value = node.childForFieldName('right');
    else if (node.type === 'pair') value = node.childForFieldName('value');
    else if (node.type === 'variable_declarator') value = node.childForFieldName('value');
    else return node.childForFieldName('body') ?? node;
    // `var runInContext = (function runInContext(context) { … })`: the function's body.
    const inner = unwrapParens(value);
    if (inner !== null && TS_FUNCTIONS.has(inner.type)) return inner.childForFieldName('body') ?? inner;
    return value ?? node;
  }
  return node.childForFieldName('body') ?? node;
}

/**
 * Python module names assigned inside a function after `global name` (`def init(): global
 * CACHE; CACHE = {}`): the assignments, in document order, each under the names it assigns that
 * its function declares global. Nested functions and methods count, each under its own
 * declarations.
 */
function pythonGlobalEntries(module: Node, emit: Emit): void {
  const visit = (node: Node, globals: ReadonlySet<string> | undefined): void => {
    for (const child of node.namedChildren) {
      if (child.type === 'function_definition') {
        const body = child.childForFieldName('body');
        if (body !== null) visit(body, globalNames(body));
        continue;
      }
      if (globals !== undefined && globals.size > 0 && child.type === 'assignment') {
        // No function is defined inside an assignment, so for the names its function does not
        // declare global nothing below it could match either.
        const own = defName(child, 'python');
        const names = [...(own === undefined ? [] : [own]), ...pythonExtraNames(child)].filter((name) => globals.has(name));
        if (names.length > 0) emit(child, names);
        continue;
      }
      if (child.type === 'lambda') continue;
      visit(child, globals);
    }
  };
  visit(module, undefined);
}

/** The names a function body declares `global`, outside the functions and classes nested in it. */
function globalNames(body: Node): ReadonlySet<string> {
  const names = new Set<string>();
  const walk = (node: Node): void => {
    for (const child of node.namedChildren) {
      if (child.type === 'global_statement') for (const c of child.namedChildren) names.add(c.text);
      if (child.type === 'function_definition' || child.type === 'class_definition') continue;
      walk(child);
    }
  };
  walk(body);
  return names;
}
