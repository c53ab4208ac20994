import type { Node, Tree } from 'web-tree-sitter';
import { walkFrom } from '@driftgate/syntax';

/**
 * One parent's named children in source order, comments left out: the siblings recipe 3's
 * "look back" rules walk (attributes, decorators, overloads, enum members, `const` specs).
 * Built once per parent with a cursor walk, so the claims under one parent share it instead of
 * each stepping back through `previousSibling` (one marshalled node per step, per claim).
 */
export interface SiblingRow {
  /** The named, non-comment children, in source order. */
  readonly nodes: readonly Node[];
  /** Node id → index in {@link nodes}. */
  readonly indexOf: ReadonlyMap<number, number>;
  /** Facts about the row a rule computed once for every claim under the parent, by rule. */
  readonly facts: Map<string, unknown>;
}

/**
 * Rows are cached per tree and parent node id. Keyed weakly by the tree: a deleted file's rows go
 * with it, and node ids are unique only within one tree.
 */
const byTree = new WeakMap<Tree, Map<number, SiblingRow>>();

const isCommentType = (type: string): boolean => type.includes('comment');

/** The row `node` sits in and its index there; undefined for the root or a comment / anonymous node. */
export function siblingRowOf(node: Node): { row: SiblingRow; index: number } | undefined {
  const parent = node.parent;
  if (parent === null) return undefined;
  let rows = byTree.get(node.tree);
  if (!rows) {
    rows = new Map();
    byTree.set(node.tree, rows);
  }
  let row = rows.get(parent.id);
  if (!row) {
    row = buildRow(parent);
    rows.set(parent.id, row);
  }
  const index = row.indexOf.get(node.id);
  return index === undefined ? undefined : { row, index };
}

/** A fact of the row, computed by `build` on first use and shared after. */
export function rowFact<T>(row: SiblingRow, key: string, build: (nodes: readonly Node[]) => T): T {
  if (row.facts.has(key)) return row.facts.get(key) as T;
  const value = build(row.nodes);
  row.facts.set(key, value);
  return value;
}

function buildRow(parent: Node): SiblingRow {
  const nodes: Node[] = [];
  const indexOf = new Map<number, number>();
  const cursor = walkFrom(parent);
  try {
    if (cursor.gotoFirstChild()) {
      do {
        // The type test first: only the children kept are marshalled into nodes.
        if (!cursor.nodeIsNamed || isCommentType(cursor.nodeType)) continue;
        const child = cursor.currentNode;
        indexOf.set(child.id, nodes.length);
        nodes.push(child);
      } while (cursor.gotoNextSibling());
    }
  } finally {
    cursor.delete();
  }
  return { nodes, indexOf, facts: new Map() };
}

/**
 * For each index `i`, the first index of the unbroken run of nodes before `i` for which `take`
 * holds (`i` itself when the node right before does not): the run `precedingSiblings` would
 * collect, found for the whole row in one pass.
 */
export function runStarts(nodes: readonly Node[], take: (node: Node) => boolean): Int32Array {
  const starts = new Int32Array(nodes.length);
  for (let i = 1; i < nodes.length; i++) starts[i] = take(nodes[i - 1]!) ? starts[i - 1]! : i;
  return starts;
}
