import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DiagnosticRefreshRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentDiagnosticRequest,
  ExitNotification,
  type FullDocumentDiagnosticReport,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  type ProtocolConnection,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node.js';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { type Sample, type Side, runSide } from '../measure.js';
import { ensureRealWorkspace, surfBin } from './surf.js';

/** CPU seconds (user + system) a running process has used so far, from /proc (Linux), or NaN. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    // utime and stime are fields 14 and 15 of stat; the slice above starts at field 3.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const MANIFEST = 'driftgate-bench-sources.txt';

/**
 * `surf lsp --stdio` on the real-shaped workspace: the time from a `didChange` that breaks a
 * claimed body to the pulled diagnostics of that file, for a median-sized source file and for the
 * largest one, through a real LSP client over stdio. Each edit is sent as editors send it: ranged
 * changes (take the previous edit's line out, put a new one in), so the server's tree follows the
 * edit. `DRIFTGATE_BENCH_SURF_BIN` measures another build of the bin.
 */
export const surfLspBenchmark: Benchmark = {
  name: 'surf-lsp',
  description: '`surf lsp --stdio`: diagnostic latency after a didChange on the real-shaped workspace',
  async run(options: BenchOptions): Promise<void> {
    const { dir, marker } = await ensureRealWorkspace(options.workDir, options.scale, 'hubs');
    const sources = readFileSync(join(dir, '.git', MANIFEST), 'utf8').trim().split('\n');
    const sizes = sources.map((rel) => ({ rel, size: readFileSync(join(dir, rel), 'utf8').length })).sort((a, b) => a.size - b.size);
    const picks = [sizes[Math.floor(sizes.length / 2)]!, sizes[sizes.length - 1]!];
    process.stdout.write(`\n## surf lsp: ${marker.claims} claims in ${marker.hubs} hubs over ${marker.files} files, ${options.runs} edits per file\n`);

    const bin = process.env['DRIFTGATE_BENCH_SURF_BIN'] ?? surfBin;
    // The server's first judgement goes through `surf check`'s result cache: measured cold (an
    // empty cache, against a cold `surf check --no-cache`) and warm (against a warm check).
    const cacheDir = join(dir, '.git', 'driftgate-bench-lsp-cache');
    rmSync(cacheDir, { recursive: true, force: true });
    const checkSide = (args: string[]): Side => ({ name: 'surf check', command: process.execPath, args: [bin, 'check', ...args], cwd: dir, resourceUsage: true });
    const coldCheck = await runSide(checkSide(['--no-cache']));
    const firstText = readFileSync(join(dir, picks[0]!.rel), 'utf8');

    // A build from before the server used the cache has no --cache-dir (it then always starts cold).
    const cacheArgs = spawnSync(process.execPath, [bin, 'lsp', '--help'], { encoding: 'utf8' }).stdout.includes('--cache-dir') ? ['--cache-dir', cacheDir] : [];
    const server = startServer(bin, dir, cacheArgs);
    const { client, child, uri, pull } = server;
    try {
      let first = true;
      for (const { rel, size } of picks) {
        const text = readFileSync(join(dir, rel), 'utf8');
        await server.open(rel, text);
        if (first) process.stdout.write(`  first diagnostics after start, empty cache: ${startLine(server, coldCheck)}\n`);
        first = false;
        // Lines inside claimed bodies, found by hovering (a hover names the claims on a line).
        const lines = text.split('\n');
        const targets: number[] = [];
        const step = Math.max(1, Math.floor(lines.length / 400));
        for (let line = 1; line < lines.length - 1 && targets.length < options.runs; line += step) {
          const hover = await client.sendRequest(HoverRequest.type, { textDocument: { uri: uri(rel) }, position: { line, character: 0 } });
          if (hover !== null && /^\s+(return|const|let|self|if|for)\b/.test(lines[line + 1]!)) targets.push(line + 1);
        }
        if (targets.length === 0) throw new Error(`no claimed body found in ${rel}`);
        const times: number[] = [];
        let flagged = 0;
        let previous: number | undefined;
        const cpuBefore = cpuSeconds(child.pid);
        for (let run = 0; run < options.runs; run++) {
          const at = targets[run % targets.length]!;
          const indent = /^\s*/.exec(lines[at]!)![0];
          const line = `${indent}${rel.endsWith('.py') ? 'pass' : 'void 0;'}\n`;
          const contentChanges = [
            ...(previous === undefined ? [] : [{ range: { start: { line: previous, character: 0 }, end: { line: previous + 1, character: 0 } }, text: '' }]),
            { range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, text: line },
          ];
          previous = at;
          const t0 = performance.now();
          await client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: uri(rel), version: run + 2 }, contentChanges });
          if ((await pull(rel)) > 0) flagged++;
          times.push(performance.now() - t0);
        }
        const cpu = (cpuSeconds(child.pid) - cpuBefore) / options.runs;
        times.sort((a, b) => a - b);
        process.stdout.write(
          `  ${rel} (${(size / 1000).toFixed(0)} K chars): didChange → diagnostics median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms ` +
            `(min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}; server CPU ${(cpu * 1000).toFixed(0)} ms per edit); ${flagged}/${options.runs} edits flagged a stale claim\n`,
        );
      }
      await server.close();
      const warmServer = startServer(bin, dir, cacheArgs);
      try {
        await warmServer.open(picks[0]!.rel, firstText);
        const warmCheck = await runSide(checkSide(['--cache-dir', cacheDir]));
        process.stdout.write(`  first diagnostics after start, warm cache: ${startLine(warmServer, warmCheck)}\n`);
        await warmServer.close();
      } finally {
        warmServer.dispose();
      }
    } finally {
      server.dispose();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  },
};

