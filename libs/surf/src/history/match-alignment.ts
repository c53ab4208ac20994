import type { Node } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';
import type { SegmentMatch } from '../locate/segment-matches.js';

/** What the alignment compares of one match of a segment. */
export interface MatchShape {
  /** Index of the match of the previous segment it was found under; -1 on the first level. */
  readonly parent: number;
  /**
   * The syntax between its scope and it, innermost first, as `field:kind` steps — e.g. the
   * `else:` branch of a module-level `if` versus its `consequence:` block. Names play no part:
   * every match of a segment has the segment's name.
   */
  readonly path: string;
  /** Its source text: the same code somewhere else, or beside a duplicate, is still the same match. */
  readonly text: string;
}

/** The shape of a match in its parsed file. */
export function matchShape(parsed: ParsedFile, match: SegmentMatch): MatchShape {
  const first = match.unit[0]!;
  const last = match.unit[match.unit.length - 1]!;
  const steps: string[] = [];
  for (let node: Node | null = first; node !== null && node.id !== match.scope.id; node = node.parent) {
    const parent = node.parent;
    steps.push(`${parent === null ? '' : (fieldOf(parent, node) ?? '')}:${node.type}`);
  }
  return { parent: match.parent, path: steps.join('/'), text: parsed.text.slice(first.startIndex, last.endIndex) };
}

function fieldOf(parent: Node, child: Node): string | null {
  const children = parent.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.id === child.id) return parent.fieldNameForChild(i);
  return null;
}

/**
 * Which match of each level then each match now is, level by level: for every match now, the
 * index of its counterpart among the matches then, or -1 when it has none (it is new). Two
 * matches can be counterparts only under counterpart parents, and only at the same path or with
 * the same text (an edited match keeps its place; a moved one keeps its code). Among the
 * order-keeping pairings the one with the most pairs wins, then the one whose pairs agree most
 * (text and path over text alone over path alone), then, for determinism, the one that pairs
 * earlier matches first. This is how a deleted match is told from its neighbours, and a match
 * inserted before them from the one that held its place: the others keep their counterparts,
 * whatever their position now.
 */
export function alignMatches(then: readonly (readonly MatchShape[])[], now: readonly (readonly MatchShape[])[]): number[][] {
  const aligned: number[][] = [];
  for (let level = 0; level < now.length; level++) {
    const before = then[level] ?? [];
    const after = now[level]!;
    const parentOf = (shape: MatchShape): number => (level === 0 ? -1 : (aligned[level - 1]![shape.parent] ?? -1));
    const agreement = (i: number, j: number): number => {
      const parent = parentOf(after[j]!);
      if (level > 0 && (parent === -1 || parent !== before[i]!.parent)) return 0;
      return (before[i]!.text === after[j]!.text ? 2 : 0) + (before[i]!.path === after[j]!.path ? 1 : 0);
    };
    aligned.push(align(before.length, after.length, agreement));
  }
  return aligned;
}

/**
 * The best order-keeping pairing of `n` matches then with `m` now, where `agreement(i, j)` (0: no
 * pair, up to 3) scores a pair; as `now` index → `then` index or -1.
 */
function align(n: number, m: number, agreement: (i: number, j: number) => number): number[] {
  // One more pair outweighs any difference in agreement.
  const weight = 3 * Math.min(n, m) + 1;
  const pairScore = (i: number, j: number): number => {
    const agrees = agreement(i, j);
    return agrees === 0 ? -1 : weight + agrees;
  };
  // best[i][j]: the best score of before[i..] with after[j..].
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const pair = pairScore(i, j);
      best[i]![j] = Math.max(best[i + 1]![j]!, best[i]![j + 1]!, pair < 0 ? 0 : pair + best[i + 1]![j + 1]!);
    }
  }
  const result = new Array<number>(m).fill(-1);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const pair = pairScore(i, j);
    if (pair >= 0 && best[i]![j] === pair + best[i + 1]![j + 1]!) {
      result[j] = i;
      i++;
      j++;
    } else if (best[i]![j] === best[i + 1]![j]) {
      i++;
    } else {
      j++;
    }
  }
  return result;
}
