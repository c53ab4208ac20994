import type { Node } from 'web-tree-sitter';
import type { Family, ParsedFile } from '@driftgate/syntax';
import type { Anchor, Segment } from './anchor.js';
import { scopeIndex } from './definition-index.js';
import { goIndex, goMethodKey } from '../items/go-definition-index.js';
import { hashableNode, scopeOf } from './definitions.js';
import { resolveExtended } from './resolve-extended.js';
import { ResolveError } from '../errors.js';

/**
 * Where a resolved symbol sits in its file.
 *
 * Lines are 1-based; columns are 0-based UTF-16 code units (SARIF's default column unit);
 * `startIndex`/`endIndex` are UTF-16 offsets into the parsed text (end exclusive) and
 * `startByte`/`endByte` the same positions as UTF-8 byte offsets, as the reference reports them.
 */
export interface Span {
  readonly startIndex: number;
  readonly endIndex: number;
  readonly startByte: number;
  readonly endByte: number;
  readonly startLine: number;
  readonly endLine: number;
  readonly startColumn: number;
  readonly endColumn: number;
}

/** One resolved logical symbol. */
export interface Resolution {
  /** Definition nodes: one, or every member of a Python `@overload` group in source order. */
  readonly definitions: readonly Node[];
  /** The nodes hashed, in order (a decorated Python definition widens to its decorators). */
  readonly hashable: readonly Node[];
  /** From the first hashable node's start to the last one's end. */
  readonly span: Span;
  /**
   * Set when only the extended rules (resolve-extended.ts) name the symbol: the reference's own
   * NotFound for the anchor. The reference resolves no such anchor, so the symbol is hashed under
   * recipe 3 only, and a reference recipe reports exactly this error.
   */
  readonly extended?: ResolveError;
}

/** A match of one segment: a single definition, or a Python overload group (stubs + impl). */
export type Unit = readonly Node[];

/**
 * Resolves an anchor's segments to exactly one symbol in a parsed file (spec §4.2–§4.4).
 * Throws {@link ResolveError} `NotFound` / `Ambiguous`.
 */
export function resolveAnchor(parsed: ParsedFile, anchor: Anchor | readonly Segment[]): Resolution {
  const segments = 'segments' in anchor ? anchor.segments : anchor;
  if (segments.length === 0) throw new RangeError('an anchor has at least one segment');
  const root = parsed.tree.rootNode;
  let unit: Unit;
  try {
    unit = parsed.family === 'go' ? resolveGo(root, segments) : resolveGeneric(root, segments, parsed.family);
  } catch (error) {
    // Only where the reference's rules find nothing are the extended rules asked; a name the
    // reference finds (once or ambiguously) keeps the reference's answer.
    if (!(error instanceof ResolveError) || error.kind !== 'NotFound') throw error;
    let extended: Unit;
    try {
      extended = resolveExtended(root, segments, parsed.family);
    } catch (retry) {
      if (retry instanceof ResolveError && retry.kind === 'NotFound') throw error;
      throw retry;
    }
    return { ...toResolution(parsed, extended), extended: error };
  }
  return toResolution(parsed, unit);
}

/**
 * The reference's resolution alone (spec §4.2–§4.4), without the extended rules: what the Rust
 * surf resolves. The compatibility differential compares {@link resolveAnchor} with it.
 */
export function resolveReference(parsed: ParsedFile, anchor: Anchor | readonly Segment[]): Resolution {
  const segments = 'segments' in anchor ? anchor.segments : anchor;
  if (segments.length === 0) throw new RangeError('an anchor has at least one segment');
  const root = parsed.tree.rootNode;
  return toResolution(parsed, parsed.family === 'go' ? resolveGo(root, segments) : resolveGeneric(root, segments, parsed.family));
}

/** Span and hashable nodes of a unit of definitions. */
export function toResolution(parsed: ParsedFile, definitions: readonly Node[]): Resolution {
  const hashable = definitions.map((n) => hashableNode(n, parsed.family));
  return { definitions, hashable, span: spanOf(parsed, hashable[0]!, hashable[hashable.length - 1]!) };
}

