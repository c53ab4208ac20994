import { readFileSync } from 'node:fs';
import {
  type Anchor,
  type ParsedFile,
  type Resolution,
  type Span,
  formatAnchor,
  hashTokens,
  langForPath,
  loadLanguages,
  parseSourceSync,
  publicSymbols,
  recipeResolution,
  resolutionTokens,
  resolveAnchor,
} from '@driftgate/surf';
import { type Rng, createRng } from '../rng.js';
import { type Corpus, type CorpusFile, type CorpusName } from './corpus.js';
import { MUTATION_KINDS, type Mutation, type MutationKind, applyEdit, mutationSites } from './mutation-operators.js';
import { NEUTRAL_KINDS, type NeutralEdit, type NeutralKind, neutralEditSites, toCrlf } from './neutral-edits.js';
import { type TextRange, contextAt, errorNodeCount, lineAt, nodesInside } from './span-nodes.js';

/** The seed of every campaign unless the caller (or `DRIFTGATE_MUTATION_SEED`) says otherwise. */
export const DEFAULT_SEED = 20261201;

/** How much of each corpus a campaign samples. */
export interface CampaignOptions {
  readonly seed: number;
  /** Mutations to try per language (the campaign stops sampling files once both targets are met). */
  readonly mutationsPerLanguage: number;
  /** Neutral edits to try per language. */
  readonly neutralPerLanguage: number;
  /** At most this many mutations per claim, so many claims and files are sampled. */
  readonly mutationsPerClaim?: number;
  /** At most this many neutral edits per claim besides the whole-file CRLF conversion. */
  readonly neutralPerClaim?: number;
  /** At most this many claims per file. */
  readonly claimsPerFile?: number;
  /** Files longer than this (UTF-16 units) are skipped: every edit re-parses the whole file. */
  readonly maxFileChars?: number;
  /** Spans longer than this are skipped (minified bundles): they cost time and add little. */
  readonly maxSpanChars?: number;
}

/** What a mutation or neutral edit did to a claim's digest, when it is reported. */
export interface Finding {
  readonly corpus: CorpusName;
  readonly file: string;
  readonly anchor: string;
  readonly kind: MutationKind | NeutralKind;
  readonly detail: string;
  /** 1-based line of the edit in the original file. */
  readonly line: number;
  readonly before: string;
  readonly after: string;
  /** The original text around the edit (its line, cut to a window). */
  readonly context: string;
  /**
   * The edit lies inside the v3 span but outside every node recipe 3 hashes (a gap of the span,
   * such as a sibling declarator between `const` and the claimed one).
   */
  readonly outsideHashedNodes?: boolean;
  /** The first canonical token that differs (false positives), `undefined` when the streams are equal. */
  readonly tokenDifference?: { readonly index: number; readonly before: string; readonly after: string };
}

/** Tallies of one mutation kind. */
export interface MutationTally {
  tried: number;
  /** Results with a new ERROR/MISSING node, or whose edit re-tokenized its neighbours: not counted. */
  invalid: number;
  /** Digest differs. */
  detected: number;
  /** The anchor no longer resolves (counted as detected, reported apart). */
  unresolved: number;
  missed: number;
}

/** The result of one language's campaign. */
export interface LanguageResult {
  readonly corpus: CorpusName;
  readonly source: string;
  readonly installed: boolean;
  /** Files in the corpus. */
  readonly corpusFiles: number;
  /** Files sampled (read and parsed). */
  files: number;
  /** Claims hashed. */
  claims: number;
  /** Public symbols not used: unresolvable (ambiguous), a parse error inside the span, or too long. */
  skippedClaims: number;
  readonly mutations: Record<MutationKind, MutationTally>;
  /** String mutations by literal flavour (plain, escape-sequence, interpolated, multi-line, …). */
  readonly stringFlavours: Record<string, number>;
  readonly neutral: Record<NeutralKind, { tried: number; falsePositives: number }>;
  readonly misses: Finding[];
  readonly falsePositives: Finding[];
  elapsedMs: number;
}

/** A claim's digest and stream in one parse of its file, or why it has none. */
type Hashed =
  | { readonly digest: string; readonly tokens: string[]; readonly span: Span; readonly hashed: readonly TextRange[] }
  | { readonly unresolved: string };

