/**
 * The claimable paths of one file, indexed to answer "which are nearest to this one" for every
 * anchor into the file that resolves to nothing: by last name, and as a trie searched with one
 * edit-distance row per trie depth. Paths sharing a prefix (`handler_1`, `handler_2`, …) share its
 * rows, and a branch is left as soon as no completion can come within the limit (judged from the
 * row and the lengths of the paths below), so a miss costs about what the near part of the file
 * holds instead of one full distance table per path.
 */
export interface NearPathIndex {
  /** Document-order positions of the paths whose last name (without `@N`) is `own`. */
  readonly byOwn: ReadonlyMap<string, readonly number[]>;
  /** Every path within `limit` edits of `wanted` (UTF-16 units), with its distance, in no particular order. */
  within(wanted: string, limit: number): Array<{ order: number; distance: number }>;
}

interface TrieNode {
  readonly children: Map<number, TrieNode>;
  /** Positions of the paths ending here (a path may be offered more than once). */
  orders: number[] | undefined;
  /** Fewest and most characters a path through here has after this node. */
  shortest: number;
  longest: number;
}

const trieNode = (): TrieNode => ({ children: new Map(), orders: undefined, shortest: 0, longest: 0 });

function measureRemaining(node: TrieNode): void {
  let shortest = node.orders === undefined ? Infinity : 0;
  let longest = 0;
  for (const child of node.children.values()) {
    measureRemaining(child);
    shortest = Math.min(shortest, child.shortest + 1);
    longest = Math.max(longest, child.longest + 1);
  }
  node.shortest = shortest;
  node.longest = longest;
}

/** Builds the index over `paths` (joined with ` > `) and their last names, in document order. */
export function nearPathIndex(paths: readonly { readonly joined: string; readonly own: string }[]): NearPathIndex {
  const byOwn = new Map<string, number[]>();
  const root = trieNode();
  let depth = 0;
  paths.forEach(({ joined, own }, order) => {
    const same = byOwn.get(own);
    if (same) same.push(order);
    else byOwn.set(own, [order]);
    let node = root;
    for (let i = 0; i < joined.length; i++) {
      const code = joined.charCodeAt(i);
      let next = node.children.get(code);
      if (!next) {
        next = trieNode();
        node.children.set(code, next);
      }
      node = next;
    }
    (node.orders ??= []).push(order);
    depth = Math.max(depth, joined.length);
  });
  measureRemaining(root);
  return { byOwn, within: (wanted, limit) => searchTrie(root, depth, wanted, limit) };
}

/** How far `rest` query characters are from the lengths the paths below `node` have left. */
function gapTo(rest: number, node: TrieNode): number {
  return rest < node.shortest ? node.shortest - rest : rest > node.longest ? rest - node.longest : 0;
}

function searchTrie(root: TrieNode, maxDepth: number, wanted: string, limit: number): Array<{ order: number; distance: number }> {
  const m = wanted.length;
  const query = Array.from({ length: m }, (_, j) => wanted.charCodeAt(j));
  // rows[d]: the Levenshtein row of the trie prefix of length d against every prefix of `wanted`.
  const rows = Array.from({ length: maxDepth + 1 }, () => new Int32Array(m + 1));
  for (let j = 0; j <= m; j++) rows[0]![j] = j;
  const found: Array<{ order: number; distance: number }> = [];
  const visit = (node: TrieNode, depth: number): void => {
    const previous = rows[depth]!;
    const row = rows[depth + 1]!;
    for (const [code, child] of node.children) {
      row[0] = depth + 1;
      // A completion splits the query at some j: this prefix against query[..j], the rest of the
      // path against query[j..], which costs at least the difference of their lengths.
      let bound = row[0] + gapTo(m, child);
      for (let j = 1; j <= m; j++) {
        const cost = previous[j - 1]! + (query[j - 1] === code ? 0 : 1);
        const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, cost);
        row[j] = value;
        bound = Math.min(bound, value + gapTo(m - j, child));
      }
      if (bound > limit) continue;
      if (child.orders !== undefined && row[m]! <= limit) {
        for (const order of child.orders) found.push({ order, distance: row[m]! });
      }
      if (child.children.size > 0) visit(child, depth + 1);
    }
  };
  visit(root, 0);
  return found;
}
