import type { Node } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';
import { defName } from './definitions.js';
import { goReceiverTypeName } from '../items/go-definition-index.js';
import { JAVA_FIELD_LISTS, JAVA_NAMED_ITEMS } from '../items/java-items.js';

/** Which part of the public surface to list. */
export interface PublicSymbolOptions {
  /** Also non-callables: classes, constants, type aliases, class attributes (`suggest --all`). */
  readonly all?: boolean;
}

const TS_FUNCTION_VALUES: ReadonlySet<string> = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'generator_function',
]);

/**
 * The public symbols of a file as anchor segment paths (`[name]` or `[Type, member]`), in
 * document order without duplicates (spec §7.3 "Public surface"):
 * - Rust: top-level `fn` whose visibility is exactly `pub` (callables only, even with `all`).
 * - TypeScript/JavaScript: exported functions, signatures and function-valued consts; methods of
 *   exported classes as `[Class, method]` (not `constructor`, `#private`, `private`/`protected`);
 *   with `all`, the class itself and exported non-callable consts.
 * - JavaScript, additionally: top-level declarations a CommonJS export names
 *   (`module.exports = parse`, `module.exports = { parse, p: parse }`, `exports.parse = parse`,
 *   `module.exports.parse = parse`), under the same callables/`all` split. The assignment itself
 *   is no definition the resolver knows, so the declaration it names is the anchor.
 * - Python: top-level non-underscore defs; non-underscore methods of non-underscore top-level
 *   classes; with `all`, the class, module constants and aliases, and class attributes.
 * - Go: capitalized funcs and `Type > Method` with both capitalized; with `all`, exported
 *   type, const and var names.
 * - Java: the API another package can use — `public` and `protected` declarations, and members
 *   of an interface or annotation type (public unless `private`), inside types that are
 *   themselves visible that way, at any nesting depth (`[Outer, Nested, method]`). Methods,
 *   constructors (`[Type, Type]`) and annotation elements; with `all`, the types themselves,
 *   fields (each declarator) and enum constants. Package-private and `private` declarations are
 *   not counted: like Python's `_name` and Go's lower-case names, no other package can call them.
 */
export function publicSymbols(parsed: ParsedFile, options: PublicSymbolOptions = {}): string[][] {
  const all = options.all === true;
  const out: string[][] = [];
  const seen = new Set<string>();
  const add = (...path: string[]): void => {
    const key = path.join('\0');
    if (!seen.has(key)) {
      seen.add(key);
      out.push(path);
    }
  };
  const root = parsed.tree.rootNode;
  switch (parsed.family) {
    case 'rust':
      rustSymbols(root, add);
      break;
    case 'typescript':
      typescriptSymbols(root, all, add);
      if (parsed.lang === 'javascript') commonjsSymbols(root, all, add);
      break;
    case 'python':
      pythonSymbols(root, all, add);
      break;
    case 'go':
      goSymbols(root, all, add);
      break;
    case 'java':
      javaSymbols(root, [], false, all, add);
      break;
  }
  return out;
}

const JAVA_TYPES: ReadonlySet<string> = new Set(JAVA_NAMED_ITEMS.types);
const JAVA_CALLABLES: ReadonlySet<string> = new Set([...JAVA_NAMED_ITEMS.methods, ...JAVA_NAMED_ITEMS.constructors]);
/** Types whose members are public unless written `private`. */
const JAVA_PUBLIC_BODIES: ReadonlySet<string> = new Set(['interface_declaration', 'annotation_type_declaration']);

/** The access a Java declaration is written with: `public`, `protected`, `private`, or `` (package). */
function javaAccess(decl: Node): string {
  const modifiers = decl.namedChildren.find((c) => c.type === 'modifiers');
  for (const m of modifiers?.children ?? []) {
    if (m.type === 'public' || m.type === 'protected' || m.type === 'private') return m.type;
  }
  return '';
}

/**
 * The visible members of a type body (or the file's top level), recursing into visible nested
 * types. `inPublicBody`: the body is an interface's or annotation type's.
 */
function javaSymbols(body: Node, owners: readonly string[], inPublicBody: boolean, all: boolean, add: Add): void {
  const visible = (decl: Node): boolean => {
    const access = javaAccess(decl);
    return access === 'public' || access === 'protected' || (inPublicBody && access !== 'private');
  };
  for (const member of body.namedChildren) {
    if (member.type === 'enum_body_declarations') {
      javaSymbols(member, owners, inPublicBody, all, add);
      continue;
    }
    const name = member.childForFieldName('name')?.text;
    if (JAVA_TYPES.has(member.type) && name) {
      if (!visible(member)) continue;
      const path = [...owners, name];
      if (all) add(...path);
      const inner = member.childForFieldName('body');
      if (inner) javaSymbols(inner, path, JAVA_PUBLIC_BODIES.has(member.type), all, add);
    } else if (JAVA_CALLABLES.has(member.type) && name) {
      // A record's compact constructor is as visible as its record's canonical one must be.
      if ((visible(member) || member.type === 'compact_constructor_declaration') && owners.length > 0) add(...owners, name);
    } else if (member.type === 'enum_constant' && name) {
      // Every constant of a visible enum is visible.
      if (all && owners.length > 0) add(...owners, name);
    } else if (JAVA_FIELD_LISTS.has(member.type)) {
      if (!all || owners.length === 0 || !(visible(member) || member.type === 'constant_declaration')) continue;
      for (const declarator of member.childrenForFieldName('declarator')) {
        const field = declarator?.childForFieldName('name')?.text;
        if (field) add(...owners, field);
      }
    }
  }
}

