import { createConnection } from 'vscode-languageserver/node.js';
import type { ClaimStateOptions } from './claim-state.js';
import { startSurfServer } from './server.js';

/**
 * Starts the surf language server speaking LSP over a pair of streams (an editor's pipes:
 * `surf lsp --stdio` passes the process's stdin and stdout).
 */
export function startSurfServerOver(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, options: ClaimStateOptions = {}): void {
  startSurfServer(createConnection(input, output), options);
}
