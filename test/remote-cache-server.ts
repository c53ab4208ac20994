import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A test double of Nx's self-hosted remote cache ("Nx custom remote cache specification", the
 * protocol `NX_SELF_HOSTED_REMOTE_CACHE_SERVER` speaks): `PUT /v1/cache/{hash}` stores a tar
 * archive (Content-Length required; 200 stored, 401 no or unknown token, 403 read-only token,
 * 409 the hash is already stored), `GET /v1/cache/{hash}` returns it (200 octet-stream, 401, 404).
 *
 * It serves from a worker thread, because the e2e tests drive Nx with `spawnSync`, which blocks
 * the test's own event loop; artifacts and a request log go to a temp directory the test reads
 * synchronously. It listens on 127.0.0.1 only and stops itself after `lifetimeMs` even if the
 * test that started it never closes it.
 */
export interface RemoteCacheServer {
  /** Base URL for `NX_SELF_HOSTED_REMOTE_CACHE_SERVER`, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Stored artifacts by task hash (the exact bytes Nx uploaded), read from disk on each call. */
  artifacts(): Map<string, Buffer>;
  /** Every request answered so far, in arrival order. */
  requests(): RemoteCacheRequest[];
  /** Stops listening, drops open connections and removes the storage; idempotent. */
  close(): Promise<void>;
}

/** One request as the server answered it. */
export interface RemoteCacheRequest {
  readonly method: string;
  /** The `{hash}` path segment, or null for a path outside the API. */
  readonly hash: string | null;
  readonly status: number;
  /** Request body size in bytes (the uploaded tar for a PUT). */
  readonly bytes: number;
}

export interface RemoteCacheServerOptions {
  /** Bearer tokens that may read and write. */
  readonly readWriteTokens: readonly string[];
  /** Bearer tokens that may only read (a PUT with one is refused with 403). */
  readonly readOnlyTokens?: readonly string[];
  /** Hard upper bound on the server's life in ms (default 5 minutes). */
  readonly lifetimeMs?: number;
}

interface ServeData {
  readonly dir: string;
  readonly readWrite: readonly string[];
  readonly readOnly: readonly string[];
  readonly lifetimeMs: number;
}

/**
 * The server itself. It runs in the worker from its source text, so it may use only its
 * parameter and `require` (no imports, no closures over this module).
 */
function serve(data: ServeData): void {
  const { createServer } = require('node:http') as typeof import('node:http');
  const fs = require('node:fs') as typeof import('node:fs');
  const path = require('node:path') as typeof import('node:path');
  const { parentPort } = require('node:worker_threads') as typeof import('node:worker_threads');
  const readWrite = new Set(data.readWrite);
  const readOnly = new Set(data.readOnly);
  const store = path.join(data.dir, 'artifacts');
  const log = path.join(data.dir, 'requests.jsonl');
  fs.mkdirSync(store, { recursive: true });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const match = /^\/v1\/cache\/([A-Za-z0-9_-]+)$/.exec(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
      const hash = match ? match[1]! : null;
      const answer = (status: number, payload?: Buffer) => {
        fs.appendFileSync(log, `${JSON.stringify({ method: request.method, hash, status, bytes: body.length })}\n`);
        const headers: Record<string, string> = { 'content-length': String(payload ? payload.length : 0) };
        if (payload) headers['content-type'] = 'application/octet-stream';
        response.writeHead(status, headers).end(payload);
      };
      if (hash === null) return answer(404);
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const canWrite = token !== undefined && readWrite.has(token);
      if (!canWrite && !(token !== undefined && readOnly.has(token))) return answer(401);
      const file = path.join(store, hash);
      if (request.method === 'GET') return fs.existsSync(file) ? answer(200, fs.readFileSync(file)) : answer(404);
      if (request.method === 'PUT') {
        if (!canWrite) return answer(403);
        if (request.headers['content-length'] === undefined) return answer(411);
        if (fs.existsSync(file)) return answer(409);
        fs.writeFileSync(`${file}.part`, body);
        fs.renameSync(`${file}.part`, file);
        return answer(200);
      }
      return answer(405);
    });
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
  };
  setTimeout(stop, data.lifetimeMs).unref();
  parentPort!.on('message', (message) => {
    if (message === 'close') stop();
  });
  server.on('close', () => parentPort!.close());
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    parentPort!.postMessage(typeof address === 'object' && address !== null ? address.port : 0);
  });
}

/** Starts the server on an ephemeral port of 127.0.0.1, storing artifacts in a fresh temp directory. */
export async function startRemoteCacheServer(options: RemoteCacheServerOptions): Promise<RemoteCacheServer> {
  const dir = mkdtempSync(join(tmpdir(), 'driftgate-remote-cache-'));
  const data: ServeData = {
    dir,
    readWrite: [...options.readWriteTokens],
    readOnly: [...(options.readOnlyTokens ?? [])],
    lifetimeMs: options.lifetimeMs ?? 300_000,
  };
  const worker = new Worker(`(${serve.toString()})(require('node:worker_threads').workerData)`, { eval: true, workerData: data });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', () => reject(new Error('the remote cache test server exited before listening')));
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // The worker ends itself at the deadline; it must not keep the test process alive before that either.
  worker.unref();

  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    artifacts: () => {
      const store = join(dir, 'artifacts');
      return new Map(
        readdirSync(store)
          .filter((name) => !name.endsWith('.part'))
          .sort()
          .map((name) => [name, readFileSync(join(store, name))]),
      );
    },
    requests: () => {
      let text = '';
      try {
        text = readFileSync(join(dir, 'requests.jsonl'), 'utf8');
      } catch {
        // Nothing logged yet.
      }
      return text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as RemoteCacheRequest);
    },
    close: () => {
      closed ??= (async () => {
        worker.postMessage('close');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000))]);
        await worker.terminate();
        rmSync(dir, { recursive: true, force: true });
      })();
      return closed;
    },
  };
}
