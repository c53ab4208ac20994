import type { SyntaxNode } from '@driftgate/syntax';
import { type TokenOverride, signatureTokens, tokenText } from './signatures-tokens.js';

/** A declaration's symbol, named relative to the name it is bound to: `''` itself, `.add` a member. */
export interface LocalSymbol {
  readonly suffix: string;
  readonly kind: string;
  readonly text: string;
}

/** One `export` of a module, before re-exports are followed. */
export type TypescriptExport =
  | { readonly type: 'local'; readonly exported: string; readonly local: string }
  | { readonly type: 'value'; readonly exported: string; readonly symbols: readonly LocalSymbol[] }
  | { readonly type: 'from'; readonly exported: string; readonly source: string; readonly name: string }
  | { readonly type: 'star'; readonly source: string }
  | { readonly type: 'namespace'; readonly exported: string; readonly source: string };

/** What one TypeScript/JavaScript file declares, imports and exports. */
export interface TypescriptModule {
  /** Top-level declarations, exported or not, by local name. */
  readonly locals: ReadonlyMap<string, readonly LocalSymbol[]>;
  /** Import bindings by local name: the module specifier and the imported name (`default`, `*`). */
  readonly imports: ReadonlyMap<string, { readonly source: string; readonly name: string }>;
  readonly exports: readonly TypescriptExport[];
}

const FUNCTION_LIKE: ReadonlySet<string> = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'function',
  'generator_function',
  'arrow_function',
  'method_definition',
]);

/** Cuts the body of every function, method and arrow function inside what is read. */
const cutFunctionBodies: TokenOverride = (node, field) => (field === 'body' && FUNCTION_LIKE.has(node.parent?.type ?? '') ? [] : undefined);

/**
 * Reads a module's declarations and exports by tree-sitter alone (no type information):
 * - functions and overload signatures without bodies; interfaces, type aliases, enums and
 *   namespaces whole (function bodies cut);
 * - classes as their header (decorators, heritage) and each non-private member as `.member`
 *   (`private` and `#private` members are no API; a field's initializer is cut when it has a type);
 * - `const`/`let`/`var` per declarator: with a type annotation, name and type; without one, the
 *   initializer too (its type is inferred from it), function bodies cut.
 */
export function typescriptModule(root: SyntaxNode): TypescriptModule {
  const locals = new Map<string, LocalSymbol[]>();
  const imports = new Map<string, { source: string; name: string }>();
  const exports: TypescriptExport[] = [];
  const bind = (name: string, symbols: readonly LocalSymbol[]): void => {
    const existing = locals.get(name);
    if (existing) existing.push(...symbols);
    else locals.set(name, [...symbols]);
  };
  for (const statement of root.namedChildren) {
    if (statement.type === 'import_statement') {
      importBindings(statement, imports);
      continue;
    }
    if (statement.type !== 'export_statement') {
      for (const [name, symbols] of declarationSymbols(statement)) bind(name, symbols);
      continue;
    }
    const source = moduleSpecifier(statement);
    const declaration = statement.childForFieldName('declaration');
    const isDefault = statement.children.some((child) => child.type === 'default');
    if (declaration) {
      const declared = declarationSymbols(declaration);
      for (const [name, symbols] of declared) {
        bind(name, symbols);
        if (!isDefault) exports.push({ type: 'local', exported: name, local: name });
      }
      if (isDefault) exports.push({ type: 'value', exported: 'default', symbols: declared.flatMap(([, symbols]) => symbols) });
      continue;
    }
    const value = statement.childForFieldName('value');
    if (value) {
      if (value.type === 'identifier') exports.push({ type: 'local', exported: 'default', local: value.text });
      else exports.push({ type: 'value', exported: 'default', symbols: [{ suffix: '', kind: 'variable', text: tokenText(signatureTokens(value, cutFunctionBodies)) }] });
      continue;
    }
    const clause = statement.namedChildren.find((child) => child.type === 'export_clause');
    const namespace = statement.namedChildren.find((child) => child.type === 'namespace_export');
    if (clause) {
      for (const specifier of clause.namedChildren) {
        if (specifier.type !== 'export_specifier') continue;
        const name = specifier.childForFieldName('name')?.text;
        if (name === undefined) continue;
        const exported = specifier.childForFieldName('alias')?.text ?? name;
        exports.push(source === undefined ? { type: 'local', exported, local: name } : { type: 'from', exported, source, name });
      }
    } else if (namespace && source !== undefined) {
      const exported = namespace.namedChildren[namespace.namedChildren.length - 1]?.text;
      if (exported !== undefined) exports.push({ type: 'namespace', exported, source });
    } else if (source !== undefined) {
      exports.push({ type: 'star', source });
    }
  }
  return { locals, imports, exports };
}

