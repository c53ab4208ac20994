import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker, isMainThread, workerData } from 'node:worker_threads';
import { Language, Parser } from 'web-tree-sitter';
import { rssReportLine } from '../rss-report.js';

// Floor of the `surf` benchmarks: read and parse each anchored source file once with
// web-tree-sitter and the pinned grammars (each loaded on first use), nothing else.
// `--threads N` parses on N worker threads that pull files largest first from one shared counter
// (the best any pool can do with N parsers); without it the main thread parses alone.

const require = createRequire(import.meta.url);
const WASM: Record<string, string> = {
  ts: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  mts: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  cts: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
  js: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
  mjs: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
  cjs: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
  py: 'tree-sitter-python/tree-sitter-python.wasm',
  go: 'tree-sitter-go/tree-sitter-go.wasm',
  rs: 'tree-sitter-rust/tree-sitter-rust.wasm',
};

interface Job {
  root: string;
  files: string[];
  /** Int32Array over a SharedArrayBuffer: [next file index, nodes parsed]. */
  shared: SharedArrayBuffer;
}

async function parseFrom(job: Job): Promise<void> {
  await Parser.init();
  const counters = new Int32Array(job.shared);
  const parsers = new Map<string, Parser>();
  for (let i = Atomics.add(counters, 0, 1); i < job.files.length; i = Atomics.add(counters, 0, 1)) {
    const file = job.files[i]!;
    const ext = file.slice(file.lastIndexOf('.') + 1);
    let parser = parsers.get(ext);
    if (!parser) {
      parser = new Parser();
      parser.setLanguage(await Language.load(require.resolve(WASM[ext]!)));
      parsers.set(ext, parser);
    }
    const tree = parser.parse(readFileSync(join(job.root, file), 'utf8'));
    if (!tree) throw new Error(`no tree for ${file}`);
    Atomics.add(counters, 1, tree.rootNode.descendantCount > 0 ? 1 : 0);
    tree.delete();
  }
}

if (isMainThread) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--threads');
  const threads = at >= 0 ? Number(args.splice(at, 2)[1]) : 0;
  const [root, manifest] = args;
  if (root === undefined || manifest === undefined || !Number.isInteger(threads) || threads < 0) {
    throw new Error('usage: surf-floor [--threads N] <workspace> <manifest>');
  }
  const listed = readFileSync(manifest, 'utf8').split('\n').filter((line) => line !== '');
  const files = threads > 0 ? largestFirst(root, listed) : listed;
  const job: Job = { root, files, shared: new SharedArrayBuffer(8) };
  if (threads === 0) {
    await parseFrom(job);
  } else {
    const self = new URL(import.meta.url);
    await Promise.all(
      Array.from({ length: threads }, () => {
        const worker = new Worker(self, { workerData: job });
        return new Promise<void>((resolve, reject) => {
          worker.once('error', reject);
          worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`floor worker exited with ${code}`))));
        });
      }),
    );
  }
  if (new Int32Array(job.shared)[1] !== files.length) throw new Error('the floor did not parse every file');
  process.stdout.write(rssReportLine());
} else {
  await parseFrom(workerData as Job);
}

function largestFirst(root: string, files: readonly string[]): string[] {
  const size = new Map(files.map((f) => [f, statSync(join(root, f)).size]));
  return [...files].sort((a, b) => size.get(b)! - size.get(a)!);
}
