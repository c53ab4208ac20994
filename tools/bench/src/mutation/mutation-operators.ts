import type { Family, ParsedFile } from '@driftgate/surf';
import type { Rng } from '../rng.js';
import { type SyntaxNode, type TextEdit, type TextRange, insideComment } from './span-nodes.js';

/** The families of one-token logic edits the campaign applies. */
export type MutationKind = 'operator' | 'number' | 'string' | 'call-target' | 'boolean' | 'delete-statement';

/** Every mutation kind, in report order. */
export const MUTATION_KINDS: readonly MutationKind[] = ['operator', 'number', 'string', 'call-target', 'boolean', 'delete-statement'];

/** One logic edit of the source text. */
export interface Mutation extends TextEdit {
  readonly kind: MutationKind;
  /** What kind of site it hit, for the report: `+ → -`, `string/escape`, `python block`, … */
  readonly detail: string;
  /**
   * When set, the re-parsed file must hold a leaf with exactly this text at `start`, or the edit
   * re-tokenized its neighbours (`a * *b` → `a / *b` opens a comment) and is not a one-token edit.
   */
  readonly expectLeaf?: string;
}

const SWAPS: ReadonlyMap<string, string> = new Map([
  ['+', '-'],
  ['-', '+'],
  ['*', '/'],
  ['/', '*'],
  ['==', '!='],
  ['!=', '=='],
  ['===', '!=='],
  ['!==', '==='],
  ['<', '<='],
  ['<=', '<'],
  ['>', '>='],
  ['>=', '>'],
  ['&&', '||'],
  ['||', '&&'],
  ['and', 'or'],
  ['or', 'and'],
  ['&', '|'],
  ['|', '&'],
  ['<<', '>>'],
  ['>>', '<<'],
  ['+=', '-='],
  ['-=', '+='],
  ['%', '/'],
  ['**', '*'],
  ['//', '/'],
  ['??', '||'],
  ['^', '&'],
  ['++', '--'],
  ['--', '++'],
]);

/**
 * Parents whose operator child is a real binary or compound-assignment operator. Without this,
 * `<` of a generic, `|` of a union type, `*` of a Python splat or `||` of a Rust closure would be
 * "swapped" into something that is not the edit the operator means.
 */
const OPERATOR_PARENTS: Readonly<Record<Family, ReadonlySet<string>>> = {
  python: new Set(['binary_operator', 'comparison_operator', 'boolean_operator', 'augmented_assignment']),
  typescript: new Set(['binary_expression', 'augmented_assignment_expression', 'update_expression']),
  go: new Set(['binary_expression', 'assignment_statement', 'inc_statement', 'dec_statement']),
  rust: new Set(['binary_expression', 'compound_assignment_expr']),
  java: new Set(['binary_expression', 'assignment_expression', 'update_expression']),
};

const NUMBER_KINDS: ReadonlySet<string> = new Set([
  'integer',
  'float',
  'number',
  'int_literal',
  'float_literal',
  'imaginary_literal',
  'integer_literal',
]);

/** Named leaves holding a string literal's own text (escape sequences are children of some of them). */
const STRING_TEXT_KINDS: ReadonlySet<string> = new Set([
  'string_content',
  'string_fragment',
  'interpreted_string_literal_content',
  'raw_string_literal_content',
  'escape_sequence',
]);

/** Literal nodes a string-text leaf belongs to. */
const STRING_LITERAL_KINDS: ReadonlySet<string> = new Set([
  'string',
  'template_string',
  'interpreted_string_literal',
  'raw_string_literal',
  'string_literal',
]);

/** Statement containers whose statements may be deleted one at a time. */
const BODY_KINDS: Readonly<Record<Family, ReadonlySet<string>>> = {
  python: new Set(['block']),
  typescript: new Set(['statement_block']),
  go: new Set(['statement_list']),
  rust: new Set(['block']),
  java: new Set(['block', 'constructor_body']),
};

/** Statements whose deletion is no logic change (`pass`, `;`, a bare `...`). */
function isNoOpStatement(node: SyntaxNode): boolean {
  if (node.type === 'pass_statement' || node.type === 'empty_statement') return true;
  return node.type === 'expression_statement' && node.namedChildCount === 1 && node.namedChildren[0]?.type === 'ellipsis';
}

function literalOf(node: SyntaxNode): SyntaxNode | undefined {
  for (let at = node.parent; at; at = at.parent) if (STRING_LITERAL_KINDS.has(at.type)) return at;
  return undefined;
}