/** The unquoted module specifier of an `import`/`export … from`, if any. */
function moduleSpecifier(statement: SyntaxNode): string | undefined {
  const source = statement.childForFieldName('source');
  if (!source) return undefined;
  return source.namedChildren.filter((part) => part.type === 'string_fragment').map((part) => part.text).join('');
}

function importBindings(statement: SyntaxNode, out: Map<string, { source: string; name: string }>): void {
  const source = moduleSpecifier(statement);
  const clause = statement.namedChildren.find((child) => child.type === 'import_clause');
  if (source === undefined || !clause) return;
  for (const part of clause.namedChildren) {
    if (part.type === 'identifier') out.set(part.text, { source, name: 'default' });
    else if (part.type === 'namespace_import') {
      const local = part.namedChildren[part.namedChildren.length - 1]?.text;
      if (local !== undefined) out.set(local, { source, name: '*' });
    } else if (part.type === 'named_imports') {
      for (const specifier of part.namedChildren) {
        if (specifier.type !== 'import_specifier') continue;
        const name = specifier.childForFieldName('name')?.text;
        if (name === undefined) continue;
        out.set(specifier.childForFieldName('alias')?.text ?? name, { source, name });
      }
    }
  }
}

/** The names a top-level declaration binds, each with its symbols. */
function declarationSymbols(node: SyntaxNode, prefix: readonly string[] = []): Array<[string, LocalSymbol[]]> {
  const name = node.childForFieldName('name')?.text;
  const whole = (kind: string): Array<[string, LocalSymbol[]]> =>
    name === undefined ? [] : [[name, [{ suffix: '', kind, text: tokenText([...prefix, ...signatureTokens(node, cutFunctionBodies)]) }]]];
  switch (node.type) {
    case 'function_declaration':
    case 'generator_function_declaration':
    case 'function_signature':
      return whole('function');
    case 'interface_declaration':
      return whole('interface');
    case 'type_alias_declaration':
      return whole('type');
    case 'enum_declaration':
      return whole('enum');
    case 'internal_module':
    case 'module':
      return whole('namespace');
    case 'class_declaration':
    case 'abstract_class_declaration':
      return name === undefined ? [] : [[name, classSymbols(node, prefix)]];
    case 'lexical_declaration':
    case 'variable_declaration': {
      const keyword = node.children[0]?.text ?? 'const';
      return node.namedChildren
        .filter((declarator) => declarator.type === 'variable_declarator')
        .flatMap((declarator): Array<[string, LocalSymbol[]]> => {
          const bound = declarator.childForFieldName('name');
          if (!bound || bound.type !== 'identifier') return [];
          const typed = declarator.childForFieldName('type') !== null;
          const value = declarator.childForFieldName('value');
          const kind = value && FUNCTION_LIKE.has(value.type) ? 'function' : 'variable';
          const tokens = signatureTokens(declarator, (child, field) => (typed && field === 'value' ? [] : cutFunctionBodies(child, field)));
          return [[bound.text, [{ suffix: '', kind, text: tokenText([...prefix, keyword, ...tokens]) }]]];
        });
    }
    case 'ambient_declaration': {
      const inner = node.namedChildren.find((child) => child.type !== 'comment');
      return inner ? declarationSymbols(inner, [...prefix, 'declare']) : [];
    }
    default:
      return [];
  }
}

function classSymbols(node: SyntaxNode, prefix: readonly string[]): LocalSymbol[] {
  const body = node.childForFieldName('body');
  const out: LocalSymbol[] = [
    { suffix: '', kind: 'class', text: tokenText([...prefix, ...signatureTokens(node, (child) => (body && child.id === body.id ? [] : undefined))]) },
  ];
  if (!body) return out;
  let decorators: string[] = [];
  for (const member of body.namedChildren) {
    if (member.type === 'comment') continue;
    if (member.type === 'decorator') {
      decorators.push(...signatureTokens(member));
      continue;
    }
    const pending = decorators;
    decorators = [];
    const nameNode = member.childForFieldName('name');
    const isPrivate =
      member.namedChildren.some((child) => child.type === 'accessibility_modifier' && child.text === 'private') ||
      nameNode?.type === 'private_property_identifier';
    if (isPrivate) continue;
    let kind: string;
    let cut: TokenOverride = cutFunctionBodies;
    switch (member.type) {
      case 'method_definition':
      case 'method_signature':
      case 'abstract_method_signature':
        kind = 'method';
        break;
      case 'public_field_definition': {
        kind = 'property';
        const typed = member.childForFieldName('type') !== null;
        cut = (child, field) => (typed && field === 'value' ? [] : cutFunctionBodies(child, field));
        break;
      }
      case 'index_signature':
        kind = 'index';
        break;
      default:
        continue;
    }
    const memberName = nameNode ? nameNode.text : `[${member.type}]`;
    out.push({ suffix: `.${memberName}`, kind, text: tokenText([...pending, ...signatureTokens(member, cut)]) });
  }
  return out;
}
