/**
 * What one chunk adds to a delimited byte stream: the record it completed that began in earlier
 * chunks, and the run of whole records lying inside it.
 */
export interface RecordSegment {
  /** A record that spanned chunks and ends in this one (a fresh buffer), or null. */
  spanning: Buffer | null;
  /**
   * Whole records of this chunk, each followed by the delimiter; a view into the chunk, possibly
   * empty. Their lengths are not checked here: callers splitting it check each record themselves.
   */
  records: Buffer;
}

const EMPTY = Buffer.alloc(0);

/**
 * Splits a byte stream into records ended by one delimiter byte (NUL for `-z` listings), chunk by
 * chunk, so a listing is never held as one string. A record longer than `maxRecordBytes` stops
 * the split (via `onOversize`) before it can grow further.
 */
export class RecordSplitter {
  readonly #delimiter: number;
  readonly #maxRecordBytes: number;
  readonly #onOversize: (bytesSoFar: number) => Error;
  #partial: Buffer[] = [];
  #partialBytes = 0;

  constructor(delimiter: number, maxRecordBytes: number, onOversize: (bytesSoFar: number) => Error) {
    this.#delimiter = delimiter;
    this.#maxRecordBytes = maxRecordBytes;
    this.#onOversize = onOversize;
  }

  /**
   * Returns the records the chunk completes. Records are views: into `chunk`, or fresh buffers
   * when a record spans chunks. The splitter never writes to `chunk`.
   */
  push(chunk: Buffer): Buffer[] {
    return this.split(this.pushSegment(chunk));
  }

  /** The records of a segment, each checked against the limit: its spanning record first. */
  split({ spanning, records }: RecordSegment): Buffer[] {
    const out: Buffer[] = spanning === null ? [] : [spanning];
    let start = 0;
    for (;;) {
      const end = records.indexOf(this.#delimiter, start);
      if (end < 0) break;
      this.checkRecord(end - start);
      out.push(records.subarray(start, end));
      start = end + 1;
    }
    return out;
  }

  /**
   * Like {@link push}, without splitting the chunk's own records: for parsers that walk the run
   * of records themselves. Bytes after the chunk's last delimiter are kept for the next chunk.
   */
  pushSegment(chunk: Buffer): RecordSegment {
    const first = chunk.indexOf(this.#delimiter);
    if (first < 0) {
      this.#keep(chunk, 0);
      return { spanning: null, records: EMPTY };
    }
    let spanning: Buffer | null = null;
    let start = 0;
    if (this.#partialBytes > 0) {
      this.checkRecord(this.#partialBytes + first);
      this.#partial.push(chunk.subarray(0, first));
      spanning = Buffer.concat(this.#partial);
      this.#partial = [];
      this.#partialBytes = 0;
      start = first + 1;
    }
    const last = chunk.lastIndexOf(this.#delimiter);
    const records = last < start ? EMPTY : chunk.subarray(start, last + 1);
    this.#keep(chunk, last + 1);
    return { spanning, records };
  }

  /** Bytes after the last delimiter (an unterminated final record), or null when there are none. */
  end(): Buffer | null {
    if (this.#partialBytes === 0) return null;
    const rest = Buffer.concat(this.#partial);
    this.#partial = [];
    this.#partialBytes = 0;
    return rest;
  }

  /** Throws the oversize error for a record of `bytes` bytes, when that is over the limit. */
  checkRecord(bytes: number): void {
    if (bytes > this.#maxRecordBytes) throw this.#onOversize(bytes);
  }

  #keep(chunk: Buffer, from: number): void {
    if (from >= chunk.length) return;
    this.#partialBytes += chunk.length - from;
    this.checkRecord(this.#partialBytes);
    this.#partial.push(Buffer.from(chunk.subarray(from)));
  }
}