/** The literal's flavour, so the report shows that escapes, templates and multi-line strings were hit. */
function stringFlavour(literal: SyntaxNode, inEscape: boolean): string {
  const text = literal.text;
  if (inEscape) return 'escape-sequence';
  if (literal.descendantsOfType(['interpolation', 'template_substitution']).length > 0) return 'interpolated';
  if (text.includes('\n')) return 'multi-line';
  if (literal.descendantsOfType('escape_sequence').length > 0) return 'with-escapes';
  if (literal.type === 'raw_string_literal' || /^[rR]/.test(text)) return 'raw';
  return 'plain';
}

const nextLetter = (c: string): string => {
  const code = c.charCodeAt(0);
  if (c >= 'a' && c <= 'z') return String.fromCharCode(((code - 97 + 1) % 26) + 97);
  if (c >= 'A' && c <= 'Z') return String.fromCharCode(((code - 65 + 1) % 26) + 65);
  return String.fromCharCode(((code - 48 + 1) % 10) + 48);
};

/**
 * A one-character change of a string leaf, or undefined. Outside escape sequences a letter or
 * digit moves to the next one; inside an escape only what keeps the escape well-formed changes
 * (`\n` ↔ `\t` ↔ `\r`, an octal-safe digit), so the result is still the same kind of literal.
 */
function stringMutation(leaf: SyntaxNode, text: string, rng: Rng): Mutation | undefined {
  const literal = literalOf(leaf);
  if (!literal) return undefined;
  const escape = leaf.type === 'escape_sequence';
  // Positions covered by escape children of a content leaf belong to the escape, not the text.
  const escapes = escape ? [] : leaf.namedChildren.filter((c) => c.type === 'escape_sequence');
  const positions: number[] = [];
  for (let at = leaf.startIndex + (escape ? 1 : 0); at < leaf.endIndex; at++) {
    const c = text[at]!;
    if (escapes.some((e) => at >= e.startIndex && at < e.endIndex)) continue;
    if (escape ? /[0-7ntr]/.test(c) : /[A-Za-z0-9]/.test(c)) positions.push(at);
  }
  if (positions.length === 0) return undefined;
  const at = rng.pick(positions);
  const c = text[at]!;
  let replacement: string;
  if (escape) {
    replacement = /[0-7]/.test(c) ? String((Number(c) + 1) % 8) : ({ n: 't', t: 'r', r: 'n' } as Record<string, string>)[c]!;
  } else {
    replacement = nextLetter(c);
  }
  return {
    kind: 'string',
    detail: `string/${stringFlavour(literal, escape)}`,
    start: at,
    end: at + 1,
    replacement,
    before: c,
  };
}

/**
 * A one-digit change inside the numeric part of a literal (never its suffix: `1u8` stays a `u8`),
 * keeping the digit valid for the literal's base and never creating a leading zero.
 */
function numberMutation(leaf: SyntaxNode, rng: Rng): Mutation | undefined {
  const text = leaf.text;
  let base = 10;
  let from = 0;
  let digits: RegExp = /[0-9]/;
  let end: number;
  const prefixed = /^0([xXoObB])/.exec(text);
  if (prefixed) {
    const p = prefixed[1]!.toLowerCase();
    // Hexadecimal: only its decimal digits change, each to another decimal digit (still hex).
    base = p === 'x' ? 10 : p === 'o' ? 8 : 2;
    from = 2;
    const part = /^[0-9a-fA-F_]*/.exec(text.slice(2))![0];
    end = 2 + part.length;
    digits = base === 2 ? /[01]/ : base === 8 ? /[0-7]/ : /[0-9]/;
  } else {
    const part = /^[0-9_]*\.?[0-9_]*(?:[eE][+-]?[0-9_]+)?/.exec(text)![0];
    end = part.length;
    // A legacy octal (`0755` in Go or sloppy JavaScript) keeps octal digits.
    if (/^0[0-9_]+$/.test(part)) {
      base = 8;
      digits = /[0-7]/;
    }
  }
  const positions: number[] = [];
  for (let at = from; at < end; at++) if (digits.test(text[at]!)) positions.push(at);
  if (positions.length === 0) return undefined;
  const at = rng.pick(positions);
  const d = Number(text[at]);
  let next = (d + 1 + rng.int(0, base - 2)) % base;
  // No new leading zero: `95` → `05` would change the literal's base in some languages.
  if (at === from && end - from > 1 && /[0-9]/.test(text[at + 1] ?? '') && next === 0) next = d === 1 ? 2 : 1;
  const replaced = text.slice(0, at) + String(next) + text.slice(at + 1);
  return {
    kind: 'number',
    detail: `number/${leaf.type}`,
    start: leaf.startIndex,
    end: leaf.endIndex,
    replacement: replaced,
    before: text,
    expectLeaf: replaced,
  };
}

