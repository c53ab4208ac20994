import type { Tree } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';
import type { Anchor, Segment } from '../locate/anchor.js';
import { ResolveError } from '../errors.js';
import { collectAllDefinitions } from '../hash/find-renamed.js';
import { resolveAnchor } from '../locate/resolve.js';

const CLASS_KINDS: ReadonlySet<string> = new Set(['class_declaration', 'abstract_class_declaration']);

function resolves(parsed: ParsedFile, names: readonly string[]): boolean {
  const segments: Segment[] = names.map((name) => ({ name }));
  try {
    resolveAnchor(parsed, segments);
    return true;
  } catch (e) {
    if (e instanceof ResolveError) return false;
    throw e;
  }
}

/**
 * The `Class > method` chain a flat TypeScript/JavaScript anchor probably meant (spec §4.6), or
 * undefined: `Svc.method` → `Svc > method` when that resolves; a bare `method` → `C > method`
 * for the first class (document order) in which it resolves uniquely. Other families, and
 * anchors with more than one segment, get no hint.
 */
export function suggestChain(parsed: ParsedFile, anchor: Anchor | readonly Segment[]): string | undefined {
  const segments = 'segments' in anchor ? anchor.segments : anchor;
  if (parsed.family !== 'typescript' || segments.length !== 1) return undefined;
  const flat = segments[0]!.name;
  if (flat.includes('.')) {
    const parts = flat.split('.').map((p) => p.trim());
    return parts.every((p) => p !== '') && resolves(parsed, parts) ? parts.join(' > ') : undefined;
  }
  for (const name of classNames(parsed)) {
    if (resolves(parsed, [name, flat])) return `${name} > ${flat}`;
  }
  return undefined;
}

// Per parse (weakly keyed by the tree): reading each definition's kind again for every vanished
// anchor made a miss cost a pass over the file's definitions.
const classNamesByTree = new WeakMap<Tree, readonly string[]>();

/** The names of the file's classes, each once, in document order of its first class. */
function classNames(parsed: ParsedFile): readonly string[] {
  let names = classNamesByTree.get(parsed.tree);
  if (names === undefined) {
    const seen = new Set<string>();
    // Every class declaration is written with the keyword: without it the definitions need not be walked.
    const definitions = parsed.text.includes('class') ? collectAllDefinitions(parsed) : [];
    for (const { name, node } of definitions) if (CLASS_KINDS.has(node.type)) seen.add(name);
    names = [...seen];
    classNamesByTree.set(parsed.tree, names);
  }
  return names;
}

/** The lint hint appended to a NotFound message: `` — did you mean `Svc > method`?``. */
export function formatChainHint(chain: string): string {
  return ` — did you mean \`${chain}\`?`;
}