/** Hashes one claim exactly as surf does under recipe 3: resolve, widen to the v3 extent, canonicalize, hash. */
function hashClaimV3(parsed: ParsedFile, anchor: Anchor): Hashed {
  let resolution: Resolution;
  try {
    resolution = resolveAnchor(parsed, anchor);
  } catch (error) {
    return { unresolved: error instanceof Error ? error.message : String(error) };
  }
  const tokens = resolutionTokens(parsed, resolution, { recipe: 'v3', ignoreLiterals: false });
  const extent = recipeResolution(parsed, resolution, 'v3');
  const hashed = extent.hashable.map((n) => ({ startIndex: n.startIndex, endIndex: n.endIndex }));
  return { digest: hashTokens(tokens), tokens, span: extent.span, hashed };
}

function firstDifference(a: readonly string[], b: readonly string[]): Finding['tokenDifference'] {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return { index: i, before: a[i] ?? '(end)', after: b[i] ?? '(end)' };
  return undefined;
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * A seeded order in which taking from the end cycles through the items' `detail`s, so that the
 * rare flavours (escape sequences, f-strings, multi-line literals) are sampled as often as plain
 * strings instead of in proportion to how common they are.
 */
function interleavedByDetail<T extends { readonly detail: string }>(items: readonly T[], rng: Rng): T[] {
  const byDetail = new Map<string, T[]>();
  for (const item of shuffled(items, rng)) {
    const list = byDetail.get(item.detail);
    if (list) list.push(item);
    else byDetail.set(item.detail, [item]);
  }
  const lists = shuffled([...byDetail.values()], rng);
  const out: T[] = [];
  for (let round = 0; out.length < items.length; round++) {
    for (const list of lists) if (round < list.length) out.push(list[round]!);
  }
  return out.reverse();
}

/**
 * Up to `count` items, a seeded pick spread over the groups (each pick chooses a group first,
 * then takes the last item of the group as `arrange` ordered it).
 */
function spread<K, T>(groups: Map<K, T[]>, count: number, rng: Rng, arrange: (group: T[]) => T[] = (g) => shuffled(g, rng)): T[] {
  const pools = [...groups.values()].filter((g) => g.length > 0).map(arrange);
  const out: T[] = [];
  while (out.length < count && pools.length > 0) {
    const i = rng.int(0, pools.length - 1);
    out.push(pools[i]!.pop()!);
    if (pools[i]!.length === 0) pools.splice(i, 1);
  }
  return out;
}

/** A stable 32-bit mix of the seed and the corpus name, so languages sample independently. */
function corpusSeed(seed: number, name: string): number {
  let h = seed >>> 0;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

function parseOrUndefined(text: string, file: CorpusFile): ParsedFile | undefined {
  const lang = langForPath(file.display);
  if (!lang) return undefined;
  try {
    return parseSourceSync(text, lang, file.display);
  } catch {
    return undefined;
  }
}

function emptyResult(corpus: Corpus): LanguageResult {
  return {
    corpus: corpus.name,
    source: corpus.source,
    installed: corpus.installed,
    corpusFiles: corpus.files.length,
    files: 0,
    claims: 0,
    skippedClaims: 0,
    mutations: Object.fromEntries(MUTATION_KINDS.map((k) => [k, { tried: 0, invalid: 0, detected: 0, unresolved: 0, missed: 0 }])) as Record<MutationKind, MutationTally>,
    stringFlavours: {},
    neutral: Object.fromEntries(NEUTRAL_KINDS.map((k) => [k, { tried: 0, falsePositives: 0 }])) as Record<NeutralKind, { tried: number; falsePositives: number }>,
    misses: [],
    falsePositives: [],
    elapsedMs: 0,
  };
}

const totalMutations = (r: LanguageResult): number => MUTATION_KINDS.reduce((n, k) => n + r.mutations[k].tried, 0);
const totalNeutral = (r: LanguageResult): number => NEUTRAL_KINDS.reduce((n, k) => n + r.neutral[k].tried, 0);

/** How many times a campaign may walk a corpus's files (see {@link runCorpusCampaign}). */
const MAX_PASSES = 4;

/** Kinds whose sites are drawn across their flavours in turn. */
const BALANCED_KINDS: ReadonlySet<MutationKind> = new Set<MutationKind>(['string']);

/** A claim of the file being sampled, with its baseline. */
interface Claim {
  readonly anchor: Anchor;
  readonly at: string;
  readonly digest: string;
  readonly tokens: string[];
  readonly span: Span;
  /** The nodes recipe 3 hashes; the span runs from the first one's start to the last one's end. */
  readonly hashed: readonly TextRange[];
}

/** The knobs of one corpus's campaign with their defaults filled in. */
interface Settings {
  readonly corpus: CorpusName;
  readonly seed: number;
  readonly perClaim: number;
  readonly neutralPerClaim: number;
  readonly claimsPerFile: number;
  readonly maxFileChars: number;
  readonly maxSpanChars: number;
}

/**
 * Runs the campaign over one corpus: a seeded walk over its files; per file, a seeded choice of
 * the public symbols `surf suggest` would propose as claims; per claim, seeded one-token
 * mutations (each must change the v3 digest) and neutral edits (none may). Every edit is applied
 * to the source text and the file is parsed again from scratch, as a later `surf check` would.
 */
export async function runCorpusCampaign(corpus: Corpus, options: CampaignOptions): Promise<LanguageResult> {
  const result = emptyResult(corpus);
  if (!corpus.installed) return result;
  const started = performance.now();
  await loadLanguages();
  const rng = createRng(corpusSeed(options.seed, corpus.name));
  const settings: Settings = {
    corpus: corpus.name,
    seed: options.seed,
    perClaim: options.mutationsPerClaim ?? 6,
    neutralPerClaim: options.neutralPerClaim ?? 2,
    claimsPerFile: options.claimsPerFile ?? 3,
    maxFileChars: options.maxFileChars ?? 120_000,
    maxSpanChars: options.maxSpanChars ?? 20_000,
  };
  const order = shuffled(
    corpus.files.map((_, i) => i),
    rng,
  );
  // Public symbols per file, learnt on the first pass: later passes skip files that have no more.
  const symbolCounts = new Map<number, number>();
  const sampled = new Set<number>();
  // A small corpus runs out of files before the targets are met: later passes take the next
  // claims of each file (in its own seeded order), so the sample grows without repeating claims.
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    for (const index of order) {
      const wants = {
        mutations: totalMutations(result) < options.mutationsPerLanguage,
        neutral: totalNeutral(result) < options.neutralPerLanguage,
      };
      if (!wants.mutations && !wants.neutral) break;
      if (pass > 0 && (symbolCounts.get(index) ?? 0) <= pass * settings.claimsPerFile) continue;
      const symbols = sampleFile(result, settings, corpus.files[index]!, pass, wants, rng);
      if (symbols === undefined) continue;
      symbolCounts.set(index, symbols);
      if (symbols > pass * settings.claimsPerFile && !sampled.has(index)) {
        sampled.add(index);
        result.files++;
      }
    }
  }
  result.elapsedMs = performance.now() - started;
  return result;
}

/**
 * One pass over one file: its claims of this pass (the `pass`-th slice of the file's seeded
 * symbol order), their mutations and neutral edits, and one CRLF conversion. Returns how many
 * public symbols the file has, or undefined when it is not sampled (unreadable, too large, not
 * UTF-8, unparsable).
 */
function sampleFile(
  result: LanguageResult,
  settings: Settings,
  file: CorpusFile,
  pass: number,
  wants: { readonly mutations: boolean; readonly neutral: boolean },
  rng: Rng,
): number | undefined {
  let text: string;
  try {
    text = readFileSync(file.path, 'utf8');
  } catch {
    return undefined;
  }
  if (text.length > settings.maxFileChars || text.includes('\0') || text.includes('\uFFFD')) return undefined;
  const parsed = parseOrUndefined(text, file);
  if (!parsed) return undefined;
  try {
    const symbols = publicSymbols(parsed);
    const k = settings.claimsPerFile;
    const slice = shuffled(symbols, createRng(corpusSeed(settings.seed, file.display))).slice(pass * k, (pass + 1) * k);
    if (slice.length === 0) return symbols.length;
    const baselineErrors = errorNodeCount(parsed);
    const claims: Claim[] = [];
    for (const path of slice) {
      const anchor: Anchor = { file: file.display, segments: path.map((name) => ({ name })) };
      const hashed = hashClaimV3(parsed, anchor);
      if ('unresolved' in hashed || hashed.span.endIndex - hashed.span.startIndex > settings.maxSpanChars) {
        result.skippedClaims++;
        continue;
      }
      // A span that already holds a parse error is not code the gate can reason about.
      if (nodesInside(parsed, hashed.span).some((n) => n.type === 'ERROR' || n.isMissing)) {
        result.skippedClaims++;
        continue;
      }
      claims.push({ anchor, at: formatAnchor(anchor), digest: hashed.digest, tokens: hashed.tokens, span: hashed.span, hashed: hashed.hashed });
    }
    for (const claim of claims) {
      result.claims++;
      const nodes = nodesInside(parsed, claim.span);
      if (wants.mutations) {
        const sites = mutationSites(parsed, claim.span, nodes, rng);
        const arrange = (group: Mutation[]): Mutation[] => (BALANCED_KINDS.has(group[0]!.kind) ? interleavedByDetail(group, rng) : shuffled(group, rng));
        for (const mutation of spread(sites, settings.perClaim, rng, arrange)) {
          tryMutation(result, settings.corpus, parsed, baselineErrors, claim, mutation);
        }
      }
      if (wants.neutral) {
        for (const edit of spread(neutralEditSites(parsed, claim.span, nodes), settings.neutralPerClaim, rng)) {
          tryNeutral(result, settings.corpus, parsed, claim, edit.kind, applyEdit(text, edit), edit);
        }
      }
    }
    // One CRLF conversion per file, checked against every claim of it (one parse).
    if (wants.neutral && claims.length > 0 && !text.includes('\r')) {
      const converted = parseOrUndefined(toCrlf(text), file);
      if (converted) {
        try {
          for (const claim of claims) checkNeutral(result, settings.corpus, parsed, converted, claim, 'crlf', undefined);
        } finally {
          converted.delete();
        }
      }
    }
    return symbols.length;
  } finally {
    parsed.delete();
  }
}

function tryMutation(result: LanguageResult, corpus: CorpusName, parsed: ParsedFile, baselineErrors: number, claim: Claim, mutation: Mutation): void {
  const tally = result.mutations[mutation.kind];
  tally.tried++;
  if (mutation.kind === 'string') {
    const flavour = mutation.detail.slice('string/'.length);
    result.stringFlavours[flavour] = (result.stringFlavours[flavour] ?? 0) + 1;
  }
  const after = parseOrUndefined(applyEdit(parsed.text, mutation), { path: '', display: claim.anchor.file });
  if (!after) {
    tally.invalid++;
    return;
  }
  try {
    if (errorNodeCount(after) > baselineErrors) {
      tally.invalid++;
      return;
    }
    if (mutation.expectLeaf !== undefined) {
      const leaf = after.tree.rootNode.descendantForIndex(mutation.start, mutation.start + mutation.expectLeaf.length);
      if (!leaf || leaf.text !== mutation.expectLeaf || leaf.startIndex !== mutation.start) {
        tally.invalid++;
        return;
      }
    }
    const hashed = hashClaimV3(after, claim.anchor);
    if ('unresolved' in hashed) {
      tally.unresolved++;
      return;
    }
    if (hashed.digest !== claim.digest) {
      tally.detected++;
      return;
    }
    tally.missed++;
    result.misses.push({
      corpus,
      file: claim.anchor.file,
      anchor: claim.at,
      kind: mutation.kind,
      detail: mutation.detail,
      line: lineAt(parsed.text, mutation.start),
      before: mutation.before,
      after: mutation.replacement,
      context: contextAt(parsed.text, mutation.start, mutation.end),
      outsideHashedNodes: !claim.hashed.some((r) => mutation.start >= r.startIndex && mutation.end <= r.endIndex),
    });
  } finally {
    after.delete();
  }
}

function tryNeutral(result: LanguageResult, corpus: CorpusName, parsed: ParsedFile, claim: Claim, kind: NeutralKind, text: string, edit: NeutralEdit): void {
  const after = parseOrUndefined(text, { path: '', display: claim.anchor.file });
  if (!after) {
    result.neutral[kind].tried++;
    return;
  }
  try {
    checkNeutral(result, corpus, parsed, after, claim, kind, edit);
  } finally {
    after.delete();
  }
}

function checkNeutral(result: LanguageResult, corpus: CorpusName, parsed: ParsedFile, after: ParsedFile, claim: Claim, kind: NeutralKind, edit: NeutralEdit | undefined): void {
  result.neutral[kind].tried++;
  const hashed = hashClaimV3(after, claim.anchor);
  const digest = 'unresolved' in hashed ? undefined : hashed.digest;
  if (digest === claim.digest) return;
  result.neutral[kind].falsePositives++;
  const at = edit?.start ?? claim.span.startIndex;
  result.falsePositives.push({
    corpus,
    file: claim.anchor.file,
    anchor: claim.at,
    kind,
    detail: 'unresolved' in hashed ? `no longer resolves: ${hashed.unresolved}` : kind,
    line: lineAt(parsed.text, at),
    before: edit?.before ?? 'LF line endings',
    after: edit?.replacement ?? 'CRLF line endings',
    context: edit ? contextAt(parsed.text, edit.start, edit.end) : contextAt(parsed.text, at),
    tokenDifference: 'unresolved' in hashed ? undefined : firstDifference(claim.tokens, hashed.tokens),
  });
}

/** Runs the campaign over every corpus, one after the other (each parses on this thread). */
export async function runCampaign(corpora: readonly Corpus[], options: CampaignOptions): Promise<LanguageResult[]> {
  const results: LanguageResult[] = [];
  for (const corpus of corpora) results.push(await runCorpusCampaign(corpus, options));
  return results;
}