type Add = (...path: string[]) => void;

function rustSymbols(root: Node, add: Add): void {
  for (const item of root.namedChildren) {
    if (item.type !== 'function_item') continue;
    const visibility = item.namedChildren.find((c) => c.type === 'visibility_modifier');
    const name = item.childForFieldName('name')?.text;
    if (visibility?.text === 'pub' && name) add(name);
  }
}

function typescriptSymbols(root: Node, all: boolean, add: Add): void {
  for (const statement of root.namedChildren) {
    if (statement.type !== 'export_statement') continue;
    for (const decl of statement.namedChildren) {
      switch (decl.type) {
        case 'function_declaration':
        case 'generator_function_declaration':
        case 'function_signature': {
          const name = decl.childForFieldName('name')?.text;
          if (name) add(name);
          break;
        }
        case 'lexical_declaration':
        case 'variable_declaration':
          for (const declarator of decl.namedChildren) {
            if (declarator.type !== 'variable_declarator') continue;
            const name = declarator.childForFieldName('name');
            if (name?.type !== 'identifier') continue;
            const value = declarator.childForFieldName('value');
            if ((value && TS_FUNCTION_VALUES.has(value.type)) || all) add(name.text);
          }
          break;
        case 'class_declaration':
        case 'abstract_class_declaration': {
          const name = decl.childForFieldName('name')?.text;
          if (!name) break;
          if (all) add(name);
          for (const member of decl.childForFieldName('body')?.namedChildren ?? []) {
            if (member.type !== 'method_definition') continue;
            const method = member.childForFieldName('name');
            if (!method || method.type === 'private_property_identifier' || method.text === 'constructor') continue;
            const access = member.namedChildren.find((c) => c.type === 'accessibility_modifier')?.text;
            if (access === 'private' || access === 'protected') continue;
            add(name, method.text);
          }
          break;
        }
      }
    }
  }
}

/** Whether `node` is `module.exports`. */
function isModuleExports(node: Node): boolean {
  return (
    node.type === 'member_expression' &&
    node.childForFieldName('object')?.text === 'module' &&
    node.childForFieldName('property')?.text === 'exports'
  );
}

/**
 * The local names a top-level CommonJS export statement names: only identifiers, since an
 * inline `exports.f = () => {}` or `module.exports = function f() {}` has no resolvable anchor.
 */
function commonjsExportedNames(statement: Node): string[] {
  if (statement.type !== 'expression_statement') return [];
  const assignment = statement.namedChildren[0];
  if (assignment?.type !== 'assignment_expression') return [];
  const left = assignment.childForFieldName('left');
  const right = assignment.childForFieldName('right');
  if (!left || !right) return [];
  if (isModuleExports(left)) {
    if (right.type === 'identifier') return [right.text];
    if (right.type !== 'object') return [];
    const names: string[] = [];
    for (const entry of right.namedChildren) {
      if (entry.type === 'shorthand_property_identifier') names.push(entry.text);
      else if (entry.type === 'pair' && entry.childForFieldName('value')?.type === 'identifier') {
        names.push(entry.childForFieldName('value')!.text);
      }
    }
    return names;
  }
  // `exports.x = y` / `module.exports.x = y`.
  const target = left.type === 'member_expression' ? left.childForFieldName('object') : undefined;
  const viaExports = target !== undefined && target !== null && (target.text === 'exports' || isModuleExports(target));
  return viaExports && right.type === 'identifier' ? [right.text] : [];
}

