import type { SyntaxNode } from '@driftgate/syntax';
import type { FoundSymbol } from './signatures-found-symbol.js';
import { cutWhere, signatureTokens, tokenText } from './signatures-tokens.js';

/** What a Python module offers: its public definitions, and the names `__all__` lists, if it has one. */
export interface PythonModuleSurface {
  readonly symbols: FoundSymbol[];
  /** The names of `__all__` in document order, or undefined when the module assigns none. */
  readonly all: readonly string[] | undefined;
  /** `from .x import y [as z]` bindings: local name → the relative module and the imported name. */
  readonly relativeImports: ReadonlyMap<string, { readonly module: string; readonly name: string }>;
}

/** Public by Python's convention: no leading underscore, except dunder names (`__init__`, `__call__`). */
export function isPublicPythonName(name: string): boolean {
  return !name.startsWith('_') || (name.length > 4 && name.startsWith('__') && name.endsWith('__'));
}

/**
 * The public surface of a module: module-level `def` and `class` with a public name (or, when
 * `__all__` is present, exactly the names it lists); of each class, its public methods as
 * `Class.method`, its public nested classes as `Class.Inner` and its public class-level attributes
 * as `Class.attr`. A definition's text is its decorators and header without the body block
 * (`@ cache def f ( x : int = 1 ) -> str :`).
 */
export function pythonModuleSurface(root: SyntaxNode): PythonModuleSurface {
  const all = dunderAll(root);
  const listed = all === undefined ? undefined : new Set(all);
  const symbols: FoundSymbol[] = [];
  for (const child of root.namedChildren) {
    const definition = definitionOf(child);
    if (!definition) continue;
    const name = definition.childForFieldName('name')?.text;
    if (name === undefined) continue;
    if (listed ? !listed.has(name) : !isPublicPythonName(name)) continue;
    collect(child, definition, name, 'function', symbols);
  }
  return { symbols, all, relativeImports: relativeImports(root) };
}

/** The `function_definition` / `class_definition` a statement is (possibly under decorators). */
function definitionOf(node: SyntaxNode): SyntaxNode | undefined {
  if (node.type === 'function_definition' || node.type === 'class_definition') return node;
  if (node.type === 'decorated_definition') {
    const inner = node.childForFieldName('definition');
    if (inner && (inner.type === 'function_definition' || inner.type === 'class_definition')) return inner;
  }
  return undefined;
}

function collect(statement: SyntaxNode, definition: SyntaxNode, name: string, functionKind: string, out: FoundSymbol[]): void {
  const body = definition.childForFieldName('body');
  const text = tokenText(signatureTokens(statement, cutWhere((node) => body !== null && node.id === body.id)));
  if (definition.type === 'function_definition') {
    out.push({ name, kind: functionKind, text });
    return;
  }
  out.push({ name, kind: 'class', text });
  if (!body) return;
  for (const member of body.namedChildren) {
    const attribute = classAttribute(member);
    if (attribute) {
      const attributeName = attribute.childForFieldName('left')!.text;
      if (isPublicPythonName(attributeName)) out.push({ name: `${name}.${attributeName}`, kind: 'attribute', text: tokenText(signatureTokens(attribute)) });
      continue;
    }
    const inner = definitionOf(member);
    if (!inner) continue;
    const memberName = inner.childForFieldName('name')?.text;
    if (memberName === undefined || !isPublicPythonName(memberName)) continue;
    collect(member, inner, `${name}.${memberName}`, 'method', out);
  }
}

/**
 * A class-level `name = value` / `name: type [= value]`: a dataclass's or NamedTuple's fields, an
 * enum's members, class constants. Their values count: a field's default is a constructor default.
 */
function classAttribute(statement: SyntaxNode): SyntaxNode | undefined {
  if (statement.type !== 'expression_statement') return undefined;
  const expression = statement.namedChild(0);
  if (expression?.type !== 'assignment' || expression.childForFieldName('left')?.type !== 'identifier') return undefined;
  return expression;
}

/** The strings of `__all__ = [...]` / `(...)` and `__all__ += [...]`, or undefined without one. */
function dunderAll(root: SyntaxNode): string[] | undefined {
  let names: string[] | undefined;
  for (const statement of root.namedChildren) {
    if (statement.type !== 'expression_statement') continue;
    const expression = statement.namedChild(0);
    if (!expression || (expression.type !== 'assignment' && expression.type !== 'augmented_assignment')) continue;
    if (expression.childForFieldName('left')?.text !== '__all__') continue;
    const right = expression.childForFieldName('right');
    if (!right || (right.type !== 'list' && right.type !== 'tuple')) continue;
    if (expression.type === 'assignment') names = [];
    names ??= [];
    for (const item of right.namedChildren) {
      if (item.type !== 'string') continue;
      const content = item.namedChildren.filter((part) => part.type === 'string_content').map((part) => part.text).join('');
      names.push(content);
    }
  }
  return names;
}

/** `from .x import a, b as c` and `from . import y`: local name → (relative module, name). */
function relativeImports(root: SyntaxNode): Map<string, { module: string; name: string }> {
  const out = new Map<string, { module: string; name: string }>();
  for (const statement of root.namedChildren) {
    if (statement.type !== 'import_from_statement') continue;
    const module = statement.childForFieldName('module_name');
    if (!module || module.type !== 'relative_import') continue;
    for (const imported of statement.childrenForFieldName('name')) {
      if (imported.type === 'dotted_name') out.set(imported.text, { module: module.text, name: imported.text });
      else if (imported.type === 'aliased_import') {
        const name = imported.childForFieldName('name')?.text;
        const alias = imported.childForFieldName('alias')?.text;
        if (name !== undefined && alias !== undefined) out.set(alias, { module: module.text, name });
      }
    }
  }
  return out;
}
