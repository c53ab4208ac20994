import { encodeGitPath, isGitError, type FileContent, type GitErrorCode, type Snapshot } from '@driftgate/git';
import { createFramedHasher, encodeName, type FramedHasher, type HashDomain } from './framing.js';
import type { HashLimits } from '../limits.js';
import { normalizeContent } from './normalize-content.js';

/**
 * One framed digest fed by a shared read pass: the repository paths it hashes (in framing
 * order, which for file labels is encoded path order) and how each file becomes an entry.
 */
export interface FileHashTask {
  readonly domain: HashDomain;
  /** Repository paths in encoded-byte order; labels must be unique. */
  readonly paths: readonly string[];
  /** The entry label (bytes) of one path. */
  label(path: string): Uint8Array;
  /**
   * The same label without building it per file: `prefix` followed by the path's Git bytes from
   * byte `strip` on (none when the path is shorter), e.g. `file:` and the byte length of
   * `<component>/`. When given it must agree with `label` for every path; the pass then hashes
   * from the file's encoded path, encoded once for every task.
   */
  readonly labelBytes?: { readonly prefix: Uint8Array; readonly strip: number };
  /**
   * Entry content of one file; `normalized` gives the CRLF-normalized bytes (computed once per
   * file for every task, valid only until the next file arrives). Default: the normalized bytes.
   * May throw to fail the task.
   */
  content?(file: FileContent, normalized: () => Uint8Array): Uint8Array;
  /** Mode and type of the entry; default the file's Git mode and `blob`. */
  identity?(file: FileContent): { mode: string; type: string };
  /** Prefix for read and guardrail failures, e.g. `Exact digest failed: `. */
  readonly failurePrefix: string;
}

/** Outcome of one task: a digest, or the first failure. */
export type FileHashOutcome = { readonly digest: string; readonly error: null } | { readonly digest: null; readonly error: string };

// Read failures that concern one path; any other failure ends the pass for every task.
const PATH_ERRORS = new Set<GitErrorCode>([
  'GIT_NON_BLOB',
  'GIT_FILE_CHANGED',
  'GIT_FILE_VANISHED',
  'GIT_FILE_UNREADABLE',
  'GIT_UNSUPPORTED_FILE_TYPE',
  'GIT_SYMLINKED_DIRECTORY',
  'GIT_OBJECT_TOO_LARGE',
  'GIT_OBJECT_MISSING',
  'GIT_PATH_NOT_FOUND',
]);

const BLOB = encodeName('blob');

class TaskState {
  hasher: FramedHasher | null = null;
  error: string | null = null;

  constructor(readonly task: FileHashTask, limits: Partial<HashLimits>) {
    try {
      this.hasher = createFramedHasher(task.domain, task.paths.length, limits);
    } catch (error) {
      this.fail(error);
    }
  }

  fail(error: unknown): void {
    if (this.error !== null) return;
    const message = (error as Error)?.message ?? String(error);
    this.error = message.startsWith(this.task.failurePrefix) ? message : `${this.task.failurePrefix}${message}`;
    this.hasher = null;
  }

}

/**
 * Computes several framed digests over files of one snapshot in a single read pass: each file is
 * read once (pipelined through `readMany`, so memory stays bounded), normalized once, and fed to
 * every task that selects it, as it arrives. `order` lists every path any task needs, in encoded
 * byte order. A read failure fails exactly the tasks that need that path (fail closed, never
 * empty bytes); the pass then continues with the next path.
 */
export async function runFileHashPass(
  snapshot: Snapshot,
  order: readonly string[],
  tasks: readonly FileHashTask[],
  limits: Partial<HashLimits> = {},
  onRead?: (done: number, total: number, path: string) => void,
): Promise<FileHashOutcome[]> {
  const states = tasks.map((task) => new TaskState(task, limits));
  // Which tasks each path feeds, so a file costs one lookup however many tasks exist.
  const readers = new Map<string, TaskState[]>();
  for (const state of states) {
    if (state.error !== null) continue;
    for (const path of state.task.paths) {
      const list = readers.get(path);
      if (list === undefined) readers.set(path, [state]);
      else list.push(state);
    }
  }
  const needed = order.filter((path) => readers.has(path));
  // Normalized bytes live only until every task has hashed the file, so one growing buffer
  // serves every file: garbage stays independent of the total bytes hashed. (Hashers keep the
  // previous entry only to order equal labels, and file labels are unique.)
  let scratch = Buffer.allocUnsafe(0);
  const output = (size: number): Buffer => {
    if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, scratch.length * 2, 64 * 1024));
    return scratch;
  };
  // Per file: its encoded path (once, for every task with `labelBytes`) and its normalized bytes
  // (once, for every task that hashes them); one closure serves every file.
  let file: FileContent | undefined;
  let normalized: Uint8Array | undefined;
  const normalize = (): Uint8Array => (normalized ??= normalizeContent((file as FileContent).content, output));
  let next = 0;
  // Tasks still hashing: the pass stops once none is left, without scanning every task per file.
  let live = states.filter((state) => state.error === null).length;
  const fail = (state: TaskState, error: unknown): void => {
    if (state.error !== null) return;
    state.fail(error);
    live -= 1;
  };
  while (next < needed.length && live > 0) {
    try {
      for await (file of snapshot.readMany(needed.slice(next))) {
        next += 1;
        normalized = undefined;
        let pathBytes: Buffer | undefined;
        let modeBytes: Uint8Array | undefined;
        onRead?.(next, needed.length, file.path);
        for (const state of readers.get(file.path) ?? []) {
          if (state.error !== null) continue;
          try {
            const { task } = state;
            const fast = task.labelBytes;
            if (fast !== undefined && task.identity === undefined && task.content === undefined) {
              pathBytes ??= file.pathBytes ?? encodeGitPath(file.path);
              modeBytes ??= encodeName(file.mode);
              state.hasher!.addBytes(fast.prefix, pathBytes.subarray(Math.min(fast.strip, pathBytes.length)), modeBytes, BLOB, normalize());
              continue;
            }
            const identity = task.identity?.(file) ?? { mode: file.mode, type: 'blob' };
            const content = task.content ? task.content(file, normalize) : normalize();
            state.hasher!.add({ label: task.label(file.path), mode: identity.mode, type: identity.type, content });
          } catch (error) {
            fail(state, error);
          }
        }
        if (live === 0) break;
      }
    } catch (error) {
      const path = needed[next];
      if (isGitError(error) && PATH_ERRORS.has(error.code)) {
        for (const state of readers.get(path) ?? []) fail(state, error);
        next += 1;
        continue;
      }
      for (const state of states) fail(state, error);
    }
  }
  file = undefined;
  return states.map((state): FileHashOutcome => {
    if (state.error !== null) return { digest: null, error: state.error };
    try {
      return { digest: state.hasher!.digest(), error: null };
    } catch (error) {
      state.fail(error);
      return { digest: null, error: state.error! };
    }
  });
}
