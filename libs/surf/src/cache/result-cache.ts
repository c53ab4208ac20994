import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileDurably } from '@driftgate/git';
import type { SiteHashResult } from '../pool/hash-file-sites.js';
import { CACHE_FORMAT_VERSION, engineKey } from './engine-key.js';
import { type StoredAnswer, loadAnswer, storeAnswer } from './stored-answer.js';

/** Where and whether `surf check` keeps its result cache. */
export interface ResultCacheOptions {
  /** `false` (`--no-cache`, `SURF_NO_CACHE=1`): neither read nor write it. Default true. */
  readonly enabled?: boolean;
  /** Directory to keep it in (`--cache-dir`, `SURF_CACHE_DIR`); default {@link defaultCacheDir}. */
  readonly dir?: string;
}

/**
 * The default cache directory of a workspace: `node_modules/.cache/driftgate` where the workspace
 * has a `node_modules` (the place build tools share, already ignored by git and by Nx), else
 * `.surf-cache` at its root (which `surf init` adds to `.gitignore`).
 */
export function defaultCacheDir(root: string): string {
  return existsSync(join(root, 'node_modules')) ? join(root, 'node_modules', '.cache', 'driftgate') : join(root, '.surf-cache');
}

const FORMAT = 'driftgate-surf-check-cache';

/** One anchored file's answers, valid for exactly the bytes `blob` names. */
interface FileEntry {
  readonly blob: string;
  /** Request key → the answer computed for it, as stored. */
  readonly results: Readonly<Record<string, StoredAnswer>>;
}

/**
 * The check's answers per anchored file, keyed by content: a file's entry holds for the bytes
 * whose git blob id it names, under one engine (see `engineKey`), and answers only questions it
 * was asked verbatim. Modification times play no part.
 *
 * On disk: one file per workspace in a directory named after the format version, a JSON header
 * line (format, version, engine, SHA-256 of the rest) then the entries. Anything that does not
 * check out — unreadable, truncated, corrupted, another version or engine — is treated as an
 * empty cache and replaced on save, never trusted. Saves go through the git layer's durable
 * writer (a temporary file renamed over the old one), so a concurrent run or a killed one leaves
 * the previous cache or the new one, never a mixture; of two concurrent saves the last wins.
 * Failing to read or write the cache never fails a check.
 */
export class ResultCache {
  readonly #root: string;
  readonly #path: string;
  readonly #engine: string;
  readonly #entries: Map<string, FileEntry>;
  readonly #used = new Set<string>();
  #dirty = false;

  private constructor(root: string, path: string, engine: string, entries: Map<string, FileEntry>) {
    this.#root = root;
    this.#path = path;
    this.#engine = engine;
    this.#entries = entries;
  }

  /** Opens (reads) the cache of the workspace at `root`. */
  static async open(root: string, options: ResultCacheOptions = {}): Promise<ResultCache> {
    const dir = join(options.dir ?? defaultCacheDir(root), `surf-v${CACHE_FORMAT_VERSION}`);
    let rootReal = root;
    try {
      rootReal = await realpath(root);
    } catch {
      // The workspace was loaded from this root; its name is only used to pick the file.
    }
    const workspace = createHash('sha256').update(rootReal).digest('hex').slice(0, 16);
    const path = join(dir, `check-${workspace}.json`);
    const engine = engineKey();
    return new ResultCache(root, path, engine, await readEntries(path, engine));
  }

  /** The cache file (for messages and tests). */
  get path(): string {
    return this.#path;
  }

  /** The stored answers to `keys` for `file` with content `blob`, or undefined if any is missing. */
  lookup(file: string, blob: string, keys: readonly string[]): SiteHashResult[] | undefined {
    const entry = this.#entries.get(file);
    if (entry === undefined || entry.blob !== blob) return undefined;
    const results: SiteHashResult[] = [];
    for (const key of keys) {
      const result = Object.hasOwn(entry.results, key) ? loadAnswer(entry.results[key]) : undefined;
      if (result === undefined) return undefined;
      results.push(result);
    }
    this.#used.add(file);
    return results;
  }

  /**
   * Stores the answers computed for `file` from the bytes `blob` names. An entry for other bytes
   * is replaced; one for the same bytes keeps its other answers, so `surf check` and `surf verify`,
   * which ask some different questions of a file, do not evict each other's.
   */
  record(file: string, blob: string, keys: readonly string[], results: readonly SiteHashResult[]): void {
    const previous = this.#entries.get(file);
    const entry: Record<string, StoredAnswer> = previous?.blob === blob ? { ...previous.results } : {};
    keys.forEach((key, i) => (entry[key] = storeAnswer(results[i]!)));
    this.#entries.set(file, { blob, results: entry });
    this.#used.add(file);
    this.#dirty = true;
  }

  /**
   * Writes the cache if it changed, first dropping the entries of files this run did not ask
   * about that are gone from disk. Entries of files it did not ask about that still exist stay:
   * a scoped check, or an Nx target checking one project's claims, asks about some files only,
   * and the next run over the others must still find theirs. Returns whether it was written.
   */
  async save(): Promise<boolean> {
    for (const file of this.#entries.keys()) {
      if (!this.#used.has(file) && !existsSync(join(this.#root, ...file.split('/')))) {
        this.#entries.delete(file);
        this.#dirty = true;
      }
    }
    if (!this.#dirty) return false;
    const files: Record<string, FileEntry> = {};
    for (const file of [...this.#entries.keys()].sort()) files[file] = this.#entries.get(file)!;
    const body = JSON.stringify({ files });
    const header = JSON.stringify({ format: FORMAT, version: CACHE_FORMAT_VERSION, engine: this.#engine, body: sha256(body) });
    try {
      const dir = join(this.#path, '..');
      await mkdir(dir, { recursive: true });
      // Like other tools' caches, the directory ignores itself: nothing in it is ever committed,
      // even where `surf init` has not added `.surf-cache/` to the repository's `.gitignore`.
      if (!existsSync(join(dir, '.gitignore'))) await writeFileDurably(join(dir, '.gitignore'), '*\n', { fsync: false });
      // No fsync: after a crash the cache may be lost or unreadable, and either is only a cold run.
      await writeFileDurably(this.#path, `${header}\n${body}`, { fsync: false });
    } catch {
      return false;
    }
    this.#dirty = false;
    return true;
  }
}

async function readEntries(path: string, engine: string): Promise<Map<string, FileEntry>> {
  const entries = new Map<string, FileEntry>();
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return entries;
  }
  const newline = text.indexOf('\n');
  if (newline < 0) return entries;
  try {
    const header = JSON.parse(text.slice(0, newline)) as Record<string, unknown>;
    const body = text.slice(newline + 1);
    if (header.format !== FORMAT || header.version !== CACHE_FORMAT_VERSION || header.engine !== engine || header.body !== sha256(body)) {
      return entries;
    }
    const { files } = JSON.parse(body) as { files?: unknown };
    if (typeof files !== 'object' || files === null) return entries;
    for (const [file, entry] of Object.entries(files as Record<string, unknown>)) {
      const { blob, results } = (entry ?? {}) as Partial<FileEntry>;
      if (typeof blob !== 'string' || typeof results !== 'object' || results === null) return new Map();
      entries.set(file, { blob, results });
    }
  } catch {
    return new Map();
  }
  return entries;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
