import type { Node } from 'web-tree-sitter';
import type { Family } from '@driftgate/syntax';
import { JAVA_BODIES, JAVA_FIELD_LISTS, JAVA_NAMED_ITEMS } from '../items/java-items.js';
import { RUST_NAMED_ITEMS } from '../items/rust-items.js';

/**
 * Which syntax nodes are definitions, what they are named, which nodes are descended without
 * being a path step, and where a definition's nested symbols live (spec §4.2, §4.3).
 */

const NAME_FIELD_KINDS: Readonly<Record<Family, ReadonlySet<string>>> = {
  // Bodyless fns and associated types are extended definitions (extended-definitions.ts).
  rust: new Set([
    ...RUST_NAMED_ITEMS.functions,
    ...RUST_NAMED_ITEMS.types,
    ...RUST_NAMED_ITEMS.values,
    ...RUST_NAMED_ITEMS.modules,
    ...RUST_NAMED_ITEMS.macros,
  ]),
  typescript: new Set([
    'function_declaration',
    'generator_function_declaration',
    'function_signature',
    'class_declaration',
    'abstract_class_declaration',
    'interface_declaration',
    'enum_declaration',
    'type_alias_declaration',
    'method_definition',
    'method_signature',
    'abstract_method_signature',
  ]),
  python: new Set(['function_definition', 'class_definition']),
  go: new Set(['function_declaration', 'method_declaration', 'type_spec', 'type_alias', 'const_spec', 'var_spec']),
  java: new Set([
    ...JAVA_NAMED_ITEMS.types,
    ...JAVA_NAMED_ITEMS.methods,
    ...JAVA_NAMED_ITEMS.constructors,
    ...JAVA_NAMED_ITEMS.constants,
  ]),
};

const TRANSPARENT: Readonly<Record<Family, ReadonlySet<string>>> = {
  rust: new Set(['source_file', 'declaration_list', 'block']),
  typescript: new Set([
    'program',
    'statement_block',
    'class_body',
    'export_statement',
    'lexical_declaration',
    'variable_declaration',
  ]),
  python: new Set(['module', 'block', 'decorated_definition', 'expression_statement']),
  go: new Set(['source_file', 'block', 'type_declaration', 'const_declaration', 'var_declaration', 'var_spec_list']),
  // A method body is not passed through: its locals are not members. A local class declared in
  // it is still reached as `Type > method > Local` (the body is the method's scope).
  java: new Set([...JAVA_BODIES, ...JAVA_FIELD_LISTS]),
};

/**
 * Python constructs that are transparent only at module level: `TYPE_CHECKING` guards, version
 * gates and `ImportError` fallbacks bind module names inside them.
 */
const PYTHON_MODULE_GUARDS: ReadonlySet<string> = new Set([
  'if_statement',
  'elif_clause',
  'else_clause',
  'try_statement',
  'except_clause',
  'except_group_clause',
  'finally_clause',
]);

/** The text of a node's first child under `field`, or undefined. */
function fieldText(node: Node, field: string): string | undefined {
  return node.childForFieldName(field)?.text;
}

/**
 * The name a node defines, or undefined when it is not a definition.
 *
 * TypeScript: every `variable_declarator` resolves by name, whatever its value (callable,
 * call expression, object, literal, or none) — the reference resolves callables and calls, and
 * since 0.6.3 exported non-callables; resolving all of them is the superset that makes every
 * stamped anchor resolve here too.
 */
export function defName(node: Node, family: Family): string | undefined {
  const kind = node.type;
  if (NAME_FIELD_KINDS[family].has(kind)) return fieldText(node, 'name');
  switch (family) {
    case 'rust':
      // `impl Foo` is named by its type text, so `impl<T> Foo<T>` is `Foo<T>`.
      return kind === 'impl_item' ? fieldText(node, 'type') : undefined;
    case 'typescript':
      return kind === 'variable_declarator' ? fieldText(node, 'name') : undefined;
    case 'python':
      if (kind === 'assignment') {
        const left = node.childForFieldName('left');
        return left?.type === 'identifier' ? left.text : undefined;
      }
      return kind === 'type_alias_statement' ? fieldText(node, 'left') : undefined;
    case 'go':
      return undefined;
    case 'java':
      // Each declarator of `int a, b;` is a field named by itself; a local variable is not a member.
      return kind === 'variable_declarator' && JAVA_FIELD_LISTS.has(node.parent?.type ?? '') ? fieldText(node, 'name') : undefined;
  }
}

/**
 * Whether the generic resolver descends into `kind` without a path step. `atModule` is true
 * while collecting directly under a Python `module` (guards are transparent only there).
 */
export function isTransparent(kind: string, family: Family, atModule: boolean): boolean {
  return TRANSPARENT[family].has(kind) || (family === 'python' && atModule && PYTHON_MODULE_GUARDS.has(kind));
}

/** Where the children of a definition are looked up: TS declarator → value; else `body`; else itself. */
export function scopeOf(node: Node, family: Family): Node {
  if (family === 'typescript' && node.type === 'variable_declarator') {
    return node.childForFieldName('value') ?? node;
  }
  return node.childForFieldName('body') ?? node;
}

/**
 * The node that is hashed and spanned for a resolved definition: a decorated Python function or
 * class widens to its `decorated_definition`, so decorators are part of the span and the hash.
 */
export function hashableNode(node: Node, family: Family): Node {
  if (family === 'python' && (node.type === 'function_definition' || node.type === 'class_definition')) {
    const parent = node.parent;
    if (parent?.type === 'decorated_definition') return parent;
  }
  return node;
}
