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
   * when a record spans chunks. Copy what must outlive the next `push`.
   */
  push(chunk: Buffer): Buffer[] {
    const records: Buffer[] = [];
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(this.#delimiter, start);
      if (end < 0) break;
      if (this.#partialBytes > 0) {
        this.#check(this.#partialBytes + end - start);
        this.#partial.push(chunk.subarray(start, end));
        records.push(Buffer.concat(this.#partial));
        this.#partial = [];
        this.#partialBytes = 0;
      } else {
        this.#check(end - start);
        records.push(chunk.subarray(start, end));
      }
      start = end + 1;
    }
    if (start < chunk.length) {
      this.#partialBytes += chunk.length - start;
      this.#check(this.#partialBytes);
      this.#partial.push(Buffer.from(chunk.subarray(start)));
    }
    return records;
  }

  /** Bytes after the last delimiter (an unterminated final record), or null when there are none. */
  end(): Buffer | null {
    if (this.#partialBytes === 0) return null;
    const rest = Buffer.concat(this.#partial);
    this.#partial = [];
    this.#partialBytes = 0;
    return rest;
  }

  #check(bytes: number): void {
    if (bytes > this.#maxRecordBytes) throw this.#onOversize(bytes);
  }
}
