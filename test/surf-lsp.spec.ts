// Black-box tests of `surf lsp --stdio` through the built bin (`npm run build` first): a real
// LSP client (vscode-languageserver-protocol's connection) drives the real server process over
// stdio in a temporary git repository.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CodeAction,
  CodeActionRequest,
  type Diagnostic,
  ExitNotification,
  HoverRequest,
  DefinitionRequest,
  type Location,
  type MarkupContent,
  type TextEdit,
} from 'vscode-languageserver-protocol/node.js';
import { hashAnchor } from '@driftgate/surf';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { LspSession } from './support/lsp-session.js';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));

// Vector G1 (Rust `add`): v2 f1075e760a17.
const G1 = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n';
const BROKEN = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a - b\n}\n';
const RESTAMP = 'Re-stamp this claim (surf verify)';
const HUB = '---\nsummary: x\nanchors:\n  - claim: adds two numbers\n    at: src/a.rs > add\n    hash: 2:f1075e760a17\n---\n';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function workspace(): TempRepo {
  const repo = createTempRepo({ 'surf.toml': '', 'src/a.rs': G1, 'hubs/h.md': HUB });
  cleanups.push(() => repo.dispose());
  return repo;
}

function session(repo: TempRepo, args: readonly string[] = []): LspSession {
  const s = new LspSession(repo.dir, args);
  cleanups.push(() => s.child.kill());
  return s;
}

