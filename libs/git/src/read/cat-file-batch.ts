import type { Readable, Writable } from 'node:stream';
import { GitError } from '../git-error.js';
import { spawnGit, type GitProcess } from '../process/git-process.js';

/** One object read through `git cat-file --batch`. */
export interface BatchObject {
  oid: string;
  type: 'blob' | 'tree' | 'commit' | 'tag';
  /** A view into the stdout chunk when the object arrived in one chunk; a fresh buffer otherwise. */
  content: Buffer;
}

export interface RequestOptions {
  /** Repository-relative path for error messages. */
  label: string;
  /** Object id the answer must carry (the request is an object id). */
  expectOid?: string;
  /** Accept only this object type; anything else is `GIT_NON_BLOB` (blob) or an error. */
  expectType?: 'blob';
}

export interface CatFileBatchOptions {
  /** Objects larger than this are refused from their header, before any byte is buffered. */
  maxObjectBytes: number;
  /** When `enqueueBlob` content not yet handed back exceeds this, reading from git pauses. */
  maxBufferedBytes: number;
  /** `batch` forces the plain `--batch` protocol (what git < 2.36 gets); default: newest available. */
  protocol?: 'auto' | 'batch';
}

/**
 * Receives the answers to {@link CatFileBatch.enqueueBlob} reads: one call per read, in request
 * order, possibly before `enqueueBlob` returns (a closed or failed batch). Must not throw. A
 * delivered `content` counts toward the batch's buffered bytes until `releaseBytes` hands it back.
 */
export interface BlobSink {
  answer(tag: number, error: GitError | undefined, content: Buffer | undefined): void;
}

interface Request {
  name: string;
  label: string;
  expectOid: string | undefined;
  expectType: 'blob' | undefined;
  /** Exactly one of `done` (a `request`) and `sink` (an `enqueueBlob`, whose bytes are held) is set. */
  done: ((error: GitError | undefined, object: BatchObject | undefined) => void) | null;
  sink: BlobSink | null;
  tag: number;
}

/** Set once per process when git rejects `--batch-command`. */
let batchCommandUnsupported = false;

const HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) (blob|tree|commit|tag) (\d+)$/;
const SUBMODULE = /^(?:[0-9a-f]{40}|[0-9a-f]{64}) submodule$/;
const MAX_HEADER_BYTES = 64 * 1024;
const LF = 0x0a;

/**
 * One long-lived `git cat-file --batch-command --buffer` process (`--batch` on git < 2.36),
 * started on the first request. Requests are written as they come (pipelined, one write per
 * event-loop tick) and answered strictly in order, each exactly once: by promise (`request`) or
 * through a sink (`enqueueBlob`). The `<oid> <type> <size>\n<bytes>\n` /
 * `<name> missing\n` stream is parsed incrementally. Missing, wrong-type, oversized and truncated
 * objects are answered with an error, never with empty bytes. Oversized objects are refused from
 * the header and their bytes skipped unbuffered.
 */
export class CatFileBatch {
  readonly #root: string;
  readonly #options: CatFileBatchOptions;
  #proc: GitProcess | undefined;
  #stdin: Writable | undefined;
  #stdout: Readable | undefined;
  #failure: GitError | undefined;
  #closed = false;
  #received = false;
  /** Request lines not yet written: one write (and one flush command) per event-loop tick. */
  #pendingLines = '';
  #flushScheduled = false;

  readonly #queue: Request[] = [];
  #queueHead = 0;

  // Parser state: a header being assembled, or a body (kept or skipped) being read.
  #headerParts: Buffer[] = [];
  #headerBytes = 0;
  #currentOid = '';
  #currentType: BatchObject['type'] = 'blob';
  #body: Buffer | undefined;
  #bodyFilled = 0;
  #bodyRemaining = -1;
  #skipError: GitError | undefined;

  #buffered = 0;
  #paused = false;

  constructor(root: string, options: CatFileBatchOptions) {
    this.#root = root;
    this.#options = options;
  }

