import { readFileSync } from 'node:fs';
import {
  type Anchor,
  type ParsedFile,
  type Resolution,
  ResolveError,
  type SyntaxNode,
  langForPath,
  loadLanguages,
  parseSourceSync,
  resolveAnchor,
  resolveReference,
  suggestedSymbols,
} from '@driftgate/surf';
import { createRng } from '../rng.js';
import type { Corpus, CorpusName } from '../mutation/corpus.js';
import { publicItems } from './public-items.js';

/** How an enumerated public item fares under one resolver. */
export type Outcome = 'unique' | 'by-design' | 'unresolved';

/** Counts of one resolver over a corpus sample. */
export interface OutcomeCounts {
  readonly unique: number;
  /** Ambiguous, and every `@N` of it resolves: TS overloads, a Rust struct and its impl. */
  readonly byDesign: number;
  readonly unresolved: number;
}

/** One language's figures, before (the reference's rules) and after (with the extended rules). */
export interface CoverageResult {
  readonly corpus: CorpusName;
  readonly installed: boolean;
  readonly source: string;
  readonly filesSampled: number;
  readonly items: number;
  readonly before: OutcomeCounts;
  readonly after: OutcomeCounts;
  /** Items `surf suggest --all` proposes (with `@N` where ambiguous by design). */
  readonly offered: number;
  /**
   * Anchors the reference resolves uniquely — of every node with a `name` field, through the
   * named nodes around it — and of those the ones the new resolver moved.
   */
  readonly referenceUnique: number;
  readonly moved: readonly string[];
  /** Unresolved items after, `file > path [kind]`, for the report's examples. */
  readonly misses: readonly string[];
  /** Resolved items `suggest --all` does not offer, `file > path [kind]`. */
  readonly unoffered: readonly string[];
}

export interface CoverageOptions {
  readonly seed: number;
  /** Files read per language (seeded pick). */
  readonly filesPerLanguage: number;
  /** Larger files are skipped, as the mutation campaign does. */
  readonly maxFileChars?: number;
}

type Resolver = (parsed: ParsedFile, anchor: Anchor) => Resolution;

function outcome(parsed: ParsedFile, anchor: Anchor, resolve: Resolver): { outcome: Outcome; count: number } {
  try {
    resolve(parsed, anchor);
    return { outcome: 'unique', count: 1 };
  } catch (error) {
    if (!(error instanceof ResolveError)) throw error;
    if (error.kind !== 'Ambiguous') return { outcome: 'unresolved', count: 0 };
    const last = anchor.segments.length - 1;
    for (let n = 1; n <= error.count; n++) {
      const segments = anchor.segments.map((s, i) => (i === last ? { name: s.name, index: n } : s));
      try {
        resolve(parsed, { file: anchor.file, segments });
      } catch (inner) {
        if (inner instanceof ResolveError) return { outcome: 'unresolved', count: 0 };
        throw inner;
      }
    }
    return { outcome: 'by-design', count: error.count };
  }
}

const tally = (): { unique: number; byDesign: number; unresolved: number } => ({ unique: 0, byDesign: 0, unresolved: 0 });

function add(counts: { unique: number; byDesign: number; unresolved: number }, o: Outcome): void {
  if (o === 'unique') counts.unique++;
  else if (o === 'by-design') counts.byDesign++;
  else counts.unresolved++;
}

const sameNode = (a: Resolution, b: Resolution): boolean =>
  a.definitions.length === b.definitions.length && a.definitions.every((d, i) => d.id === b.definitions[i]!.id);

/** Distinct segment paths of every node that has a `name` field, outside in, document order. */
function namedPaths(parsed: ParsedFile): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  const walk = (node: SyntaxNode, prefix: readonly string[]): void => {
    for (const child of node.namedChildren) {
      const name = child.childForFieldName('name')?.text;
      if (name === undefined || name === '' || name.includes('>')) {
        walk(child, prefix);
        continue;
      }
      const path = [...prefix, name];
      const key = path.join('\0');
      if (!seen.has(key)) {
        seen.add(key);
        out.push(path);
      }
      walk(child, path);
    }
  };
  walk(parsed.tree.rootNode, []);
  return out;
}

