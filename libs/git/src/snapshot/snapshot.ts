import { availableParallelism } from 'node:os';
import { BlobReadIterator, type BlobReadEntry } from '../read/blob-read-iterator.js';
import type { FileContent } from '../read/file-content.js';
import { CatFileBatch, nonBlob, snapshotClosed } from '../read/cat-file-batch.js';
import { readConfigValue } from '../process/config-value.js';
import { GitError } from '../git-error.js';
import { decodeGitPath, encodeGitPath } from '../paths/git-path.js';
import { gitRecordBatches } from '../process/git-records.js';
import { writeIndexTree } from './index-tree.js';
import { locateRepository } from '../process/repo-root.js';
import { isObjectId } from '../history/revision.js';
import { resolveLimits, type SnapshotLimits } from '../limits/snapshot-limits.js';
import { listTree, listingRecordOptions, PathBudget, sortUnique, type BlobMode, type ListedEntry } from './tree-listing.js';
import { WorkingTreeFiles } from './working-tree-files.js';

/** Where a snapshot's bytes come from. */
export type SourceMode = 'head' | 'index' | 'working-tree';

/** One tracked path of the snapshot. Sorted by encoded path bytes in `Snapshot.entries`. */
export interface SnapshotEntry {
  /** Repository-relative POSIX path, surrogateescape-decoded (see `decodeGitPath`). */
  path: string;
  /**
   * Canonical Git mode. head/index: from the captured tree. working-tree: as found on disk by
   * lstat (symlink 120000, regular file by execute bit, or the index's 100644/100755 when
   * `core.filemode=false`); for a path that cannot be read as content (unsupported file type,
   * symlinked parent directory) the index mode, and `read` fails with the reason.
   */
  mode: BlobMode | '160000';
  /** 'commit' only for gitlinks (160000). */
  type: 'blob' | 'commit';
  /**
   * Object id from the captured tree / index. working-tree: the index's id, which need not match
   * the bytes on disk; '' for files of the unborn-repository fallback, which have no index entry.
   */
  oid: string;
}

export type { FileContent } from '../read/file-content.js';

/** One immutable source for a whole operation; see `captureSnapshot`. */
export interface Snapshot {
  readonly source: SourceMode;
  /** Absolute repository root (surrogateescape string). */
  readonly root: string;
  /** HEAD^{commit} captured once; null when unborn. */
  readonly headCommit: string | null;
  readonly entries: readonly SnapshotEntry[];
  get(path: string): SnapshotEntry | undefined;
  /** Entries equal to `dir` or below `dir + '/'`; '' means all. Sorted. */
  list(dir: string): SnapshotEntry[];
  /** Bytes and mode of one blob entry. Fails closed (GitError) for missing/non-blob/oversize/changed. */
  read(path: string): Promise<FileContent>;
  /**
   * Reads many in the given order with bounded pipelining (bounded bytes in flight), yielding in
   * order. Stops with the first failing path. Iterate to the end or `break`: an iterator left
   * suspended keeps its read-ahead (up to 8 MiB per git process) and, past that, holds up other reads. Reading
   * starts at the first `next()`; a file's bytes count as read-ahead until the following one.
   */
  readMany(paths: Iterable<string>): AsyncIterable<FileContent>;
  /** Ends the long-lived git process(es). Idempotent. */
  close(): Promise<void>;
}

export interface CaptureOptions {
  limits?: Partial<SnapshotLimits>;
  /**
   * `head` only: capture this commit (a full object id) instead of `HEAD`; the snapshot's
   * `headCommit` is then that commit. For operations over history (a range review).
   */
  commit?: string;
}

interface Slot {
  entry: SnapshotEntry;
  bytes: Buffer;
  /** working-tree: why this path cannot be read. */
  problem?: GitError;
  /** What `readMany` reads for this path, built the first time it is read. */
  readEntry?: BlobReadEntry;
}

/** Object reads queued ahead of the consumer in `readMany`. */
const MAX_QUEUED_READS = 512;
/**
 * Blob bytes `readMany` may hold that the consumer has not taken yet, per git process. Counted by
 * content length: a small file handed out as a view keeps its whole stdout chunk (≤ 64 KiB)
 * alive, so the memory held can exceed this by up to one chunk per held read.
 */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/**
 * Long-lived `cat-file` processes a `readMany` spreads its reads over. Inflating objects is git's
 * CPU-bound share of a read and Node mostly waits for it, so a second process on a second core
 * nearly halves a large read; more than two buys little and costs memory. Single `read`s use the
 * first process only. Either way a snapshot never starts a process per file.
 */
const READ_MANY_PROCESSES = Math.max(1, Math.min(2, availableParallelism()));

