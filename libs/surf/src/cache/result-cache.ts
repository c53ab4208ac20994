import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileDurably } from '@driftgate/git';
import type { SiteHashResult } from '../pool/hash-file-sites.js';
import { CACHE_FORMAT_VERSION, engineKey } from './engine-key.js';
import { type HubMemo, loadHubMemo } from './hub-memo.js';
import { type StoredAnswer, loadAnswer, storeAnswer } from './stored-answer.js';
import type { RepointAnswer } from '../history/repoint-of-file.js';
import { type StoredRepoint, loadRepoint } from './stored-repoint.js';
import type { HistoryAnswer } from '../history/history-of-file.js';
import { type StoredHistory, loadHistory } from './stored-history.js';

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

/**
 * Line kinds: an anchored file's answers, a hub's clean verdict, re-point answers, a file's blob
 * id at a commit, and history answers (old code, magnitude) about an earlier version of a file.
 */
const FILE = 'F';
const HUB = 'H';
const REPOINT = 'R';
const VERSION = 'V';
const HISTORY = 'O';

/**
 * One line of the cache file: its kind, what it is about (a file or a hub, workspace-relative),
 * the content key it holds for (a file's blob id, a hub's memo key), and its value, still as
 * text: a value is parsed and checked against its checksum only when a run asks for it.
 */
interface Line {
  readonly id: string;
  readonly key: string;
  /** The whole line as read, reused verbatim when the cache is saved again. */
  readonly line: string;
}

/** One anchored file's answers, valid for exactly the bytes `blob` names. */
interface FileEntry {
  readonly blob: string;
  /** Request key → the answer computed for it, as stored; undefined until the line is parsed. */
  results: Record<string, StoredAnswer> | undefined;
  /** The line it was read from, while the entry is unchanged. */
  line: string | undefined;
}

interface HubEntry {
  readonly key: string;
  memo: HubMemo | undefined;
  line: string | undefined;
}

/**
 * The re-point answers for one anchored file between two versions of it: an earlier one and the
 * current one, each named by its blob id (`key` is `<old>.<new>`).
 */
interface RepointEntry {
  readonly key: string;
  /** Question key → answer, as stored; undefined until the line is parsed. */
  answers: Record<string, StoredRepoint> | undefined;
  line: string | undefined;
}

/** A value kept per file and content key (a commit's blob id, an earlier version's history answers). */
interface KeyedEntry {
  /** Parsed value; undefined until the line is parsed. */
  value: unknown;
  line: string | undefined;
}

/**
 * The check's answers per anchored file, keyed by content, and each hub's last clean verdict: a
 * file's entry holds for the bytes whose git blob id it names, under one engine (see
 * `engineKey`), and answers only questions it was asked verbatim; a hub's entry holds for its
 * text and the exact bytes of every file its claims read (see `hub-memo.ts`); a re-point answer
 * holds for one file's bytes at an earlier revision and its bytes now, both by blob id.
 * Modification times play no part.
 *
 * On disk: one file per workspace in a directory named after the format version, a JSON header
 * line (format, version, engine), then one line per entry — kind, JSON-encoded path, content
 * key, SHA-256 of the rest, and the value as JSON, separated by tabs (which JSON text never
 * holds unescaped). Only the lines a run asks about are parsed, so a run that needs a few
 * files' answers does not pay for everyone else's. Anything that does not check out — an
 * unreadable file, another version or engine, a line that is truncated or whose checksum
 * differs — is treated as missing and replaced on save, never trusted. Saves go through the git
 * layer's durable writer (a temporary file renamed over the old one), so a concurrent run or a
 * killed one leaves the previous cache or the new one, never a mixture; of two concurrent saves
 * the last wins. Failing to read or write the cache never fails a check.
 */
export class ResultCache {
  readonly #root: string;
  readonly #path: string;
  readonly #engine: string;
  readonly #files: Map<string, FileEntry>;
  readonly #hubs: Map<string, HubEntry>;
  /** File → its entries by `<old>.<new>` key. */
  readonly #repoints: Map<string, Map<string, RepointEntry>>;
  /** Kind (`V`, `O`) → file → content key → entry. */
  readonly #keyed: Map<string, Map<string, Map<string, KeyedEntry>>>;
  readonly #used = new Set<string>();
  /** `kind\0file\0key` of every keyed entry this run read or wrote. */
  readonly #keyedUsed = new Set<string>();
  #dirty = false;

  private constructor(
    root: string,
    path: string,
    engine: string,
    files: Map<string, FileEntry>,
    hubs: Map<string, HubEntry>,
    repoints: Map<string, Map<string, RepointEntry>>,
    keyed: Map<string, Map<string, Map<string, KeyedEntry>>>,
  ) {
    this.#root = root;
    this.#path = path;
    this.#engine = engine;
    this.#files = files;
    this.#hubs = hubs;
    this.#repoints = repoints;
    this.#keyed = keyed;
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
    const { files, hubs, repoints, keyed } = await readLines(path, engine);
    return new ResultCache(root, path, engine, files, hubs, repoints, keyed);
  }

