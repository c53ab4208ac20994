import type { Node } from 'web-tree-sitter';
import type { Family } from '@driftgate/syntax';
import { defName, isTransparent } from './definitions.js';
import { RUST_NAMED_ITEMS } from './rust-items.js';

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

/** Matches of a CommonJS export statement for `name`: the assignment, or an object member. */
function commonjsMatches(statement: Node, name: string, out: Node[]): void {
  const assignment = assignmentOf(statement);
  if (assignment === undefined) return;
  const left = assignment.childForFieldName('left');
  const right = assignment.childForFieldName('right');
  if (left === null || right === null) return;
  if (isExportsObject(left)) {
    if (right.type === 'object') objectMembers(right, name, out);
    else if (right.type !== 'identifier' && (TS_FUNCTIONS.has(right.type) || right.type === 'class')) {
      if (right.childForFieldName('name')?.text === name) out.push(assignment);
    }
    return;
  }
  if (left.type === 'member_expression' && isExportsObject(left.childForFieldName('object'))) {
    if (propertyName(left.childForFieldName('property')) === name) out.push(assignment);
  }
}

/** Properties of an object literal named `name`: `k: v`, `k() {}`, shorthand `k`. */
function objectMembers(object: Node, name: string, out: Node[]): void {
  for (const entry of object.namedChildren) {
    if (entry.type === 'pair') {
      if (propertyName(entry.childForFieldName('key')) === name) out.push(entry);
    } else if (entry.type === 'method_definition') {
      if (propertyName(entry.childForFieldName('name')) === name) out.push(entry);
    } else if (entry.type === 'shorthand_property_identifier' && entry.text === name) {
      out.push(entry);
    }
  }
}

/**
 * `owner.name = …` and `owner.prototype.name = …` statements in `statements` (a program or a
 * statement block): methods assigned onto an object or a constructor after its declaration.
 */
export function memberAssignments(statements: Node, owner: string, name: string, out: Node[]): void {
  for (const statement of statements.namedChildren) {
    const assignment = assignmentOf(statement);
    const left = assignment?.childForFieldName('left');
    if (left?.type !== 'member_expression' || propertyName(left.childForFieldName('property')) !== name) continue;
    let object = left.childForFieldName('object');
    if (object?.type === 'member_expression' && object.childForFieldName('property')?.text === 'prototype') {
      object = object.childForFieldName('object');
    }
    if (object?.type === 'identifier' && object.text === owner) out.push(assignment!);
  }
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
    objectMembers(scope, name, out);
    return;
  }
  const before = out.length;
  walkExtra(scope, name, family, atModule, hidden, out);
  // A module-level binding of the name wins over the functions that reassign it.
  if (atModule && out.length === before) pythonGlobalAssignments(scope, name, out);
}

/** In the body of `impl Trait for Type`, the trait's name names the impl itself. */
function rustTraitScope(scope: Node, name: string, out: Node[]): void {
  const impl = scope.parent;
  if (scope.type !== 'declaration_list' || impl?.type !== 'impl_item') return;
  if (rustBaseTypeName(impl.childForFieldName('trait')) === name) out.push(impl);
}

function walkExtra(scope: Node, name: string, family: Family, atModule: boolean, hidden: boolean, out: Node[]): void {
  for (const child of scope.namedChildren) {
    const own = defName(child, family);
    if (own !== undefined) {
      if (hidden && own === name) out.push(child);
      else if (own !== name && extraName(child, family) === name) out.push(child);
      else if (family === 'python' && child.type === 'assignment' && pythonExtraNames(child).includes(name)) out.push(child);
      continue;
    }
    const extra = extraName(child, family);
    if (extra !== undefined) {
      if (extra === name) out.push(child);
      continue;
    }
    if (family === 'python' && child.type === 'assignment') {
      if (pythonExtraNames(child).includes(name)) out.push(child);
      continue;
    }
    if (family === 'typescript') {
      commonjsMatches(child, name, out);
      const body = iifeBody(child);
      if (body !== undefined) {
        walkExtra(body, name, family, false, true, out);
        continue;
      }
      if (child.type === 'ambient_declaration' || child.type === 'expression_statement') {
        walkExtra(child, name, family, false, true, out);
        continue;
      }
    }
    if (family === 'rust' && RUST_HIDDEN_SCOPES.has(child.type)) {
      const body = child.childForFieldName('body');
      if (body !== null) walkExtra(body, name, family, false, true, out);
      continue;
    }
    if (family === 'typescript' && scope.type === 'enum_body' && child.type === 'property_identifier') {
      // A member without an initializer is the bare name.
      if (child.text === name) out.push(child);
      continue;
    }
    if (isTransparent(child.type, family, atModule) || (family === 'typescript' && child.type === 'object_type')) {
      walkExtra(child, name, family, atModule, hidden, out);
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
 * CACHE; CACHE = {}`): the assignments, in document order. Nested functions and methods count.
 */
export function pythonGlobalAssignments(module: Node, name: string, out: Node[]): void {
  const visit = (node: Node, declared: boolean): void => {
    for (const child of node.namedChildren) {
      if (child.type === 'function_definition') {
        const body = child.childForFieldName('body');
        if (body !== null) visit(body, declaresGlobal(body, name));
        continue;
      }
      if (declared && child.type === 'assignment') {
        const names = pythonExtraNames(child);
        if (defName(child, 'python') === name || names.includes(name)) out.push(child);
        continue;
      }
      if (child.type === 'lambda') continue;
      visit(child, declared);
    }
  };
  visit(module, false);
}

function declaresGlobal(body: Node, name: string): boolean {
  const walk = (node: Node): boolean => {
    for (const child of node.namedChildren) {
      if (child.type === 'global_statement' && child.namedChildren.some((c) => c.text === name)) return true;
      if (child.type === 'function_definition' || child.type === 'class_definition') continue;
      if (walk(child)) return true;
    }
    return false;
  };
  return walk(body);
}