const SOURCES: readonly SourceMode[] = ['head', 'index', 'working-tree'];

/**
 * Captures one immutable source for a whole operation.
 *
 * - `head`: resolves `HEAD^{commit}` once and lists that commit's tree; blobs are read by object
 *   id, so a ref moved later changes nothing.
 * - `index`: writes the index as a tree once (`git write-tree`) and lists it.
 * - `working-tree`: the index tree gives the tracked set; modes and bytes come from disk (see
 *   `SnapshotEntry.mode`); tracked paths absent on disk are left out. With no HEAD and an empty
 *   index, the non-ignored files on disk are used instead.
 *
 * Listings stream under `limits` (defaults: `DEFAULT_SNAPSHOT_LIMITS`). `index` and
 * `working-tree` write the index's tree objects into the repository (as `git write-tree` does).
 * Call `close()` when done; an idle snapshot does not keep Node running.
 */
export async function captureSnapshot(cwd: string, source: SourceMode, options: CaptureOptions = {}): Promise<Snapshot> {
  if (!SOURCES.includes(source)) {
    throw new GitError('GIT_INVALID_ARGUMENT', `Unknown snapshot source ${JSON.stringify(source)}; use head, index or working-tree.`);
  }
  const limits = resolveLimits(options.limits);
  const { root, headCommit } = await locateRepository(cwd);
  if (options.commit !== undefined) {
    if (source !== 'head' || !isObjectId(options.commit)) {
      throw new GitError('GIT_INVALID_ARGUMENT', 'A snapshot of a given commit needs source head and a full commit id; resolve the revision first.');
    }
    const listed = await listTree(root, options.commit, limits);
    return new GitSnapshot(source, root, options.commit, listed.map(blobSlot), limits);
  }
  if (source === 'head') {
    if (headCommit === null) {
      throw new GitError('GIT_UNBORN_HEAD', 'Cannot capture head source: HEAD has no commit yet. Commit first, or use --source working-tree.');
    }
    const listed = await listTree(root, headCommit, limits);
    return new GitSnapshot(source, root, headCommit, listed.map(blobSlot), limits);
  }
  const [listed, fileMode] = await Promise.all([
    writeIndexTree(root, limits).then((tree) => listTree(root, tree, limits)),
    source === 'working-tree' ? readConfigValue(root, 'core.filemode', { type: 'bool' }) : Promise.resolve(null),
  ]);
  if (source === 'index') return new GitSnapshot(source, root, headCommit, listed.map(blobSlot), limits);
  const disk = new WorkingTreeFiles(root, fileMode !== 'false', limits.maxBlobBytes);
  const slots =
    headCommit === null && listed.length === 0
      ? await untrackedFallback(root, disk, limits)
      : listed.flatMap((listedEntry) => diskSlot(disk, listedEntry, listedEntry.mode, listedEntry.oid));
  return new GitSnapshot(source, root, headCommit, slots, limits, disk);
}

function blobSlot(listed: ListedEntry): Slot {
  return { entry: Object.freeze({ path: listed.path, mode: listed.mode, type: listed.type, oid: listed.oid }), bytes: listed.bytes };
}

function diskSlot(disk: WorkingTreeFiles, listed: { path: string; bytes: Buffer }, indexMode: BlobMode | '160000' | null, oid: string): Slot[] {
  const state = disk.classify(listed.path, listed.bytes, indexMode);
  if (state.kind === 'absent') return [];
  const mode = state.kind === 'present' ? state.mode : (indexMode ?? '100644');
  const entry = Object.freeze({ path: listed.path, mode, type: mode === '160000' ? ('commit' as const) : ('blob' as const), oid });
  return [state.kind === 'problem' ? { entry, bytes: listed.bytes, problem: state.error } : { entry, bytes: listed.bytes }];
}

/** Initial setup before the first commit: non-ignored files on disk (`ls-files --others`). */
async function untrackedFallback(root: string, disk: WorkingTreeFiles, limits: SnapshotLimits): Promise<Slot[]> {
  const budget = new PathBudget(limits);
  const files: Array<{ path: string; bytes: Buffer }> = [];
  const args = ['ls-files', '-z', '--others', '--exclude-standard', '--full-name'];
  for await (const batch of gitRecordBatches(root, args, listingRecordOptions(limits, 0))) {
    for (const record of batch) {
      // A trailing slash marks an untracked nested repository: not content of this one.
      if (record.length === 0 || record[record.length - 1] === 0x2f) continue;
      const bytes = Buffer.from(record);
      budget.add(bytes);
      files.push({ path: decodeGitPath(bytes), bytes });
    }
  }
  return sortUnique(files).flatMap((file) => diskSlot(disk, file, null, ''));
}

