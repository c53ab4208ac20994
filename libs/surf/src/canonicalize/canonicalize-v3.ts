import type { Node } from 'web-tree-sitter';
import { type Family, walkFrom } from '@driftgate/syntax';
import { nodeKinds } from './node-kinds.js';
import { IDENT_KINDS, STRING_KINDS } from './token-kinds.js';
import { type BindContext, type ScopeKind, scopeRules } from './scoped-binders.js';

/**
 * Recipe 3's token stream. The walk is v2's (depth-first pre-order over all children, comments
 * dropped, anonymous tokens by kind, named leaves as `kind:text`), with the holes v2 inherited from
 * the reference closed:
 *
 * - Literal text is complete: text inside a node that no child covers (Python `string_content`
 *   around escape sequences, f-string format specs, a Rust repetition separator in `macro_rules!`)
 *   is emitted as a `~text` token — verbatim inside literals, with whitespace removed elsewhere —
 *   and an anonymous token whose text differs from its kind (`b"` aliased to `"`) emits its text.
 * - CRLF is LF in every emitted text, so a `core.autocrlf=true` checkout hashes the same, and a
 *   Python backslash line continuation outside literals is layout (dropped, like whitespace).
 * - Identifiers are placeholders only when bound in an enclosing scope (scoped-binders.ts);
 *   member names (`.x`, object and struct keys, keyword-argument names, the last segment of a
 *   path) are always verbatim, except the span's own name.
 */

/** Kinds whose subtree is literal text: uncovered text in them is kept verbatim. */
const LITERAL_KINDS: Readonly<Record<Family, ReadonlySet<string>>> = {
  rust: new Set(['string_literal', 'raw_string_literal', 'char_literal']),
  typescript: new Set(['string', 'template_string', 'regex', 'jsx_text']),
  python: new Set(['string', 'format_specifier']),
  go: new Set(['interpreted_string_literal', 'raw_string_literal', 'rune_literal']),
  java: new Set(['string_literal', 'character_literal']),
};

/** Code inside a literal (interpolations): back to code rules. */
const CODE_IN_LITERAL: ReadonlySet<string> = new Set(['interpolation', 'format_expression', 'template_substitution']);



/** Identifier kinds that always name a member, never a lexical variable. */
const MEMBER_KINDS: Readonly<Record<Family, ReadonlySet<string>>> = {
  rust: new Set(['field_identifier']),
  typescript: new Set(['property_identifier', 'private_property_identifier']),
  python: new Set(),
  go: new Set(['field_identifier']),
  // Java has one identifier kind for every name; its member positions are listed below.
  java: new Set(),
};

/** `parent kind\0field` positions whose identifier is a member or namespace name, never a variable. */
const MEMBER_POSITIONS: Readonly<Record<Family, ReadonlySet<string>>> = {
  rust: new Set(['scoped_identifier\0name', 'scoped_type_identifier\0name']),
  typescript: new Set(['nested_type_identifier\0name', 'member_expression\0property']),
  python: new Set(['attribute\0attribute', 'keyword_argument\0name']),
  go: new Set(['qualified_type\0name', 'selector_expression\0field']),
  // `a.b`, `x.m()` and a bare `m()` (methods are their own namespace: no local can be called),
  // `pkg.Type` in a name, an annotation argument's key (`@A(value = 1)`).
  java: new Set(['field_access\0field', 'method_invocation\0name', 'scoped_identifier\0name', 'element_value_pair\0key']),
};

/** Space, tab, LF, CR. */
const WHITESPACE_CODE: ReadonlySet<number> = new Set([0x20, 0x09, 0x0a, 0x0d]);

const crlf = (s: string): string => (s.includes('\r\n') ? s.replace(/\r\n/g, '\n') : s);

/**
 * Source text [from, to) with CRLF as LF, also where the CR and its LF fall into two tokens:
 * tree-sitter-rust puts `\` + CR of a string line continuation into the escape sequence and the
 * LF into the next string content. The LF joins the CR's token there, as on an LF checkout.
 */
function sourceText(text: string, from: number, to: number): string {
  let start = from;
  let end = to;
  if (start < end && start > 0 && text.charCodeAt(start) === 0x0a && text.charCodeAt(start - 1) === 0x0d) start++;
  if (end > start && text.charCodeAt(end - 1) === 0x0d && text.charCodeAt(end) === 0x0a) end++;
  return crlf(text.slice(start, end));
}

/**
 * Nodes the grammars produce on a CRLF checkout but not on the LF one:
 * - JSX text that is only layout: tree-sitter's JSX scanner drops whitespace that starts at a line
 *   break, but a CR before the LF counts as text to it. The node is dropped when the scanner
 *   would have dropped its LF form (JSX drops such whitespace when compiling, too).
 * - The lone LF of a CRLF whose CR ended the previous token (a Rust `\` line continuation right
 *   before a string's closing quote leaves an empty string content after the joined escape).
 */
