import { relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Blame, GitContext, type LintFinding, applyStamp, comparePosixPaths, formatUtcSeconds, generateClaimId, loadWorkspace } from '@driftgate/surf';
import {
  type CodeAction,
  CodeActionKind,
  type Connection,
  type Diagnostic,
  DiagnosticSeverity,
  DocumentDiagnosticReportKind,
  type InitializeResult,
  TextDocumentSyncKind,
  type TextEdit,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ClaimState, type ClaimEntry, type ClaimStateOptions, blameKey } from './claim-state.js';
import { sitesOf } from './lazy-claims.js';
import { fitRange, wholeLine } from './ranges.js';
import { splicedDocuments } from './spliced-documents.js';

/**
 * What a hub diagnostic carries so its code action can re-stamp the claim it is about: which
 * claim (its hub, its index there, its sites and the stamp it had, so an edit that moved claims
 * is noticed) and the stamp of the code as the diagnostic judged it — the code the person was
 * shown.
 */
interface RestampData {
  readonly hub: string;
  readonly index: number;
  readonly at: readonly string[];
  /** The claim's stored `hash`; absent for a claim never stamped. */
  readonly stamped?: string;
  readonly newHash: string;
}

/** The code-action title; it says what the edit does, as `surf verify` would. */
export const RESTAMP_TITLE = 'Re-stamp this claim (surf verify)';

/** The title of the re-stamp action refused because the diagnostic it came from is out of date. */
export const RESTAMP_STALE_TITLE = 'Re-stamp this claim (code changed since this diagnostic: re-read first)';

/**
 * Serves surf's diagnostics, code actions and hovers over an LSP connection (the caller makes
 * the connection, e.g. over stdio, and owns the process). Diagnostics are pulled
 * (`textDocument/diagnostic`, with inter-file dependencies, and a refresh when an edit changed
 * those of a pulled document) when the client can, and pushed to open documents otherwise (when
 * they changed).
 */
