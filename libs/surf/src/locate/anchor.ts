import { AnchorParseError, RefParseError } from '../errors.js';
import { rustTrim } from '../hub/rust-lines.js';

/** One `>`-separated step of an anchor path. */
export interface Segment {
  /** Symbol name, trimmed, non-empty. */
  readonly name: string;
  /** 1-based positional selector from `@N`; undefined means "must be unique". */
  readonly index?: number;
}

/** A parsed `at:` site: `file > Seg > Seg…` (at least one segment). */
export interface Anchor {
  /** Workspace-root-relative POSIX path: no backslash, not absolute, no `.`/`..` segments. */
  readonly file: string;
  readonly segments: readonly Segment[];
}

/** A parsed `refs:` entry: a hub path relative to the referencing hub, optionally `> Seg…`. */
export interface HubRef {
  readonly path: string;
  /** Empty for a whole-hub reference. */
  readonly segments: readonly Segment[];
}

// Rust's `str::trim` (Unicode White_Space), which differs from `String.prototype.trim` at
// U+0085 (trimmed by Rust) and U+FEFF (trimmed by JavaScript only).
const trim = rustTrim;

const MAX_USIZE = 2n ** 64n - 1n;

function parseSegment(raw: string): Segment {
  const seg = trim(raw);
  if (seg === '') throw emptySegment();
  const at = seg.indexOf('@');
  if (at < 0) return { name: seg };
  const indexText = trim(seg.slice(at + 1));
  // Rust's `usize::from_str` accepts an optional `+` and leading zeros; the index is checked
  // before the name, as in the reference (`@0` alone is BadIndex, not EmptySegment).
  if (!/^\+?[0-9]+$/.test(indexText) || BigInt(indexText) > MAX_USIZE || BigInt(indexText) === 0n) {
    throw new AnchorParseError(
      'BadIndex',
      `invalid positional index \`@${indexText}\` (expected a number >= 1)`,
      indexText,
    );
  }
  const name = trim(seg.slice(0, at));
  if (name === '') throw emptySegment();
  return { name, index: Number(indexText) };
}

function emptySegment(): AnchorParseError {
  return new AnchorParseError('EmptySegment', 'anchor has an empty `>` segment');
}

function checkAnchorPath(file: string): void {
  if (file.includes('\\')) {
    throw new AnchorParseError(
      'BadPath',
      `anchor path \`${file}\` contains a backslash; write it with forward slashes (\`${file.replaceAll('\\', '/')}\`)`,
      file,
    );
  }
  if (file.startsWith('/') || /^[A-Za-z]:/.test(file)) {
    throw new AnchorParseError(
      'BadPath',
      `anchor path \`${file}\` is absolute; write it relative to the workspace root (the directory holding surf.toml)`,
      file,
    );
  }
  if (file.split('/').some((part) => part === '.' || part === '..')) {
    throw new AnchorParseError(
      'BadPath',
      `anchor path \`${file}\` contains a \`.\` or \`..\` segment; write the plain workspace-root-relative path`,
      file,
    );
  }
}

/**
 * Parses an `at:` site (spec §3): trim; split on every `>`; the first part is the file; each
 * later part is `name` or `name @N`. Throws {@link AnchorParseError} with the reference's
 * messages, plus `BadPath` for a backslash, an absolute path or a `.`/`..` segment.
 */
export function parseAnchor(input: string): Anchor {
  const trimmed = trim(input);
  if (trimmed === '') throw new AnchorParseError('Empty', 'anchor is empty');
  const [first, ...rest] = trimmed.split('>');
  const file = trim(first!);
  if (file === '') throw new AnchorParseError('EmptyFile', 'anchor has no file path');
  checkAnchorPath(file);
  const segments = rest.map(parseSegment);
  if (segments.length === 0) {
    throw new AnchorParseError('MissingSymbol', 'anchor names a file but no symbol (expected `path > symbol`)');
  }
  return { file, segments };
}

/**
 * Parses a `refs:` entry: the anchor grammar with zero segments allowed (a whole-hub ref).
 * The path is relative to the referencing hub, so `./` and `../` are allowed; a backslash is not.
 */
export function parseRef(input: string): HubRef {
  const trimmed = trim(input);
  if (trimmed === '') throw new RefParseError('Empty', 'ref is empty');
  const [first, ...rest] = trimmed.split('>');
  const path = trim(first!);
  if (path === '') throw new RefParseError('EmptyPath', 'ref has no hub path');
  if (path.includes('\\')) {
    throw new RefParseError(
      'BadPath',
      `ref path \`${path}\` contains a backslash; write it with forward slashes (\`${path.replaceAll('\\', '/')}\`)`,
    );
  }
  const segments: Segment[] = [];
  for (const raw of rest) {
    try {
      segments.push(parseSegment(raw));
    } catch (e) {
      if (e instanceof AnchorParseError) throw new RefParseError('Segment', e.message, e);
      throw e;
    }
  }
  return { path, segments };
}

/** Canonical text of one segment: `name` or `name @N`. */
export function formatSegment(segment: Segment): string {
  return segment.index === undefined ? segment.name : `${segment.name} @${segment.index}`;
}

/** Canonical text of a parsed anchor: `file > A > B @2`. */
export function formatAnchor(anchor: Anchor): string {
  return [anchor.file, ...anchor.segments.map(formatSegment)].join(' > ');
}

/** The anchor path without positional selectors (`file > A > B`), as `suggest` compares them. */
export function anchorPathKey(anchor: Anchor): string {
  return [anchor.file, ...anchor.segments.map((s) => s.name)].join(' > ');
}

/** Display string of a (multi-site) `at:`: sites joined by two spaces, `+`, two spaces. */
export function displaySites(sites: string | readonly string[]): string {
  return typeof sites === 'string' ? sites : sites.join('  +  ');
}