  /** The cache file (for messages and tests). */
  get path(): string {
    return this.#path;
  }

  /** The stored answers to `keys` for `file` with content `blob`, or undefined if any is missing. */
  lookup(file: string, blob: string, keys: readonly string[]): SiteHashResult[] | undefined {
    const entry = this.#files.get(file);
    if (entry === undefined || entry.blob !== blob) return undefined;
    if (entry.results === undefined) {
      const parsed = parseValue(entry.line!, FILE, file, blob);
      if (parsed === undefined || typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        this.#files.delete(file);
        this.#dirty = true;
        return undefined;
      }
      entry.results = parsed as Record<string, StoredAnswer>;
    }
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
    const previous = this.#files.get(file);
    let kept: Record<string, StoredAnswer> = {};
    if (previous?.blob === blob) {
      // Parse a still-unread entry first, so its other answers are kept.
      if (previous.results === undefined) this.lookup(file, blob, []);
      kept = { ...(this.#files.get(file)?.results ?? {}) };
    }
    keys.forEach((key, i) => (kept[key] = storeAnswer(results[i]!)));
    this.#files.set(file, { blob, results: kept, line: undefined });
    this.#used.add(file);
    this.#dirty = true;
  }

  /** The clean verdict last recorded for the hub `rel` under memo key `key`, if its line checks out. */
  hubMemo(rel: string, key: string): HubMemo | undefined {
    const entry = this.#hubs.get(rel);
    if (entry === undefined || entry.key !== key) return undefined;
    if (entry.memo === undefined) {
      const memo = loadHubMemo(parseValue(entry.line!, HUB, rel, key));
      if (memo === undefined) {
        this.#hubs.delete(rel);
        this.#dirty = true;
        return undefined;
      }
      entry.memo = memo;
    }
    return entry.memo;
  }

  /** Records that every claim of hub `rel` was clean under memo key `key`, over `memo.files`. */
  recordHubMemo(rel: string, key: string, memo: HubMemo): void {
    const previous = this.#hubs.get(rel);
    if (previous?.key === key && previous.memo !== undefined && JSON.stringify(previous.memo) === JSON.stringify(memo)) return;
    this.#hubs.set(rel, { key, memo, line: undefined });
    this.#dirty = true;
  }

  /**
   * The stored answer to the re-point question `question` (see `repointsFromHistory`) about
   * `file`, comparing the bytes `oldBlob` names (the file at an earlier revision) with the bytes
   * `newBlob` names (the file now). Both blob ids are part of the key, so an answer is never
   * served for another earlier version than the one it compared.
   */
  repoint(file: string, oldBlob: string, newBlob: string, question: string): RepointAnswer | undefined {
    const key = `${oldBlob}.${newBlob}`;
    const entry = this.#repoints.get(file)?.get(key);
    if (entry === undefined) return undefined;
    if (entry.answers === undefined) {
      const parsed = parseValue(entry.line!, REPOINT, file, key);
      if (parsed === undefined || typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        this.#repoints.get(file)!.delete(key);
        this.#dirty = true;
        return undefined;
      }
      entry.answers = parsed as Record<string, StoredRepoint>;
    }
    return Object.hasOwn(entry.answers, question) ? loadRepoint(entry.answers[question]) : undefined;
  }

  /**
   * Stores a re-point answer. The file's entries for another current version are dropped (they
   * can no longer be asked for); those for the same current version and another earlier one
   * (claims verified at different commits) are kept.
   */
  recordRepoint(file: string, oldBlob: string, newBlob: string, question: string, answer: RepointAnswer): void {
    const key = `${oldBlob}.${newBlob}`;
    let entries = this.#repoints.get(file);
    if (entries === undefined) this.#repoints.set(file, (entries = new Map()));
    for (const other of [...entries.keys()]) if (!other.endsWith(`.${newBlob}`)) entries.delete(other);
    // Parse a still-unread entry first, so its other answers are kept.
    if (entries.has(key) && entries.get(key)!.answers === undefined) this.repoint(file, oldBlob, newBlob, question);
    const answers = { ...(entries.get(key)?.answers ?? {}), [question]: answer };
    entries.set(key, { key, answers, line: undefined });
    this.#dirty = true;
  }

  /** The blob id of `file` at commit `commit`, as recorded (see `HistoryStore`). */
  versionBlob(file: string, commit: string): string | undefined {
    const value = this.#keyedValue(VERSION, file, commit);
    return typeof value === 'string' && /^[0-9a-f]{40}$/.test(value) ? value : undefined;
  }

  /** Records which blob `file` is at commit `commit` (a commit id names its tree for good). */
  recordVersionBlob(file: string, commit: string, blob: string): void {
    this.#recordKeyed(VERSION, file, commit, blob);
  }

  /** The stored answer to the history question `question` about `file` as the bytes `oldBlob` names. */
  history(file: string, oldBlob: string, question: string): HistoryAnswer | undefined {
    const value = this.#keyedValue(HISTORY, file, oldBlob);
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, question)) return undefined;
    return loadHistory((value as Record<string, unknown>)[question]);
  }

