import { realpath } from 'node:fs/promises';
import { type Lang, ParseFailedError, type ParsedFile, langForPath, loadLanguages, parseSourceSync } from '@driftgate/syntax';
import { ResolveError } from '../errors.js';
import { type SiteFailure, isSiteFailure, readWorkspaceSource, siteFailure } from './site-source.js';

/** Receives a file's parse (valid only during the call) or why it could not be read or parsed. */
export type SourceVisitor = (source: ParsedFile | SiteFailure) => void;

/** Files read ahead of the one being parsed, so disk waits overlap parsing. */
const READ_AHEAD = 8;

/**
 * Visits workspace source files so that each is read and parsed exactly once however many
 * questions are asked about it: register visitors per file with {@link visit}, then {@link run}
 * reads each file, parses it, calls its visitors in registration order and frees the tree before
 * moving on — so memory holds one syntax tree (plus a few read-ahead texts) at a time.
 */
export class SourceWalk {
  readonly #root: string;
  readonly #visitors = new Map<string, SourceVisitor[]>();

  /** @param root absolute workspace root; files are root-relative POSIX paths. */
  constructor(root: string) {
    this.#root = root;
  }

  /** Files registered so far, in registration order. */
  get files(): readonly string[] {
    return [...this.#visitors.keys()];
  }

  visit(file: string, visitor: SourceVisitor): void {
    const list = this.#visitors.get(file);
    if (list) list.push(visitor);
    else this.#visitors.set(file, [visitor]);
  }

  /**
   * Reads, parses and visits every registered file. A file whose extension maps to no language
   * gets `unsupported file type: <file>`; one that cannot be read gets the `read_site` failure.
   */
  async run(onFile?: (done: number, total: number) => void): Promise<void> {
    const files = [...this.#visitors.keys()];
    const langs = new Set<Lang>();
    for (const file of files) {
      const lang = langForPath(file);
      if (lang) langs.add(lang);
    }
    await loadLanguages(langs);
    const rootReal = await realpath(this.#root);
    const pending: Array<Promise<string | SiteFailure> | undefined> = [];
    const read = (i: number): void => {
      const file = files[i];
      if (file !== undefined && langForPath(file) !== undefined) pending[i] = readWorkspaceSource(this.#root, rootReal, file);
    };
    for (let i = 0; i < READ_AHEAD; i++) read(i);
    for (let i = 0; i < files.length; i++) {
      read(i + READ_AHEAD);
      const file = files[i]!;
      const visitors = this.#visitors.get(file)!;
      const lang = langForPath(file);
      const text = lang === undefined ? siteFailure('unsupported', `unsupported file type: ${file}`) : await pending[i]!;
      pending[i] = undefined;
      if (isSiteFailure(text)) {
        for (const visitor of visitors) visitor(text);
      } else {
        let parsed: ParsedFile;
        try {
          parsed = parseSourceSync(text, lang!, file);
        } catch (error) {
          if (!(error instanceof ResolveError || error instanceof ParseFailedError)) throw error;
          const failure = siteFailure('parse', error.message);
          for (const visitor of visitors) visitor(failure);
          onFile?.(i + 1, files.length);
          continue;
        }
        try {
          for (const visitor of visitors) visitor(parsed);
        } finally {
          parsed.delete();
        }
      }
      onFile?.(i + 1, files.length);
    }
  }
}
