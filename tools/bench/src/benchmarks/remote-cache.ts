import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadDemo } from '../demo-module.js';
import type { Benchmark, BenchOptions } from '../benchmark.js';

const TOKEN = 'bench-token';

/**
 * An in-memory store speaking the remote cache protocol (`GET`/`PUT /v1/cache/{hash}`, bearer
 * token), kept to what the measurement needs; the spec-complete double lives with the e2e tests.
 */
async function startStore(): Promise<{ url: string; artifacts: Map<string, Buffer>; close(): void }> {
  const artifacts = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hash = /^\/v1\/cache\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      if (hash === undefined || request.headers.authorization !== `Bearer ${TOKEN}`) return void response.writeHead(hash === undefined ? 404 : 401).end();
      if (request.method === 'PUT') {
        if (artifacts.has(hash)) return void response.writeHead(409).end();
        artifacts.set(hash, Buffer.concat(chunks));
        return void response.writeHead(200).end();
      }
      const stored = artifacts.get(hash);
      if (stored === undefined) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(stored.length) }).end(stored);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, artifacts, close: () => server.close() };
}

/** Runs Nx without blocking this process's event loop (the store answers from it). */
function runNxAsync(dir: string, args: string[], env: Record<string, string>): Promise<{ status: number | null; output: string; ms: number }> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, 'node_modules', 'nx', 'dist', 'bin', 'nx.js'), ...args], { cwd: dir, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
  });
}

/** File names in a (possibly gzipped) tar archive. */
function tarNames(archive: Buffer): string[] {
  const tar = archive[0] === 0x1f && archive[1] === 0x8b ? gunzipSync(archive) : archive;
  const names: string[] = [];
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (from: number, length: number) => header.subarray(from, from + length).toString('utf8').replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    names.push(prefix === '' ? field(0, 100) : `${prefix}/${field(0, 100)}`);
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

/** The task an artifact belongs to, named by its report path (`<root> <target>`). */
function taskOf(names: readonly string[]): string {
  for (const name of names) {
    const match = /reports\/driftgate\/(.+)\/(verify-[a-z]+)\.json$/.exec(name);
    if (match) return `${match[1]} ${match[2]}`;
  }
  return names.join(',') || '(empty)';
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export const remoteCacheBenchmark: Benchmark = {
  name: 'remote-cache',
  description: 'the demo workspace on clone A (uploads to a self-hosted remote cache), then clone B restoring through it: wall times, bytes uploaded per target',
  async run(options: BenchOptions): Promise<void> {
    const demo = await loadDemo();
    const store = await startStore();
    const clones = ['a', 'b'].map((name) => join(options.workDir, `remote-cache-${name}-${process.pid}`));
    try {
      for (const dir of clones) demo.createDemoWorkspace(dir);
      const args = ['run-many', '-t', 'verify-claims', 'verify-boundary', '--outputStyle=static'];
      const env = (dir: string) => ({
        ...demo.NX_ENV,
        NX_CACHE_DIRECTORY: join(dir, '.nx', 'cache'),
        NX_SELF_HOSTED_REMOTE_CACHE_SERVER: store.url,
        NX_SELF_HOSTED_REMOTE_CACHE_ACCESS_TOKEN: TOKEN,
      });
      const a = await runNxAsync(clones[0]!, args, env(clones[0]!));
      const b = await runNxAsync(clones[1]!, args, env(clones[1]!));
      const count = (output: string, note: string) => output.split(`[${note}]`).length - 1;
      process.stdout.write(`  clone A, full run, empty caches:         ${seconds(a.ms)} (exit ${a.status}, ${count(a.output, 'remote cache')} remote hits)\n`);
      process.stdout.write(`  clone B, same commit, via remote cache:  ${seconds(b.ms)} (exit ${b.status}, ${count(b.output, 'remote cache')} remote hits)\n`);
      process.stdout.write('  (the demo\'s stale gateway claim fails on purpose; Nx caches no failure, so both clones run that task)\n');
      let total = 0;
      const rows = [...store.artifacts.values()].map((archive) => [taskOf(tarNames(archive)), archive.length] as const).sort(([x], [y]) => (x < y ? -1 : 1));
      for (const [task, bytes] of rows) {
        total += bytes;
        process.stdout.write(`    uploaded ${String(bytes).padStart(7)} B  ${task}\n`);
      }
      process.stdout.write(`    uploaded ${String(total).padStart(7)} B  total, ${rows.length} artifact(s)\n`);
    } finally {
      store.close();
      for (const dir of clones) rmSync(dir, { recursive: true, force: true });
    }
  },
};