export function startSurfServer(connection: Connection, options: ClaimStateOptions = {}): void {
  let state: ClaimState | undefined;
  let ready: Promise<ClaimState | undefined> = Promise.resolve(undefined);
  let pull = false;
  let canRefresh = false;
  let canDisable = false;
  let idCounter = 0;
  const newId = (): string => generateClaimId(BigInt(Date.now()) * 1_000_000n, ++idCounter & 0xffff);

  const relOf = (uri: string): string | undefined => {
    if (state === undefined || !uri.startsWith('file:')) return undefined;
    const rel = relative(state.root, fileURLToPath(uri));
    return rel.startsWith('..') ? undefined : rel.split(sep).join('/');
  };
  const uriOf = (root: string, rel: string): string => pathToFileURL(`${root}/${rel}`).toString();
  const documents = splicedDocuments((uri, splices) => {
    const rel = relOf(uri);
    if (rel !== undefined) state?.spliced(rel, splices);
  });
  const buffer = (root: string) => (rel: string): string | undefined => documents.get(uriOf(root, rel))?.getText();

  connection.onInitialize(async (params): Promise<InitializeResult> => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    const start = folder ? fileURLToPath(folder) : process.cwd();
    pull = params.capabilities.textDocument?.diagnostic !== undefined;
    canRefresh = params.capabilities.workspace?.diagnostics?.refreshSupport === true;
    canDisable = params.capabilities.textDocument?.codeAction?.disabledSupport === true;
    ready = loadWorkspace(start).then(
      (workspace) => (state = new ClaimState(workspace, buffer(workspace.root), options)),
      (error: unknown) => {
        connection.window.showErrorMessage(`surf: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      },
    );
    await ready;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        hoverProvider: true,
        definitionProvider: true,
        ...(pull ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: 'surf' },
    };
  });

  const diagnosticsFor = async (uri: string): Promise<Diagnostic[]> => {
    const current = await ready;
    const rel = relOf(uri);
    if (current === undefined || rel === undefined) return [];
    const claims = await current.claims();
    const findings = current.isHub(rel) ? await current.lint() : [];
    // Ranges are placed in the text as it is now, after the awaits: an edit that arrived
    // meanwhile is what the client holds, and its next diagnostics follow at once.
    const open = documents.get(uri);
    if (!current.isHub(rel)) {
      const out = sourceDiagnostics(rel, claims);
      return open === undefined ? out : out.map((d) => ({ ...d, range: fitRange(open, d.range) }));
    }
    const document = open ?? TextDocument.create(uri, 'markdown', 0, current.hubText(rel) ?? '');
    const own = hubDiagnostics(rel, claims, document);
    return [...own, ...lintDiagnostics(rel, findings, own, document, claims)];
  };

  /**
   * Per open document, the diagnostics the client holds, as JSON: those last published (push),
   * or last answered to a pull or announced by a refresh since (pull). A document missing here
   * holds none (push) or was never pulled (pull).
   */
  const held = new Map<string, string>();

  /**
   * One pass over the open documents after edits: push publishes a document's diagnostics when
   * they differ from what it holds; pull sends one refresh when a pulled document's differ (the
   * client pulls the edited document itself). Editors redraw on every message, and an open alone
   * is two events (open, content), so comparing keeps them to what changed.
   */
  const reconcileOnce = async (): Promise<void> => {
    if (pull && !canRefresh) return;
    let announce = false;
    for (const document of documents.all()) {
      const { uri } = document;
      if (pull && !held.has(uri)) continue;
      const diagnostics = await diagnosticsFor(uri);
      // Closed while its diagnostics were being computed: it holds none now.
      if (documents.get(uri) === undefined) continue;
      const now = JSON.stringify(diagnostics);
      if (now === (held.get(uri) ?? '[]')) continue;
      held.set(uri, now);
      if (pull) announce = true;
      else await connection.sendDiagnostics({ uri, diagnostics });
    }
    if (announce) await connection.languages.diagnostics.refresh();
  };
  // One pass at a time; edits during a pass ask for one more after it, so a burst of edits
  // costs two passes, not one per edit.
  let passing = false;
  let passAgain = false;
  const reconcile = (): void => {
    passAgain = true;
    if (passing) return;
    passing = true;
    void (async () => {
      try {
        while (passAgain) {
          passAgain = false;
          await reconcileOnce();
        }
      } catch (error) {
        connection.console.error(`surf: diagnostics not sent: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      } finally {
        passing = false;
      }
    })();
  };

  const edited = async (uri: string, onDisk = false): Promise<void> => {
    const current = await ready;
    const rel = relOf(uri);
    if (current === undefined || rel === undefined) return;
    if (onDisk) current.saved(rel);
    else current.touched(rel);
    // An edit of one file changes diagnostics of others (a source's hubs, a hub's sources).
    reconcile();
  };
  documents.onDidOpen((event) => void edited(event.document.uri, true));
  documents.onDidChangeContent((event) => void edited(event.document.uri));
  documents.onDidSave((event) => void edited(event.document.uri, true));
  documents.onDidClose((event) => {
    const { uri } = event.document;
    const had = held.get(uri);
    held.delete(uri);
    void edited(uri, true);
    if (!pull && had !== undefined && had !== '[]') void connection.sendDiagnostics({ uri, diagnostics: [] });
  });
  connection.onDidChangeWatchedFiles(async (params) => {
    for (const change of params.changes) await edited(change.uri, true);
  });

  connection.languages.diagnostics.on(async (params) => {
    const { uri } = params.textDocument;
    const items = await diagnosticsFor(uri);
    if (documents.get(uri) !== undefined) held.set(uri, JSON.stringify(items));
    return { kind: DocumentDiagnosticReportKind.Full, items };
  });

  connection.onCodeAction(async (params) => {
    const current = await ready;
    if (current === undefined) return [];
    const actions: CodeAction[] = [];
    let verifiedCommit: string | undefined;
    if (params.context.diagnostics.some((d) => d.source === 'surf' && d.data !== undefined)) {
      // As `surf verify`: the stamp records the HEAD commit it was taken at, when there is one.
      const git = await GitContext.open(current.root);
      try {
        verifiedCommit = await git?.headCommit();
      } finally {
        await git?.close();
      }
    }
    // The verdicts over the buffers as they are now, to see whether the code a diagnostic
    // judged is still the code under its claim.
    const claims = await current.claims();
    for (const diagnostic of params.context.diagnostics) {
      const data = diagnostic.data as RestampData | undefined;
      if (diagnostic.source !== 'surf' || data?.newHash === undefined || relOf(params.textDocument.uri) !== data.hub) continue;
      const stale = staleness(claims, data);
      if (stale !== undefined) {
        // The diagnostic's stamp is of code the buffers no longer hold, and a stamp of the code
        // they hold now would accept code nobody was shown: no edit either way. A client that
        // shows disabled actions says why; to any other the action is not there.
        if (canDisable) actions.push({ title: RESTAMP_STALE_TITLE, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: false, disabled: { reason: stale } });
        continue;
      }
      const text = current.hubText(data.hub);
      if (text === undefined) continue;
      const stamped = applyStamp(text, { itemIndex: data.index, hash: data.newHash, verifiedAt: formatUtcSeconds(new Date()), ...(verifiedCommit !== undefined ? { verifiedCommit } : {}) }, newId, data.hub);
      if (!stamped.changed) continue;
      actions.push({
        title: RESTAMP_TITLE,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        // Re-stamping accepts the new code as what the claim describes: a person decides, so
        // the action is never preferred and never part of a fix-all.
        isPreferred: false,
        edit: { changes: { [params.textDocument.uri]: [minimalEdit(text, stamped.text)] } },
      });
    }
    return actions;
  });

  connection.onHover(async (params) => {
    const current = await ready;
    const rel = relOf(params.textDocument.uri);
    if (current === undefined || rel === undefined || current.isHub(rel)) return null;
    const line = params.position.line + 1;
    const prose: string[] = [];
    let blames: ReadonlyMap<string, Blame> | undefined;
    for (const entry of await current.claims()) {
      if (entry.verdict.kind === 'unresolvable') continue;
      if (entry.verdict.sites.some((site) => site.file === rel && site.span.startLine <= line && line <= site.span.endLine)) {
        let text = `**${entry.hub}:${entry.claim.line}** (${entry.verdict.kind}): ${entry.claim.claim.trim()}`;
        if (entry.verdict.kind === 'changed') {
          blames ??= await current.blameIn(rel);
          const blame = blames.get(blameKey(entry.hub, entry.claim.line, sitesOf(entry.claim)));
          if (blame !== undefined) text += `\n\n${blameMarkdown(blame)}`;
        }
        prose.push(text);
      }
    }
    return prose.length === 0 ? null : { contents: { kind: 'markdown', value: prose.join('\n\n') } };
  });

  // From a hub's `at:` line (single-site or one item of a list) to the code it names now.
  connection.onDefinition(async (params) => {
    const current = await ready;
    const rel = relOf(params.textDocument.uri);
    if (current === undefined || rel === undefined || !current.isHub(rel)) return null;
    const lineText = (current.hubText(rel) ?? '').split('\n')[params.position.line] ?? '';
    const line = params.position.line + 1;
    const claims = (await current.claims()).filter((entry) => entry.hub === rel && entry.claim.line <= line);
    const entry = claims.at(-1);
    if (entry === undefined || entry.verdict.kind === 'unresolvable') return null;
    const sites = typeof entry.claim.at === 'string' ? [entry.claim.at] : entry.claim.at;
    const index = sites.findIndex((site) => lineText.includes(site));
    const site = index === -1 ? undefined : entry.verdict.sites[index];
    return site === undefined ? null : { uri: uriOf(current.root, site.file), range: site.range };
  });

  connection.onShutdown(() => state?.dispose());
  connection.onExit(() => state?.dispose());
  documents.listen(connection);
  connection.listen();
}

