// Black-box tests of `surf lsp --stdio` through the built bin (`npm run build` first): a real
// LSP client (vscode-languageserver-protocol's connection) drives the real server process over
// stdio in a temporary git repository.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CodeAction,
  CodeActionRequest,
  type Diagnostic,
  DocumentDiagnosticRequest,
  type FullDocumentDiagnosticReport,
  type InitializeParams,
  InitializeRequest,
  InitializedNotification,
  ExitNotification,
  HoverRequest,
  DefinitionRequest,
  type Location,
  type MarkupContent,
  ShutdownRequest,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  DiagnosticRefreshRequest,
  type ProtocolConnection,
  type TextEdit,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node.js';
import { StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node.js';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from './support/temp-repo.js';

const BIN = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));

// Vector G1 (Rust `add`): v2 f1075e760a17.
const G1 = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a + b\n}\n';
const BROKEN = 'pub fn add(a: i64, b: i64) -> i64 {\n    // sum them\n    a - b\n}\n';
const HUB = '---\nsummary: x\nanchors:\n  - claim: adds two numbers\n    at: src/a.rs > add\n    hash: 2:f1075e760a17\n---\n';

/** A running server and the client connected to it. */
class Session {
  readonly child: ChildProcessWithoutNullStreams;
  readonly client: ProtocolConnection;
  readonly exited: Promise<number | null>;
  readonly pushed: PublishDiagnosticsParams[] = [];
  refreshes = 0;
  stderr = '';
  private versions = new Map<string, number>();

  constructor(readonly root: string) {
    this.child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { cwd: root, env: { ...process.env, ...GIT_TEST_ENV } });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
    this.client = createProtocolConnection(new StreamMessageReader(this.child.stdout), new StreamMessageWriter(this.child.stdin));
    this.client.onNotification(PublishDiagnosticsNotification.type, (params) => void this.pushed.push(params));
    this.client.onRequest(DiagnosticRefreshRequest.type, () => void this.refreshes++);
    this.client.listen();
  }

  uri(rel: string): string {
    return pathToFileURL(join(this.root, rel)).toString();
  }

  async initialize(pull: boolean): Promise<void> {
    const params: InitializeParams = {
      processId: process.pid,
      rootUri: pathToFileURL(this.root).toString(),
      workspaceFolders: [{ uri: pathToFileURL(this.root).toString(), name: 'repo' }],
      capabilities: pull
        ? { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { diagnostics: { refreshSupport: true } } }
        : { textDocument: { publishDiagnostics: {} } },
    };
    const result = await this.client.sendRequest(InitializeRequest.type, params);
    expect(result.capabilities.diagnosticProvider !== undefined).toBe(pull);
    await this.client.sendNotification(InitializedNotification.type, {});
  }

  async open(rel: string, languageId: string, text: string): Promise<void> {
    this.versions.set(rel, 1);
    await this.client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: this.uri(rel), languageId, version: 1, text } });
  }

  /** Replaces the whole unsaved buffer (nothing is written to disk). */
  async change(rel: string, text: string): Promise<void> {
    const version = (this.versions.get(rel) ?? 1) + 1;
    this.versions.set(rel, version);
    await this.client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: this.uri(rel), version }, contentChanges: [{ text }] });
  }

  async pull(rel: string): Promise<Diagnostic[]> {
    const report = await this.client.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: this.uri(rel) } });
    return (report as FullDocumentDiagnosticReport).items;
  }

  async close(): Promise<number | null> {
    await this.client.sendRequest(ShutdownRequest.type);
    await this.client.sendNotification(ExitNotification.type);
    const code = await this.exited;
    this.client.dispose();
    return code;
  }
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function workspace(): TempRepo {
  const repo = createTempRepo({ 'surf.toml': '', 'src/a.rs': G1, 'hubs/h.md': HUB });
  cleanups.push(() => repo.dispose());
  return repo;
}

function session(repo: TempRepo): Session {
  const s = new Session(repo.dir);
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
    expect(s.refreshes).toBeGreaterThan(refreshesBefore);
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
});