/** A stable mix of the seed and the corpus name, so languages sample independently. */
function corpusSeed(seed: number, name: string): number {
  let h = seed >>> 0;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/**
 * The coverage campaign over one corpus: every public item of a seeded sample of files, resolved
 * with the reference's rules alone and with the extended rules, and looked up in what `suggest
 * --all` proposes. Also the compatibility differential: every anchor the reference resolves
 * uniquely must resolve to the same node.
 */
export async function runCoverageCampaign(corpus: Corpus, options: CoverageOptions): Promise<CoverageResult> {
  await loadLanguages();
  const before = tally();
  const after = tally();
  const moved: string[] = [];
  const misses: string[] = [];
  const unoffered: string[] = [];
  let items = 0;
  let offered = 0;
  let referenceUnique = 0;
  let filesSampled = 0;
  const rng = createRng(corpusSeed(options.seed, corpus.name));
  const order = corpus.files.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const maxChars = options.maxFileChars ?? 200_000;
  for (const index of order) {
    if (filesSampled >= options.filesPerLanguage) break;
    const file = corpus.files[index]!;
    const lang = langForPath(file.display);
    if (lang === undefined) continue;
    let text: string;
    try {
      text = readFileSync(file.path, 'utf8');
    } catch {
      continue;
    }
    if (text.length > maxChars || text.includes('\0') || text.includes('\uFFFD')) continue;
    const parsed = parseSourceSync(text, lang, file.display);
    try {
      filesSampled++;
      const proposals = new Set(suggestedSymbols(parsed, true).map((p) => p.join('\0')));
      // The differential's wider net: every node with a `name` field, anchored through the
      // named nodes around it — locals and private items included, public or not.
      for (const path of namedPaths(parsed)) {
        const anchor: Anchor = { file: file.display, segments: path.map((name) => ({ name })) };
        let reference: Resolution;
        try {
          reference = resolveReference(parsed, anchor);
        } catch (error) {
          if (error instanceof ResolveError) continue;
          throw error;
        }
        referenceUnique++;
        if (!sameNode(reference, resolveAnchor(parsed, anchor))) moved.push(`${file.display} > ${path.join(' > ')}`);
      }
      for (const item of publicItems(parsed)) {
        items++;
        const anchor: Anchor = { file: file.display, segments: item.path.map((name) => ({ name })) };
        const old = outcome(parsed, anchor, resolveReference);
        const now = outcome(parsed, anchor, resolveAnchor);
        add(before, old.outcome);
        add(after, now.outcome);
        if (now.outcome === 'unresolved' && misses.length < 200) misses.push(`${file.display} > ${item.path.join(' > ')} [${item.kind}]`);
        const key = item.path.join('\0');
        const withIndex = (n: number): string => [...item.path.slice(0, -1), `${item.path[item.path.length - 1]} @${n}`].join('\0');
        if (now.outcome === 'unique' ? proposals.has(key) : now.outcome === 'by-design' && proposals.has(withIndex(1))) offered++;
        else if (now.outcome !== 'unresolved' && unoffered.length < 200) unoffered.push(`${file.display} > ${item.path.join(' > ')} [${item.kind}]`);
      }
    } finally {
      parsed.delete();
    }
  }
  return { corpus: corpus.name, installed: corpus.installed, source: corpus.source, filesSampled, items, before, after, offered, referenceUnique, moved, misses, unoffered };
}

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);

/**
 * The per-language table: of the items that are not ambiguous by design, the share that resolve
 * uniquely before and after; the share ambiguous by design; the share `suggest --all` offers.
 */
export function formatCoverageReport(results: readonly CoverageResult[], seed: number): string {
  const lines = [`coverage campaign (seed ${seed}): public items found by tree-sitter queries, resolved by surf`, ''];
  const header = ['language', 'files', 'items', 'resolve before', 'resolve after', 'by design', 'suggest offers', 'differential'];
  const rows: string[][] = [header];
  for (const r of results) {
    if (!r.installed) {
      rows.push([r.corpus, 'not installed', '', '', '', '', '', '']);
      continue;
    }
    const beforeBase = r.items - r.before.byDesign;
    const afterBase = r.items - r.after.byDesign;
    rows.push([
      r.corpus,
      String(r.filesSampled),
      String(r.items),
      pct(r.before.unique, beforeBase),
      pct(r.after.unique, afterBase),
      pct(r.after.byDesign, r.items),
      pct(r.offered, r.after.unique + r.after.byDesign),
      `${r.moved.length} moved of ${r.referenceUnique}`,
    ]);
  }
  const widths = header.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  for (const row of rows) lines.push(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd());
  for (const r of results) {
    if (r.misses.length > 0) lines.push('', `${r.corpus}: ${r.after.unresolved} unresolved, first ${Math.min(8, r.misses.length)}:`, ...r.misses.slice(0, 8).map((m) => `  ${m}`));
    if (r.unoffered.length > 0) lines.push('', `${r.corpus}: resolved but not offered by suggest, first ${Math.min(8, r.unoffered.length)}:`, ...r.unoffered.slice(0, 8).map((m) => `  ${m}`));
    if (r.moved.length > 0) lines.push('', `${r.corpus}: ${r.moved.length} anchor(s) changed meaning:`, ...r.moved.slice(0, 8).map((m) => `  ${m}`));
  }
  return `${lines.join('\n')}\n`;
}
