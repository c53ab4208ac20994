import type { SyntaxNode } from '@driftgate/syntax';
import type { FoundSymbol } from './signatures-found-symbol.js';
import { type TokenOverride, signatureTokens, tokenText } from './signatures-tokens.js';

/** Exported in Go: the name starts with an upper-case letter. */
export function isExportedGoName(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

/**
 * The exported surface of one Go file:
 * - functions (`func F ( a int ) error`) and methods of exported types as `Type.Method`, bodies cut;
 * - types, whole: a struct keeps its exported fields (and embedded exported types) with their tags,
 *   unexported fields drop out; an interface keeps every element, since its method set decides
 *   who can implement it;
 * - consts with type and value (an implicit value repeats the group's last one; one that uses
 *   `iota` records its position, `@2`), vars with their type only (the initializer is behaviour).
 */
export function goFileSurface(root: SyntaxNode): FoundSymbol[] {
  const out: FoundSymbol[] = [];
  for (const node of root.namedChildren) {
    switch (node.type) {
      case 'function_declaration': {
        const name = node.childForFieldName('name')?.text;
        if (name !== undefined && isExportedGoName(name)) out.push({ name, kind: 'function', text: withoutBody(node) });
        break;
      }
      case 'method_declaration': {
        const name = node.childForFieldName('name')?.text;
        const receiver = receiverTypeName(node);
        if (name !== undefined && receiver !== undefined && isExportedGoName(name) && isExportedGoName(receiver)) {
          out.push({ name: `${receiver}.${name}`, kind: 'method', text: withoutBody(node) });
        }
        break;
      }
      case 'type_declaration':
        for (const spec of node.namedChildren) {
          if (spec.type !== 'type_spec' && spec.type !== 'type_alias') continue;
          const name = spec.childForFieldName('name')?.text;
          if (name === undefined || !isExportedGoName(name)) continue;
          out.push({ name, kind: 'type', text: tokenText(['type', ...signatureTokens(spec, exportedFieldsOnly)]) });
        }
        break;
      case 'const_declaration':
        constSymbols(node, out);
        break;
      case 'var_declaration':
        for (const spec of specsOf(node, 'var_spec')) {
          const typeNode = spec.childForFieldName('type');
          const type = typeNode ? signatureTokens(typeNode, exportedFieldsOnly) : [];
          for (const name of spec.childrenForFieldName('name').map((n) => n.text)) {
            if (isExportedGoName(name)) out.push({ name, kind: 'var', text: tokenText(['var', name, ...type]) });
          }
        }
        break;
      default:
        break;
    }
  }
  return out;
}

function withoutBody(node: SyntaxNode): string {
  const body = node.childForFieldName('body');
  return tokenText(signatureTokens(node, (child) => (body !== null && child.id === body.id ? [] : exportedFieldsOnly(child, null))));
}

/** Specs of a declaration, whether written alone (`var x int`) or as a group (`var ( … )`). */
function specsOf(declaration: SyntaxNode, type: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const child of declaration.namedChildren) {
    if (child.type === type) out.push(child);
    else if (child.type === `${type}_list`) out.push(...child.namedChildren.filter((n) => n.type === type));
  }
  return out;
}

function constSymbols(declaration: SyntaxNode, out: FoundSymbol[]): void {
  let inherited: string[] = [];
  specsOf(declaration, 'const_spec').forEach((spec, index) => {
    const typeNode = spec.childForFieldName('type');
    const valueNode = spec.childForFieldName('value');
    if (valueNode) inherited = [...(typeNode ? signatureTokens(typeNode) : []), '=', ...signatureTokens(valueNode)];
    const position = inherited.includes('iota') ? [`@${index}`] : [];
    for (const name of spec.childrenForFieldName('name').map((n) => n.text)) {
      if (isExportedGoName(name)) out.push({ name, kind: 'const', text: tokenText(['const', name, ...inherited, ...position]) });
    }
  });
}

/** The receiver's base type name: `T` of `(t *T)`, `(T)`, `(t *T[K])`. */
function receiverTypeName(method: SyntaxNode): string | undefined {
  const parameter = method.childForFieldName('receiver')?.namedChildren.find((n) => n.type === 'parameter_declaration');
  let type = parameter?.childForFieldName('type') ?? undefined;
  while (type && (type.type === 'pointer_type' || type.type === 'parenthesized_type')) type = type.namedChildren[type.namedChildren.length - 1];
  if (type?.type === 'generic_type') type = type.childForFieldName('type') ?? undefined;
  return type?.type === 'type_identifier' ? type.text : undefined;
}

/** The name an embedded field is known by: `Reader` of `io.Reader`, `Foo` of `*Foo` / `Foo[T]`. */
function embeddedName(type: SyntaxNode | null): string | undefined {
  let node = type ?? undefined;
  if (node?.type === 'generic_type') node = node.childForFieldName('type') ?? undefined;
  if (node?.type === 'qualified_type') node = node.childForFieldName('name') ?? undefined;
  return node?.text;
}

/** Reads a struct's field list with its unexported fields left out (nested anonymous structs too). */
const exportedFieldsOnly: TokenOverride = (node) => {
  if (node.type !== 'field_declaration_list') return undefined;
  const tokens: string[] = ['{'];
  for (const field of node.namedChildren) {
    if (field.type !== 'field_declaration') continue;
    const type = field.childForFieldName('type');
    const tag = field.childForFieldName('tag');
    const names = field.childrenForFieldName('name').map((n) => n.text);
    if (names.length === 0) {
      const embedded = embeddedName(type);
      if (embedded !== undefined && isExportedGoName(embedded)) tokens.push(...signatureTokens(field, exportedFieldsOnly), ';');
      continue;
    }
    const exported = names.filter(isExportedGoName);
    if (exported.length === 0) continue;
    exported.forEach((name, i) => tokens.push(...(i > 0 ? [','] : []), name));
    if (type) tokens.push(...signatureTokens(type, exportedFieldsOnly));
    if (tag) tokens.push(tag.text);
    tokens.push(';');
  }
  tokens.push('}');
  return tokens;
};