  /**
   * Reads `name`: an object id, or `<tree>:<path>` with the path's bytes as a latin1 string (so
   * any file-name bytes can be asked for).
   */
  request(name: string, options: RequestOptions): Promise<BatchObject> {
    return new Promise((resolve, reject) => {
      this.#admit({
        name,
        label: options.label,
        expectOid: options.expectOid,
        expectType: options.expectType,
        done: (error, object) => (error ? reject(error) : resolve(object as BatchObject)),
        sink: null,
        tag: 0,
      });
    });
  }

  /**
   * Queues a read of the blob `oid` whose answer goes to `sink` with `tag`: the leanest path, for
   * reading many files in a row (`Snapshot.readMany`). The content is held (it counts toward
   * `maxBufferedBytes`) until the caller passes its length to {@link releaseBytes}.
   */
  enqueueBlob(oid: string, label: string, sink: BlobSink, tag: number): void {
    this.#admit({
      name: oid,
      label,
      expectOid: oid,
      expectType: 'blob',
      done: null,
      sink,
      tag,
    });
  }

  /** Hands back held bytes of {@link enqueueBlob} answers; reading resumes below the budget. */
  releaseBytes(bytes: number): void {
    this.#buffered -= bytes;
    if (this.#paused && this.#buffered <= this.#options.maxBufferedBytes) {
      this.#paused = false;
      this.#stdout?.resume();
    }
  }

  #admit(request: Request): void {
    if (this.#closed) {
      this.#settle(request, snapshotClosed());
    } else if (this.#failure) {
      this.#settle(request, this.#failure);
    } else if (request.name.includes('\n')) {
      this.#settle(request, new GitError('GIT_BAD_PATH', `Cannot read ${request.label}: the object name contains a line feed.`, { path: request.label }));
    } else {
      this.#send(request);
    }
  }

  /** Ends the process; queued reads are answered with `GIT_SNAPSHOT_CLOSED`. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#failAll(snapshotClosed());
    const proc = this.#proc;
    if (proc) {
      // Unread answers must not hold the process (or its stream) open.
      this.#stdout?.removeAllListeners('data');
      this.#stdout?.destroy();
      this.#stdin?.destroy();
      // Keep Node alive until the exit and the end of every pipe are observed, or awaiting
      // `close()` could never settle: an unreferenced stderr pipe alone lets Node exit mid-await.
      this.#setActive(true);
      proc.kill();
      await proc.exited;
    }
  }

  #send(request: Request): void {
    if (!this.#proc) this.#start();
    this.#queue.push(request);
    if (this.#queue.length - this.#queueHead === 1) this.#setActive(true);
    this.#write(request);
  }

  #write(request: Request): void {
    this.#pendingLines += this.#commandMode ? `contents ${request.name}\n` : `${request.name}\n`;
    if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      process.nextTick(this.#writePending);
    }
  }

  // Requests issued in one tick reach git as one write, followed by one flush command.
  readonly #writePending = (): void => {
    this.#flushScheduled = false;
    const lines = this.#pendingLines;
    this.#pendingLines = '';
    if (lines === '' || this.#closed || this.#failure || !this.#stdin) return;
    this.#stdin.write(this.#commandMode ? `${lines}flush\n` : lines, 'latin1');
  };

  /**
   * `--batch-command --buffer` (git ≥ 2.36) lets git coalesce small answers: about a third fewer
   * write calls on many small blobs, each one costly on a pipe. Older git gets `--batch`.
   */
  get #commandMode(): boolean {
    return this.#options.protocol !== 'batch' && !batchCommandUnsupported;
  }

  #start(): void {
    const commandMode = this.#commandMode;
    const args = commandMode ? ['cat-file', '--batch-command', '--buffer'] : ['cat-file', '--batch'];
    const proc = spawnGit(this.#root, args, { stdin: 'pipe' });
    this.#proc = proc;
    this.#received = false;
    const { stdin, stdout } = proc.subprocess;
    if (!stdin) throw new GitError('GIT_COMMAND_FAILED', 'git cat-file started without a stdin pipe.');
    this.#stdin = stdin;
    this.#stdout = stdout;
    // A closed pipe after git ended surfaces through `exited`; write errors carry nothing more.
    stdin.on('error', () => undefined);
    stdout.on('data', (chunk: Buffer) => this.#onData(chunk));
    void proc.exited.then(({ exitCode, error }) => {
      if (this.#closed || proc !== this.#proc) return;
      if (commandMode && exitCode === 129 && !this.#received) {
        // Usage error: this git predates --batch-command. Replay the queue on --batch.
        batchCommandUnsupported = true;
        this.#pendingLines = '';
        this.#start();
        for (let i = this.#queueHead; i < this.#queue.length; i++) this.#write(this.#queue[i] as Request);
        return;
      }
      const pending = this.#queue.length - this.#queueHead;
      const failure =
        error ??
        new GitError(
          'GIT_TRUNCATED_OUTPUT',
          `git cat-file ended early${pending > 0 ? ` with ${pending} object read(s) unanswered` : ''}${proc.stderr() ? `: ${proc.stderr().split('\n', 1)[0]}` : ''}. Nothing was read as empty; retry, and run \`git fsck\` if it persists.`,
          { stderr: proc.stderr() },
        );
      this.#failure = failure;
      this.#failAll(failure);
    });
  }

  #onData(chunk: Buffer): void {
    this.#received = true;
    let pos = 0;
    while (pos < chunk.length && !this.#failure && !this.#closed) {
      if (this.#bodyRemaining > 0) {
        const take = Math.min(this.#bodyRemaining, chunk.length - pos);
        if (take === this.#bodyRemaining && this.#bodyFilled === 0 && !this.#skipError) {
          // A body wholly inside this chunk is handed out as a view, not copied: chunks are
          // fresh buffers Node never reuses.
          this.#body = chunk.subarray(pos, pos + take);
        } else {
          this.#assembleBody(chunk, pos, take);
        }
        this.#bodyFilled += take;
        this.#bodyRemaining -= take;
        pos += take;
      } else if (this.#bodyRemaining === 0) {
        if (chunk[pos] !== LF) return this.#protocolError('object content is not followed by a line feed');
        pos += 1;
        this.#finishObject();
      } else {
        const nl = chunk.indexOf(LF, pos);
        if (nl >= 0 && this.#headerParts.length === 0) {
          // The usual case: the whole header sits in this chunk, and is the blob asked for.
          const start = pos;
          pos = nl + 1;
          const request = this.#queue[this.#queueHead];
          const size = request === undefined ? -1 : expectedBlobSize(chunk, start, nl, request.expectOid);
          if (size >= 0) this.#onObject(request as Request, request!.expectOid as string, 'blob', size);
          else this.#onHeader(chunk.toString('latin1', start, nl));
          continue;
        }
        pos = this.#collectHeader(chunk, pos, nl);
      }
    }
  }

  // The rare paths of #onData live apart, so that its optimized code stays small and is not
  // thrown away the first time a body or a header spans two chunks.

  /** Copies a body that spans chunks (or skips one that is refused) into place. */
  #assembleBody(chunk: Buffer, pos: number, take: number): void {
    if (this.#skipError) return;
    if (this.#body === undefined) this.#body = Buffer.allocUnsafe(this.#bodyRemaining);
    chunk.copy(this.#body, this.#bodyFilled, pos, pos + take);
  }

  /** Gathers a header that spans chunks; returns where reading goes on. */
  #collectHeader(chunk: Buffer, pos: number, nl: number): number {
    const end = nl < 0 ? chunk.length : nl;
    this.#headerBytes += end - pos;
    if (this.#headerBytes > MAX_HEADER_BYTES) {
      this.#protocolError('an object header is too long');
      return chunk.length;
    }
    this.#headerParts.push(Buffer.from(chunk.subarray(pos, end)));
    if (nl < 0) return chunk.length;
    const header = Buffer.concat(this.#headerParts).toString('latin1');
    this.#headerParts = [];
    this.#headerBytes = 0;
    this.#onHeader(header);
    return nl + 1;
  }

  #onHeader(header: string): void {
    const request = this.#queue[this.#queueHead];
    if (!request) return this.#protocolError('an answer arrived for no request');
    const expected = request.expectOid;
    const match = HEADER.exec(header);
    if (match === null) {
      const answer =
        header === `${request.name} missing`
          ? objectMissing(request.name, request.label)
          : header === `${request.name} ambiguous`
            ? new GitError('GIT_BAD_REVISION', `Object name ${request.name} for ${request.label} is ambiguous; use a full object id.`, { path: request.label })
            : SUBMODULE.test(header)
              ? nonBlob(request.label, 'commit', '160000')
              : undefined;
      // Anything else fails the batch, this request first (it is still the oldest queued).
      if (answer === undefined) return this.#protocolError(`unexpected header "${header.slice(0, 200)}"`, request);
      this.#shift();
      this.#settle(request, answer);
      return this.#maybeIdle();
    }
    const [, oid, type, sizeText] = match as unknown as [string, string, BatchObject['type'], string];
    if (expected !== undefined && oid !== expected) {
      return this.#protocolError(`answer for ${oid} while ${expected} was asked`, request);
    }
    this.#onObject(request, oid, type, Number(sizeText));
  }

  /** An object's header was read: its body follows (kept, or skipped with `#skipError`). */
  #onObject(request: Request, oid: string, type: BatchObject['type'], size: number): void {
    this.#currentOid = oid;
    this.#currentType = type;
    this.#bodyFilled = 0;
    this.#bodyRemaining = size;
    this.#skipError = undefined;
    if (request.expectType !== undefined && type !== request.expectType) {
      this.#skipError = nonBlob(request.label, type, undefined);
    } else if (size > this.#options.maxObjectBytes) {
      this.#skipError = new GitError(
        'GIT_OBJECT_TOO_LARGE',
        `${request.label} is ${size} bytes, more than the ${this.#options.maxObjectBytes}-byte limit per file (maxBlobBytes). Remove it from the hashed content or raise the limit.`,
        { path: request.label },
      );
    }
    this.#body = size === 0 && !this.#skipError ? Buffer.alloc(0) : undefined;
  }

  #finishObject(): void {
    // The object being read is still the oldest queued request.
    const request = this.#queue[this.#queueHead] as Request;
    const body = this.#body;
    this.#body = undefined;
    this.#bodyRemaining = -1;
    this.#shift();
    if (this.#skipError || !body) {
      this.#settle(request, this.#skipError as GitError);
    } else {
      if (request.sink !== null) {
        this.#buffered += body.length;
        if (this.#buffered > this.#options.maxBufferedBytes && !this.#paused) {
          this.#paused = true;
          this.#stdout?.pause();
        }
      }
      this.#settle(request, undefined, body);
    }
    this.#maybeIdle();
  }

  /**
   * Answers a request; `content` is the body of the object just read. Called once per request:
   * every path that answers one has taken it off the queue, or never queued it.
   */
  #settle(request: Request, error: GitError | undefined, content?: Buffer): void {
    if (request.sink !== null) request.sink.answer(request.tag, error, content);
    else request.done!(error, content === undefined ? undefined : { oid: this.#currentOid, type: this.#currentType, content });
  }

  #shift(): void {
    this.#queue[this.#queueHead++] = undefined as unknown as Request;
    if (this.#queueHead > 1024 && this.#queueHead * 2 > this.#queue.length) {
      this.#queue.splice(0, this.#queueHead);
      this.#queueHead = 0;
    }
  }

  #maybeIdle(): void {
    if (this.#queue.length === this.#queueHead) this.#setActive(false);
  }

  /** An idle process must not keep Node alive if a caller forgets `close()`. */
  #setActive(active: boolean): void {
    const proc = this.#proc;
    if (!proc) return;
    const handles = [proc.subprocess, this.#stdin, this.#stdout, proc.subprocess.stderr] as Array<{ ref?: () => void; unref?: () => void } | undefined>;
    for (const handle of handles) {
      if (active) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  #protocolError(what: string, request?: Request): void {
    const failure = new GitError('GIT_MALFORMED_OUTPUT', `git cat-file answered unexpectedly: ${what}. Retry; if it persists, run \`git fsck\`.`, {
      ...(request ? { path: request.label } : {}),
      stderr: this.#proc?.stderr() ?? '',
    });
    this.#failure = failure;
    // A request still queued is answered by #failAll, with this failure.
    this.#failAll(failure);
    this.#proc?.kill();
  }

  #failAll(error: GitError): void {
    while (this.#queueHead < this.#queue.length) {
      const request = this.#queue[this.#queueHead] as Request;
      this.#shift();
      this.#settle(request, error);
    }
    this.#body = undefined;
    this.#bodyRemaining = -1;
    this.#setActive(false);
  }
}

