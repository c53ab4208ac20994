import type { Node, Tree } from 'web-tree-sitter';
import { type Family, walkFrom } from '@driftgate/syntax';
import { defName, isTransparent } from './definitions.js';

/**
 * Name → definitions visible directly in one scope, in document order. Built once per scope
 * with a cursor walk, so resolving every claim of a file costs one pass over the definitions it
 * reaches instead of one pass per claim.
 */
export type ScopeIndex = ReadonlyMap<string, readonly Node[]>;

/**
 * Indexes are cached per tree and scope node id. Keyed weakly by the tree: a deleted file's
 * indexes go with it, and node ids are unique only within one tree.
 */
const byTree = new WeakMap<Tree, Map<number, ScopeIndex>>();

/** The definitions visible in `scope` (its transparent descendants included), by name. */
export function scopeIndex(scope: Node, family: Family): ScopeIndex {
  let scopes = byTree.get(scope.tree);
  if (!scopes) {
    scopes = new Map();
    byTree.set(scope.tree, scopes);
  }
  let index = scopes.get(scope.id);
  if (!index) {
    const built = new Map<string, Node[]>();
    indexInto(scope, family, family === 'python' && scope.type === 'module', built);
    index = built;
    scopes.set(scope.id, index);
  }
  return index;
}

function indexInto(scope: Node, family: Family, atModule: boolean, out: Map<string, Node[]>): void {
  const cursor = walkFrom(scope);
  try {
    if (!cursor.gotoFirstChild()) return;
    do {
      if (!cursor.nodeIsNamed) continue;
      const child = cursor.currentNode;
      const own = defName(child, family);
      if (own !== undefined) {
        // A definition is a boundary: its inside is indexed only when it is selected as a scope.
        const list = out.get(own);
        if (list) list.push(child);
        else out.set(own, [child]);
      } else if (isTransparent(child.type, family, atModule)) {
        indexInto(child, family, atModule, out);
      }
    } while (cursor.gotoNextSibling());
  } finally {
    cursor.delete();
  }
}