/** The identifier naming what a call calls: `f` of `f()`, `m` of `a.m()` / `pkg.M()` / `T::m()`. */
function calleeIdentifier(call: SyntaxNode): SyntaxNode | undefined {
  let target = call.childForFieldName('function');
  for (let depth = 0; target && depth < 4; depth++) {
    switch (target.type) {
      case 'identifier':
        return target;
      case 'attribute':
        target = target.childForFieldName('attribute');
        break;
      case 'member_expression':
        target = target.childForFieldName('property');
        break;
      case 'selector_expression':
      case 'field_expression':
        target = target.childForFieldName('field');
        break;
      case 'scoped_identifier':
        target = target.childForFieldName('name');
        break;
      case 'generic_function':
        target = target.childForFieldName('function');
        break;
      case 'property_identifier':
      case 'field_identifier':
        return target;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** Start of the line holding `index`. */
const lineStart = (text: string, index: number): number => text.lastIndexOf('\n', index - 1) + 1;

/**
 * The range to cut when deleting a statement: its whole lines when it has them to itself
 * (Python needs that, and it keeps the other languages tidy), else the node itself — except in
 * Python, where a statement sharing a line with `;` is skipped.
 */
function deletionRange(statement: SyntaxNode, text: string, family: Family): TextRange | undefined {
  const start = lineStart(text, statement.startIndex);
  const ownsStart = text.slice(start, statement.startIndex).trim() === '';
  let end = text.indexOf('\n', statement.endIndex);
  if (end < 0) end = text.length;
  const ownsEnd = text.slice(statement.endIndex, end).trim() === '';
  if (ownsStart && ownsEnd) return { startIndex: start, endIndex: Math.min(end + 1, text.length) };
  if (family === 'python') return undefined;
  return { startIndex: statement.startIndex, endIndex: statement.endIndex };
}

/**
 * Every mutation the campaign could apply inside `span`, grouped by kind. String and number
 * sites get one concrete edit each (a seeded character or digit), so a long string is one site.
 * Only nodes wholly inside the span and outside comments are considered.
 */
export function mutationSites(parsed: ParsedFile, span: TextRange, nodes: readonly SyntaxNode[], rng: Rng): Map<MutationKind, Mutation[]> {
  const { family, text } = parsed;
  const sites = new Map<MutationKind, Mutation[]>(MUTATION_KINDS.map((kind) => [kind, []]));
  const add = (m: Mutation | undefined): void => {
    if (m && m.start >= span.startIndex && m.end <= span.endIndex) sites.get(m.kind)!.push(m);
  };
  for (const node of nodes) {
    if (node.type.includes('comment') || insideComment(node)) continue;
    const type = node.type;
    if (!node.isNamed) {
      const swap = SWAPS.get(type);
      const parent = node.parent;
      if (swap !== undefined && parent && OPERATOR_PARENTS[family].has(parent.type) && node.text === type) {
        add({ kind: 'operator', detail: `${type} → ${swap}`, start: node.startIndex, end: node.endIndex, replacement: swap, before: type, expectLeaf: swap });
      }
      continue;
    }
    if (NUMBER_KINDS.has(type) && node.childCount === 0) {
      add(numberMutation(node, rng));
    } else if (STRING_TEXT_KINDS.has(type)) {
      add(stringMutation(node, text, rng));
    } else if (type === 'call' || type === 'call_expression') {
      const callee = calleeIdentifier(node);
      if (callee && callee.text.length > 0) {
        const renamed = `${callee.text}_x9`;
        add({ kind: 'call-target', detail: `call-target/${callee.type}`, start: callee.startIndex, end: callee.endIndex, replacement: renamed, before: callee.text, expectLeaf: renamed });
      }
    } else if (type === 'true' || type === 'false' || type === 'boolean_literal') {
      const flip: Record<string, string> = { true: 'false', false: 'true', True: 'False', False: 'True' };
      const to = flip[node.text];
      if (to !== undefined) add({ kind: 'boolean', detail: `${node.text} → ${to}`, start: node.startIndex, end: node.endIndex, replacement: to, before: node.text, expectLeaf: to });
    } else if (BODY_KINDS[family].has(type)) {
      const statements = node.namedChildren.filter((c) => !c.type.includes('comment'));
      if (statements.length < 2) continue;
      for (const statement of statements) {
        if (isNoOpStatement(statement)) continue;
        const range = deletionRange(statement, text, family);
        if (!range) continue;
        add({
          kind: 'delete-statement',
          detail: `delete/${statement.type}`,
          start: range.startIndex,
          end: range.endIndex,
          replacement: '',
          before: text.slice(range.startIndex, range.endIndex),
        });
      }
    }
  }
  return sites;
}

/** Applies an edit to a text. */
export function applyEdit(text: string, edit: { readonly start: number; readonly end: number; readonly replacement: string }): string {
  return text.slice(0, edit.start) + edit.replacement + text.slice(edit.end);
}
