import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node.js';
import type { Benchmark, BenchOptions } from '../benchmark.js';
import { ensureRealWorkspace, surfBin } from './surf.js';

const MANIFEST = 'driftgate-bench-sources.txt';

/**
 * `surf lsp --stdio` on the real-shaped workspace: the time from a `didChange` that breaks a
 * claimed body to the pulled diagnostics of that file, for a median-sized source file and for the
 * largest one, through a real LSP client over stdio.
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

    const started = performance.now();
    const child = spawn(process.execPath, [surfBin, 'lsp', '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'inherit'] });
    const client = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    client.onRequest(DiagnosticRefreshRequest.type, () => undefined);
    client.listen();
    const uri = (rel: string): string => pathToFileURL(join(dir, rel)).href;
    const pull = async (rel: string): Promise<number> =>
      ((await client.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: uri(rel) } })) as FullDocumentDiagnosticReport).items.length;
    try {
      await client.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: pathToFileURL(dir).href,
        workspaceFolders: null,
        capabilities: { textDocument: { diagnostic: {} }, workspace: { diagnostics: { refreshSupport: true } } },
      });
      await client.sendNotification(InitializedNotification.type, {});
      let first = true;
      for (const { rel, size } of picks) {
        const text = readFileSync(join(dir, rel), 'utf8');
        await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri(rel), languageId: 'source', version: 1, text } });
        await pull(rel);
        if (first) process.stdout.write(`  first diagnostics after start (every claim judged once): ${(performance.now() - started).toFixed(0)} ms\n`);
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
        for (let run = 0; run < options.runs; run++) {
          const at = targets[run % targets.length]!;
          const indent = /^\s*/.exec(lines[at]!)![0];
          const edited = [...lines.slice(0, at), indent + (rel.endsWith('.py') ? 'pass' : 'void 0;'), ...lines.slice(at)].join('\n');
          const t0 = performance.now();
          await client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: uri(rel), version: run + 2 }, contentChanges: [{ text: edited }] });
          if ((await pull(rel)) > 0) flagged++;
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        process.stdout.write(
          `  ${rel} (${(size / 1000).toFixed(0)} K chars): didChange → diagnostics median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms ` +
            `(min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}); ${flagged}/${options.runs} edits flagged a stale claim\n`,
        );
      }
      await client.sendRequest(ShutdownRequest.type);
      await client.sendNotification(ExitNotification.type);
    } finally {
      client.dispose();
      child.kill();
    }
  },
};
