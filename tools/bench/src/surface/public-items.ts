import { type ParsedFile, SyntaxQuery } from '@driftgate/surf';
import type { SyntaxNode } from '@driftgate/surf';

/**
 * The public items of a file as a reader would name them, found with tree-sitter queries and a
 * walk up the containers — on purpose sharing no code with surf's resolver, so the coverage
 * campaign measures the resolver instead of restating it.
 */
export interface PublicItem {
  /** The anchor segments a reader would write: `[name]`, `[Type, method]`, `[mod, Type, item]`. */
  readonly path: readonly string[];
  /** What kind of item it is, for the per-kind breakdown (`rust fn`, `ts field`, …). */
  readonly kind: string;
}

type Family = ParsedFile['family'];

// A family without a query here has no independent surface count (its items come from surf alone).
const QUERIES: Readonly<Partial<Record<Family, string>>> = {
  rust: `
    (function_item (visibility_modifier) name: (identifier) @fn)
    (struct_item (visibility_modifier) name: (type_identifier) @struct)
    (enum_item (visibility_modifier) name: (type_identifier) @enum)
    (union_item (visibility_modifier) name: (type_identifier) @union)
    (trait_item (visibility_modifier) name: (type_identifier) @trait)
    (type_item (visibility_modifier) name: (type_identifier) @type)
    (const_item (visibility_modifier) name: (identifier) @const)
    (static_item (visibility_modifier) name: (identifier) @static)
    (mod_item (visibility_modifier) name: (identifier) @mod)
    (trait_item body: (declaration_list (function_item name: (identifier) @trait-fn)))
    (trait_item body: (declaration_list (function_signature_item name: (identifier) @trait-fn)))
    (trait_item body: (declaration_list (associated_type name: (type_identifier) @trait-type)))
    (trait_item body: (declaration_list (const_item name: (identifier) @trait-const)))
    (impl_item trait: (_) body: (declaration_list (function_item name: (identifier) @impl-fn)))
    (impl_item trait: (_) body: (declaration_list (type_item name: (type_identifier) @impl-type)))
    (impl_item trait: (_) body: (declaration_list (const_item name: (identifier) @impl-const)))
  `,
  typescript: `
    (export_statement declaration: (function_declaration name: (_) @function))
    (export_statement declaration: (generator_function_declaration name: (_) @function))
    (export_statement declaration: (function_signature name: (_) @function))
    (export_statement declaration: (class_declaration name: (_) @class))
    (export_statement declaration: (abstract_class_declaration name: (_) @class))
    (export_statement declaration: (interface_declaration name: (_) @interface))
    (export_statement declaration: (enum_declaration name: (_) @enum))
    (export_statement declaration: (type_alias_declaration name: (_) @type))
    (export_statement declaration: (internal_module name: (identifier) @namespace))
    (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @const)))
    (export_statement declaration: (variable_declaration (variable_declarator name: (identifier) @const)))
    (class_body (method_definition name: (property_identifier) @method))
    (class_body (public_field_definition name: (property_identifier) @field))
    (interface_body (property_signature name: (property_identifier) @property))
    (interface_body (method_signature name: (property_identifier) @method))
    (enum_body (property_identifier) @member)
    (enum_body (enum_assignment name: (property_identifier) @member))
    (program (expression_statement (assignment_expression
      left: (member_expression object: (identifier) @_x property: (property_identifier) @commonjs))
      (#eq? @_x "exports")))
    (program (expression_statement (assignment_expression
      left: (member_expression object: (member_expression object: (identifier) @_m property: (property_identifier) @_e) property: (property_identifier) @commonjs))
      (#eq? @_m "module") (#eq? @_e "exports")))
    (program (expression_statement (assignment_expression
      left: (member_expression object: (identifier) @_m property: (property_identifier) @_e)
      right: (object (pair key: (property_identifier) @commonjs)))
      (#eq? @_m "module") (#eq? @_e "exports")))
    (program (expression_statement) @wrapper)
  `,
  python: `
    (module (function_definition name: (identifier) @def))
    (module (decorated_definition definition: (function_definition name: (identifier) @def)))
    (module (class_definition name: (identifier) @class))
    (module (decorated_definition definition: (class_definition name: (identifier) @class)))
    (module (expression_statement (assignment left: (identifier) @constant)))
    (module (expression_statement (assignment left: (pattern_list (identifier) @tuple-target))))
    (module (expression_statement (assignment left: (tuple_pattern (identifier) @tuple-target))))
    (class_definition body: (block (function_definition name: (identifier) @method)))
    (class_definition body: (block (decorated_definition definition: (function_definition name: (identifier) @method))))
    (class_definition body: (block (expression_statement (assignment left: (identifier) @attribute))))
    (class_definition body: (block (expression_statement (assignment left: (pattern_list (identifier) @tuple-target)))))
  `,
  go: `
    (source_file (function_declaration name: (identifier) @func))
    (source_file (method_declaration name: (field_identifier) @method))
    (source_file (type_declaration (type_spec name: (type_identifier) @type)))
    (source_file (type_declaration (type_alias name: (type_identifier) @type)))
    (source_file (const_declaration (const_spec name: (identifier) @const)))
    (source_file (var_declaration (var_spec name: (identifier) @var)))
    (source_file (var_declaration (var_spec_list (var_spec name: (identifier) @var))))
    (type_spec type: (interface_type (method_elem name: (field_identifier) @interface-method)))
    (type_spec type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @field))))
  `,
};

const compiled = new Map<unknown, SyntaxQuery>();

