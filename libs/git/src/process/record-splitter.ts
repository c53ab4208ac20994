/**
 * What one chunk adds to a delimited byte stream: the record it completed that began in earlier
 * chunks, and the run of whole records lying inside it.
 */
export interface RecordSegment {
  /** A record that spanned chunks and ends in this one (a fresh buffer), or null. */
  spanning: Buffer | null;
  /**
   * Whole records of this chunk, each followed by the delimiter; a view into the chunk, possibly
   * empty. Their lengths are not checked here: `splitRecords` checks each, and a parser walking
   * the run itself bounds what it keeps by its own limits.
   */
  records: Buffer;
}

const EMPTY = Buffer.alloc(0);

/**
 * Splits a byte stream into records ended by one delimiter byte (NUL for `-z` listings), chunk by
 * chunk, so a listing is never held as one string. Only the record that spans chunks is checked
 * here: past `maxRecordBytes` it stops the split (via `onOversize`) before it can grow further.
 * The whole records inside one chunk are left to `splitRecords` or to the parser of the run.
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
   * What `chunk` adds: the record it completes, if one began in earlier chunks, and its own run
   * of whole records, unsplit (see {@link splitRecords}). Bytes after the chunk's last delimiter
   * are kept for the next chunk. The splitter never writes to `chunk`.
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
      this.#checkRecord(this.#partialBytes + first);
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

  #checkRecord(bytes: number): void {
    if (bytes > this.#maxRecordBytes) throw this.#onOversize(bytes);
  }

  #keep(chunk: Buffer, from: number): void {
    if (from >= chunk.length) return;
    this.#partialBytes += chunk.length - from;
    this.#checkRecord(this.#partialBytes);
    this.#partial.push(Buffer.from(chunk.subarray(from)));
  }
}

/**
 * The records of a segment, its spanning record first: views into the chunk, each checked
 * against `maxRecordBytes` (`tooLarge` builds the error).
 */
export function splitRecords(
  { spanning, records }: RecordSegment,
  delimiter: number,
  maxRecordBytes: number,
  tooLarge: (bytes: number) => Error,
): Buffer[] {
  const out: Buffer[] = spanning === null ? [] : [spanning];
  let start = 0;
  for (let end = records.indexOf(delimiter, start); end >= 0; end = records.indexOf(delimiter, start)) {
    if (end - start > maxRecordBytes) throw tooLarge(end - start);
    out.push(records.subarray(start, end));
    start = end + 1;
  }
  return out;
}