/**
 * Who changed a claim's code, as hover Markdown. Author and subject are the committer's text:
 * escaped, so they show as written and never as markup.
 */
function blameMarkdown(blame: Blame): string {
  if (blame.uncommitted || blame.commit === undefined) return '_changed in the working tree, not committed yet_';
  const escape = (text: string): string => text.replace(/[\\`*_{}[\]<>()#+\-.!|~]/g, (c) => `\\${c}`);
  const day = blame.date === undefined ? '' : ` on ${blame.date.slice(0, 10)}`;
  const since = blame.commits === 1 ? '1 commit since the claim was stamped' : `${blame.commits} commits since the claim was stamped`;
  return `changed in \`${blame.shortCommit ?? blame.commit}\` by ${escape(blame.author ?? 'unknown')}${day}: ${escape(blame.subject ?? '')} (${since})`;
}

const LABEL = { changed: 'CHANGED', unverified: 'UNVERIFIED', unresolvable: 'UNRESOLVABLE' } as const;

function hubDiagnostics(rel: string, claims: readonly ClaimEntry[], document: TextDocument): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const entry of claims) {
    if (entry.hub !== rel || entry.verdict.kind === 'clean') continue;
    const line = entry.claim.line - 1;
    const { verdict } = entry;
    const what =
      verdict.kind === 'unresolvable'
        ? verdict.detail
        : verdict.kind === 'changed'
          ? `the code under \`${sitesText(entry)}\` changed since the claim was stamped; re-read the claim, then re-stamp it (surf verify)`
          : `the claim was never stamped; surf verify stamps \`${verdict.newHash}\``;
    out.push({
      range: wholeLine(document, line),
      severity: DiagnosticSeverity.Error,
      source: 'surf',
      code: verdict.kind,
      message: `${LABEL[verdict.kind]}: ${what}`,
      ...(verdict.kind === 'unresolvable' ? {} : { data: { hub: rel, index: entry.claim.index, at: sitesOf(entry.claim), ...(entry.claim.hash !== undefined ? { stamped: entry.claim.hash } : {}), newHash: verdict.newHash } satisfies RestampData }),
    });
  }
  return out;
}