function commonjsSymbols(root: Node, all: boolean, add: Add): void {
  // Top-level declarations by name: true when callable.
  const declared = new Map<string, boolean>();
  for (const statement of root.namedChildren) {
    switch (statement.type) {
      case 'function_declaration':
      case 'generator_function_declaration': {
        const name = statement.childForFieldName('name')?.text;
        if (name) declared.set(name, true);
        break;
      }
      case 'class_declaration': {
        const name = statement.childForFieldName('name')?.text;
        if (name && !declared.has(name)) declared.set(name, false);
        break;
      }
      case 'lexical_declaration':
      case 'variable_declaration':
        for (const declarator of statement.namedChildren) {
          if (declarator.type !== 'variable_declarator') continue;
          const name = declarator.childForFieldName('name');
          if (name?.type !== 'identifier') continue;
          const value = declarator.childForFieldName('value');
          const callable = value !== null && TS_FUNCTION_VALUES.has(value.type);
          declared.set(name.text, (declared.get(name.text) ?? false) || callable);
        }
        break;
    }
  }
  const exported = new Set<string>();
  for (const statement of root.namedChildren) {
    for (const name of commonjsExportedNames(statement)) {
      const callable = declared.get(name);
      if (callable !== undefined) exported.add(name);
      if (callable === true || (callable === false && all)) add(name);
    }
  }
  // What an exported object or constructor gets assigned after its declaration (`res.send =
  // function send() {}`, `Router.prototype.use = …`) is its public surface too, claimed as
  // `res > send`; wherever `module.exports = res` stands, before or after those lines.
  for (const statement of root.namedChildren) {
    const member = assignedMember(statement);
    if (member !== undefined && exported.has(member.owner) && (member.callable || all)) add(member.owner, member.name);
  }
}

/** `owner.name = value` or `owner.prototype.name = value` at the top level, and whether the value is a function. */
function assignedMember(statement: Node): { owner: string; name: string; callable: boolean } | undefined {
  if (statement.type !== 'expression_statement') return undefined;
  const assignment = statement.namedChildren[0];
  if (assignment?.type !== 'assignment_expression') return undefined;
  const left = assignment.childForFieldName('left');
  const property = left?.type === 'member_expression' ? left.childForFieldName('property') : null;
  if (!left || property?.type !== 'property_identifier') return undefined;
  let object = left.childForFieldName('object');
  if (object?.type === 'member_expression' && object.childForFieldName('property')?.text === 'prototype') object = object.childForFieldName('object');
  if (object?.type !== 'identifier' || object.text === 'module' || object.text === 'exports') return undefined;
  const value = assignment.childForFieldName('right');
  return { owner: object.text, name: property.text, callable: value !== null && TS_FUNCTION_VALUES.has(value.type) };
}

const isPrivatePython = (name: string): boolean => name.startsWith('_');

/** A definition statement with its decorators peeled off. */
function undecorated(node: Node): Node {
  return node.type === 'decorated_definition' ? (node.childForFieldName('definition') ?? node) : node;
}

/** The name a Python `X = …` / `X: T` statement binds, if it is a plain assignment. */
function pythonAssignmentName(statement: Node): string | undefined {
  if (statement.type !== 'expression_statement') return undefined;
  const assignment = statement.namedChildren.find((c) => c.type === 'assignment');
  return assignment ? defName(assignment, 'python') : undefined;
}

function pythonSymbols(root: Node, all: boolean, add: Add): void {
  for (const statement of root.namedChildren) {
    const def = undecorated(statement);
    if (def.type === 'function_definition') {
      const name = def.childForFieldName('name')?.text;
      if (name && !isPrivatePython(name)) add(name);
    } else if (def.type === 'class_definition') {
      const name = def.childForFieldName('name')?.text;
      if (!name || isPrivatePython(name)) continue;
      if (all) add(name);
      for (const member of def.childForFieldName('body')?.namedChildren ?? []) {
        const inner = undecorated(member);
        if (inner.type === 'function_definition') {
          const method = inner.childForFieldName('name')?.text;
          if (method && !isPrivatePython(method)) add(name, method);
        } else if (all) {
          const attribute = pythonAssignmentName(member);
          if (attribute && !isPrivatePython(attribute)) add(name, attribute);
        }
      }
    } else if (all) {
      const name =
        def.type === 'type_alias_statement' ? def.childForFieldName('left')?.text : pythonAssignmentName(def);
      if (name && !isPrivatePython(name)) add(name);
    }
  }
}

const GO_SPECS: ReadonlySet<string> = new Set(['type_spec', 'type_alias', 'const_spec', 'var_spec']);
const GO_DECLARATIONS: ReadonlySet<string> = new Set(['type_declaration', 'const_declaration', 'var_declaration']);

const isExportedGo = (name: string | undefined): name is string => name !== undefined && /^\p{Lu}/u.test(name);

function goSymbols(root: Node, all: boolean, add: Add): void {
  const specs = (node: Node): void => {
    for (const child of node.namedChildren) {
      if (GO_SPECS.has(child.type)) {
        for (const name of child.childrenForFieldName('name')) if (isExportedGo(name.text)) add(name.text);
      } else if (child.type === 'var_spec_list') {
        specs(child);
      }
    }
  };
  for (const decl of root.namedChildren) {
    if (decl.type === 'function_declaration') {
      const name = decl.childForFieldName('name')?.text;
      if (isExportedGo(name)) add(name);
    } else if (decl.type === 'method_declaration') {
      const name = decl.childForFieldName('name')?.text;
      const type = goReceiverTypeName(decl);
      if (isExportedGo(name) && isExportedGo(type)) add(type, name);
    } else if (all && GO_DECLARATIONS.has(decl.type)) {
      specs(decl);
    }
  }
}
