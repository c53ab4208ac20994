import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ParsedFile, decodeSource, familyOf, langForPath, loadLanguage, parseSourceSync } from '@driftgate/syntax';
import { publicSymbols } from '../public-symbols.js';
import { ResolveError, SurfError } from '../errors.js';
import { resolveAnchor } from '../resolve.js';
import type { SurfConfig } from '../workspace/config.js';
import { discoverHubs } from '../workspace/discover-hubs.js';
import { globPatternProblem } from '../workspace/glob-pattern.js';
import { coveredAnchorPaths } from './suggest-covered.js';

/** One public symbol no hub anchors yet (the JSON item of `surf suggest --format json`). */
export interface Suggestion {
  /** Root-relative POSIX path of the source file. */
  readonly file: string;
  /** The last segment of {@link at}: the symbol's own name. */
  readonly symbol: string;
  /** A ready-to-use anchor, `file > A > B`, without `@N`. */
  readonly at: string;
}

/** How many files one glob matched, so a typo reads differently from "all anchored". */
export interface SuggestGlobTally {
  /** The glob as given. */
  readonly pattern: string;
  /** Regular files the glob matched (symlinks to files inside the workspace count). */
  readonly filesMatched: number;
  /** Of those, files in a supported language that could be read as UTF-8. */
  readonly supportedMatched: number;
}

export interface SuggestResult {
  /** Sorted by `at` (UTF-8 byte order), without duplicates. */
  readonly suggestions: readonly Suggestion[];
  /** One tally per glob, in the order given. */
  readonly globs: readonly SuggestGlobTally[];
  /**
   * Supported files scanned (counted once per matching glob) in a language whose surface `all`
   * does not widen — Rust lists public callables only — so the CLI can say why `--all` added
   * nothing there.
   */
  readonly allNoopScanned: number;
  /** Globs were given and every one matched zero files: the only case `surf suggest` fails. */
  readonly allGlobsEmpty: boolean;
}

export interface SuggestOptions {
  /** Root-relative globs (same syntax as `surf.toml`'s `hubs`). */
  readonly globs: readonly string[];
  /** Also propose non-callables (classes, constants, type aliases, attributes): `--all`. */
  readonly all?: boolean;
}

/**
 * `surf suggest` (spec §7.3): lists the public symbols of the files the globs match that no hub
 * anchors yet. Read-only: computes no hash and writes nothing. Each matched file is read and
 * parsed once, however many globs match it. Unsupported and non-UTF-8 files are skipped.
 * Throws `SURF_BAD_GLOB` for a glob that cannot be compiled (before reading anything).
 */
export async function suggest(config: Pick<SurfConfig, 'root' | 'hubs' | 'bundles'>, options: SuggestOptions): Promise<SuggestResult> {
  for (const pattern of options.globs) checkGlob(pattern);
  const covered = await coveredAnchorPaths(config);
  const all = options.all === true;
  const scanned = new Map<string, ScannedFile>();
  const found: Suggestion[] = [];
  const globs: SuggestGlobTally[] = [];
  let allNoopScanned = 0;

  for (const pattern of options.globs) {
    const files = await discoverHubs({ root: config.root, hubs: [pattern], bundles: [] });
    let supportedMatched = 0;
    for (const file of files) {
      let entry = scanned.get(file);
      if (entry === undefined) {
        entry = await scanFile(config.root, file, all);
        scanned.set(file, entry);
        if (entry.kind === 'supported') {
          for (const segments of entry.symbols) {
            const at = `${file} > ${segments.join(' > ')}`;
            if (!covered.has(at)) found.push({ file, symbol: segments[segments.length - 1]!, at });
          }
        }
      }
      if (entry.kind !== 'supported') continue;
      supportedMatched++;
      if (entry.callablesOnly) allNoopScanned++;
    }
    globs.push({ pattern, filesMatched: files.length, supportedMatched });
  }

  found.sort((a, b) => compareUtf8(a.at, b.at));
  const suggestions = found.filter((s, i) => i === 0 || s.at !== found[i - 1]!.at);
  const allGlobsEmpty = globs.length > 0 && globs.every((g) => g.filesMatched === 0);
  return { suggestions, globs, allNoopScanned, allGlobsEmpty };
}

type ScannedFile =
  | { readonly kind: 'skipped' }
  | { readonly kind: 'supported'; readonly symbols: readonly string[][]; readonly callablesOnly: boolean };

const SKIPPED: ScannedFile = { kind: 'skipped' };

async function scanFile(root: string, file: string, all: boolean): Promise<ScannedFile> {
  const lang = langForPath(file);
  if (lang === undefined) return SKIPPED;
  let text: string;
  try {
    text = decodeSource(await readFile(join(root, ...file.split('/'))), file);
  } catch {
    // Like the reference, a file that cannot be read as UTF-8 text is passed over, not fatal.
    return SKIPPED;
  }
  await loadLanguage(lang);
  const parsed = parseSourceSync(text, lang, file);
  try {
    const symbols = publicSymbols(parsed, { all }).filter((segments) => resolvesUniquely(parsed, segments));
    return { kind: 'supported', symbols, callablesOnly: familyOf(lang) === 'rust' };
  } finally {
    parsed.delete();
  }
}

/**
 * Whether the anchor `lint` would build from `segments` resolves to exactly one symbol: a
 * proposal lint rejects (an overload set without `@N`, a name bound twice) is no help.
 */
function resolvesUniquely(parsed: ParsedFile, segments: readonly string[]): boolean {
  try {
    resolveAnchor(parsed, segments.map((name) => ({ name })));
    return true;
  } catch (error) {
    if (error instanceof ResolveError) return false;
    throw error;
  }
}

function checkGlob(pattern: string): void {
  const problem = globPatternProblem(pattern);
  if (problem !== undefined) throw new SurfError('SURF_BAD_GLOB', `invalid glob "${pattern}": ${problem}`);
}

/** Orders strings by their UTF-8 bytes (= code points), as the reference sorts anchors. */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitRank(x) - unitRank(y);
  }
  return a.length - b.length;
}

/** UTF-16 surrogates (astral code points) move above U+E000–U+FFFF, so unit order is code-point order. */
function unitRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}
