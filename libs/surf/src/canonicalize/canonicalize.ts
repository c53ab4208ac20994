import type { Node } from 'web-tree-sitter';
import { type Family, type ReferenceFamily, isReferenceFamily, walkFrom } from '@driftgate/syntax';
import { bindSubtree, bindTable } from './bound-names.js';
import { canonicalTokensV3 } from './canonicalize-v3.js';
import { nodeKinds } from './node-kinds.js';
import { IDENT_KINDS, STRING_KINDS } from './token-kinds.js';
import type { Recipe } from '../hash/stamp.js';
import { ResolveError } from '../errors.js';

/** How a span is canonicalized. */
export interface CanonicalOptions {
  readonly recipe: Recipe;
  /** Emit only the kind of string literals (their content and substitutions drop out). */
  readonly ignoreLiterals?: boolean;
}



/** Member-access names (always verbatim under v2): identifier kinds, parent kind, field. */
const MEMBER_ACCESS: Readonly<Record<ReferenceFamily, { kinds: ReadonlySet<string>; parent: string; field: string }>> = {
  typescript: {
    kinds: new Set(['property_identifier', 'private_property_identifier']),
    parent: 'member_expression',
    field: 'property',
  },
  go: { kinds: new Set(['field_identifier']), parent: 'selector_expression', field: 'field' },
  rust: { kinds: new Set(['field_identifier']), parent: 'field_expression', field: 'field' },
  python: { kinds: new Set(['identifier']), parent: 'attribute', field: 'attribute' },
};

/**
 * The canonical token stream of one site (spec §5.2): a depth-first pre-order walk over all
 * children of each node in `nodes` (in order, sharing one placeholder map and one bound set —
 * several nodes only for a Python overload group). Comments drop out; anonymous tokens emit their
 * kind; named leaves emit `kind:text`; identifiers emit `kind:text` when verbatim, else `#N` by
 * first occurrence of their text.
 *
 * `text` is the parsed source the nodes index into (UTF-16 offsets, as web-tree-sitter reports).
 *
 * Speed: one TreeCursor walk does everything. Under v2 the bound set (spec §5.3) is collected in
 * the same walk (subtrees the stream skips are still walked for bindings), identifiers are
 * recorded as pending, and placeholders are assigned afterwards in stream order — the same
 * numbering as deciding each identifier on the spot with the complete set.
 */
export function canonicalTokens(
  nodes: readonly Node[],
  family: Family,
  text: string,
  options: CanonicalOptions,
): string[] {
  const ignoreLiterals = options.ignoreLiterals === true;
  // Recipe 3 has its own walk, so v1 and v2 stay byte-identical with the reference by construction.
  if (options.recipe === 'v3') return canonicalTokensV3(nodes, family, text, ignoreLiterals);
  // v1 and v2 are the reference's streams; a family the reference does not parse has none.
  if (!isReferenceFamily(family)) throw ResolveError.recipeLanguage(family, options.recipe);
  const v2 = options.recipe === 'v2';
  const identKinds = IDENT_KINDS[family];
  const stringKinds = STRING_KINDS[family];
  const member = MEMBER_ACCESS[family];
  const python = family === 'python';
  const binders = bindTable(family);
  const bound = new Set<string>();
  const placeholders = new Map<string, number>();
  const placeholder = (name: string): string => {
    let index = placeholders.get(name);
    if (index === undefined) {
      index = placeholders.size;
      placeholders.set(name, index);
    }
    return `#${index}`;
  };
  const out: string[] = [];
  // v2 identifiers not in member-access position: stream position, kind and text.
  const pendingAt: number[] = [];
  const pendingKind: string[] = [];
  const pendingName: string[] = [];

  for (const root of nodes) {
    const table = nodeKinds(root.tree.language);
    const cursor = walkFrom(root);
    // Per depth: the node's kind (for the member-access parent test) and, for v1, whether it is
    // inside a Python decorator outside the decorator's argument list.
    const kinds: string[] = [];
    const decorator: boolean[] = [false];
    let depth = 0;
    try {
      walk: for (;;) {
        // Ids past the table (the ERROR symbol) take the slow path.
        const typeId = cursor.nodeTypeId;
        const known = typeId < table.names.length;
        const kind = known ? table.names[typeId]! : cursor.nodeType;
        if (kind.includes('comment')) {
          if (v2) bindSubtree(cursor, binders, text, bound);
        } else if (!(known ? table.named[typeId]! : cursor.nodeIsNamed)) {
          out.push(kind);
        } else if (identKinds.has(kind)) {
          const name = text.slice(cursor.startIndex, cursor.endIndex);
          if (!v2) {
            out.push(decorator[depth]! ? `${kind}:${name}` : placeholder(name));
          } else if (
            depth > 0 &&
            member.kinds.has(kind) &&
            kinds[depth - 1] === member.parent &&
            cursor.currentFieldName === member.field
          ) {
            out.push(`${kind}:${name}`);
          } else {
            pendingAt.push(out.length);
            pendingKind.push(kind);
            pendingName.push(name);
            out.push('');
          }
        } else if (ignoreLiterals && stringKinds.has(kind)) {
          out.push(kind);
          if (v2) bindSubtree(cursor, binders, text, bound);
        } else {
          if (v2) binders.get(kind)?.(cursor, text, bound);
          if (cursor.gotoFirstChild()) {
            out.push(kind);
            kinds[depth] = kind;
            const inherited = decorator[depth]!;
            depth++;
            decorator[depth] =
              python && kind === 'decorator' ? true : python && kind === 'argument_list' ? false : inherited;
            continue;
          }
          out.push(`${kind}:${text.slice(cursor.startIndex, cursor.endIndex)}`);
        }
        for (;;) {
          if (depth === 0) break walk;
          if (cursor.gotoNextSibling()) break;
          cursor.gotoParent();
          depth--;
        }
      }
    } finally {
      cursor.delete();
    }
  }

  for (let i = 0; i < pendingAt.length; i++) {
    const name = pendingName[i]!;
    out[pendingAt[i]!] = bound.has(name) ? placeholder(name) : `${pendingKind[i]}:${name}`;
  }
  return out;
}