/** Applies LSP text edits (non-overlapping) to a text. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number =>
    lines.slice(0, p.line).reduce((sum, line) => sum + line.length + 1, 0) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const edit of sorted) out = out.slice(0, offset(edit.range.start)) + edit.newText + out.slice(offset(edit.range.end));
  return out;
}

describe('surf lsp --stdio', () => {
  it('edit → diagnostic on the span and on the claim → re-stamp code action → diagnostics gone (pull)', async () => {
    const repo = workspace();
    const s = session(repo);
    await s.initialize(true);
    await s.open('src/a.rs', 'rust', G1);
    await s.open('hubs/h.md', 'markdown', HUB);
    expect(await s.pull('src/a.rs')).toEqual([]);
    expect(await s.pull('hubs/h.md')).toEqual([]);

    // The unsaved buffer changes; the file on disk stays as it was.
    const refreshesBefore = s.refreshes;
    const started = performance.now();
    await s.change('src/a.rs', BROKEN);
    const onSource = await s.pull('src/a.rs');
    const latency = performance.now() - started;
    expect(onSource).toHaveLength(1);
    expect(onSource[0]!.range).toEqual({ start: { line: 0, character: 0 }, end: { line: 3, character: 1 } });
    expect(onSource[0]!.message).toContain('hubs/h.md:4');
    expect(onSource[0]!.message).toContain('adds two numbers');
    // The refresh (for the hub, whose diagnostics changed too) may come after the pull's answer.
    await s.until(() => s.refreshes > refreshesBefore, 'a diagnostic refresh');
    process.stdout.write(`surf lsp: diagnostic after didChange in ${latency.toFixed(1)} ms\n`);

    const onHub = await s.pull('hubs/h.md');
    expect(onHub).toHaveLength(1);
    expect(onHub[0]!.range.start.line).toBe(3);
    expect(onHub[0]!.code).toBe('changed');

    const actions = (await s.client.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: s.uri('hubs/h.md') },
      range: onHub[0]!.range,
      context: { diagnostics: onHub },
    })) as CodeAction[];
    expect(actions.map((a) => a.title)).toEqual(['Re-stamp this claim (surf verify)']);
    expect(actions[0]!.isPreferred).toBe(false);
    expect(actions[0]!.kind).toBe('quickfix');
    const edits = actions[0]!.edit!.changes![s.uri('hubs/h.md')]!;
    const stamped = applyEdits(HUB, edits);
    expect(stamped).not.toContain('2:f1075e760a17');
    expect(stamped).toMatch(/hash: 2:[0-9a-f]{12}\n/);
    expect(stamped).toContain(`verified_commit: ${repo.git('rev-parse', 'HEAD')}\n`);
    // Only the claim's stamp lines change; every other byte stays.
    expect(stamped.startsWith('---\nsummary: x\nanchors:\n  - claim: adds two numbers\n    at: src/a.rs > add\n')).toBe(true);

    await s.change('hubs/h.md', stamped);
    expect(await s.pull('hubs/h.md')).toEqual([]);
    expect(await s.pull('src/a.rs')).toEqual([]);
    // Undoing the edit breaks the new stamp: the claim is stale again.
    await s.change('src/a.rs', G1);
    expect(await s.pull('src/a.rs')).toHaveLength(1);

    expect(await s.close()).toBe(0);
  }, 30_000);

  it('refuses to re-stamp from a diagnostic whose code changed since: no edit, and a disabled action that says why where the client shows one', async () => {
    const OTHER = BROKEN.replace('a - b', 'a * b');
    const codeActions = async (s: LspSession, diagnostics: Diagnostic[]): Promise<CodeAction[]> =>
      (await s.client.sendRequest(CodeActionRequest.type, { textDocument: { uri: s.uri('hubs/h.md') }, range: diagnostics[0]!.range, context: { diagnostics } })) as CodeAction[];
    const stampIn = (s: LspSession, action: CodeAction): string => /hash: (2:[0-9a-f]{12})\n/.exec(applyEdits(HUB, action.edit!.changes![s.uri('hubs/h.md')]!))![1]!;
    for (const disabledSupport of [true, false]) {
      const repo = workspace();
      const s = session(repo);
      await s.initialize({ pull: true, textDocument: { codeAction: { disabledSupport } } });
      await s.open('src/a.rs', 'rust', BROKEN);
      await s.open('hubs/h.md', 'markdown', HUB);
      const shown = await s.pull('hubs/h.md');
      expect(shown.map((d) => d.code)).toEqual(['changed']);
      const shownHash = (shown[0]!.data as { newHash: string }).newHash;
      // The claim's stamp keeps its recipe (2); the digest is the code's.
      expect(shownHash.split(':')[1]).toBe((await hashAnchor(BROKEN, 'src/a.rs > add')).stamp.split(':')[1]);

      // A comment and a re-indent leave the code as the claim sees it: the stamp shown still holds.
      await s.change('src/a.rs', BROKEN.replace('// sum them', '// differ them').replace('    a - b', '        a - b'));
      const cosmetic = await codeActions(s, shown);
      expect(cosmetic.map((a) => [a.title, a.disabled])).toEqual([[RESTAMP, undefined]]);
      expect(stampIn(s, cosmetic[0]!)).toBe(shownHash);

      // The code changes and the client asks with the diagnostic it was shown before: no stamp.
      await s.change('src/a.rs', OTHER);
      const stale = await codeActions(s, shown);
      expect(stale.filter((a) => a.edit !== undefined || a.command !== undefined)).toEqual([]);
      expect(stale.map((a) => [a.title, a.disabled?.reason])).toEqual(
        disabledSupport ? [['Re-stamp this claim (code changed since this diagnostic: re-read first)', expect.stringContaining('the code under this claim changed since this diagnostic')]] : [],
      );
      // The code goes back to what was shown: the diagnostic holds again.
      await s.change('src/a.rs', BROKEN);
      expect(stampIn(s, (await codeActions(s, shown))[0]!)).toBe(shownHash);

      // The diagnostics of the new code stamp the new code.
      await s.change('src/a.rs', OTHER);
      const fresh = await s.pull('hubs/h.md');
      const freshHash = (fresh[0]!.data as { newHash: string }).newHash;
      expect(freshHash.split(':')[1]).toBe((await hashAnchor(OTHER, 'src/a.rs > add')).stamp.split(':')[1]);
      expect(stampIn(s, (await codeActions(s, fresh))[0]!)).toBe(freshHash);

      // A claim inserted before it: the diagnostic's claim index now names another claim.
      await s.change('hubs/h.md', HUB.replace('anchors:\n', 'anchors:\n  - claim: first\n    at: src/a.rs > add\n'));
      const moved = await codeActions(s, fresh);
      expect(moved.filter((a) => a.edit !== undefined)).toEqual([]);
      expect(moved.map((a) => a.disabled?.reason)).toEqual(disabledSupport ? [expect.stringContaining('the claims of this hub changed')] : []);
      expect(await s.close()).toBe(0);
    }
  }, 60_000);

  it('pushes diagnostics to a client without pull, hovers the claim, goes from an at: line to the code, and flags an unresolvable claim', async () => {
    const repo = workspace();
    const s = session(repo);
    await s.initialize(false);
    await s.open('src/a.rs', 'rust', G1);
    const sourceUri = s.uri('src/a.rs');
    const clean = await s.client.sendRequest(HoverRequest.type, { textDocument: { uri: sourceUri }, position: { line: 2, character: 4 } });
    expect((clean!.contents as MarkupContent).value).toContain('(clean): adds two numbers');
    // From the `at:` line (line 5 of the hub, 0-based 4) to the code.
    await s.open('hubs/h.md', 'markdown', HUB);
    const definition = (await s.client.sendRequest(DefinitionRequest.type, {
      textDocument: { uri: s.uri('hubs/h.md') },
      position: { line: 4, character: 12 },
    })) as Location;
    expect(definition).toEqual({ uri: sourceUri, range: { start: { line: 0, character: 0 }, end: { line: 3, character: 1 } } });
    // The claim line itself names no site.
    expect(await s.client.sendRequest(DefinitionRequest.type, { textDocument: { uri: s.uri('hubs/h.md') }, position: { line: 3, character: 4 } })).toBeNull();
    await s.change('src/a.rs', BROKEN);
    const deadline = Date.now() + 10_000;
    while (!s.pushed.some((p) => p.uri === sourceUri && p.diagnostics.length === 1)) {
      if (Date.now() > deadline) throw new Error(`no pushed diagnostic; stderr: ${s.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const hover = await s.client.sendRequest(HoverRequest.type, { textDocument: { uri: sourceUri }, position: { line: 2, character: 4 } });
    expect((hover!.contents as MarkupContent).value).toContain('(changed): adds two numbers');

    // A hub whose claim names a symbol that is not there: UNRESOLVABLE at the claim's line.
    await s.change('hubs/h.md', HUB.replace('> add', '> missing'));
    const hubUri = s.uri('hubs/h.md');
    while (!s.pushed.some((p) => p.uri === hubUri && p.diagnostics.some((d) => d.code === 'unresolvable'))) {
      if (Date.now() > deadline) throw new Error(`no unresolvable diagnostic; stderr: ${s.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const last = s.pushed.filter((p) => p.uri === hubUri).at(-1)!;
    expect(last.diagnostics[0]!.range.start.line).toBe(3);
    expect(last.diagnostics[0]!.message).toMatch(/^UNRESOLVABLE: .*missing/);
    expect(await s.close()).toBe(0);
  }, 30_000);

  it('hovers a changed claim with who changed its code: the commit, author, day and subject, or the working tree', async () => {
    const repo = workspace();
    const stampedAt = repo.git('rev-parse', 'HEAD').trim();
    repo.write({ 'hubs/h.md': HUB.replace('hash: 2:f1075e760a17\n', `hash: 2:f1075e760a17\n    verified_commit: ${stampedAt}\n`) });
    repo.commit('record where the claim was stamped');
    const s = session(repo);
    await s.initialize(false);
    const sourceUri = s.uri('src/a.rs');
    const hoverText = async (): Promise<string> =>
      ((await s.client.sendRequest(HoverRequest.type, { textDocument: { uri: sourceUri }, position: { line: 2, character: 4 } }))!.contents as MarkupContent).value;
    // Clean: nobody to name.
    await s.open('src/a.rs', 'rust', G1);
    expect(await hoverText()).not.toContain('changed in');
    // Saved but not committed: the working tree changed it.
    repo.write({ 'src/a.rs': BROKEN });
    await s.change('src/a.rs', BROKEN);
    const deadline = Date.now() + 10_000;
    while (!(await hoverText()).includes('(changed)')) {
      if (Date.now() > deadline) throw new Error(`no changed hover; stderr: ${s.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await hoverText()).toContain('changed in the working tree, not committed yet');
    // Committed: the commit that changed it, and who.
    repo.git('add', '-A');
    repo.git('commit', '-q', '--author=Grace Hopper <grace@example.invalid>', '--date=2026-03-04T05:06:07+02:00', '-m', 'Subtract <b>instead</b>');
    const commit = repo.git('rev-parse', 'HEAD').trim();
    const text = await hoverText();
    expect(text).toContain(`changed in \`${commit.slice(0, 12)}\` by Grace Hopper on 2026-03-04`);
    // The subject is the committer's text: shown, never rendered as markup.
    expect(text).toContain('Subtract \\<b\\>instead\\</b\\>');
    expect(text).toContain('1 commit since the claim was stamped');
    expect(await s.close()).toBe(0);
  }, 60_000);

  it('shows lint findings of the hub as edited at the claim line, and ends with 1 on exit without shutdown', async () => {
    const repo = workspace();
    const s = session(repo);
    await s.initialize(true);
    await s.open('hubs/h.md', 'markdown', HUB);
    expect(await s.pull('hubs/h.md')).toEqual([]);
    // check counts a claim bound to no code as clean; lint is where it blocks.
    await s.change('hubs/h.md', HUB.replace('    hash: 2:f1075e760a17\n', '    hash: 2:f1075e760a17\n  - claim: names nothing\n    at: []\n'));
    const items = await s.pull('hubs/h.md');
    expect(items.map((d) => [d.source, d.range.start.line, d.severity])).toEqual([
      ['surf', 6, 1],
      ['surf lint', 6, 1],
      ['surf lint', 0, 2],
    ]);
    expect(items[0]!.message).toMatch(/^UNVERIFIED: /);
    expect(items[1]!.message).toContain('names no code');
    // A hub-wide finding (warn) sits on the first line.
    expect(items[2]!.message).toMatch(/^thin prose: 0 words of body for 2 claims/);
    await s.client.sendNotification(ExitNotification.type);
    expect(await s.exited).toBe(1);
  }, 30_000);

  it('shows a public symbol no hub claims on the hub that claims most of its file, at its first claim there', async () => {
    const claim = (what: string, at: string): string => `  - claim: ${what}\n    at: ${at}\n`;
    const hubOf = (...claims: string[]): string => `---\nsummary: x\nanchors:\n${claims.join('')}---\nSome prose about these.\n`;
    // Lint lists the findings of src/m.rs under hubs/a.md, the first hub by path that anchors it.
    const A = hubOf(claim('x does', 'src/x.rs > x'), claim('a does', 'src/m.rs > a'));
    const B = hubOf(claim('b does', 'src/m.rs > b'), claim('c does', 'src/m.rs > c'));
    const repo = createTempRepo({ 'surf.toml': '', 'src/x.rs': 'pub fn x() {}\n', 'src/m.rs': 'pub fn a() {}\npub fn b() {}\npub fn c() {}\npub fn d() {}\n', 'hubs/a.md': A, 'hubs/b.md': B });
    cleanups.push(() => repo.dispose());
    const s = session(repo);
    await s.initialize(true);
    await s.open('hubs/a.md', 'markdown', A);
    await s.open('hubs/b.md', 'markdown', B);
    const unclaimed = async (rel: string): Promise<Array<[number, string]>> =>
      (await s.pull(rel)).filter((d) => d.source === 'surf lint' && d.message.includes('has no claim')).map((d) => [d.range.start.line, d.message.split(':')[0]!]);
    // hubs/b.md claims two symbols of src/m.rs, hubs/a.md one.
    expect(await unclaimed('hubs/a.md')).toEqual([]);
    expect(await unclaimed('hubs/b.md')).toEqual([[3, 'src/m.rs > d']]);
    // A tie goes to the first hub by path, at its claim into the file (not at its first line).
    await s.change('hubs/b.md', hubOf(claim('b does', 'src/m.rs > b')));
    expect(await unclaimed('hubs/a.md')).toEqual([[5, 'src/m.rs > c'], [5, 'src/m.rs > d']]);
    expect(await unclaimed('hubs/b.md')).toEqual([]);
    expect(await s.close()).toBe(0);
  }, 30_000);

  it('follows ranged, multi-change, multi-byte and whole-text edits incrementally with the verdicts and stamps of a fresh parse', async () => {
    const MODULE =
      'export function greet(name: string): string {\n  // héllo 😀 wörld\n  return `hi ${name} — ünï 😀`;\n}\n\n' +
      'export function add(a: number, b: number): number {\n  return a + b;\n}\n\n' +
      'export class Box {\n  open(): string {\n    return "📦";\n  }\n}\n';
    const SITES = ['src/m.ts > greet', 'src/m.ts > add', 'src/m.ts > Box'];
    const stamps = await Promise.all(SITES.map(async (at) => (await hashAnchor(MODULE, at)).stamp));
    const hub =
      '---\nsummary: x\nanchors:\n' + SITES.map((at, i) => `  - claim: claim ${i}\n    at: ${at}\n    hash: ${stamps[i]}\n`).join('') + '---\n';
    const repo = createTempRepo({ 'surf.toml': '', 'src/m.ts': MODULE, 'hubs/h.md': hub });
    cleanups.push(() => repo.dispose());
    const s = session(repo);
    await s.initialize(true);
    await s.open('src/m.ts', 'typescript', MODULE);
    await s.open('hubs/h.md', 'markdown', hub);
    // What the editor holds, kept by the same document rules a client uses.
    const doc = TextDocument.create(s.uri('src/m.ts'), 'typescript', 1, MODULE);
    const at = (needle: string, from = 0): { line: number; character: number } => {
      const index = doc.getText().indexOf(needle, from);
      if (index < 0) throw new Error(`no ${needle}`);
      return doc.positionAt(index);
    };
    const range = (needle: string): { start: { line: number; character: number }; end: { line: number; character: number } } => {
      const start = doc.getText().indexOf(needle);
      return { start: doc.positionAt(start), end: doc.positionAt(start + needle.length) };
    };

    /** The diagnostics a fresh parse of the buffer gives: per claim, its stamp now and its span. */
    const expectFresh = async (): Promise<void> => {
      const text = doc.getText();
      const fresh = await Promise.all(SITES.map((site) => hashAnchor(text, site)));
      const changed = fresh.map((hash, i) => (hash.stamp === stamps[i] ? undefined : hash));
      const onHub = await s.pull('hubs/h.md');
      expect(onHub.filter((d) => d.source === 'surf').map((d) => [d.range.start.line, (d.data as { newHash: string } | undefined)?.newHash ?? d.message])).toEqual(
        changed.flatMap((hash, i) => (hash === undefined ? [] : [[3 + 3 * i, hash.stamp]])),
      );
      const onSource = await s.pull('src/m.ts');
      expect(onSource.map((d) => d.range)).toEqual(
        changed.flatMap((hash) => (hash === undefined ? [] : [{ start: doc.positionAt(hash.span!.startIndex), end: doc.positionAt(hash.span!.endIndex) }])),
      );
    };
    const send = async (changes: TextDocumentContentChangeEvent[]): Promise<void> => {
      TextDocument.update(doc, changes, doc.version + 1);
      await s.changes('src/m.ts', changes);
      await expectFresh();
    };

    await expectFresh();
    // One ranged edit after astral characters on the same line (UTF-16 columns count them twice).
    await send([{ range: range('hi ${name}'), text: 'hello ${name.trim()} ✓' }]);
    // Two changes in one notification, the second positioned in the text the first left.
    const first: TextDocumentContentChangeEvent = { range: range('a + b'), text: 'a - b' };
    TextDocument.update(doc, [first], doc.version);
    const second: TextDocumentContentChangeEvent = { range: { start: at('export class Box'), end: at('export class Box') }, text: '// ñ 😀 inserted\n' };
    TextDocument.update(doc, [second], doc.version);
    await s.changes('src/m.ts', [first, second]);
    await expectFresh();
    // Undo the body change: the stamp matches again.
    await send([{ range: range('a - b'), text: 'a + b' }]);
    // A deletion over several lines with multi-byte text in it, and a CRLF line break typed.
    await send([{ range: { start: at('  // héllo'), end: at('  return `hello') }, text: '\r\n' }]);
    await send([{ range: range('"📦"'), text: '"📦📦"' }]);
    // The whole text replaced (functions swapped).
    const swapped = doc.getText().split('\n\n').reverse().join('\n\n');
    await send([{ text: swapped }]);
    // Back to the text the claims were stamped on, in one whole-text change: every claim clean.
    await send([{ text: MODULE }]);
    expect((await s.pull('hubs/h.md')).filter((d) => d.source === 'surf')).toEqual([]);
    expect(await s.close()).toBe(0);
  }, 60_000);

  it('judges every claim at start as `surf check` does, through its result cache: each fills it for the other', async () => {
    const tree: Record<string, string> = { 'surf.toml': '' };
    let claims = '';
    for (let i = 0; i < 4; i++) {
      tree[`src/f${i}.rs`] = i === 2 ? BROKEN : G1;
      claims += `  - claim: add ${i}\n    at: src/f${i}.rs > add\n    hash: 2:f1075e760a17\n`;
    }
    claims += '  - claim: gone\n    at: src/f0.rs > missing\n    hash: 2:f1075e760a17\n  - claim: new\n    at: src/f1.rs > add\n';
    tree['hubs/h.md'] = `---\nsummary: x\nanchors:\n${claims}---\n`;
    const repo = createTempRepo(tree);
    cleanups.push(() => repo.dispose());
    const cacheDir = mkdtempSync(join(tmpdir(), 'surf-lsp-cache-'));
    cleanups.push(() => rmSync(cacheDir, { recursive: true, force: true }));
    const cacheBytes = (): string[] => {
      const dir = join(cacheDir, 'surf-v2');
      return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')).sort().map((name) => readFileSync(join(dir, name), 'utf8')) : [];
    };
    const check = (): { divergences: Array<{ kind: string; new_hash?: string }> } => {
      const run = spawnSync(process.execPath, [BIN, 'check', '--format', 'json', '--cache-dir', cacheDir], { cwd: repo.dir, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
      return JSON.parse(run.stdout) as { divergences: Array<{ kind: string; new_hash?: string }> };
    };
    const firstDiagnostics = async (args: string[]): Promise<Array<[number, unknown, unknown]>> => {
      const s = session(repo, args);
      await s.initialize(true);
      // No document is open: every verdict comes from the first judgement over the disk.
      const items = (await s.pull('hubs/h.md')).filter((d) => d.source === 'surf');
      expect(await s.close()).toBe(0);
      return items.map((d) => [d.range.start.line + 1, d.code, (d.data as { newHash?: string } | undefined)?.newHash]);
    };

    // The server starts first: it leaves the cache a following check answers every file from.
    const fromServer = await firstDiagnostics(['--cache-dir', cacheDir]);
    const written = cacheBytes();
    expect(written).toHaveLength(1);
    // The claims of f2 (changed), `gone` and `new`, at their hub lines, with the stamps check computes.
    const expected = check().divergences.map((d, i) => [[10, 16, 19][i], d.kind, d.new_hash]);
    expect(fromServer).toEqual(expected);
    expect(expected.map(([, kind]) => kind)).toEqual(['changed', 'unresolvable', 'unverified']);
    // Every question the check asked of the files was answered from the server's cache: no file's
    // answers were rewritten. The check adds what only it asks, the changed claim's history (V/O).
    const fileLines = (bytes: readonly string[]) => bytes.map((text) => text.split('\n').filter((line) => !/^[VO]\t/.test(line)).join('\n'));
    expect(fileLines(cacheBytes())).toEqual(fileLines(written));
    expect(cacheBytes()[0]).toMatch(/\nO\t"src\/f2\.rs"\t/);
    // And the other way round: a server started after a check finds its answers there.
    const afterCheck = cacheBytes();
    expect(await firstDiagnostics(['--cache-dir', cacheDir])).toEqual(expected);
    expect(cacheBytes()).toEqual(afterCheck);
    // Without the cache the verdicts are the same, and nothing is written.
    rmSync(cacheDir, { recursive: true, force: true });
    expect(await firstDiagnostics(['--no-cache', '--cache-dir', cacheDir])).toEqual(expected);
    expect(cacheBytes()).toEqual([]);
  }, 60_000);
});
