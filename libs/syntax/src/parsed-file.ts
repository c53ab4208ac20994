import type { Tree } from 'web-tree-sitter';
import { decodeSource } from './decode-source.js';
import { ParseFailedError } from './errors.js';
import { type TextSplice, applySplice, treeEditFor } from './source-edit.js';
import { type Family, type Lang, familyOf, loadLanguage, parserFor, requireLang } from './languages.js';

/** Line starts as UTF-16 indices and UTF-8 byte offsets, or `ascii` when they coincide. */
type LineTable = 'ascii' | { readonly starts: number[]; readonly bytes: number[] };

function lineTable(text: string): LineTable {
  if (!/[^\x00-\x7f]/.test(text)) return 'ascii';
  const starts = [0];
  const bytes = [0];
  let at = text.indexOf('\n');
  while (at >= 0) {
    starts.push(at + 1);
    bytes.push(bytes[bytes.length - 1]! + Buffer.byteLength(text.slice(starts[starts.length - 2]!, at + 1), 'utf8'));
    at = text.indexOf('\n', at + 1);
  }
  return { starts, bytes };
}

/**
 * One parsed source file: its text and syntax tree, reusable for any number of anchors.
 *
 * Ownership: the tree lives in WebAssembly memory. Whoever parsed the file calls
 * {@link ParsedFile.delete} when done with it (and with every node obtained from it); a
 * finalizer frees forgotten trees eventually, but explicit deletion keeps memory flat in
 * large checks.
 *
 * Offsets: tree-sitter indices here are UTF-16 code-unit offsets into {@link text} (web-tree-sitter
 * parses JavaScript strings as UTF-16); {@link byteOffset} converts to UTF-8 byte offsets.
 */
export class ParsedFile {
  /** Repository-relative POSIX path, when known (used in messages only). */
  readonly file: string | undefined;
  readonly lang: Lang;
  readonly family: Family;
  readonly text: string;
  readonly tree: Tree;
  #lines: LineTable | undefined;
  #deleted = false;

  constructor(text: string, lang: Lang, tree: Tree, file?: string) {
    this.text = text;
    this.lang = lang;
    this.family = familyOf(lang);
    this.tree = tree;
    this.file = file;
  }

  /** UTF-8 byte offset of a UTF-16 index into {@link text}. */
  byteOffset(index: number): number {
    this.#lines ??= lineTable(this.text);
    if (this.#lines === 'ascii') return index;
    const { starts, bytes } = this.#lines;
    // Last line starting at or before `index`, then the bytes within that line.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return bytes[lo]! + Buffer.byteLength(this.text.slice(starts[lo]!, index), 'utf8');
  }

  /** Frees the syntax tree. Idempotent. Nodes of this file must not be used afterwards. */
  delete(): void {
    if (this.#deleted) return;
    this.#deleted = true;
    this.tree.delete();
  }
}

/**
 * Parses text synchronously with an already loaded grammar (see `loadLanguage`).
 * Throws `ParseFailedError` only if tree-sitter returns no tree at all.
 */
export function parseSourceSync(source: string | Uint8Array, lang: Lang, file?: string): ParsedFile {
  const text = decodeSource(source, file);
  const tree = parserFor(lang).parse(text);
  if (!tree) throw new ParseFailedError(file);
  return new ParsedFile(text, lang, tree, file);
}

/**
 * Parses the text `previous` becomes after `splices` (applied in order), reusing its tree:
 * tree-sitter is told each edit, then re-parses only what they touched. The answer is the
 * tree a fresh parse of the new text gives. `previous` is consumed — its tree now describes the
 * new text, so it is deleted here and must not be used again.
 */
export function reparseSourceSync(previous: ParsedFile, splices: readonly TextSplice[]): ParsedFile {
  let text = previous.text;
  for (const splice of splices) {
    previous.tree.edit(treeEditFor(text, splice));
    text = applySplice(text, splice);
  }
  const parser = parserFor(previous.lang);
  let tree = parser.parse(text, previous.tree);
  previous.delete();
  // Error recovery depends on which old subtrees the parser reuses, so a tree with errors can
  // differ from what a fresh parse of the same text gives; what a claim hashes must not depend
  // on the edit history, so a broken buffer is parsed afresh (valid code keeps the fast path).
  if (tree?.rootNode.hasError === true) {
    tree.delete();
    tree = parser.parse(text);
  }
  if (!tree) throw new ParseFailedError(previous.file);
  return new ParsedFile(text, previous.lang, tree, previous.file);
}

/** Loads the grammar if needed, then parses. */
export async function parseSource(source: string | Uint8Array, lang: Lang, file?: string): Promise<ParsedFile> {
  await loadLanguage(lang);
  return parseSourceSync(source, lang, file);
}

/** Parses a file whose language follows from its path (`unsupported file type: <file>` otherwise). */
export async function parseFile(file: string, source: string | Uint8Array): Promise<ParsedFile> {
  return parseSource(source, requireLang(file), file);
}