  /** Stores a history answer; the answers for the same earlier bytes and other questions are kept. */
  recordHistory(file: string, oldBlob: string, question: string, answer: HistoryAnswer): void {
    const value = this.#keyedValue(HISTORY, file, oldBlob);
    const kept = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, StoredHistory>) : {};
    this.#recordKeyed(HISTORY, file, oldBlob, { ...kept, [question]: answer });
  }

  /** A keyed entry's value if its line checks out (a line that does not is dropped). */
  #keyedValue(kind: string, file: string, key: string): unknown {
    const entries = this.#keyed.get(kind)?.get(file);
    const entry = entries?.get(key);
    if (entry === undefined) return undefined;
    if (entry.line !== undefined && entry.value === undefined) {
      const value = parseValue(entry.line, kind, file, key);
      if (value === undefined) {
        entries!.delete(key);
        this.#dirty = true;
        return undefined;
      }
      entry.value = value;
    }
    this.#keyedUsed.add(`${kind}\0${file}\0${key}`);
    return entry.value;
  }

  /**
   * Stores a keyed entry. The file's entries of the same kind that this run did not use are
   * dropped (an older HEAD, an earlier version no claim is compared with any more), so they do
   * not pile up commit after commit.
   */
  #recordKeyed(kind: string, file: string, key: string, value: unknown): void {
    let byFile = this.#keyed.get(kind);
    if (byFile === undefined) this.#keyed.set(kind, (byFile = new Map()));
    let entries = byFile.get(file);
    if (entries === undefined) byFile.set(file, (entries = new Map()));
    for (const other of [...entries.keys()]) if (other !== key && !this.#keyedUsed.has(`${kind}\0${file}\0${other}`)) entries.delete(other);
    entries.set(key, { value, line: undefined });
    this.#keyedUsed.add(`${kind}\0${file}\0${key}`);
    this.#dirty = true;
  }

  /** Forgets the hub `rel`'s verdict (one of its claims is no longer clean). */
  dropHubMemo(rel: string): void {
    if (this.#hubs.delete(rel)) this.#dirty = true;
  }

  /**
   * Writes the cache if it changed, first dropping the entries of files this run did not ask
   * about that are gone from disk. Entries of files it did not ask about that still exist stay:
   * a scoped check, or an Nx target checking one project's claims, asks about some files only,
   * and the next run over the others must still find theirs. Unchanged lines are written back
   * as they were read. Returns whether it was written.
   */
  async save(): Promise<boolean> {
    for (const file of this.#files.keys()) {
      if (!this.#used.has(file) && !existsSync(join(this.#root, ...file.split('/')))) {
        this.#files.delete(file);
        this.#dirty = true;
      }
    }
    for (const rel of this.#hubs.keys()) {
      if (!existsSync(join(this.#root, ...rel.split('/')))) {
        this.#hubs.delete(rel);
        this.#dirty = true;
      }
    }
    for (const file of this.#repoints.keys()) {
      if (!existsSync(join(this.#root, ...file.split('/')))) {
        this.#repoints.delete(file);
        this.#dirty = true;
      }
    }
    for (const byFile of this.#keyed.values()) {
      for (const file of byFile.keys()) {
        if (!existsSync(join(this.#root, ...file.split('/')))) {
          byFile.delete(file);
          this.#dirty = true;
        }
      }
    }
    if (!this.#dirty) return false;
    const lines = [JSON.stringify({ format: FORMAT, version: CACHE_FORMAT_VERSION, engine: this.#engine })];
    for (const file of [...this.#files.keys()].sort()) {
      const entry = this.#files.get(file)!;
      lines.push(entry.line ?? formatLine(FILE, file, entry.blob, JSON.stringify(entry.results)));
    }
    for (const rel of [...this.#hubs.keys()].sort()) {
      const entry = this.#hubs.get(rel)!;
      lines.push(entry.line ?? formatLine(HUB, rel, entry.key, JSON.stringify(entry.memo)));
    }
    for (const file of [...this.#repoints.keys()].sort()) {
      const entries = this.#repoints.get(file)!;
      for (const key of [...entries.keys()].sort()) {
        const entry = entries.get(key)!;
        lines.push(entry.line ?? formatLine(REPOINT, file, key, JSON.stringify(entry.answers)));
      }
    }
    for (const kind of [VERSION, HISTORY]) {
      const byFile = this.#keyed.get(kind);
      if (byFile === undefined) continue;
      for (const file of [...byFile.keys()].sort()) {
        const entries = byFile.get(file)!;
        for (const key of [...entries.keys()].sort()) {
          const entry = entries.get(key)!;
          lines.push(entry.line ?? formatLine(kind, file, key, JSON.stringify(entry.value)));
        }
      }
    }
    try {
      const dir = join(this.#path, '..');
      await mkdir(dir, { recursive: true });
      // Like other tools' caches, the directory ignores itself: nothing in it is ever committed,
      // even where `surf init` has not added `.surf-cache/` to the repository's `.gitignore`.
      if (!existsSync(join(dir, '.gitignore'))) await writeFileDurably(join(dir, '.gitignore'), '*\n', { fsync: false });
      // No fsync: after a crash the cache may be lost or unreadable, and either is only a cold run.
      await writeFileDurably(this.#path, `${lines.join('\n')}\n`, { fsync: false });
    } catch {
      return false;
    }
    this.#dirty = false;
    return true;
  }
}

function formatLine(kind: string, id: string, key: string, value: string): string {
  const path = JSON.stringify(id);
  return `${kind}\t${path}\t${key}\t${checksum(kind, path, key, value)}\t${value}`;
}

function checksum(kind: string, path: string, key: string, value: string): string {
  return createHash('sha256').update(`${kind}\t${path}\t${key}\t`).update(value).digest('hex').slice(0, 32);
}

/** The line's value, parsed, when the line is whole and its checksum matches; else undefined. */
function parseValue(line: string, kind: string, id: string, key: string): unknown {
  const fields = splitLine(line);
  if (fields === undefined) return undefined;
  const [lineKind, path, lineKey, sum, value] = fields;
  if (lineKind !== kind || lineKey !== key || sum !== checksum(lineKind, path, lineKey, value)) return undefined;
  try {
    if (JSON.parse(path) !== id) return undefined;
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** Kind, JSON path, key, checksum and value of a line; undefined when it has too few fields. */
function splitLine(line: string): [string, string, string, string, string] | undefined {
  const fields: string[] = [];
  let from = 0;
  for (let i = 0; i < 4; i++) {
    const tab = line.indexOf('\t', from);
    if (tab < 0) return undefined;
    fields.push(line.slice(from, tab));
    from = tab + 1;
  }
  return [fields[0]!, fields[1]!, fields[2]!, fields[3]!, line.slice(from)];
}

interface CacheLines {
  files: Map<string, FileEntry>;
  hubs: Map<string, HubEntry>;
  repoints: Map<string, Map<string, RepointEntry>>;
  keyed: Map<string, Map<string, Map<string, KeyedEntry>>>;
}

async function readLines(path: string, engine: string): Promise<CacheLines> {
  const empty = (): CacheLines => ({ files: new Map(), hubs: new Map(), repoints: new Map(), keyed: new Map() });
  const { files, hubs, repoints, keyed } = empty();
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return empty();
  }
  const lines = text.split('\n');
  try {
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    if (header.format !== FORMAT || header.version !== CACHE_FORMAT_VERSION || header.engine !== engine) return empty();
  } catch {
    return empty();
  }
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const parsed = readLine(line);
    // A line that does not even split is dropped here; one whose checksum fails, when asked for.
    if (parsed === undefined) continue;
    if (line.startsWith(`${FILE}\t`)) files.set(parsed.id, { blob: parsed.key, results: undefined, line });
    else if (line.startsWith(`${HUB}\t`)) hubs.set(parsed.id, { key: parsed.key, memo: undefined, line });
    else if (line.startsWith(`${REPOINT}\t`)) {
      let entries = repoints.get(parsed.id);
      if (entries === undefined) repoints.set(parsed.id, (entries = new Map()));
      entries.set(parsed.key, { key: parsed.key, answers: undefined, line });
    } else if (line.startsWith(`${VERSION}\t`) || line.startsWith(`${HISTORY}\t`)) {
      const kind = line.slice(0, 1);
      let byFile = keyed.get(kind);
      if (byFile === undefined) keyed.set(kind, (byFile = new Map()));
      let entries = byFile.get(parsed.id);
      if (entries === undefined) byFile.set(parsed.id, (entries = new Map()));
      entries.set(parsed.key, { value: undefined, line });
    }
  }
  return { files, hubs, repoints, keyed };
}

function readLine(line: string): Line | undefined {
  const fields = splitLine(line);
  if (fields === undefined) return undefined;
  try {
    const id: unknown = JSON.parse(fields[1]);
    return typeof id === 'string' ? { id, key: fields[2], line } : undefined;
  } catch {
    return undefined;
  }
}
