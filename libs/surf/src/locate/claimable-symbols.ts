import type { Node } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';
import { type Segment } from './anchor.js';
import { ResolveError } from '../errors.js';
import { isExportsObject, iifeBody, pythonExtraNames, rustBaseTypeName } from './extended-definitions.js';
import { publicSymbols } from './public-symbols.js';
import { resolveAnchor } from './resolve.js';
import { RUST_NAMED_ITEMS } from '../items/rust-items.js';

/**
 * Everything `surf suggest` may propose for a file: the public surface of {@link publicSymbols}
 * (what lint's coverage rule counts) plus the public items only the extended rules name:
 *
 * - Rust: public `fn`s in modules, public methods of every impl (generic, lifetime and trait
 *   impls too), trait items, `extern` functions; with `all`, public structs, enums, unions,
 *   traits, type aliases, consts, statics and modules, and associated types and consts.
 * - TypeScript/JavaScript: interface method signatures and the functions of exported namespaces;
 *   CommonJS exports assigned a function (`exports.f = function…`, `module.exports = { f() {} }`),
 *   the functions assigned onto the object `module.exports` is set to (`res > send`), functions
 *   declared in a top-level IIFE wrapper; with `all`, exported interfaces, enums and type
 *   aliases, fields of exported classes, interface properties, enum members, other namespace members and non-function CommonJS exports.
 * - Python, with `all`: tuple, starred and chained assignment targets at module and class level.
 * - Go: interface methods of exported interfaces; with `all`, exported struct fields.
 *
 * A path that resolves to one symbol is proposed as is; one that is ambiguous by design (TS
 * overloads, a Rust struct and its impl) as every `name @N` that resolves. Paths that do not
 * resolve are dropped: a proposal lint rejects is no help. Document order, no duplicates.
 */
export function claimableSymbols(parsed: ParsedFile, options: { readonly all?: boolean } = {}): string[][] {
  const all = options.all === true;
  const candidates: string[][] = publicSymbols(parsed, { all });
  const add = (...path: string[]): void => {
    if (path.every((p) => p !== '')) candidates.push(path);
  };
  const root = parsed.tree.rootNode;
  switch (parsed.family) {
    case 'rust':
      rustItems(root, [], false, all, add);
      break;
    case 'typescript':
      typescriptItems(root, all, add);
      break;
    case 'python':
      if (all) pythonTargets(root, add);
      break;
    case 'go':
      goMembers(root, all, add);
      break;
  }
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const path of candidates) {
    const key = path.join('\0');
    if (seen.has(key)) continue;
    seen.add(key);
    for (const proposal of proposalsFor(parsed, path)) {
      const proposalKey = proposal.join('\0');
      if (proposalKey !== key && seen.has(proposalKey)) continue;
      seen.add(proposalKey);
      out.push(proposal);
    }
  }
  return out;
}

/** `[path]` when it resolves once; every `last @N` that resolves when it is ambiguous; else none. */
function proposalsFor(parsed: ParsedFile, path: readonly string[]): string[][] {
  const segments: Segment[] = path.map((name) => ({ name }));
  try {
    resolveAnchor(parsed, segments);
    return [[...path]];
  } catch (error) {
    if (!(error instanceof ResolveError)) throw error;
    if (error.kind !== 'Ambiguous' || error.segment !== path[path.length - 1]) return [];
  }
  const out: string[][] = [];
  for (let n = 1; ; n++) {
    try {
      resolveAnchor(parsed, [...segments.slice(0, -1), { name: path[path.length - 1]!, index: n }]);
    } catch (error) {
      if (error instanceof ResolveError) return out;
      throw error;
    }
    out.push([...path.slice(0, -1), `${path[path.length - 1]} @${n}`]);
  }
}

type Add = (...path: string[]) => void;

const RUST_CALLABLES: ReadonlySet<string> = new Set([...RUST_NAMED_ITEMS.functions, ...RUST_NAMED_ITEMS.signatures]);
/**
 * Proposed with `all`. Macros are not: `macro_rules!` takes no `pub` (it is exported by
 * `#[macro_export]`), so the visibility test below never holds for one.
 */
