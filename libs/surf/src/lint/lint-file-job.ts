import { ParseFailedError, type ParsedFile, langForPath, loadLanguage, parseSourceSync } from '@driftgate/syntax';
import type { Anchor } from '../locate/anchor.js';
import { ResolveError } from '../errors.js';
import { findRenamed } from '../hash/find-renamed.js';
import { rustLines } from '../hub/rust-lines.js';
import { notFoundHint } from './not-found-hint.js';
import { publicSymbols } from '../locate/public-symbols.js';
import { findRecipe2BlindSpot } from '../hash/recipe2-blind-spots.js';
import { recipeCovers } from '../hash/recipe-families.js';
import { resolveAnchor } from '../locate/resolve.js';
import { firstSyntaxError, notFoundParseNote } from '../locate/syntax-errors.js';
import { type Recipe, parseStamp } from '../hash/stamp.js';
import { formatChainHint, suggestChain } from './suggest-chain.js';
import type { LintSeverity } from './lint-finding.js';
import { type SiteFailure, isSiteFailure, readWorkspaceSourceSync, siteFailure } from '../source/site-source.js';

/** A span covering at least this share of a file (of ≥ 15 lines) is a near-whole-file anchor. */
export const COARSE_SPAN_PERCENT = 75;
export const COARSE_MIN_FILE_LINES = 15;

/** What lint asks about one site; plain data, so it can go to a worker thread. */
export interface LintSiteQuestion {
  readonly anchor: Anchor;
  /** The site as the hub writes it (the re-stamp hint quotes it). */
  readonly at: string;
  /** The claim's stored stamp, if any. */
  readonly hash?: string;
  readonly ignoreLiterals: boolean;
  /** The recipe the workspace writes. */
  readonly recipe: Recipe;
}

/** A site finding before it is attached to its hub and claim. */
export interface SiteFindingText {
  readonly severity: LintSeverity;
  readonly message: string;
}

/** What one site's file pass found; `unreadable` sites wait for a git rename lookup. */
export type LintSiteAnswer =
  | { readonly kind: 'findings'; readonly findings: readonly SiteFindingText[]; readonly resolved: boolean }
  | { readonly kind: 'unreadable' };

/** One anchored file's lint answers: per site in question order, and its public surface when every site resolved. */
export interface LintFileAnswer {
  readonly sites: readonly LintSiteAnswer[];
  /** `publicSymbols` of the file, only when it parsed and every site into it resolved. */
  readonly surface?: readonly string[][];
}

/**
 * Lints every site of one workspace file: read (inside the workspace, UTF-8), parse once, answer
 * each question (vanished anchors from the per-parse indexes), then the file's public surface
 * for the coverage rule, and free the tree.
 */
export async function lintFile(root: string, rootReal: string, file: string, questions: readonly LintSiteQuestion[]): Promise<LintFileAnswer> {
  const source = await parsedSource(root, rootReal, file);
  if (isSiteFailure(source)) return { sites: questions.map((question) => lintSite(source, question, () => 1)) };
  try {
    // Counted once per file: splitting a large file into lines for each of its claims added up.
    let lines: number | undefined;
    const fileLines = (): number => (lines ??= Math.max(rustLines(source.text).length, 1));
    const sites = questions.map((question) => lintSite(source, question, fileLines));
    const healthy = sites.every((site) => site.kind === 'findings' && site.resolved);
    return healthy ? { sites, surface: publicSymbols(source) } : { sites };
  } finally {
    source.delete();
  }
}

/** A file's parse, or why it could not be read or parsed (the messages of `read_site`). */
async function parsedSource(root: string, rootReal: string, file: string): Promise<ParsedFile | SiteFailure> {
  const lang = langForPath(file);
  if (lang === undefined) return siteFailure('unsupported', `unsupported file type: ${file}`);
  const text = readWorkspaceSourceSync(root, rootReal, file);
  if (isSiteFailure(text)) return text;
  await loadLanguage(lang);
  try {
    return parseSourceSync(text, lang, file);
  } catch (error) {
    if (!(error instanceof ResolveError || error instanceof ParseFailedError)) throw error;
    return siteFailure('parse', error.message);
  }
}

