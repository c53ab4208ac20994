import { isGitError, openRevisionReader, type RevisionReader } from '@driftgate/git';
import { type StatsClaim, statsClaimsOfHub } from './stats-claims.js';

type Answer = Promise<StatsClaim[] | null>;

/**
 * Reads hub versions out of history, a bounded number at a time. A version is read once per
 * blob id however many commits carry it (a merge repeats its side branch's hub edits), and kept
 * only until its last expected use. Reads start when announced, so they overlap the log stream;
 * a failure surfaces when its answer is taken.
 */
export class StatsHubReader {
  readonly #files: RevisionReader;
  readonly #prefix: string;
  readonly #limit: number;
  readonly #byBlob = new Map<string, { answer: Answer; uses: number }>();
  readonly #waiting: (() => void)[] = [];
  #running = 0;

  /**
   * @param cwd the workspace root (git runs there)
   * @param prefix the workspace root's path inside the repository, `''` or ending in `/`
   * @param limit reads in flight at once (they share one git process)
   */
  constructor(cwd: string, prefix: string, limit = 4) {
    this.#files = openRevisionReader(cwd);
    this.#prefix = prefix;
    this.#limit = Math.max(1, limit);
  }

  /** Announces one later {@link take} of blob `oid`, which `commit` holds at hub `path`. */
  expect(commit: string, path: string, oid: string): void {
    const entry = this.#byBlob.get(oid);
    if (entry !== undefined) {
      entry.uses++;
      return;
    }
    // The log names the blob, so it is read by id: no revision to resolve per commit.
    const answer = this.#slot(() => this.#claims(path, () => this.#files.readBlob(oid, `${commit.slice(0, 12)}:${path}`)));
    answer.catch(() => undefined);
    this.#byBlob.set(oid, { answer, uses: 1 });
  }

  /** The claims of an announced blob, or null when it holds no parseable hub. */
  take(oid: string): Answer {
    const entry = this.#byBlob.get(oid);
    if (entry === undefined) throw new Error(`StatsHubReader: blob ${oid} was not announced`);
    if (--entry.uses === 0) this.#byBlob.delete(oid);
    return entry.answer;
  }

  /** Reads hub `path` (root-relative) at `commit`: its claims, or null when it is absent or no hub. */
  readAt(commit: string, path: string): Answer {
    const answer = this.#slot(() => this.#claims(path, () => this.#files.read(commit, this.#prefix + path)));
    // Marked as handled now; the error is rethrown to whoever awaits the answer.
    answer.catch(() => undefined);
    return answer;
  }

  /** Ends the git process behind the reads. */
  close(): Promise<void> {
    return this.#files.close();
  }

  /** The claims of hub `path` in the bytes `read` returns (null: no file there). */
  async #claims(path: string, read: () => Promise<Buffer | null>): Promise<StatsClaim[] | null> {
    let bytes: Buffer | null;
    try {
      bytes = await read();
    } catch (error) {
      // A submodule or an oversized blob at a hub path is not a hub.
      if (isGitError(error, 'GIT_NON_BLOB') || isGitError(error, 'GIT_OBJECT_TOO_LARGE')) return null;
      throw error;
    }
    // Lossy decoding, as the reference reads history: a stray byte must not hide a whole hub.
    return bytes === null ? null : statsClaimsOfHub(bytes.toString('utf8'), path);
  }

  async #slot<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#running++;
    try {
      return await task();
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }
}