const RUST_TYPES: ReadonlySet<string> = new Set([
  ...RUST_NAMED_ITEMS.types,
  ...RUST_NAMED_ITEMS.values,
  ...RUST_NAMED_ITEMS.modules,
  ...RUST_NAMED_ITEMS.associatedTypes,
]);

/** Rust items of a module or item body; `implied` is true in a trait and a trait impl. */
function rustItems(scope: Node, prefix: readonly string[], implied: boolean, all: boolean, add: Add): void {
  for (const item of scope.namedChildren) {
    const name = item.childForFieldName('name')?.text;
    const visible = implied || item.namedChildren.some((c) => c.type === 'visibility_modifier');
    if (name !== undefined && visible && (RUST_CALLABLES.has(item.type) || (all && RUST_TYPES.has(item.type)))) add(...prefix, name);
    const body = item.childForFieldName('body');
    if (body === null) continue;
    if (item.type === 'mod_item' && name !== undefined) rustItems(body, [...prefix, name], false, all, add);
    else if (item.type === 'trait_item' && name !== undefined && visible) rustItems(body, [...prefix, name], true, all, add);
    else if (item.type === 'foreign_mod_item') rustItems(body, prefix, false, all, add);
    else if (item.type === 'impl_item') {
      const type = rustBaseTypeName(item.childForFieldName('type'));
      if (type !== undefined) rustItems(body, [...prefix, type], item.childForFieldName('trait') !== null, all, add);
    }
  }
}

const TS_FUNCTION_VALUES: ReadonlySet<string> = new Set(['function_expression', 'arrow_function', 'function', 'generator_function']);
const isFunctionValue = (node: Node | null): boolean => node !== null && TS_FUNCTION_VALUES.has(node.type);

function propertyText(node: Node | null): string | undefined {
  if (node === null) return undefined;
  if (node.type === 'string') return node.namedChildren.find((c) => c.type === 'string_fragment')?.text;
  return node.type === 'property_identifier' || node.type === 'identifier' ? node.text : undefined;
}

function typescriptItems(root: Node, all: boolean, add: Add): void {
  exportedMembers(root, [], all, add);
  let exportedObject: string | undefined;
  for (const statement of root.namedChildren) {
    const body = iifeBody(statement);
    if (body !== undefined) {
      for (const inner of body.namedChildren) {
        if (inner.type === 'function_declaration') add(inner.childForFieldName('name')?.text ?? '');
      }
      continue;
    }
    const assignment = statement.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
    if (assignment?.type !== 'assignment_expression') continue;
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (left === null || right === null) continue;
    if (isExportsObject(left)) {
      if (right.type === 'identifier') exportedObject = right.text;
      if (right.type === 'object') {
        for (const entry of right.namedChildren) {
          if (entry.type === 'method_definition') add(propertyText(entry.childForFieldName('name')) ?? '');
          else if (entry.type === 'pair' && (all || isFunctionValue(entry.childForFieldName('value')))) {
            add(propertyText(entry.childForFieldName('key')) ?? '');
          }
        }
      }
      continue;
    }
    if (left.type !== 'member_expression') continue;
    const object = left.childForFieldName('object');
    const property = propertyText(left.childForFieldName('property')) ?? '';
    if (!all && !isFunctionValue(right)) continue;
    if (isExportsObject(object)) add(property);
    else if (object?.type === 'identifier' && object.text === exportedObject) add(object.text, property);
  }
}

