import type { SyntaxNode } from '@driftgate/syntax';
import type { FoundSymbol } from './signatures-found-symbol.js';
import { type TokenOverride, signatureTokens, tokenText } from './signatures-tokens.js';

/** What a Rust file offers: its `pub` items, and the out-of-line modules it declares (`mod x;`). */
export interface RustFileSurface {
  readonly symbols: FoundSymbol[];
  /** Names of `mod x;` declarations, in document order, except `#[cfg(test)]` ones. */
  readonly modules: readonly string[];
}

/**
 * The `pub` surface of one Rust file (visibility exactly `pub`; `pub(crate)` and narrower are not
 * API, nor are `#[doc(hidden)]` items). Each item's text starts with its attributes:
 * - `fn` without its body; `struct` / `union` with only their `pub` fields (a private tuple field
 *   stays as `_`, since positions are API); `enum`, `type`, `const` (with its value) whole;
 *   `static` without its initializer; `pub use` re-exports; exported `macro_rules!`;
 * - a `trait` as its header, and each of its items as `Trait.item` (default bodies cut);
 * - an inherent `impl`'s `pub` fns and consts as `Type.item`, their text prefixed by the impl's
 *   header (`impl < T : Clone > Stack < T > :: pub fn new ( ) -> Self`), so bounds count;
 * - a trait `impl` as one symbol named by its header (`impl Display for Point`);
 * - an inline `pub mod m { … }`'s items as `m.item`.
 */
export function rustFileSurface(root: SyntaxNode): RustFileSurface {
  const symbols: FoundSymbol[] = [];
  const modules: string[] = [];
  scope(root, '', symbols, modules);
  return { symbols, modules };
}

const FUNCTION_BODY_CUT: TokenOverride = (node, field) => (field === 'body' && node.type === 'block' ? [] : undefined);

function isPub(item: SyntaxNode): boolean {
  return item.namedChildren.some((child) => child.type === 'visibility_modifier' && child.text === 'pub');
}

const compact = (attribute: SyntaxNode): string => attribute.text.replace(/\s+/g, '');

/** The named items of a block, comments skipped, each with the outer attributes written before it. */
function* itemsWithAttributes(container: SyntaxNode): Generator<{ item: SyntaxNode; attrs: SyntaxNode[] }> {
  let attributes: SyntaxNode[] = [];
  for (const item of container.namedChildren) {
    if (item.type === 'line_comment' || item.type === 'block_comment') continue;
    if (item.type === 'attribute_item') {
      attributes.push(item);
      continue;
    }
    yield { item, attrs: attributes };
    attributes = [];
  }
}

/** Walks the items of a file or inline module, each with the attributes written before it. */
function scope(container: SyntaxNode, prefix: string, out: FoundSymbol[], modules: string[] | undefined): void {
  for (const { item, attrs } of itemsWithAttributes(container)) {
    if (attrs.some((a) => compact(a) === '#[doc(hidden)]')) continue;
    const head = attrs.flatMap((a) => signatureTokens(a));
    const name = item.childForFieldName('name')?.text;
    const add = (symbolName: string, kind: string, tokens: readonly string[]): void => {
      out.push({ name: `${prefix}${symbolName}`, kind, text: tokenText([...head, ...tokens]) });
    };
    switch (item.type) {
      case 'mod_item': {
        const body = item.childForFieldName('body');
        if (!body) {
          if (modules && name !== undefined && !attrs.some((a) => compact(a) === '#[cfg(test)]')) modules.push(name);
        } else if (isPub(item) && name !== undefined) {
          scope(body, `${prefix}${name}.`, out, undefined);
        }
        break;
      }
      case 'impl_item':
        implSymbols(item, head, prefix, out);
        break;
      case 'macro_definition':
        if (name !== undefined && attrs.some((a) => compact(a).startsWith('#[macro_export'))) add(`${name}!`, 'macro', signatureTokens(item));
        break;
      default:
        if (!isPub(item)) break;
        itemSymbols(item, name, add, out, prefix);
    }
  }
}

