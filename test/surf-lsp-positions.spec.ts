// Every position `surf lsp --stdio` sends must be one the client can place: LSP positions are
// `uinteger`s, on a line of the document, at most that line's UTF-16 length. Editors that check
// (Neovim raises `end_col value outside range`) reject a whole publish over one bad range, so
// this is a property over every diagnostic of every kind, pushed and pulled, across generated
// buffers with astral and CJK text, CRLF line breaks and last lines without a line break.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspSession } from './support/lsp-session.js';
import { type TempRepo, createTempRepo } from './support/temp-repo.js';

/** LSP's `uinteger`: 0 to 2^31 − 1. */
const UINTEGER_MAX = 2 ** 31 - 1;

/** The generated parts of the open source file and hub. */
interface Sample {
  readonly eol: '\n' | '\r\n';
  /** Whether the source and the hub end with a line break. */
  readonly trailing: boolean;
  /** `+` keeps `add` as stamped, `-` changes it. */
  readonly op: '+' | '-';
  readonly prose: readonly string[];
}

const WORDS = ['a', 'word', 'é', 'ü', '中文', '日本語', '😀', '𝔘𝔫𝔦', '👩‍💻', 'x y'];
const proseArb = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 10 }).map((words) => `p ${words.join(' ')}`);
const sampleArb: fc.Arbitrary<Sample> = fc.record({
  eol: fc.constantFrom('\n' as const, '\r\n' as const),
  trailing: fc.boolean(),
  op: fc.constantFrom('+' as const, '-' as const),
  prose: fc.array(proseArb, { minLength: 6, maxLength: 6 }),
});

/**
 * A Rust file whose `add` is stamped (G1's stamp: comments and line breaks drop out) and whose
 * `tail`, claimed with a wrong stamp, is its last line; `extra` is claimed by no hub (lint).
 */
function source({ eol, trailing, op, prose }: Sample): string {
  const lines = [`// ${prose[0]}`, 'pub fn add(a: i64, b: i64) -> i64 {', `    // sum them ${prose[1]}`, `    a ${op} b`, '}', 'pub fn extra() -> i64 { 1 }', `pub fn tail() -> &'static str { "${prose[2]}" }`];
  return lines.join(eol) + (trailing ? eol : '');
}

/** A hub with a claim of every verdict and lint findings on claim lines and on the first line. */
function hub({ eol, trailing, prose }: Sample): string {
  const lines = [
    '---',
    `summary: ${prose[3]}`,
    'anchors:',
    `  - claim: ${prose[4]}`,
    '    at: src/a.rs > add',
    '    hash: 2:f1075e760a17',
    `  - claim: ${prose[5]}`,
    '    at: src/a.rs > tail',
    '    hash: 2:000000000000',
    `  - claim: gone ${prose[0]}`,
    '    at: src/a.rs > missing',
    '    hash: 2:000000000000',
    '  - claim: names nothing 😀',
    '    at: []',
    `  - claim: new ${prose[1]}`,
    '    at: src/a.rs > add',
    '---',
    `body ${prose[2]}`,
  ];
  return lines.join(eol) + (trailing ? eol : '');
}

const FIRST: Sample = { eol: '\n', trailing: false, op: '-', prose: ['😀 中文', 'é', '👩‍💻', '𝔘𝔫𝔦 x', '中文 😀 word', '😀😀'] };

// On disk only, never opened: a CRLF TypeScript file and a CRLF hub whose claim is stale.
const DISK_TS = 'export function greet(name: string): string {\r\n  // héllo 😀 wörld 中文\r\n  return `hi ${name} 😀`;\r\n}';
const DISK_HUB = '---\r\nsummary: 中文 😀\r\nanchors:\r\n  - claim: greets 😀 in 中文 and 𝔘𝔫𝔦\r\n    at: src/b.ts > greet\r\n    hash: 2:000000000000\r\n---\r\n';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function workspace(): TempRepo {
  const repo = createTempRepo({ 'surf.toml': '', 'src/a.rs': source(FIRST), 'hubs/h.md': hub(FIRST), 'src/b.ts': DISK_TS, 'hubs/crlf.md': DISK_HUB });
  cleanups.push(() => repo.dispose());
  return repo;
}