function crlfOnlyNode(kind: string, text: string, start: number, end: number): boolean {
  if (end - start === 1 && text.charCodeAt(start) === 0x0a && start > 0 && text.charCodeAt(start - 1) === 0x0d) {
    return kind === 'string_content';
  }
  if (kind !== 'jsx_text') return false;
  const raw = text.slice(start, end);
  return raw.includes('\r') && !jsxScannerKeeps(crlf(raw));
}

/** tree-sitter-typescript's `scan_jsx_text` rule: text that is not whitespace led by a line break. */
function jsxScannerKeeps(value: string): boolean {
  let atNewline = false;
  for (const ch of value) {
    if (ch === '\n') {
      atNewline = true;
      continue;
    }
    atNewline &&= /\s/.test(ch);
    if (!atNewline) return true;
  }
  return false;
}

/** Outside literals only visible characters count: a line continuation or spacing never does. */
const codeGap = (s: string): string => s.replace(/\\\r?\n/g, '').replace(/\s+/g, '');

interface Scope {
  readonly parent: number;
  readonly kind: ScopeKind;
  readonly names: Set<string>;
  /** Python `global` / `nonlocal` names: never declared here. */
  readonly external: Set<string>;
}

/**
 * The recipe-3 canonical token stream of one site: `nodes` in order (a Python overload group, or
 * an item with its attributes, decorators and modifiers), sharing one root scope and one
 * placeholder map. Each node's own `name` child counts as the span's own name.
 */
