import type { Family, ParsedFile } from '@driftgate/surf';
import { type SyntaxNode, type TextEdit, type TextRange } from './span-nodes.js';

/** Edits that change no program's meaning, so must never change a digest. */
export type NeutralKind = 'comment' | 'block-comment' | 'space-add' | 'space-remove' | 'blank-line' | 'crlf';

/** Every neutral edit kind, in report order. */
export const NEUTRAL_KINDS: readonly NeutralKind[] = ['comment', 'block-comment', 'space-add', 'space-remove', 'blank-line', 'crlf'];

/** One neutral edit of the text (`crlf` is whole-file and is produced by {@link toCrlf} instead). */
export interface NeutralEdit extends TextEdit {
  readonly kind: NeutralKind;
}

/**
 * Nodes inside which no position is a token boundary for our purposes: literals (whose text is
 * data), JSX (whose whitespace is text), regular expressions, Rust lifetimes and char literals,
 * and comments.
 */
const OPAQUE_KINDS: ReadonlySet<string> = new Set([
  'string',
  'template_string',
  'template_literal_type',
  'interpreted_string_literal',
  'raw_string_literal',
  'rune_literal',
  'string_literal',
  'char_literal',
  'lifetime',
  'regex',
  'jsx_element',
  'jsx_self_closing_element',
  'jsx_fragment',
  'jsx_text',
]);

/**
 * Where inserting nothing-but-a-space is still unsafe: a Rust macro's token tree may be read by a
 * proc macro or `stringify!` with its spacing; `$x` of a `macro_rules!` must stay joined.
 */
const JOINED_KINDS: ReadonlySet<string> = new Set(['token_tree', 'macro_definition', 'macro_rule']);

/** Punctuation next to which a space is never significant in any of the four languages. */
const BRACKETS = '()[]{},;';

const LINE_COMMENT: Readonly<Record<Family, string>> = { python: ' # neutral', typescript: ' // neutral', go: ' // neutral', rust: ' // neutral', java: ' // neutral' };

/** Sorted, merged intervals inside which (strictly) no edit may go. */
class Blocked {
  readonly #starts: number[] = [];
  readonly #ends: number[] = [];

  constructor(ranges: TextRange[]) {
    ranges.sort((a, b) => a.startIndex - b.startIndex);
    for (const r of ranges) {
      const last = this.#ends.length - 1;
      if (last >= 0 && r.startIndex < this.#ends[last]!) this.#ends[last] = Math.max(this.#ends[last]!, r.endIndex);
      else {
        this.#starts.push(r.startIndex);
        this.#ends.push(r.endIndex);
      }
    }
  }

  /** Whether `index` lies strictly inside one of the intervals. */
  has(index: number): boolean {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.#starts[mid]! >= index) hi = mid - 1;
      else if (this.#ends[mid]! <= index) lo = mid + 1;
      else return true;
    }
    return false;
  }
}

/**
 * Every neutral edit site inside `span` (exclusive of its ends), except the whole-file CRLF
 * conversion. A site is a token boundary: no leaf and no opaque node strictly contains it.
 */
export function neutralEditSites(parsed: ParsedFile, span: TextRange, nodes: readonly SyntaxNode[]): Map<NeutralKind, NeutralEdit[]> {
  const { text, family } = parsed;
  const sites = new Map<NeutralKind, NeutralEdit[]>(NEUTRAL_KINDS.map((k) => [k, []]));
  const blockedRanges: TextRange[] = [];
  const joinedRanges: TextRange[] = [];
  const leafEnds = new Set<number>();
  const leafStarts = new Set<number>();
  for (const node of nodes) {
    const leaf = node.childCount === 0;
    if (leaf) {
      leafEnds.add(node.endIndex);
      leafStarts.add(node.startIndex);
    }
    if (leaf || OPAQUE_KINDS.has(node.type) || node.type.includes('comment')) blockedRanges.push(node);
    if (JOINED_KINDS.has(node.type)) joinedRanges.push(node);
  }
  const blocked = new Blocked(blockedRanges.map((n) => ({ startIndex: n.startIndex, endIndex: n.endIndex })));
  const joined = new Blocked(joinedRanges.map((n) => ({ startIndex: n.startIndex, endIndex: n.endIndex })));
  const add = (kind: NeutralKind, start: number, end: number, replacement: string): void => {
    sites.get(kind)!.push({ kind, start, end, replacement, before: text.slice(start, end) });
  };
  const inside = (p: number): boolean => p > span.startIndex && p < span.endIndex;
  // Line ends: a comment before the newline, or a blank line after it. A Python (or any) line that
  // ends in a backslash continues onto the next line, so neither fits there.
  for (let nl = text.indexOf('\n', span.startIndex); nl >= 0 && nl < span.endIndex; nl = text.indexOf('\n', nl + 1)) {
    const eol = nl > 0 && text[nl - 1] === '\r' ? nl - 1 : nl;
    if (!inside(eol) || blocked.has(eol) || blocked.has(nl)) continue;
    const lineHead = text.lastIndexOf('\n', eol - 1) + 1;
    const line = text.slice(lineHead, eol);
    if (line.trimEnd().endsWith('\\')) continue;
    if (line.trim() !== '') add('comment', eol, eol, LINE_COMMENT[family]);
    add('blank-line', nl + 1, nl + 1, text[eol] === '\r' ? '\r\n' : '\n');
  }
  for (let p = span.startIndex + 1; p < span.endIndex; p++) {
    if (blocked.has(p)) continue;
    const c = text[p]!;
    const prev = text[p - 1]!;
    if (c === ' ' || c === '\t') {
      // Whitespace after a token on the same line (never indentation): widen it, or shrink a run.
      const lineHead = text.lastIndexOf('\n', p - 1) + 1;
      if (text.slice(lineHead, p).trim() === '') continue;
      add('space-add', p, p, ' ');
      // A block comment where a space already separates two tokens, led by a space of its own so
      // that a preceding `/` cannot turn it into a line comment. Python has no block comments.
      if (family !== 'python') add('block-comment', p, p, ' /* neutral */');
      const next = text[p + 1];
      if (next === ' ' || next === '\t') add('space-remove', p, p + 1, '');
      else if (
        next !== undefined &&
        prev !== ' ' &&
        prev !== '\t' &&
        leafEnds.has(p) &&
        leafStarts.has(p + 1) &&
        !joined.has(p) &&
        (BRACKETS.includes(prev) || BRACKETS.includes(next))
      ) {
        add('space-remove', p, p + 1, '');
      }
    } else if (leafEnds.has(p) && leafStarts.has(p) && !joined.has(p) && (BRACKETS.includes(prev) || BRACKETS.includes(c))) {
      // Two tokens touching: a space between a bracket and its neighbour cannot join or split anything.
      add('space-add', p, p, ' ');
    }
  }
  return sites;
}

/** The whole text with LF line endings turned into CRLF (a `core.autocrlf=true` checkout). */
export function toCrlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}
