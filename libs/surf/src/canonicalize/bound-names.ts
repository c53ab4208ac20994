import type { SyntaxCursor } from '@driftgate/syntax';
import type { ReferenceFamily } from '@driftgate/syntax';

/**
 * The v2 bound set (spec §5.3): names a span binds itself — its own name, parameters, locals,
 * loop and destructuring binders. Only these are alpha-renamed under v2. Binding is by text and
 * scope-insensitive; a position not positively recognised as a binding stays free (fail closed).
 *
 * The canonicalizer collects the set in its own cursor walk (see `canonicalTokens`): each
 * action starts and ends on the node it was called for, so no Node objects or extra cursors are
 * created on this hot path.
 */

/** Runs at a node with the cursor on it; must leave the cursor on that node. */
export type BindAction = (cursor: SyntaxCursor, text: string, out: Set<string>) => void;

const bindName: BindAction = (c, text, out) => bindFieldText(c, 'name', text, out);
const harvestPattern: BindAction = (c, text, out) => harvestField(c, 'pattern', text, out);
const harvestLeft: BindAction = (c, text, out) => harvestField(c, 'left', text, out);
const harvestParameter: BindAction = (c, text, out) => harvestField(c, 'parameter', text, out);
const harvestName: BindAction = (c, text, out) => harvestField(c, 'name', text, out);

const harvestNamedChildren: BindAction = (c, text, out) => {
  if (!c.gotoFirstChild()) return;
  do {
    if (c.nodeIsNamed) harvest(c, text, out);
  } while (c.gotoNextSibling());
  c.gotoParent();
};

/** A default's value is a free expression, so only the parameter name binds. */
const bindPythonParameters: BindAction = (c, text, out) => {
  if (!c.gotoFirstChild()) return;
  do {
    if (!c.nodeIsNamed) continue;
    const kind = c.nodeType;
    if (kind === 'default_parameter' || kind === 'typed_default_parameter') bindFieldText(c, 'name', text, out);
    else harvest(c, text, out);
  } while (c.gotoNextSibling());
  c.gotoParent();
};

const BIND_HERE: Readonly<Record<ReferenceFamily, ReadonlyMap<string, BindAction>>> = {
  rust: new Map<string, BindAction>([
    ['function_item', bindName],
    ['function_signature_item', bindName],
    ['parameter', harvestPattern],
    ['let_declaration', harvestPattern],
    ['for_expression', harvestPattern],
    ['let_condition', harvestPattern],
    ['closure_parameters', harvestNamedChildren],
    ['type_parameters', harvestNamedChildren],
  ]),
  typescript: new Map<string, BindAction>([
    ['function_declaration', bindName],
    ['generator_function_declaration', bindName],
    ['function_signature', bindName],
    ['method_definition', bindName],
    ['method_signature', bindName],
    ['abstract_method_signature', bindName],
    ['required_parameter', harvestPattern],
    ['optional_parameter', harvestPattern],
    ['variable_declarator', harvestName],
    // A single bare parameter; parenthesised ones are required_parameter nodes.
    ['arrow_function', harvestParameter],
    ['for_in_statement', harvestLeft],
    ['catch_clause', harvestParameter],
    ['type_parameters', harvestNamedChildren],
  ]),
  python: new Map<string, BindAction>([
    ['function_definition', bindName],
    ['parameters', bindPythonParameters],
    ['lambda_parameters', bindPythonParameters],
    ['assignment', harvestLeft],
    ['augmented_assignment', harvestLeft],
    ['for_statement', harvestLeft],
    ['for_in_clause', harvestLeft],
    ['as_pattern_target', (c, text, out) => harvest(c, text, out)],
  ]),
  go: new Map<string, BindAction>([
    ['function_declaration', bindName],
    ['method_declaration', bindName],
    ['var_spec', bindName],
    ['const_spec', bindName],
    ['type_parameter_declaration', bindName],
    ['parameter_declaration', bindName],
    ['variadic_parameter_declaration', bindName],
    ['short_var_declaration', harvestLeft],
    ['range_clause', harvestLeft],
  ]),
};

/** Adds the full text of every child attached to `field` (all of them: `a, b int` binds both). */
function bindFieldText(c: SyntaxCursor, field: string, text: string, out: Set<string>): void {
  if (!c.gotoFirstChild()) return;
  do {
    if (c.currentFieldName === field) out.add(text.slice(c.startIndex, c.endIndex));
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** Harvests every child attached to `field`. */
function harvestField(c: SyntaxCursor, field: string, text: string, out: Set<string>): void {
  if (!c.gotoFirstChild()) return;
  do {
    if (c.currentFieldName === field) harvest(c, text, out);
  } while (c.gotoNextSibling());
  c.gotoParent();
}

const HARVEST_STOP: ReadonlySet<string> = new Set([
  'scoped_identifier',
  'scoped_type_identifier',
  'attribute',
  'member_expression',
  'selector_expression',
  'field_expression',
]);
const HARVEST_LEAF: ReadonlySet<string> = new Set([
  'identifier',
  'type_identifier',
  'shorthand_field_identifier',
  'shorthand_property_identifier_pattern',
]);

/**
 * Binding identifiers of a pattern: leaves are bound; member and path accesses are not; the
 * `type:` child (the first one, the child `childForFieldName('type')` finds) is skipped.
 */
function harvest(c: SyntaxCursor, text: string, out: Set<string>): void {
  const kind = c.nodeType;
  if (HARVEST_STOP.has(kind)) return;
  if (HARVEST_LEAF.has(kind)) {
    out.add(text.slice(c.startIndex, c.endIndex));
    return;
  }
  if (!c.gotoFirstChild()) return;
  let typeSkipped = false;
  do {
    if (!typeSkipped && c.currentFieldName === 'type') {
      typeSkipped = true;
      continue;
    }
    harvest(c, text, out);
  } while (c.gotoNextSibling());
  c.gotoParent();
}

/** The binding actions of a family, by node kind. */
export type BindTable = ReadonlyMap<string, BindAction>;

export function bindTable(family: ReferenceFamily): BindTable {
  return BIND_HERE[family];
}

/**
 * Applies the binding actions to the subtree at the cursor (the node itself included) and
 * returns the cursor to that node.
 */
export function bindSubtree(cursor: SyntaxCursor, table: BindTable, text: string, out: Set<string>): void {
  let depth = 0;
  for (;;) {
    table.get(cursor.nodeType)?.(cursor, text, out);
    if (cursor.gotoFirstChild()) {
      depth++;
      continue;
    }
    for (;;) {
      if (depth === 0) return;
      if (cursor.gotoNextSibling()) break;
      cursor.gotoParent();
      depth--;
    }
  }
}
