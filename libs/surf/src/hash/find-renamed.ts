import type { Node, Tree } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';
import { canonicalTokens } from '../canonicalize/canonicalize.js';
import { defName, hashableNode, scopeOf } from '../locate/definitions.js';
import { hashTokens } from './hash.js';
import { recipeResolution } from './recipe-extent.js';
import { recipeCovers } from './recipe-families.js';
import { toResolution } from '../locate/resolve.js';
import { type Recipe, parseStamp } from './stamp.js';

/** Options of {@link findRenamed}; must match how the stored stamp was computed. */
export interface RenameOptions {
  /** The claim's `ignore_literals`. */
  readonly ignoreLiterals?: boolean;
}

/** A definition of a file and the name it defines. */
export interface NamedDefinition {
  readonly name: string;
  readonly node: Node;
}

// Both lists are built once per tree (weakly keyed: they go with it), so a file with hundreds of
// vanished anchors is walked and hashed once, not once per anchor.
const definitionsByTree = new WeakMap<Tree, readonly NamedDefinition[]>();
/** Per tree: recipe and literal option → digest → the first definition's name hashing to it. */
const renameIndexes = new WeakMap<Tree, Map<string, ReadonlyMap<string, string>>>();

/**
 * Every definition at any depth, in document order, nested ones after their parent. Computed
 * once per parse; the list is shared, never to be modified.
 */
export function collectAllDefinitions(parsed: ParsedFile): readonly NamedDefinition[] {
  const known = definitionsByTree.get(parsed.tree);
  if (known !== undefined) return known;
  const out: NamedDefinition[] = [];
  const visit = (node: Node): void => {
    for (const child of node.namedChildren) {
      const name = defName(child, parsed.family);
      if (name !== undefined) {
        out.push({ name, node: child });
        visit(scopeOf(child, parsed.family));
      } else {
        visit(child);
      }
    }
  };
  visit(parsed.tree.rootNode);
  definitionsByTree.set(parsed.tree, out);
  return out;
}

/**
 * Rename detection (spec §4.7): the name of the first definition (document order, any depth)
 * whose own hash equals the stored stamp's digest, under the stamp's recipe — a symbol renamed
 * but otherwise unchanged hashes the same, because its own name is a placeholder in both recipes.
 * An unrecognized stamp matches nothing.
 */
export function findRenamed(parsed: ParsedFile, storedStamp: string, options: RenameOptions = {}): string | undefined {
  const stamp = parseStamp(storedStamp);
  if (!stamp || !recipeCovers(parsed.family, stamp.recipe)) return undefined;
  return renameIndex(parsed, stamp.recipe, options.ignoreLiterals === true).get(stamp.hex);
}

/**
 * Every definition's own digest under one recipe and literal option → the name of the first
 * definition (document order) with that digest: what {@link findRenamed} looks up. Built on the
 * first question about a parse, then shared by every other anchor into the same file.
 */
function renameIndex(parsed: ParsedFile, recipe: Recipe, ignoreLiterals: boolean): ReadonlyMap<string, string> {
  let indexes = renameIndexes.get(parsed.tree);
  if (indexes === undefined) renameIndexes.set(parsed.tree, (indexes = new Map()));
  const key = `${recipe}\0${ignoreLiterals}`;
  const known = indexes.get(key);
  if (known !== undefined) return known;
  const canonical = { recipe, ignoreLiterals };
  const index = new Map<string, string>();
  for (const { name, node } of collectAllDefinitions(parsed)) {
    // Recipe 3 hashes the definition with its attributes and modifiers, as a resolved anchor does.
    const nodes = recipe === 'v3' ? recipeResolution(parsed, toResolution(parsed, [node]), 'v3').hashable : [hashableNode(node, parsed.family)];
    const digest = hashTokens(canonicalTokens(nodes, parsed.family, parsed.text, canonical));
    if (!index.has(digest)) index.set(digest, name);
  }
  indexes.set(key, index);
  return index;
}