/** A running `surf lsp --stdio` with an initialized client (pull diagnostics), timed from its spawn. */
interface Server {
  readonly child: ChildProcess;
  readonly client: ProtocolConnection;
  uri(rel: string): string;
  /** Pulls a document's diagnostics; resolves to how many there are. */
  pull(rel: string): Promise<number>;
  /** Opens a document and pulls its first diagnostics, recording when they came. */
  open(rel: string, text: string): Promise<void>;
  /** Wall ms from spawn to the first diagnostics, and the server's CPU seconds by then. */
  readonly first: { ms: number; cpu: number } | undefined;
  close(): Promise<void>;
  dispose(): void;
}

function startServer(bin: string, dir: string, args: readonly string[]): Server {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio', ...args], { cwd: dir, stdio: ['pipe', 'pipe', 'inherit'] });
  const client = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  client.onRequest(DiagnosticRefreshRequest.type, () => undefined);
  client.listen();
  const initialized = (async () => {
    await client.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      workspaceFolders: null,
      capabilities: { textDocument: { diagnostic: {} }, workspace: { diagnostics: { refreshSupport: true } } },
    });
    await client.sendNotification(InitializedNotification.type, {});
  })();
  const uri = (rel: string): string => pathToFileURL(join(dir, rel)).href;
  const pull = async (rel: string): Promise<number> => {
    await initialized;
    return ((await client.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: uri(rel) } })) as FullDocumentDiagnosticReport).items.length;
  };
  const server: Server & { first: Server['first'] } = {
    child,
    client,
    uri,
    pull,
    first: undefined,
    async open(rel, text) {
      await initialized;
      await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri(rel), languageId: 'source', version: 1, text } });
      await pull(rel);
      server.first ??= { ms: performance.now() - started, cpu: cpuSeconds(child.pid) };
    },
    async close() {
      await client.sendRequest(ShutdownRequest.type);
      await client.sendNotification(ExitNotification.type);
    },
    dispose() {
      client.dispose();
      child.kill();
    },
  };
  return server;
}

function startLine(server: Server, check: Sample): string {
  const first = server.first!;
  const cpu = check.usage?.cpuSeconds;
  return (
    `${first.ms.toFixed(0)} ms, server CPU ${first.cpu.toFixed(2)} s; the same \`surf check\` ${check.ms.toFixed(0)} ms` +
    `${cpu === undefined ? '' : `, CPU ${cpu.toFixed(2)} s`}; server/check ${(first.ms / check.ms).toFixed(2)}x wall`
  );
}
