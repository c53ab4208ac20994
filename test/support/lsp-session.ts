// A real LSP client (vscode-languageserver-protocol's connection) driving the built `surf lsp
// --stdio` over stdio, for the black-box language-server tests (`npm run build` first).
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import {
  type ClientCapabilities,
  type Diagnostic,
  DiagnosticRefreshRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentDiagnosticRequest,
  ExitNotification,
  type FullDocumentDiagnosticReport,
  type InitializeParams,
  InitializeRequest,
  InitializedNotification,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node.js';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol';
import { SURF_BIN } from './surf-bin.js';
import { GIT_TEST_ENV } from './temp-repo.js';

/** How the client introduces itself: pull or push diagnostics, plus any further capabilities. */
export interface SessionInit {
  readonly pull: boolean;
  /** Merged into the text-document capabilities the client declares. */
  readonly textDocument?: ClientCapabilities['textDocument'];
}

/** A running `surf lsp --stdio` and the client connected to it; every notification it pushes is kept. */
export class LspSession {
  readonly child: ChildProcessWithoutNullStreams;
  readonly client: ProtocolConnection;
  readonly exited: Promise<number | null>;
  /** Every `textDocument/publishDiagnostics`, in arrival order. */
  readonly pushed: PublishDiagnosticsParams[] = [];
  /** How many `workspace/diagnostic/refresh` requests the server sent. */
  refreshes = 0;
  stderr = '';
  /** The buffers the client has open, as it holds them (whole-text changes only). */
  readonly buffers = new Map<string, string>();
  private readonly versions = new Map<string, number>();

  constructor(
    readonly root: string,
    args: readonly string[] = [],
  ) {
    this.child = spawn(process.execPath, [SURF_BIN, 'lsp', '--stdio', ...args], { cwd: root, env: { ...process.env, ...GIT_TEST_ENV } });
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

  async initialize(init: boolean | SessionInit): Promise<void> {
    const { pull, textDocument = {} } = typeof init === 'boolean' ? { pull: init } : init;
    const params: InitializeParams = {
      processId: process.pid,
      rootUri: pathToFileURL(this.root).toString(),
      workspaceFolders: [{ uri: pathToFileURL(this.root).toString(), name: 'repo' }],
      capabilities: pull
        ? { textDocument: { diagnostic: { dynamicRegistration: false }, ...textDocument }, workspace: { diagnostics: { refreshSupport: true } } }
        : { textDocument: { publishDiagnostics: {}, ...textDocument } },
    };
    const result = await this.client.sendRequest(InitializeRequest.type, params);
    expect(result.capabilities.diagnosticProvider !== undefined).toBe(pull);
    await this.client.sendNotification(InitializedNotification.type, {});
  }

  async open(rel: string, languageId: string, text: string): Promise<void> {
    this.versions.set(rel, 1);
    this.buffers.set(rel, text);
    await this.client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: this.uri(rel), languageId, version: 1, text } });
  }

  /** Replaces the whole unsaved buffer (nothing is written to disk). */
  async change(rel: string, text: string): Promise<void> {
    this.buffers.set(rel, text);
    await this.sendChanges(rel, [{ text }]);
  }

  /** Sends content changes as they are (ranged or whole-text), in one didChange. */
  async changes(rel: string, contentChanges: TextDocumentContentChangeEvent[]): Promise<void> {
    // A ranged change leaves the buffer to whoever applies it (the test keeps its own document).
    this.buffers.delete(rel);
    await this.sendChanges(rel, contentChanges);
  }

  private async sendChanges(rel: string, contentChanges: TextDocumentContentChangeEvent[]): Promise<void> {
    const version = (this.versions.get(rel) ?? 1) + 1;
    this.versions.set(rel, version);
    await this.client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: this.uri(rel), version }, contentChanges });
  }

  async pull(rel: string): Promise<Diagnostic[]> {
    const report = await this.client.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: this.uri(rel) } });
    return (report as FullDocumentDiagnosticReport).items;
  }

  /** The publishes for one document, in arrival order. */
  pushedFor(rel: string): PublishDiagnosticsParams[] {
    const uri = this.uri(rel);
    return this.pushed.filter((p) => p.uri === uri);
  }

  /** Waits until `done` holds, failing with the server's stderr after `ms`. */
  async until(done: () => boolean, what: string, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; stderr: ${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Waits until the server has sent nothing (no publish, no refresh) for `quietMs`: the way to
   * see that an edit led to no further message.
   */
  async settle(quietMs = 400, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    let seen = this.pushed.length + this.refreshes;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) throw new Error(`the server never went quiet; stderr: ${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const now = this.pushed.length + this.refreshes;
      if (now !== seen) {
        seen = now;
        quietSince = Date.now();
      }
    }
  }

  async close(): Promise<number | null> {
    await this.client.sendRequest(ShutdownRequest.type);
    await this.client.sendNotification(ExitNotification.type);
    const code = await this.exited;
    this.client.dispose();
    return code;
  }
}
