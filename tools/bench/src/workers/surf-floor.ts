import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import { rssReportLine } from '../rss-report.js';

// Floor of the `surf` benchmark: read and parse each anchored source file once with
// web-tree-sitter and the pinned grammars (each loaded on first use), nothing else.
const [root, manifest] = process.argv.slice(2);
if (root === undefined || manifest === undefined) throw new Error('usage: surf-floor <workspace> <manifest>');
const files = readFileSync(manifest, 'utf8').split('\n').filter((line) => line !== '');
const require = createRequire(import.meta.url);
const WASM: Record<string, string> = {
  ts: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  py: 'tree-sitter-python/tree-sitter-python.wasm',
  go: 'tree-sitter-go/tree-sitter-go.wasm',
  rs: 'tree-sitter-rust/tree-sitter-rust.wasm',
};
await Parser.init();
const parsers = new Map<string, Parser>();
let nodes = 0;
for (const file of files) {
  const ext = file.slice(file.lastIndexOf('.') + 1);
  let parser = parsers.get(ext);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(await Language.load(require.resolve(WASM[ext]!)));
    parsers.set(ext, parser);
  }
  const tree = parser.parse(readFileSync(join(root, file), 'utf8'));
  if (!tree) throw new Error(`no tree for ${file}`);
  nodes += tree.rootNode.descendantCount;
  tree.delete();
}
if (nodes === 0) throw new Error('parsed nothing');
process.stdout.write(rssReportLine());
