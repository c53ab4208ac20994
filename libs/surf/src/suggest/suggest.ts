import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ParsedFile, decodeSource, langForPath, loadLanguage, parseSourceSync } from '@driftgate/syntax';
import { claimableSymbols } from '../locate/claimable-symbols.js';
import { SurfError } from '../errors.js';
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
  /** A ready-to-use anchor, `file > A > B`; with `@N` on the last segment when the name is ambiguous by design. */
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
            const names = segments.map(withoutIndex);
            // An anchor of the name covers every `@N` of it, as coverage ignores `@N`.
            if (covered.has(`${file} > ${names.join(' > ')}`)) continue;
            found.push({ file, symbol: names[names.length - 1]!, at: `${file} > ${segments.join(' > ')}` });
          }
        }
      }
      if (entry.kind !== 'supported') continue;
      supportedMatched++;
    }
    globs.push({ pattern, filesMatched: files.length, supportedMatched });
  }

  found.sort((a, b) => compareUtf8(a.at, b.at));
  const suggestions = found.filter((s, i) => i === 0 || s.at !== found[i - 1]!.at);
  const allGlobsEmpty = globs.length > 0 && globs.every((g) => g.filesMatched === 0);
  return { suggestions, globs, allGlobsEmpty };
}

type ScannedFile =
  | { readonly kind: 'skipped' }
  | { readonly kind: 'supported'; readonly symbols: readonly string[][] };

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
    const symbols = suggestedSymbols(parsed, all);
    return { kind: 'supported', symbols };
  } finally {
    parsed.delete();
  }
}

/**
 * What `surf suggest` proposes for one parsed file, as anchor segments (`[name]`, `[Type,
 * member]`), before hubs' anchors are subtracted: the public symbols an anchor resolves to.
 */
export function suggestedSymbols(parsed: ParsedFile, all: boolean): string[][] {
  return claimableSymbols(parsed, { all });
}

function checkGlob(pattern: string): void {
  const problem = globPatternProblem(pattern);
  if (problem !== undefined) throw new SurfError('SURF_BAD_GLOB', `invalid glob "${pattern}": ${problem}`);
}

/** `rotate @2` → `rotate`. */
const withoutIndex = (segment: string): string => {
  const at = segment.indexOf(' @');
  return at === -1 ? segment : segment.slice(0, at);
};

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
