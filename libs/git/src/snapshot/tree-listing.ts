import { isAscii } from 'node:buffer';
import { GitError } from '../git-error.js';
import { decodeGitPath } from '../paths/git-path.js';
import { gitRecordSegments } from '../process/git-records.js';
import { isObjectId } from '../history/revision.js';
import { limitExceeded, type SnapshotLimits } from '../limits/snapshot-limits.js';

/** Git's canonical blob modes that file hashing supports. */
export type BlobMode = '100644' | '100755' | '120000';

/** One entry of a listed tree or file set; `bytes` is the exact encoded path. */
export interface ListedEntry {
  path: string;
  bytes: Buffer;
  mode: BlobMode | '160000';
  type: 'blob' | 'commit';
  oid: string;
}

const HEADER = /^(100644|100755|120000|160000) (blob|commit) ([0-9a-f]{40}|[0-9a-f]{64})$/;
/** Room for `<mode> <type> <oid>\t` in front of a path. */
const HEADER_ROOM = 128;

/** Counts listed paths against the snapshot ceilings as they stream in. */
export class PathBudget {
  readonly #limits: SnapshotLimits;
  #entries = 0;
  #pathBytes = 0;

  constructor(limits: SnapshotLimits) {
    this.#limits = limits;
  }

  add(bytes: Buffer): void {
    const limits = this.#limits;
    if (++this.#entries > limits.maxTreeEntries) {
      throw limitExceeded('maxTreeEntries', limits.maxTreeEntries, `the captured tree has more than ${limits.maxTreeEntries} entries`);
    }
    if (bytes.length > limits.maxPathBytes) {
      throw limitExceeded('maxPathBytes', limits.maxPathBytes, `a path is ${bytes.length} bytes long`, decodeGitPath(bytes));
    }
    this.#pathBytes += bytes.length;
    if (this.#pathBytes > limits.maxTotalPathBytes) {
      throw limitExceeded('maxTotalPathBytes', limits.maxTotalPathBytes, 'the captured paths together are larger');
    }
  }
}

/** Streaming-listing options shared by tree and file-set listings. */
export function listingRecordOptions(limits: SnapshotLimits, headerRoom: number) {
  return {
    maxRecordBytes: limits.maxPathBytes + headerRoom,
    maxTotalBytes: limits.maxListingBytes,
    recordTooLarge: (bytes: number) => limitExceeded('maxPathBytes', limits.maxPathBytes, `a listed path is about ${bytes - headerRoom} bytes long`),
    outputTooLarge: () => limitExceeded('maxListingBytes', limits.maxListingBytes, 'the tree listing is larger'),
  };
}

/**
 * Lists every entry of an immutable tree (`ls-tree -r -z --full-tree`), parsed as a NUL stream
 * under the snapshot ceilings, sorted by path bytes.
 */
export async function listTree(root: string, treeish: string, limits: SnapshotLimits): Promise<ListedEntry[]> {
  const budget = new PathBudget(limits);
  const entries: ListedEntry[] = [];
  const args = ['ls-tree', '-r', '-z', '--full-tree', treeish];
  for await (const { spanning, records } of gitRecordSegments(root, args, listingRecordOptions(limits, HEADER_ROOM))) {
    if (spanning !== null) entries.push(parseTreeRecord(spanning, budget));
    parseTreeRun(records, budget, entries);
  }
  return sortUnique(entries);
}

/**
 * Parses a run of whole `ls-tree -z` records. Listing 20,000 entries is dominated by per-record
 * calls into Node's buffer code, so canonical records are read from one latin1 string of the run
 * (latin1 maps each byte to one character, so string and byte offsets agree); anything else
 * goes through {@link parseTreeRecord}. Each entry's path bytes are a view into the run rather
 * than a copy: a run is a slice of one stdout chunk, a fresh buffer Node never reuses, and the
 * listing as a whole is bounded by `maxListingBytes`. A record of a run is no longer than its
 * chunk, and `budget.add` holds each path to `maxPathBytes`.
 */
