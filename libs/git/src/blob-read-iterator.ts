import type { BlobSink, CatFileBatch } from './cat-file-batch.js';
import type { GitError } from './git-error.js';
import type { BlobMode } from './tree-listing.js';

/** A readable blob entry: what a read needs to know about a path. */
export interface BlobReadEntry {
  path: string;
  mode: BlobMode;
  oid: string;
}

/** One file as yielded; the same shape as `FileContent` of a snapshot. */
export interface BlobRead {
  path: string;
  mode: BlobMode;
  content: Buffer;
}

const DONE: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

/**
 * The iterator behind `Snapshot.readMany` for git sources: reads `paths` in order, pipelined over
 * `processes` cat-file batches (read `seq` goes to `batch(seq % processes)`, asked for only when
 * first needed), at most `window` reads in flight.
 *
 * Written out rather than as an async generator, whose every `yield` costs an extra await: on a
 * cold start this code runs in V8's interpreter for thousands of files. Reads in flight live in a
 * ring indexed by sequence number; answers arrive through `answer` (the batches' sink); `next`
 * returns a settled promise when the oldest read is answered and waits only when it is not.
 * Each file's bytes stay held (counted toward the batch's buffered-bytes budget) until the
 * following `next` or `return`. Consume it with `for await`: calls to `next` must not overlap.
 */
export class BlobReadIterator implements AsyncIterableIterator<BlobRead>, BlobSink {
  readonly #paths: Iterator<string>;
  readonly #resolve: (path: string) => BlobReadEntry;
  readonly #batch: (process: number) => CatFileBatch;
  readonly #processes: number;
  readonly #window: number;
  readonly #entries: Array<BlobReadEntry | undefined>;
  readonly #contents: Array<Buffer | undefined>;
  readonly #errors: unknown[];
  readonly #answered: Uint8Array;
  #head = 0;
  #issued = 0;
  #started = false;
  #exhausted = false;
  #finished = false;
  /** The file last handed out, whose bytes are released by the next call. */
  #holding = -1;
  #holdingBytes = 0;
  #waiter: { resolve(result: IteratorResult<BlobRead>): void; reject(error: unknown): void } | undefined;

  constructor(
    paths: Iterable<string>,
    resolve: (path: string) => BlobReadEntry,
    batch: (process: number) => CatFileBatch,
    processes: number,
    window: number,
  ) {
    this.#paths = paths[Symbol.iterator]();
    this.#resolve = resolve;
    this.#batch = batch;
    this.#processes = processes;
    this.#window = window;
    this.#entries = new Array<BlobReadEntry | undefined>(window);
    this.#contents = new Array<Buffer | undefined>(window);
    this.#errors = new Array<unknown>(window);
    this.#answered = new Uint8Array(window);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<BlobRead>> {
    if (this.#finished) return Promise.resolve(DONE);
    this.#releaseHolding();
    if (!this.#started) {
      this.#started = true;
      this.#fill();
    }
    if (this.#head === this.#issued) {
      this.#finish();
      return Promise.resolve(DONE);
    }
    if (this.#answered[this.#head % this.#window] === 1) {
      try {
        return Promise.resolve(this.#take());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  /** Stops early (what `break` in `for await` calls): hands back every held byte. */
  return(): Promise<IteratorResult<BlobRead>> {
    this.#finish();
    return Promise.resolve(DONE);
  }

  answer(seq: number, error: GitError | undefined, content: Buffer | undefined): void {
    if (this.#finished) {
      if (content !== undefined) this.#batchOf(seq).releaseBytes(content.length);
      return;
    }
    const at = seq % this.#window;
    this.#answered[at] = 1;
    this.#errors[at] = error;
    this.#contents[at] = content;
    const waiter = this.#waiter;
    if (waiter !== undefined && seq === this.#head) {
      this.#waiter = undefined;
      try {
        waiter.resolve(this.#take());
      } catch (failure) {
        waiter.reject(failure);
      }
    }
  }

  /** Hands out the oldest read, answered; a failed read ends the iteration with its error. */
  #take(): IteratorResult<BlobRead> {
    const at = this.#head % this.#window;
    const entry = this.#entries[at];
    const content = this.#contents[at];
    const error = this.#errors[at];
    this.#entries[at] = undefined;
    this.#contents[at] = undefined;
    this.#errors[at] = undefined;
    const seq = this.#head++;
    if (error !== undefined || entry === undefined || content === undefined) {
      this.#finish();
      throw error;
    }
    this.#holding = seq;
    this.#holdingBytes = content.length;
    // Refill in large steps: each step costs git one flush (one extra write).
    if (this.#issued - this.#head <= this.#window / 2) this.#fill();
    return { value: { path: entry.path, mode: entry.mode, content }, done: false };
  }

  #fill(): void {
    while (!this.#exhausted && this.#issued - this.#head < this.#window) {
      const next = this.#paths.next();
      if (next.done) {
        this.#exhausted = true;
        return;
      }
      const seq = this.#issued++;
      const at = seq % this.#window;
      this.#answered[at] = 0;
      try {
        const entry = this.#resolve(next.value);
        this.#entries[at] = entry;
        this.#batchOf(seq).enqueueBlob(entry.oid, entry.path, this, seq);
      } catch (error) {
        // A path refused before any read fails in its turn, after the reads before it.
        this.#entries[at] = undefined;
        this.#errors[at] = error;
        this.#answered[at] = 1;
        this.#exhausted = true;
      }
    }
  }

  #releaseHolding(): void {
    if (this.#holding < 0) return;
    this.#batchOf(this.#holding).releaseBytes(this.#holdingBytes);
    this.#holding = -1;
  }

  /** Ends the iteration: releases the held file and every answered one; later answers too. */
  #finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#releaseHolding();
    for (let seq = this.#head; seq < this.#issued; seq++) {
      const at = seq % this.#window;
      const content = this.#contents[at];
      if (this.#answered[at] === 1 && content !== undefined) this.#batchOf(seq).releaseBytes(content.length);
      this.#entries[at] = undefined;
      this.#contents[at] = undefined;
      this.#errors[at] = undefined;
    }
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.resolve(DONE);
  }

  #batchOf(seq: number): CatFileBatch {
    return this.#batch(seq % this.#processes);
  }
}