class GitSnapshot implements Snapshot {
  readonly source: SourceMode;
  readonly root: string;
  readonly headCommit: string | null;
  readonly entries: readonly SnapshotEntry[];
  readonly #slots: readonly Slot[];
  readonly #byPath: Map<string, Slot>;
  readonly #limits: SnapshotLimits;
  readonly #disk: WorkingTreeFiles | undefined;
  readonly #batches: CatFileBatch[] = [];
  #closed = false;

  constructor(source: SourceMode, root: string, headCommit: string | null, slots: Slot[], limits: SnapshotLimits, disk?: WorkingTreeFiles) {
    this.source = source;
    this.root = root;
    this.headCommit = headCommit;
    this.#slots = slots;
    const entries: SnapshotEntry[] = new Array<SnapshotEntry>(slots.length);
    const byPath = new Map<string, Slot>();
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as Slot;
      entries[i] = slot.entry;
      byPath.set(slot.entry.path, slot);
    }
    this.entries = Object.freeze(entries);
    this.#byPath = byPath;
    this.#limits = limits;
    this.#disk = disk;
  }

  get(path: string): SnapshotEntry | undefined {
    return this.#byPath.get(path)?.entry;
  }

  list(dir: string): SnapshotEntry[] {
    const base = dir.replace(/\/+$/, '');
    if (base === '') return [...this.entries];
    const slots = this.#slots;
    const exact = this.#byPath.get(base);
    const prefix = encodeGitPath(`${base}/`);
    // Paths below `base/` are one contiguous run in byte order.
    let lo = 0;
    let hi = slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (Buffer.compare((slots[mid] as Slot).bytes, prefix) < 0) lo = mid + 1;
      else hi = mid;
    }
    const out: SnapshotEntry[] = exact ? [exact.entry] : [];
    for (let i = lo; i < slots.length; i++) {
      const slot = slots[i] as Slot;
      if (slot.bytes.length < prefix.length || slot.bytes.compare(prefix, 0, prefix.length, 0, prefix.length) !== 0) break;
      out.push(slot.entry);
    }
    return out;
  }

  async read(path: string): Promise<FileContent> {
    const slot = this.#readable(path);
    if (this.#disk) return this.#readDisk(slot);
    const object = await this.#batch(0).request(slot.entry.oid, { label: slot.entry.path, expectOid: slot.entry.oid, expectType: 'blob' });
    return { path: slot.entry.path, mode: slot.entry.mode as BlobMode, content: object.content, pathBytes: slot.bytes };
  }

  readMany(paths: Iterable<string>): AsyncIterableIterator<FileContent> {
    if (this.#disk) return this.#readManyDisk(paths);
    const entry = (path: string): BlobReadEntry => {
      const slot = this.#readable(path);
      return (slot.readEntry ??= { path: slot.entry.path, mode: slot.entry.mode as BlobMode, oid: slot.entry.oid, pathBytes: slot.bytes });
    };
    return new BlobReadIterator(paths, entry, (process) => this.#batch(process), READ_MANY_PROCESSES, MAX_QUEUED_READS);
  }

  async *#readManyDisk(paths: Iterable<string>): AsyncGenerator<FileContent> {
    for (const path of paths) yield this.#readDisk(this.#readable(path));
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#batches.map((batch) => batch.close()));
  }

  #readable(path: string): Slot {
    if (this.#closed) throw snapshotClosed();
    const slot = typeof path === 'string' ? this.#byPath.get(path) : undefined;
    if (!slot) {
      throw new GitError(
        'GIT_PATH_NOT_FOUND',
        `${String(path)} is not a tracked file of the ${this.source} snapshot${this.source === 'working-tree' ? ' (or it is missing on disk)' : ''}.`,
        { path: String(path) },
      );
    }
    if (slot.problem) throw slot.problem;
    if (slot.entry.type !== 'blob') throw nonBlob(slot.entry.path, slot.entry.type, slot.entry.mode);
    return slot;
  }

  #batch(process: number): CatFileBatch {
    return (this.#batches[process] ??= new CatFileBatch(this.root, {
      maxObjectBytes: this.#limits.maxBlobBytes,
      maxBufferedBytes: MAX_BUFFERED_BYTES,
    }));
  }

  #readDisk(slot: Slot): FileContent {
    const mode = slot.entry.mode as BlobMode;
    return { path: slot.entry.path, mode, content: (this.#disk as WorkingTreeFiles).read(slot.entry.path, slot.bytes, mode), pathBytes: slot.bytes };
  }
}