/** Span from the start of `first` to the end of `last` (the same node for a single definition). */
export function spanOf(parsed: ParsedFile, first: Node, last: Node = first): Span {
  const start = first.startPosition;
  const end = last.endPosition;
  return {
    startIndex: first.startIndex,
    endIndex: last.endIndex,
    startByte: parsed.byteOffset(first.startIndex),
    endByte: parsed.byteOffset(last.endIndex),
    startLine: start.row + 1,
    endLine: end.row + 1,
    startColumn: start.column,
    endColumn: end.column,
  };
}

function select(units: readonly Unit[], segment: Segment): readonly Unit[] {
  if (segment.index === undefined) return units;
  const picked = units[segment.index - 1];
  return picked ? [picked] : [];
}

function resolveGeneric(root: Node, segments: readonly Segment[], family: Family): Unit {
  let scopes: Node[] = [root];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const units: Unit[] = [];
    // Scopes form a set: a Rust type and its impl are both searched for the next segment.
    for (const scope of scopes) units.push(...segmentUnits(scope, segment.name, family));
    const selected = select(units, segment);
    if (selected.length === 0) throw ResolveError.notFound(segment.name);
    if (i === segments.length - 1) {
      if (selected.length !== 1) throw ResolveError.ambiguous(segment.name, selected.length);
      return selected[0]!;
    }
    // Nested lookup through an overload group continues in the implementation (its last member).
    scopes = selected.map((unit) => scopeOf(unit[unit.length - 1]!, family));
  }
  throw new RangeError('unreachable: the loop returns on the last segment');
}

/** Matches of `name` among the definitions visible in `scope`, in document order, as units (generic resolver). */
export function segmentUnits(scope: Node, name: string, family: Family): Unit[] {
  const matches = scopeIndex(scope, family).get(name) ?? [];
  return family === 'python' ? groupOverloads(matches) : matches.map((m) => [m]);
}

const OVERLOAD_DECORATORS: ReadonlySet<string> = new Set(['overload', 'typing.overload']);

/** A Python function definition decorated with `@overload` or `@typing.overload`. */
export function isOverloadStub(node: Node): boolean {
  if (node.type !== 'function_definition') return false;
  const parent = node.parent;
  if (parent?.type !== 'decorated_definition') return false;
  for (const child of parent.namedChildren) {
    if (child.type === 'decorator' && OVERLOAD_DECORATORS.has(child.firstNamedChild?.text ?? '')) return true;
  }
  return false;
}

/**
 * Python `@overload` groups count as one match: a run of consecutive same-name matches in the
 * same statement list where every member but the last is an overload stub, ending with the
 * implementation (or at the last stub, as in a `.pyi` stub file). Plain duplicates stay separate.
 */
function groupOverloads(matches: readonly Node[]): Unit[] {
  const units: Unit[] = [];
  let i = 0;
  while (i < matches.length) {
    const first = matches[i]!;
    i++;
    if (!isOverloadStub(first)) {
      units.push([first]);
      continue;
    }
    const unit = [first];
    const parentId = hashableNode(first, 'python').parent?.id;
    let open = true;
    while (open && i < matches.length) {
      const next = matches[i]!;
      if (next.type !== 'function_definition' || hashableNode(next, 'python').parent?.id !== parentId) break;
      unit.push(next);
      i++;
      open = isOverloadStub(next);
    }
    units.push(unit);
  }
  return units;
}

/** Go symbols are flat: `Name` (no methods) or `Type > Method` by receiver (spec §4.3). */
function resolveGo(root: Node, segments: readonly Segment[]): Unit {
  const last = segments[segments.length - 1]!;
  if (segments.length > 2) throw ResolveError.notFound(last.name);
  const selected = select(goCandidates(root, segments), last);
  if (selected.length === 0) throw ResolveError.notFound(last.name);
  if (selected.length > 1) throw ResolveError.ambiguous(last.name, selected.length);
  return selected[0]!;
}

/**
 * The matches of a Go anchor's last segment, before its `@N` selects one: top-level names for one
 * segment, methods by receiver type for two (an `@N` on the type segment selects nothing: the
 * receiver type is a name filter). Empty for more segments.
 */
export function goCandidates(root: Node, segments: readonly Segment[]): Unit[] {
  const last = segments[segments.length - 1]!;
  if (segments.length > 2) return [];
  const index = goIndex(root);
  const found = (segments.length === 1 ? index.topLevel.get(last.name) : index.methods.get(goMethodKey(segments[0]!.name, last.name))) ?? [];
  return found.map((node) => [node]);
}