/**
 * Lint findings of a hub, at their claim's line (hub-wide ones on the first line). A site lint
 * calls unresolvable is already a claim diagnostic on that line: it is not said twice. A finding
 * about a source file (a public symbol no hub claims) goes where {@link homeOf} puts it.
 */
function lintDiagnostics(rel: string, findings: readonly LintFinding[], own: readonly Diagnostic[], document: TextDocument, claims: readonly ClaimEntry[]): Diagnostic[] {
  const unresolvableLines = new Set(own.filter((d) => d.code === 'unresolvable').map((d) => d.range.start.line));
  const homes = new Map<string, FileHome | undefined>();
  const out: Diagnostic[] = [];
  for (const finding of findings) {
    let line: number;
    if (finding.file !== undefined) {
      if (!homes.has(finding.file)) homes.set(finding.file, homeOf(finding.file, claims));
      const home = homes.get(finding.file);
      if (home?.hub !== rel) continue;
      line = home.line;
    } else {
      if (finding.hub !== rel) continue;
      line = finding.hubLine === undefined ? 0 : finding.hubLine - 1;
      if (finding.severity === 'block' && finding.hubLine !== undefined && unresolvableLines.has(line)) continue;
    }
    out.push({
      range: wholeLine(document, line),
      severity: finding.severity === 'block' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      source: 'surf lint',
      code: 'lint',
      message: finding.at === '' ? finding.message : `${finding.at}: ${finding.message}`,
    });
  }
  return out;
}