export function parseTreeRun(run: Buffer, budget: PathBudget, entries: ListedEntry[]): void {
  if (run.length === 0) return;
  const text = run.toString('latin1');
  // Names of an all-ASCII run need no UTF-8 decoding: the latin1 text is the name.
  const ascii = isAscii(run);
  let start = 0;
  for (;;) {
    const end = text.indexOf('\0', start);
    if (end < 0) return;
    const tab = text.indexOf('\t', start);
    const space = text.indexOf(' ', start + 7);
    const kind = tab > start && tab < end && space > start && space < tab ? MODES.get(text.slice(start, space + 1)) : undefined;
    const oid = kind === undefined ? '' : text.slice(space + 1, tab);
    if (kind === undefined || !isObjectId(oid) || tab + 1 === end) {
      entries.push(parseTreeRecord(run.subarray(start, end), budget));
    } else {
      const bytes = run.subarray(tab + 1, end);
      budget.add(bytes);
      const path = ascii ? text.slice(tab + 1, end) : decodeGitPath(bytes);
      entries.push({ path, bytes, mode: kind, type: kind === '160000' ? 'commit' : 'blob', oid });
    }
    start = end + 1;
  }
}

const MODES: ReadonlyMap<string, ListedEntry['mode']> = new Map([
  ['100644 blob ', '100644'],
  ['100755 blob ', '100755'],
  ['120000 blob ', '120000'],
  ['160000 commit ', '160000'],
]);

/** One `ls-tree -z` record, by the strict grammar: records spanning chunks, and the odd ones of a run. */
export function parseTreeRecord(record: Buffer, budget: PathBudget): ListedEntry {
  const tab = record.indexOf(0x09);
  const match = tab > 0 ? HEADER.exec(record.toString('latin1', 0, tab)) : null;
  if (match === null) {
    const header = record.toString('latin1', 0, Math.min(tab > 0 ? tab : record.length, 100));
    if (/^\d{6} \w+ [0-9a-f]+$/.test(header)) {
      throw new GitError('GIT_UNSUPPORTED_ENTRY', `Unsupported Git tree entry "${header}"; only regular files, executables, symlinks and gitlinks can be captured. Run \`git fsck\` to inspect the tree.`);
    }
    throw new GitError('GIT_MALFORMED_OUTPUT', `Unexpected git ls-tree record "${header}".`);
  }
  const mode = match[1] as ListedEntry['mode'];
  const type = match[2] as ListedEntry['type'];
  if ((mode === '160000') !== (type === 'commit')) {
    throw new GitError('GIT_UNSUPPORTED_ENTRY', `Git tree entry with mode ${mode} has type ${type}; run \`git fsck\` to inspect the tree.`);
  }
  const bytes = Buffer.from(record.subarray(tab + 1));
  if (bytes.length === 0) throw new GitError('GIT_MALFORMED_OUTPUT', 'git ls-tree listed an empty path.');
  budget.add(bytes);
  return { path: decodeGitPath(bytes), bytes, mode, type, oid: match[3] as string };
}

/** Sorts by path bytes (a no-op for Git's own order) and rejects duplicate paths. */
export function sortUnique<T extends { bytes: Buffer; path: string }>(entries: T[]): T[] {
  let sorted = true;
  for (let i = 1; i < entries.length && sorted; i++) {
    sorted = Buffer.compare((entries[i - 1] as T).bytes, (entries[i] as T).bytes) < 0;
  }
  if (sorted) return entries;
  entries.sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  for (let i = 1; i < entries.length; i++) {
    if ((entries[i - 1] as T).bytes.equals((entries[i] as T).bytes)) {
      throw new GitError('GIT_MALFORMED_OUTPUT', `Git listed the path ${(entries[i] as T).path} twice; run \`git fsck\`.`, { path: (entries[i] as T).path });
    }
  }
  return entries;
}