export function canonicalTokensV3(
  nodes: readonly Node[],
  family: Family,
  text: string,
  ignoreLiterals: boolean,
): string[] {
  const rules = scopeRules(family);
  const literalKinds = LITERAL_KINDS[family];
  const stringKinds = STRING_KINDS[family];
  const identKinds = IDENT_KINDS[family];
  const memberKinds = MEMBER_KINDS[family];
  const memberPositions = MEMBER_POSITIONS[family];
  const memberParents = new Set([...memberPositions].map((p) => p.slice(0, p.indexOf('\0'))));
  const python = family === 'python';
  const goStatementSemicolon = family === 'go';
  const scopes: Scope[] = [{ parent: -1, kind: 'function', names: new Set(), external: new Set() }];
  const declare = (scope: number, name: string): void => {
    const entry = scopes[scope]!;
    // Python class-body names are members (reached as `self.x`), not locals.
    if ((python && entry.kind === 'class') || entry.external.has(name)) return;
    entry.names.add(name);
  };
  // `global` must precede the function's uses of a name (a SyntaxError otherwise), so it is seen
  // before any assignment that would declare it.
  const external = (scope: number, name: string): void => {
    scopes[scope]!.external.add(name);
    scopes[scope]!.names.delete(name);
  };
  /** Start offsets of the span's own name(s): bound even in member form. */
  const ownNames = new Set<number>();

  const out: string[] = [];
  const pendingAt: number[] = [];
  const pendingText: string[] = [];
  const pendingKind: string[] = [];
  const pendingScope: number[] = [];

  for (const root of nodes) {
    const table = nodeKinds(root.tree.language);
    const cursor = walkFrom(root);
    // Per depth of the node being visited's parent: its kind, end of the last child seen, whether
    // it is literal text, the scope inside it and the nearest function scope inside it.
    const kinds: string[] = [];
    const covered: number[] = [];
    const literal: boolean[] = [];
    const scopeAt: number[] = [];
    const fnAt: number[] = [];
    let depth = 0;
    const gap = (from: number, to: number, inLiteral: boolean): void => {
      if (to <= from) return;
      // Fast path: a single space or newline between tokens outside a literal.
      if (!inLiteral && to - from === 1 && WHITESPACE_CODE.has(text.charCodeAt(from))) return;
      const kept = inLiteral ? sourceText(text, from, to) : codeGap(text.slice(from, to));
      if (kept.length > 0) out.push(`~${kept}`);
    };
    const recordOwnName = (): void => {
      // The root's own `name` child: bound, whatever kind of identifier it is.
      if (!cursor.gotoFirstChild()) return;
      do {
        if (cursor.currentFieldName === 'name' && identKinds.has(cursor.nodeType)) ownNames.add(cursor.startIndex);
      } while (cursor.gotoNextSibling());
      cursor.gotoParent();
    };
    try {
      walk: for (;;) {
        // Ids past the table (the ERROR symbol) take the slow path.
        const typeId = cursor.nodeTypeId;
        const known = typeId < table.names.length;
        const kind = known ? table.names[typeId]! : cursor.nodeType;
        const start = cursor.startIndex;
        const end = cursor.endIndex;
        const parentLiteral = depth > 0 && literal[depth - 1]!;
        const current = depth > 0 ? scopeAt[depth - 1]! : 0;
        const fn = depth > 0 ? fnAt[depth - 1]! : 0;
        if (depth > 0) gap(covered[depth - 1]!, start, parentLiteral);
        let descended = false;
        if (kind.includes('comment') || kind === 'line_continuation') {
          // Dropped whole: comments as in v2, and a Python backslash line break, which is layout.
        } else if (crlfOnlyNode(kind, text, start, end)) {
          // A node only a CRLF checkout produces: the LF checkout has none, so neither does the stream.
        } else if (goStatementSemicolon && kind === ';' && depth > 0 && kinds[depth - 1] === 'statement_list') {
          // gofmt turns `a(); b()` into two lines: a statement-ending `;` is layout, like the line break.
        } else if (!(known ? table.named[typeId]! : cursor.nodeIsNamed)) {
          // Outside literals spacing inside a keyword pair (`is  not`, `not\tin`) is layout.
          const raw = parentLiteral ? sourceText(text, start, end) : sourceText(text, start, end).replace(/\s+/g, ' ');
          out.push(raw.trim() === '' || raw === kind ? kind : raw);
        } else if (identKinds.has(kind) && !parentLiteral) {
          const name = text.slice(start, end);
          if (ownNames.has(start)) {
            pendingAt.push(out.length);
            pendingText.push(name);
            pendingKind.push(kind);
            pendingScope.push(-2);
            out.push('');
          } else if (
            memberKinds.has(kind) ||
            (depth > 0 && memberParents.has(kinds[depth - 1]!) && memberPositions.has(`${kinds[depth - 1]}\0${cursor.currentFieldName ?? ''}`))
          ) {
            out.push(`${kind}:${name}`);
          } else {
            pendingAt.push(out.length);
            pendingText.push(name);
            pendingKind.push(kind);
            pendingScope.push(current);
            out.push('');
          }
        } else if (ignoreLiterals && stringKinds.has(kind)) {
          out.push(kind);
        } else {
          const scopeKind = rules.scopes.get(kind);
          let own = current;
          let ownFn = fn;
          if (scopeKind !== undefined) {
            own = scopes.length;
            scopes.push({ parent: current, kind: scopeKind, names: new Set(), external: new Set() });
            if (scopeKind !== 'block') ownFn = own;
          }
          if (depth === 0) recordOwnName();
          const binder = rules.binders.get(kind);
          if (binder) {
            const ctx: BindContext = { current: own, enclosing: current, fn: ownFn, isRoot: depth === 0, declare, external };
            binder(cursor, text, ctx);
          }
          if (cursor.gotoFirstChild()) {
            out.push(kind);
            kinds[depth] = kind;
            covered[depth] = start;
            literal[depth] = parentLiteral ? !CODE_IN_LITERAL.has(kind) : literalKinds.has(kind);
            scopeAt[depth] = own;
            fnAt[depth] = ownFn;
            depth++;
            descended = true;
          } else {
            out.push(`${kind}:${sourceText(text, start, end)}`);
          }
        }
        if (descended) continue;
        if (depth > 0) covered[depth - 1] = end;
        for (;;) {
          if (depth === 0) break walk;
          if (cursor.gotoNextSibling()) break;
          cursor.gotoParent();
          depth--;
          // Text after the last child, up to the parent's end.
          gap(covered[depth]!, cursor.endIndex, literal[depth]!);
          if (depth > 0) covered[depth - 1] = cursor.endIndex;
        }
      }
    } finally {
      cursor.delete();
    }
  }

  const placeholders = new Map<string, number>();
  for (let i = 0; i < pendingAt.length; i++) {
    const name = pendingText[i]!;
    // -2: the span's own name, bound in the root scope.
    const scope = pendingScope[i] === -2 ? 0 : lookup(scopes, pendingScope[i]!, name, python);
    if (scope < 0) {
      out[pendingAt[i]!] = `${pendingKind[i]}:${name}`;
      continue;
    }
    const key = `${scope}\0${name}`;
    let index = placeholders.get(key);
    if (index === undefined) {
      index = placeholders.size;
      placeholders.set(key, index);
    }
    out[pendingAt[i]!] = `#${index}`;
  }
  return out;
}

/** The scope that declares `name` for a read in `scope`, or -1 when the name is free. */
function lookup(scopes: readonly Scope[], scope: number, name: string, python: boolean): number {
  let first = true;
  for (let s = scope; s >= 0; s = scopes[s]!.parent) {
    const entry = scopes[s]!;
    // Python: a class body's names are not visible from the functions inside it.
    if (!(python && entry.kind === 'class' && !first) && entry.names.has(name)) return s;
    first = false;
  }
  return -1;
}