/** Members of exported classes, interfaces, enums and namespaces (recursively). */
function exportedMembers(scope: Node, prefix: readonly string[], all: boolean, add: Add): void {
  for (const statement of scope.namedChildren) {
    const decl = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : null;
    if (decl === null) continue;
    const name = decl.childForFieldName('name')?.text;
    if (name === undefined) continue;
    const body = decl.childForFieldName('body');
    switch (decl.type) {
      case 'class_declaration':
      case 'abstract_class_declaration':
        for (const member of body?.namedChildren ?? []) {
          if (member.type !== 'public_field_definition' || !all) continue;
          const field = member.childForFieldName('name');
          const access = member.namedChildren.find((c) => c.type === 'accessibility_modifier')?.text;
          if (field?.type === 'property_identifier' && access !== 'private' && access !== 'protected') add(...prefix, name, field.text);
        }
        break;
      case 'type_alias_declaration':
        if (all) add(...prefix, name);
        break;
      case 'interface_declaration':
        if (all) add(...prefix, name);
        for (const member of body?.namedChildren ?? []) {
          if (member.type === 'method_signature' || (all && member.type === 'property_signature')) {
            add(...prefix, name, propertyText(member.childForFieldName('name')) ?? '');
          }
        }
        break;
      case 'enum_declaration':
        if (!all) break;
        add(...prefix, name);
        for (const member of body?.namedChildren ?? []) {
          const memberName = member.type === 'enum_assignment' ? member.childForFieldName('name') : member;
          add(...prefix, name, propertyText(memberName) ?? '');
        }
        break;
      case 'internal_module':
        if (all) add(...prefix, name);
        if (body !== null) {
          exportedMembers(body, [...prefix, name], all, add);
          exportedCallables(body, [...prefix, name], all, add);
        }
        break;
    }
  }
}

/** Exported functions (and, with `all`, other declarations) of a namespace body. */
function exportedCallables(body: Node, prefix: readonly string[], all: boolean, add: Add): void {
  for (const statement of body.namedChildren) {
    const decl = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : null;
    if (decl === null) continue;
    if (decl.type === 'function_declaration' || decl.type === 'generator_function_declaration' || decl.type === 'function_signature') {
      add(...prefix, decl.childForFieldName('name')?.text ?? '');
    } else if (decl.type === 'lexical_declaration' || decl.type === 'variable_declaration') {
      for (const d of decl.namedChildren) {
        if (d.type === 'variable_declarator' && (all || isFunctionValue(d.childForFieldName('value')))) add(...prefix, d.childForFieldName('name')?.text ?? '');
      }
    } else if (all) {
      add(...prefix, decl.childForFieldName('name')?.text ?? '');
    }
  }
}

const isPrivatePython = (name: string): boolean => name.startsWith('_');

/** Tuple, starred and chained targets at module level and in public top-level classes. */
function pythonTargets(root: Node, add: Add): void {
  const targets = (block: Node, prefix: readonly string[]): void => {
    for (const statement of block.namedChildren) {
      const assignment = statement.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
      if (assignment?.type !== 'assignment') continue;
      for (const name of pythonExtraNames(assignment)) if (!isPrivatePython(name)) add(...prefix, name);
    }
  };
  targets(root, []);
  for (const statement of root.namedChildren) {
    const def = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
    const name = def?.type === 'class_definition' ? def.childForFieldName('name')?.text : undefined;
    const body = def?.childForFieldName('body');
    if (name !== undefined && !isPrivatePython(name) && body) targets(body, [name]);
  }
}

const isExportedGo = (name: string | undefined): name is string => name !== undefined && /^\p{Lu}/u.test(name);

/** Methods of exported interfaces; with `all`, exported fields of exported structs. */
function goMembers(root: Node, all: boolean, add: Add): void {
  for (const decl of root.namedChildren) {
    if (decl.type !== 'type_declaration') continue;
    for (const spec of decl.namedChildren) {
      const name = spec.type === 'type_spec' ? spec.childForFieldName('name')?.text : undefined;
      if (!isExportedGo(name)) continue;
      const type = spec.childForFieldName('type');
      if (type?.type === 'interface_type') {
        for (const element of type.namedChildren) {
          const method = element.type === 'method_elem' ? element.childForFieldName('name')?.text : undefined;
          if (isExportedGo(method)) add(name, method);
        }
      } else if (all && type?.type === 'struct_type') {
        const list = type.namedChildren.find((c) => c.type === 'field_declaration_list');
        for (const field of list?.namedChildren ?? []) {
          if (field.type !== 'field_declaration') continue;
          for (const n of field.childrenForFieldName('name')) if (n.isNamed && isExportedGo(n.text)) add(name, n.text);
        }
      }
    }
  }
}