function queryFor(parsed: ParsedFile): SyntaxQuery | undefined {
  const source = QUERIES[parsed.family];
  if (source === undefined) return undefined;
  const language = parsed.tree.language;
  let query = compiled.get(language);
  if (query === undefined) {
    query = new SyntaxQuery(language, source);
    compiled.set(language, query);
  }
  return query;
}

/** The public items of a parsed file, in document order. */
export function publicItems(parsed: ParsedFile): PublicItem[] {
  const items: PublicItem[] = [];
  const seen = new Set<number>();
  const family = parsed.family;
  for (const capture of queryFor(parsed)?.captures(parsed.tree.rootNode) ?? []) {
    if (capture.name.startsWith('_')) continue;
    const node = capture.node;
    if (capture.name === 'wrapper') {
      if (parsed.lang === 'javascript') for (const name of wrappedFunctions(node)) items.push({ path: [name], kind: 'javascript wrapped function' });
      continue;
    }
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    const path = containerPath(node, family, capture.name);
    if (path === undefined) continue;
    const name = path[path.length - 1]!;
    if (!isPublicName(name, family, path)) continue;
    items.push({ path, kind: `${family} ${capture.name}` });
  }
  return items;
}

function isPublicName(name: string, family: Family, path: readonly string[]): boolean {
  if (family === 'python') return path.every((p) => !p.startsWith('_'));
  if (family === 'go') return path.every((p) => /^\p{Lu}/u.test(p));
  return name !== 'constructor';
}

/** The base name of a Rust impl's type, by its own small walk. */
function implTypeName(type: SyntaxNode | null): string | undefined {
  let t = type;
  while (t !== null && t.type !== 'type_identifier') {
    if (t.type === 'generic_type' || t.type === 'reference_type' || t.type === 'pointer_type') t = t.childForFieldName('type');
    else if (t.type === 'scoped_type_identifier') t = t.childForFieldName('name');
    else return undefined;
  }
  return t?.text;
}

/**
 * The name node's containers from the outside in, then its own name; undefined for an item
 * nobody outside could name (inside a function body, a private or non-exported container).
 */
function containerPath(name: SyntaxNode, family: Family, kind: string): string[] | undefined {
  const path = [name.text];
  const item = name.parent!;
  // A trait's items are public when the trait is.
  if (kind.startsWith('trait-') && !item.parent?.parent?.namedChildren.some((c) => c.type === 'visibility_modifier')) return undefined;
  for (let n = item.parent; n !== null; n = n.parent) {
    // Error recovery can wrap a whole file; what it holds is no item anyone could claim.
    if (n.type === 'ERROR') return undefined;
    switch (family) {
      case 'rust':
        if (n.type === 'function_item') return undefined;
        if (n.type === 'mod_item' || n.type === 'trait_item') path.unshift(n.childForFieldName('name')?.text ?? '');
        if (n.type === 'impl_item') {
          const type = implTypeName(n.childForFieldName('type'));
          if (type === undefined) return undefined;
          path.unshift(type);
        }
        break;
      case 'typescript': {
        if (/function|arrow|method_definition/.test(n.type) && n.type !== 'function_signature') return undefined;
        if (/class_declaration|interface_declaration|enum_declaration|internal_module/.test(n.type)) {
          // Members count when their container is exported (or inside an exported namespace).
          if (n.parent?.type !== 'export_statement') return undefined;
          path.unshift(n.childForFieldName('name')?.text ?? '');
        }
        if (n.type === 'class' || n.type === 'object' || n.type === 'object_type') return undefined;
        break;
      }
      case 'python':
        if (n.type === 'function_definition') return undefined;
        if (n.type === 'class_definition') {
          if (n.parent?.type !== 'module' && n.parent?.parent?.type !== 'module') return undefined;
          path.unshift(n.childForFieldName('name')?.text ?? '');
        }
        break;
      case 'go':
        if (n.type === 'method_declaration' && kind === 'method') {
          const receiver = n.childForFieldName('receiver')?.namedChildren[0]?.childForFieldName('type');
          let t = receiver ?? null;
          while (t !== null && t.type !== 'type_identifier') t = t.namedChildren[0] ?? null;
          if (t === null) return undefined;
          path.unshift(t.text);
        }
        if (n.type === 'type_spec' && (kind === 'interface-method' || kind === 'field')) path.unshift(n.childForFieldName('name')?.text ?? '');
        if (n.type === 'function_declaration' || n.type === 'func_literal' || (n.type === 'method_declaration' && kind !== 'method')) return undefined;
        break;
    }
  }
  if (family === 'typescript' && /method|field/.test(kind)) {
    const member = name.parent!;
    if (member.namedChildren.some((c) => c.type === 'accessibility_modifier' && c.text !== 'public')) return undefined;
  }
  return path.length === 1 && /method|field|property|member|interface-method/.test(kind) && family !== 'python' ? undefined : path;
}

/** Functions declared at the top of a JavaScript IIFE module wrapper statement. */
function wrappedFunctions(statement: SyntaxNode): string[] {
  let n: SyntaxNode | null = statement.namedChildren[0] ?? null;
  for (let depth = 0; n !== null && depth < 6; depth++) {
    if (n.type === 'function_expression' || n.type === 'arrow_function') {
      const body = n.childForFieldName('body');
      return (body?.namedChildren ?? [])
        .filter((c) => c.type === 'function_declaration')
        .map((c) => c.childForFieldName('name')?.text ?? '')
        .filter((name) => name !== '');
    }
    n = n.type === 'call_expression' ? n.childForFieldName('function') : (n.namedChildren[0] ?? null);
  }
  return [];
}
