import type { Node } from 'web-tree-sitter';
import type { ParsedFile } from '@driftgate/syntax';
import type { Anchor } from './anchor.js';
import { scopeOf } from './definitions.js';
import { type Unit, goCandidates, segmentUnits } from './resolve.js';

/** One match of a segment: a definition (or overload group) and where it was found. */
export interface SegmentMatch {
  readonly unit: Unit;
  /** The node its segment was looked up in: the root, or the scope of a match of the previous segment. */
  readonly scope: Node;
  /** Index into the previous level's matches of the match whose scope holds it; -1 on the first level. */
  readonly parent: number;
}

/** Every match of one segment of an anchor, and which of them the segment selects. */
export interface SegmentLevel {
  /** Index into the anchor's segments. */
  readonly segment: number;
  /** In the order the resolver counts them (`@N` picks the N-th): scope by scope, document order within each. */
  readonly matches: readonly SegmentMatch[];
  /** Indices into {@link matches}: the one its `@N` names, or all of them. */
  readonly selected: readonly number[];
}

/**
 * The matches the reference's rules find for each segment of `anchor`, level by level, as
 * `resolveReference` walks them: what an `@N` counted when it picked its match. Undefined when
 * those rules do not resolve the anchor to exactly one symbol (not found, ambiguous, or named by
 * the extended rules only), since then there is no count the `@N` was taken from. A Go anchor
 * has one level, its last segment's (the receiver type only filters).
 */
export function segmentMatches(parsed: ParsedFile, anchor: Anchor): SegmentLevel[] | undefined {
  const { segments } = anchor;
  const root = parsed.tree.rootNode;
  if (parsed.family === 'go') {
    const units = goCandidates(root, segments);
    const last = segments.length - 1;
    const matches = units.map((unit) => ({ unit, scope: root, parent: -1 }));
    const selected = selectedIndices(units, segments[last]!.index);
    return selected.length === 1 ? [{ segment: last, matches, selected }] : undefined;
  }
  const levels: SegmentLevel[] = [];
  let scopes: Array<{ node: Node; parent: number }> = [{ node: root, parent: -1 }];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const matches: SegmentMatch[] = [];
    for (const scope of scopes) {
      for (const unit of segmentUnits(scope.node, segment.name, parsed.family)) matches.push({ unit, scope: scope.node, parent: scope.parent });
    }
    // The resolver's selection (`select`), by position rather than by unit.
    const selected = selectedIndices(matches, segment.index);
    if (selected.length === 0) return undefined;
    levels.push({ segment: i, matches, selected });
    if (i === segments.length - 1) return selected.length === 1 ? levels : undefined;
    scopes = selected.map((k) => {
      const unit = matches[k]!.unit;
      // Nested lookup through an overload group continues in its implementation, as resolving does.
      return { node: scopeOf(unit[unit.length - 1]!, parsed.family), parent: k };
    });
  }
  return undefined;
}

function selectedIndices(units: readonly unknown[], index: number | undefined): number[] {
  if (index === undefined) return units.map((_, k) => k);
  return index <= units.length ? [index - 1] : [];
}