/** What is wrong with each position of `diagnostics` for a document holding `text` (none: `[]`). */
function misplaced(rel: string, text: string, diagnostics: readonly Diagnostic[]): string[] {
  const doc = TextDocument.create('file:///doc', 'plaintext', 1, text);
  const problems: string[] = [];
  for (const diagnostic of diagnostics) {
    const { start, end } = diagnostic.range;
    for (const [name, position] of [['start', start], ['end', end]] as const) {
      const where = `${rel} ${diagnostic.source}/${String(diagnostic.code)} ${name} ${JSON.stringify(position)}`;
      const { line, character } = position;
      if (![line, character].every((n) => Number.isInteger(n) && n >= 0 && n <= UINTEGER_MAX)) {
        problems.push(`${where}: not a uinteger`);
        continue;
      }
      if (line >= doc.lineCount) {
        problems.push(`${where}: the document has ${doc.lineCount} lines`);
        continue;
      }
      const length = doc.offsetAt({ line, character: UINTEGER_MAX }) - doc.offsetAt({ line, character: 0 });
      if (character > length) problems.push(`${where}: line ${line} is ${length} UTF-16 units long`);
    }
    if (start.line > end.line || (start.line === end.line && start.character > end.character)) problems.push(`${rel}: range ends before it starts: ${JSON.stringify(diagnostic.range)}`);
  }
  return problems;
}

const DOCUMENTS = ['src/a.rs', 'hubs/h.md', 'src/b.ts', 'hubs/crlf.md'] as const;

describe('surf lsp --stdio: every diagnostic position fits its document', () => {
  for (const pull of [true, false]) {
    it(`${pull ? 'pulled' : 'pushed'}: source, hub and lint diagnostics over generated buffers`, async () => {
      const repo = workspace();
      const s = new LspSession(repo.dir);
      cleanups.push(() => s.child.kill());
      await s.initialize(pull);
      await s.open('src/a.rs', 'rust', source(FIRST));
      await s.open('hubs/h.md', 'markdown', hub(FIRST));
      /** The text the server reads for `rel`: the open buffer, else the file on disk. */
      const textOf = (rel: string): string => s.buffers.get(rel) ?? readFileSync(join(repo.dir, rel), 'utf8');
      const kinds = new Set<string>();

      /** Every text each open document has had, for publishes computed before the last change. */
      const versions = new Map<string, string[]>([...s.buffers].map(([rel, text]) => [rel, [text]]));

      const checkAll = async (): Promise<void> => {
        if (pull) {
          const problems: string[] = [];
          for (const rel of DOCUMENTS) {
            const items = await s.pull(rel);
            for (const d of items) kinds.add(`${d.source}/${String(d.code)}`);
            problems.push(...misplaced(rel, textOf(rel), items));
          }
          expect(problems).toEqual([]);
          return;
        }
        // A publish is computed from the buffers of its moment, so the last one of each document
        // must come to fit the buffers as they are now: waiting for that is free of timing (a
        // server that places ranges wrongly never gets there).
        const lastProblems = (): string[] => ['src/a.rs', 'hubs/h.md'].flatMap((rel) => misplaced(rel, textOf(rel), s.pushedFor(rel).at(-1)?.diagnostics ?? []));
        await s.until(() => lastProblems().length === 0, 'publishes that fit the buffers', 8_000).catch(() => undefined);
        expect(lastProblems()).toEqual([]);
      };

      await checkAll();
      await fc.assert(
        fc.asyncProperty(sampleArb, async (sample) => {
          for (const [rel, text] of [['src/a.rs', source(sample)], ['hubs/h.md', hub(sample)]] as const) {
            versions.get(rel)!.push(text);
            await s.change(rel, text);
          }
          await checkAll();
        }),
        { numRuns: 12, endOnFailure: true, examples: [[{ ...FIRST, eol: '\r\n', trailing: true, op: '+' }]] },
      );
      if (!pull) {
        // And every publish fits one of the texts its document had (the one it was computed from).
        await s.settle();
        for (const p of s.pushed) {
          const rel = [...versions.keys()].find((r) => s.uri(r) === p.uri)!;
          const fits = versions.get(rel)!.some((text) => misplaced(rel, text, p.diagnostics).length === 0);
          expect(fits, `${rel}: ${JSON.stringify(p.diagnostics.map((d) => d.range))}`).toBe(true);
          for (const d of p.diagnostics) kinds.add(`${d.source}/${String(d.code)}`);
        }
      }
      // The property saw every kind of diagnostic the server sends.
      expect([...kinds].sort()).toEqual(['surf lint/lint', 'surf/changed', 'surf/unresolvable', 'surf/unverified']);
      expect(await s.close()).toBe(0);
    }, 120_000);
  }
});