function itemSymbols(
  item: SyntaxNode,
  name: string | undefined,
  add: (name: string, kind: string, tokens: readonly string[]) => void,
  out: FoundSymbol[],
  prefix: string,
): void {
  switch (item.type) {
    case 'function_item':
    case 'function_signature_item':
      if (name !== undefined) add(name, 'function', signatureTokens(item, FUNCTION_BODY_CUT));
      break;
    case 'struct_item':
    case 'union_item':
      if (name !== undefined) add(name, item.type === 'struct_item' ? 'struct' : 'union', signatureTokens(item, pubFieldsOnly));
      break;
    case 'enum_item':
    case 'type_item':
    case 'const_item':
      if (name !== undefined) add(name, item.type.replace(/_item$/, ''), signatureTokens(item));
      break;
    case 'static_item':
      if (name !== undefined) add(name, 'static', signatureTokens(item, (node, field) => (field === 'value' || node.type === '=' ? [] : undefined)));
      break;
    case 'use_declaration': {
      const argument = item.childForFieldName('argument');
      if (argument) add(`use ${signatureTokens(argument).join('')}`, 'use', signatureTokens(item));
      break;
    }
    case 'trait_item': {
      if (name === undefined) break;
      const body = item.childForFieldName('body');
      add(name, 'trait', signatureTokens(item, (node) => (body && node.id === body.id ? [] : undefined)));
      if (body) members(body, `${prefix}${name}.`, [], out, () => true);
      break;
    }
    default:
      break;
  }
}

/** The items of a trait or an `impl` block that pass `keep`, each as `<prefix><name>`. */
function members(body: SyntaxNode, prefix: string, header: readonly string[], out: FoundSymbol[], keep: (item: SyntaxNode) => boolean): void {
  for (const { item, attrs } of itemsWithAttributes(body)) {
    const name = item.childForFieldName('name')?.text;
    if (name === undefined || !keep(item) || attrs.some((a) => compact(a) === '#[doc(hidden)]')) continue;
    const kind =
      item.type === 'function_item' || item.type === 'function_signature_item'
        ? 'method'
        : item.type === 'associated_type' || item.type === 'type_item'
          ? 'type'
          : item.type === 'const_item'
            ? 'const'
            : undefined;
    if (kind === undefined) continue;
    const tokens = [...(header.length > 0 ? [...header, '::'] : []), ...attrs.flatMap((a) => signatureTokens(a)), ...signatureTokens(item, FUNCTION_BODY_CUT)];
    out.push({ name: `${prefix}${name}`, kind, text: tokenText(tokens) });
  }
}

function implSymbols(item: SyntaxNode, head: readonly string[], prefix: string, out: FoundSymbol[]): void {
  const body = item.childForFieldName('body');
  const header = signatureTokens(item, (node) => (body && node.id === body.id ? [] : undefined));
  if (item.childForFieldName('trait')) {
    const trait = item.childForFieldName('trait')!;
    const self = item.childForFieldName('type')!;
    out.push({ name: `${prefix}impl ${signatureTokens(trait).join('')} for ${signatureTokens(self).join('')}`, kind: 'impl', text: tokenText([...head, ...header]) });
    return;
  }
  const typeName = implTypeName(item.childForFieldName('type'));
  if (!body || typeName === undefined) return;
  members(body, `${prefix}${typeName}.`, [...head, ...header], out, isPub);
}

/** `Stack` of `impl<T> Stack<T>`, `Point` of `impl geo::Point`. */
function implTypeName(type: SyntaxNode | null): string | undefined {
  let node = type ?? undefined;
  if (node?.type === 'generic_type') node = node.childForFieldName('type') ?? undefined;
  if (node?.type === 'scoped_type_identifier') node = node.childForFieldName('name') ?? undefined;
  return node ? signatureTokens(node).join('') : undefined;
}

/** A struct's fields with only the `pub` ones kept; private tuple fields stay as `_`. */
const pubFieldsOnly: TokenOverride = (node) => {
  if (node.type === 'field_declaration_list') {
    const tokens: string[] = ['{'];
    let attributes: string[] = [];
    for (const field of node.namedChildren) {
      if (field.type === 'attribute_item') {
        attributes.push(...signatureTokens(field));
        continue;
      }
      if (field.type !== 'field_declaration') continue;
      if (isPub(field)) tokens.push(...attributes, ...signatureTokens(field), ',');
      attributes = [];
    }
    tokens.push('}');
    return tokens;
  }
  if (node.type === 'ordered_field_declaration_list') {
    const tokens: string[] = ['('];
    let pub = false;
    let attributes: string[] = [];
    for (const part of node.namedChildren) {
      if (part.type === 'line_comment' || part.type === 'block_comment') continue;
      if (part.type === 'attribute_item') attributes.push(...signatureTokens(part));
      else if (part.type === 'visibility_modifier') pub = part.text === 'pub';
      else {
        tokens.push(...(pub ? [...attributes, 'pub', ...signatureTokens(part)] : ['_']), ',');
        pub = false;
        attributes = [];
      }
    }
    tokens.push(')');
    return tokens;
  }
  return undefined;
};
