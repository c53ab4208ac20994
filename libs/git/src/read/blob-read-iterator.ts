import type { BlobSink, CatFileBatch } from './cat-file-batch.js';
import type { FileContent } from './file-content.js';
import type { GitError } from '../git-error.js';
import type { BlobMode } from '../snapshot/tree-listing.js';

/** A readable blob entry: what a read needs to know about a path. */
export interface BlobReadEntry {
  path: string;
  mode: BlobMode;
  oid: string;
  /** The path's Git bytes, handed out as `FileContent.pathBytes` when known. */
  pathBytes?: Buffer;
}

interface Waiter {
  resolve(result: IteratorResult<FileContent>): void;
  reject(error: unknown): void;
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
 * Each file's bytes stay held (counted toward its batch's buffered-bytes budget) until the
 * following `next` or `return`. Overlapping `next` calls are answered in call order.
 *
 * The first failure (a refused path, a failed read, an iterable that throws) rejects its `next`
 * in its turn, after the files before it; the iteration then ends, and every held byte is handed
 * back, now and as later answers arrive, so other reads on the same processes never stall.
 */
export class BlobReadIterator implements AsyncIterableIterator<FileContent>, BlobSink {
  readonly #paths: Iterator<string>;
  readonly #resolve: (path: string) => BlobReadEntry;
  readonly #batch: (process: number) => CatFileBatch;
  readonly #processes: number;
  readonly #window: number;
  readonly #entries: Array<BlobReadEntry | undefined>;
  readonly #contents: Array<Buffer | undefined>;
  readonly #errors: unknown[];
  readonly #answered: Uint8Array;
  readonly #waiters: Waiter[] = [];
  #head = 0;
  #issued = 0;
  #started = false;
  #exhausted = false;
  #finished = false;
  /** The file last handed out (its sequence number), whose bytes the next call releases. */
  #holding = -1;
  #holdingBytes = 0;

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

  next(): Promise<IteratorResult<FileContent>> {
    if (this.#finished) return Promise.resolve(DONE);
    // The caller is done with the file it had: its bytes may be what keeps git paused.
    this.#releaseHolding();
    if (!this.#started) {
      this.#started = true;
      this.#fill();
    }
    if (this.#waiters.length === 0) {
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
    }
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
    });
  }

  /** Stops early (what `break` in `for await` calls): hands back every held byte. */
  return(): Promise<IteratorResult<FileContent>> {
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
    if (seq === this.#head) this.#serveWaiters();
  }

  /** Answers waiting `next` calls, in order, for as long as the oldest read is answered. */
  #serveWaiters(): void {
    while (this.#waiters.length > 0 && !this.#finished) {
      if (this.#head === this.#issued) return this.#finish();
      if (this.#answered[this.#head % this.#window] === 0) return;
      const waiter = this.#waiters.shift() as Waiter;
      try {
        waiter.resolve(this.#take());
      } catch (error) {
        waiter.reject(error);
      }
    }
  }

  /** Hands out the oldest read, answered; a failure ends the iteration (and throws it). */
  #take(): IteratorResult<FileContent> {
    this.#releaseHolding();
    const at = this.#head % this.#window;
    const entry = this.#entries[at];
    const content = this.#contents[at];
    const error = this.#errors[at];
    this.#entries[at] = undefined;
    this.#contents[at] = undefined;
    this.#errors[at] = undefined;
    const seq = this.#head++;
    if (entry === undefined || content === undefined) {
      this.#finish();
      throw error;
    }
    this.#holding = seq;
    this.#holdingBytes = content.length;
    // Refill in large steps: each step costs git one flush (one extra write).
    if (this.#issued - this.#head <= this.#window / 2) this.#fill();
    return { value: { path: entry.path, mode: entry.mode, content, pathBytes: entry.pathBytes }, done: false };
  }

  #fill(): void {
    while (!this.#exhausted && this.#issued - this.#head < this.#window) {
      const seq = this.#issued;
      const at = seq % this.#window;
      let entry: BlobReadEntry;
      try {
        const next = this.#paths.next();
        if (next.done) {
          this.#exhausted = true;
          return;
        }
        entry = this.#resolve(next.value);
      } catch (error) {
        // Fails in its turn, after the reads before it.
        this.#issued++;
        this.#errors[at] = error;
        this.#answered[at] = 1;
        this.#exhausted = true;
        return;
      }
      this.#issued++;
      this.#entries[at] = entry;
      this.#answered[at] = 0;
      // A closed or failed batch answers before this returns; the ring slot is ready for it.
      this.#batchOf(seq).enqueueBlob(entry.oid, entry.path, this, seq);
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
    for (const waiter of this.#waiters.splice(0)) waiter.resolve(DONE);
  }

  /** The batch of read `seq`; the snapshot starts each process the first time it is asked. */
  #batchOf(seq: number): CatFileBatch {
    return this.#batch(seq % this.#processes);
  }
}