const BLOB_TYPE = Buffer.from(' blob ', 'latin1');
/** Sizes of more digits than this are left to the full header grammar (and `Number`). */
const MAX_FAST_SIZE_DIGITS = 15;

/**
 * The size in the header `chunk[start, end)` when it reads `<expectOid> blob <digits>`, else -1
 * (the caller then parses it in full). Reads the bytes in place: no string per file.
 */
function expectedBlobSize(chunk: Buffer, start: number, end: number, expectOid: string | undefined): number {
  if (expectOid === undefined) return -1;
  const oidLength = expectOid.length;
  const digitsAt = start + oidLength + BLOB_TYPE.length;
  if (end <= digitsAt || end - digitsAt > MAX_FAST_SIZE_DIGITS) return -1;
  for (let i = 0; i < oidLength; i++) if (chunk[start + i] !== expectOid.charCodeAt(i)) return -1;
  if (chunk.compare(BLOB_TYPE, 0, BLOB_TYPE.length, start + oidLength, digitsAt) !== 0) return -1;
  let size = 0;
  for (let i = digitsAt; i < end; i++) {
    const digit = (chunk[i] as number) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    size = size * 10 + digit;
  }
  return size;
}

/** The fail-closed error for an object the object database does not have. */
export function objectMissing(oid: string, path: string): GitError {
  return new GitError(
    'GIT_OBJECT_MISSING',
    `Git object ${oid} for ${path} is missing from the object database (objects are never fetched lazily). Fetch the missing objects or run \`git fsck\`.`,
    { path },
  );
}

/** The fail-closed error for a path whose Git entry is not a blob. */
export function nonBlob(path: string, type: string, mode: string | undefined): GitError {
  return new GitError(
    'GIT_NON_BLOB',
    `Cannot hash non-blob Git entry at ${path}: ${type}${mode ? ` mode ${mode}` : ''}. Only regular files and symlinks have content; leave submodules and directories out of hashed paths.`,
    { path },
  );
}

/** The error of a read after its snapshot was closed. */
export function snapshotClosed(): GitError {
  return new GitError('GIT_SNAPSHOT_CLOSED', 'The snapshot was closed; capture a new snapshot to read more files.');
}