/** Where a hub shows a finding about a source file: the hub and its 0-based line. */
interface FileHome {
  readonly hub: string;
  readonly line: number;
}

/**
 * The hub about `file`: the one whose claims have the most sites in it (ties: the first hub by
 * path), at its first claim with a site there, which is where a claim of the file's next symbol
 * would go. Lint lists such findings under the first hub by path that anchors the file, which
 * may claim one symbol of it beside a hub about all of it, and puts them on no particular line.
 * `undefined` when no claim, as judged now, points into the file: the finding is then about no
 * hub, and no hub shows it.
 */
function homeOf(file: string, claims: readonly ClaimEntry[]): FileHome | undefined {
  const sites = new Map<string, number>();
  const firstLine = new Map<string, number>();
  for (const entry of claims) {
    const count = entry.files.filter((f) => f === file).length;
    if (count === 0) continue;
    sites.set(entry.hub, (sites.get(entry.hub) ?? 0) + count);
    if (!firstLine.has(entry.hub)) firstLine.set(entry.hub, entry.claim.line - 1);
  }
  let best: string | undefined;
  for (const [hub, count] of sites) {
    const lead = best === undefined ? 0 : sites.get(best)!;
    if (best === undefined || count > lead || (count === lead && comparePosixPaths(hub, best) < 0)) best = hub;
  }
  return best === undefined ? undefined : { hub: best, line: firstLine.get(best)! };
}

function sourceDiagnostics(rel: string, claims: readonly ClaimEntry[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const entry of claims) {
    if (entry.verdict.kind !== 'changed') continue;
    for (const site of entry.verdict.sites) {
      if (site.file !== rel) continue;
      out.push({
        range: site.range,
        severity: DiagnosticSeverity.Warning,
        source: 'surf',
        code: 'changed',
        message: `This code no longer matches the claim of ${entry.hub}:${entry.claim.line}: "${entry.claim.claim.trim()}". Re-read the claim, then re-stamp it in the hub.`,
      });
    }
  }
  return out;
}

/**
 * Why a diagnostic's re-stamp may not be applied now, or `undefined` when it may: its claim must
 * be the same claim (same hub, index, sites and stored stamp) and the code under it must still hash to the
 * stamp the diagnostic carries. Equal stamps mean the same code as far as the claim can tell
 * (a comment or a re-indent since leaves the stamp as it was).
 */
function staleness(claims: readonly ClaimEntry[], data: RestampData): string | undefined {
  const entry = claims.find((e) => e.hub === data.hub && e.claim.index === data.index);
  if (entry === undefined || sitesOf(entry.claim).join('\n') !== data.at.join('\n') || entry.claim.hash !== data.stamped) {
    return 'the claims of this hub changed since this diagnostic: re-read the claim with the diagnostics now shown, then re-stamp';
  }
  const { verdict } = entry;
  if (verdict.kind === 'clean') return 'the claim matches its code again: there is nothing to re-stamp';
  if (verdict.kind === 'unresolvable' || verdict.newHash !== data.newHash) {
    return 'the code under this claim changed since this diagnostic: re-read the claim against the code now, then re-stamp from the new diagnostic';
  }
  return undefined;
}

function sitesText(entry: ClaimEntry): string {
  const at = entry.claim.at;
  return typeof at === 'string' ? at : at.join('  +  ');
}

/** One edit replacing only the lines that differ between `before` and `after`. */
function minimalEdit(before: string, after: string): TextEdit {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const replaced = b.slice(head, b.length - tail);
  if (tail === 0) {
    // The last line differs and has no newline after it: replace up to the end of the text.
    return { range: { start: { line: head, character: 0 }, end: { line: a.length - 1, character: a[a.length - 1]!.length } }, newText: replaced.join('\n') };
  }
  return {
    range: { start: { line: head, character: 0 }, end: { line: a.length - tail, character: 0 } },
    newText: replaced.map((line) => `${line}\n`).join(''),
  };
}