/** One site's findings; `countLines` gives the file's line count as the reference counts lines (at least 1). */
function lintSite(source: ParsedFile | SiteFailure, question: LintSiteQuestion, countLines: () => number): LintSiteAnswer {
  const { anchor, recipe } = question;
  if (isSiteFailure(source)) {
    if (source.kind === 'unreadable') return { kind: 'unreadable' };
    const message = source.kind === 'parse' ? `could not parse \`${anchor.file}\`` : source.message;
    return { kind: 'findings', findings: [{ severity: 'block', message }], resolved: false };
  }
  const block = (message: string): LintSiteAnswer => ({ kind: 'findings', findings: [{ severity: 'block', message }], resolved: false });
  // The workspace's recipe cannot stamp this language: nothing else about the site matters yet.
  if (!recipeCovers(source.family, recipe)) return block(ResolveError.recipeLanguage(source.family, recipe, anchor.file).message);
  let resolution;
  try {
    resolution = resolveAnchor(source, anchor);
  } catch (error) {
    if (!(error instanceof ResolveError)) throw error;
    if (error.kind === 'Ambiguous') return block(error.message);
    if (error.kind === 'Parse') return block(`could not parse \`${anchor.file}\``);
    const segment = error.segment;
    if (question.hash !== undefined) {
      const renamed = findRenamed(source, question.hash, { ignoreLiterals: question.ignoreLiterals });
      if (renamed === undefined) {
        const hint = notFoundHint(source, anchor) ?? '';
        return block(`\`${segment}\` not found and no current symbol matches the stored hash — the claim points at nothing${notFoundParseNote(source, anchor.file)}${hint}`);
      }
      // The same name found elsewhere in a file that does not parse: the parse error moved it
      // (a Rust item read into the unclosed one before it), not a rename.
      const parseNote = notFoundParseNote(source, anchor.file);
      if (renamed === segment && parseNote !== '') return block(`\`${segment}\` not found${parseNote}`);
      return {
        kind: 'findings',
        findings: [{ severity: 'warn', message: `\`${segment}\` not found, but its code appears to live under \`${renamed}\` now — run \`surf verify --follow\`` }],
        resolved: false,
      };
    }
    const chain = suggestChain(source, anchor);
    const hint = chain === undefined ? (notFoundHint(source, anchor) ?? '') : formatChainHint(chain);
    return block(`\`${segment}\` not found (claim has no stored hash to match against)${notFoundParseNote(source, anchor.file)}${hint}`);
  }
  if (resolution.extended !== undefined && recipe !== 'v3') {
    // `surf verify` could not stamp it: a reference recipe resolves only what the reference does.
    return block(
      `\`${resolution.extended.segment}\` is claimable under recipe 3 only (the reference's rules do not reach it), and this workspace writes \`${recipe.slice(1)}:\` stamps — set \`recipe = 3\` in surf.toml, or anchor an item the reference resolves`,
    );
  }
  const { span } = resolution;
  const spanLines = span.endLine - span.startLine + 1;
  const fileLines = countLines();
  const findings: SiteFindingText[] = [];
  if (fileLines >= COARSE_MIN_FILE_LINES && spanLines * 100 >= fileLines * COARSE_SPAN_PERCENT) {
    const pct = Math.floor((spanLines * 100) / fileLines);
    findings.push({
      severity: 'warn',
      message: `anchored span covers ${pct}% of ${anchor.file} (${spanLines}/${fileLines} lines) — a near-whole-file anchor re-triggers verification on any edit; point at a narrower symbol`,
    });
  }
  const broken = firstSyntaxError(resolution.hashable);
  if (broken !== undefined) {
    // Error recovery decides which tokens end up in the tree, and it may decide differently after
    // an unrelated edit or a grammar upgrade: the stamp of such a span is not reproducible.
    const what = broken.isMissing ? `a missing \`${broken.type}\`` : 'a syntax error';
    findings.push({
      severity: 'warn',
      message: `anchored span contains ${what} at ${anchor.file}:${broken.startPosition.row + 1} — its hash depends on how the parser recovers and is not stable; fix the syntax, or anchor a smaller symbol that parses cleanly`,
    });
  }
  if (question.hash !== undefined && parseStamp(question.hash)?.recipe === 'v2') {
    // A 2: stamp passes edits to these constructs; say so, since nothing else will.
    const blind = findRecipe2BlindSpot(source, resolution);
    if (blind !== undefined) {
      findings.push({
        severity: 'warn',
        message: `the span holds ${blind.what} at ${anchor.file}:${blind.line}, which a \`2:\` stamp cannot see — edits there pass \`surf check\`; after re-reading the claim, re-stamp it under recipe 3 with \`surf verify '${question.at}'\` (docs/hash-recipes.md)`,
      });
    }
  }
  return { kind: 'findings', findings, resolved: true };
}
