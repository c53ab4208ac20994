import type { Node } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';
import { canonicalTokens } from '../canonicalize/canonicalize.js';
import { defName, hashableNode, scopeOf } from '../locate/definitions.js';
import { hashTokens } from './hash.js';
import { recipeResolution } from './recipe-extent.js';
import { toResolution } from '../locate/resolve.js';
import { parseStamp } from './stamp.js';

/** Options of {@link findRenamed}; must match how the stored stamp was computed. */
export interface RenameOptions {
  /** The claim's `ignore_literals`. */
  readonly ignoreLiterals?: boolean;
}

/** Every definition at any depth, in document order, nested ones after their parent. */
export function collectAllDefinitions(parsed: ParsedFile): Array<{ name: string; node: Node }> {
  const out: Array<{ name: string; node: Node }> = [];
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
  if (!stamp) return undefined;
  const canonical = { recipe: stamp.recipe, ignoreLiterals: options.ignoreLiterals === true };
  for (const { name, node } of collectAllDefinitions(parsed)) {
    // Recipe 3 hashes the definition with its attributes and modifiers, as a resolved anchor does.
    const nodes =
      stamp.recipe === 'v3'
        ? recipeResolution(parsed, toResolution(parsed, [node]), 'v3').hashable
        : [hashableNode(node, parsed.family)];
    const tokens = canonicalTokens(nodes, parsed.family, parsed.text, canonical);
    if (hashTokens(tokens) === stamp.hex) return name;
  }
  return undefined;
}
