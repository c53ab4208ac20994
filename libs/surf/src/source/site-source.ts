import { constants } from 'node:fs';
import { readFileSync, realpathSync } from 'node:fs';
import { access, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { type Lang, SourceDecodeError, decodeSource, langForPath } from '@driftgate/syntax';
import { type Anchor, parseAnchor } from '../locate/anchor.js';
import { AnchorParseError } from '../errors.js';

/** Why an `at:` site could not be turned into source text (spec §6 `read_site`, in that order). */
export type SiteFailureKind =
  /** The anchor does not follow the grammar: `invalid anchor: <e>`. */
  | 'bad-anchor'
  /** The extension maps to no language: `unsupported file type: <file>`. */
  | 'unsupported'
  /** The file is missing or not a readable file: `` cannot read `<file>` (file moved or removed?) ``. */
  | 'unreadable'
  /** The path resolves (through a symlink) outside the workspace root. */
  | 'outside'
  /** The bytes are not UTF-8. */
  | 'not-utf8'
  /** tree-sitter returned no tree at all: `source could not be parsed`. */
  | 'parse';

/** A site that cannot be read; `message` is the user-facing detail (check detail, lint message). */
export interface SiteFailure {
  readonly failed: true;
  readonly kind: SiteFailureKind;
  readonly message: string;
}

export function siteFailure(kind: SiteFailureKind, message: string): SiteFailure {
  return { failed: true, kind, message };
}

export function isSiteFailure(value: unknown): value is SiteFailure {
  return typeof value === 'object' && value !== null && (value as SiteFailure).failed === true;
}

/** `` cannot read `<file>` (file moved or removed?) `` — the reference's wording. */
export function unreadableMessage(file: string): string {
  return `cannot read \`${file}\` (file moved or removed?)`;
}

/** A parsed site: its anchor and language, ready to be read. */
export interface SiteTarget {
  readonly anchor: Anchor;
  readonly lang: Lang;
}

/**
 * For an anchor that ends in an empty `>` segment: the likeliest cause. YAML starts a comment at
 * ` #`, so an unquoted `at: a.ts > A > #secret` reaches surf as `a.ts > A >`.
 */
function commentHint(site: string, error: AnchorParseError): string {
  // YAML drops the comment and the blanks before it, leaving a `>` after a blank: `A >`, not `<b>`.
  if (error.kind !== 'EmptySegment' || !/\s>$/.test(site.trimEnd())) return '';
  return ' (it ends in `>`: an unquoted ` #` starts a YAML comment, so a `#private` member must be quoted, as in `at: "a.ts > Account > #secret"`)';
}

/** Parses a site and finds its language: the first two checks of `read_site`. */
export function siteTarget(site: string): SiteTarget | SiteFailure {
  let anchor: Anchor;
  try {
    anchor = parseAnchor(site);
  } catch (error) {
    if (error instanceof AnchorParseError) return siteFailure('bad-anchor', `invalid anchor: ${error.message}${commentHint(site, error)}`);
    throw error;
  }
  const lang = langForPath(anchor.file);
  if (lang === undefined) return siteFailure('unsupported', `unsupported file type: ${anchor.file}`);
  return { anchor, lang };
}

/**
 * Reads a workspace-relative source file as UTF-8 text, refusing to leave the workspace: the
 * path is resolved with `realpath` and must stay under the (real) root, so a symlink pointing
 * outside is an error rather than a read. `rootReal` is `realpath(root)`, computed once.
 *
 * Synchronous, for the parsing threads of the work pool: each file is parsed synchronously right
 * after, and two thread-pool round trips per file (realpath, read) left them idle on workspaces of
 * many small files. Sequential walks that read ahead use {@link readWorkspaceSource}.
 */
export function readWorkspaceSourceSync(root: string, rootReal: string, file: string): string | SiteFailure {
  const bytes = readWorkspaceBytesSync(root, rootReal, file);
  return isSiteFailure(bytes) ? bytes : decodedSource(bytes, file);
}

/** The bytes {@link readWorkspaceSourceSync} decodes, under the same workspace checks. */
export function readWorkspaceBytesSync(root: string, rootReal: string, file: string): Buffer | SiteFailure {
  let real: string;
  try {
    real = realpathSync(join(root, ...file.split('/')));
  } catch {
    return siteFailure('unreadable', unreadableMessage(file));
  }
  const escaped = outsideWorkspace(rootReal, real, file);
  if (escaped !== undefined) return escaped;
  let bytes: Buffer;
  try {
    bytes = readFileSync(real);
  } catch {
    return siteFailure('unreadable', unreadableMessage(file));
  }
  return bytes;
}

/** {@link readWorkspaceSourceSync} without blocking, so a walk can read ahead while it parses. */
export async function readWorkspaceSource(root: string, rootReal: string, file: string): Promise<string | SiteFailure> {
  let real: string;
  try {
    real = await realpath(join(root, ...file.split('/')));
  } catch {
    return siteFailure('unreadable', unreadableMessage(file));
  }
  const escaped = outsideWorkspace(rootReal, real, file);
  if (escaped !== undefined) return escaped;
  let bytes: Buffer;
  try {
    bytes = await readFile(real);
  } catch {
    return siteFailure('unreadable', unreadableMessage(file));
  }
  return decodedSource(bytes, file);
}

function outsideWorkspace(rootReal: string, real: string, file: string): SiteFailure | undefined {
  const rel = relative(rootReal, real);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    return siteFailure(
      'outside',
      `\`${file}\` resolves outside the workspace root (through a symlink); anchors must point at files inside the workspace`,
    );
  }
  return undefined;
}

/** Source text of a file's bytes, or the `not-utf8` failure. */
export function decodedSource(bytes: Buffer, file: string): string | SiteFailure {
  try {
    return decodeSource(bytes, file);
  } catch (error) {
    if (error instanceof SourceDecodeError) return siteFailure('not-utf8', error.message);
    throw error;
  }
}

/**
 * Whether a workspace-relative path is a regular file inside the workspace that can be opened
 * for reading (without reading it), as used to decide whether `--follow` must look for a rename.
 */
export async function isReadableSource(root: string, rootReal: string, file: string): Promise<boolean> {
  try {
    const real = await realpath(join(root, ...file.split('/')));
    // Outside the workspace is not a rename case: the read reports it as its own error.
    if (outsideWorkspace(rootReal, real, file) !== undefined) return true;
    if (!(await stat(real)).isFile()) return false;
    await access(real, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}
