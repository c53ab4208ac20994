import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Anchor,
  type Claim,
  HubParseError,
  type LintFinding,
  type LoadedHub,
  type LoadedWorkspace,
  type ParsedFile,
  type Span,
  claimSites,
  hashClaim,
  langForPath,
  parseAnchor,
  parseHub,
  parseSource,
  parseStamp,
  runLint,
  writeRecipe,
} from '@driftgate/surf';

/** What the server knows of one claim, computed from open buffers first, then the disk. */
export type ClaimVerdict =
  | {
      readonly kind: 'clean';
      /** Every site's current span, in `at:` order. */
      readonly sites: readonly SiteAt[];
    }
  | {
      readonly kind: 'changed' | 'unverified';
      /** The stamp `surf verify` would write now (under the stored stamp's recipe). */
      readonly newHash: string;
      /** Every site's current span, in `at:` order. */
      readonly sites: readonly SiteAt[];
    }
  | { readonly kind: 'unresolvable'; readonly detail: string };

/** One site of a claim located in its file. */
export interface SiteAt {
  /** Workspace-relative POSIX path of the source file. */
  readonly file: string;
  readonly span: Span;
  /** The span as LSP positions: 0-based lines, 0-based UTF-16 columns, end exclusive. */
  readonly range: { readonly start: Position; readonly end: Position };
}

/** An LSP position: 0-based line, 0-based UTF-16 column. */
export interface Position {
  readonly line: number;
  readonly character: number;
}

/** A claim of a hub, with where it sits in the hub and its verdict. */
export interface ClaimEntry {
  /** Workspace-relative POSIX path of the hub. */
  readonly hub: string;
  readonly claim: Claim;
  /** Workspace-relative files the claim's sites point into (those whose anchor parses). */
  readonly files: readonly string[];
  readonly verdict: ClaimVerdict;
}

/** Where the server reads a workspace file: the editor's unsaved buffer when one is open. */
export type BufferReader = (rel: string) => string | undefined;

/**
 * The claims of the workspace and their verdicts, recomputed only for what an edit touches:
 * a hub edit re-reads that hub's claims, a source edit re-hashes the claims with a site in it.
 * Each source text is parsed once per version and shared by every claim that reads it.
 */
export class ClaimState {
  private readonly hubTexts = new Map<string, string>();
  private readonly entries = new Map<string, ClaimEntry[]>();
  private readonly parses = new Map<string, { text: string; parsed: ParsedFile }>();
  private readonly dirtyHubs = new Set<string>();
  private readonly dirtyFiles = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private lintFindings: Promise<readonly LintFinding[]> | undefined;

  constructor(
    private readonly workspace: LoadedWorkspace,
    private readonly buffer: BufferReader,
  ) {
    for (const hub of workspace.hubs) {
      if (hub.kind !== 'Concept') continue;
      this.hubTexts.set(hub.rel, hub.text);
      this.dirtyHubs.add(hub.rel);
    }
  }

  get root(): string {
    return this.workspace.root;
  }

  /** Whether `rel` is a hub the workspace discovered. */
  isHub(rel: string): boolean {
    return this.hubTexts.has(rel);
  }

  /** A hub's current text (buffer first). */
  hubText(rel: string): string | undefined {
    return this.buffer(rel) ?? this.hubTexts.get(rel);
  }

  /** Marks a file as edited; its claims are judged again on the next read. */
  touched(rel: string): void {
    if (this.hubTexts.has(rel)) {
      this.dirtyHubs.add(rel);
      this.lintFindings = undefined;
    } else this.dirtyFiles.add(rel);
  }

  /** A source file was saved (or changed on disk): lint, which reads the disk, runs again. */
  saved(rel: string): void {
    this.touched(rel);
    this.lintFindings = undefined;
  }

  /**
   * `surf lint`'s findings, over the hubs as the editor holds them and the sources as saved
   * (lint reads sources from disk, so a source's unsaved edits reach lint when it is saved;
   * the claim verdicts above see them at once). Run again only after a hub edit or a save.
   */
  lint(): Promise<readonly LintFinding[]> {
    this.lintFindings ??= runLint({ ...this.workspace, hubs: this.workspace.hubs.map((hub) => this.bufferedHub(hub)) }).then(
      (result) => result.findings,
      // A lint that cannot run (a surf.toml saved half-written) leaves the claim verdicts standing.
      () => [],
    );
    return this.lintFindings;
  }

  private bufferedHub(hub: LoadedHub): LoadedHub {
    const text = this.buffer(hub.rel) ?? this.hubTexts.get(hub.rel);
    if (text === undefined || text === hub.text) return hub;
    try {
      return { ...hub, text, hub: parseHub(text, { path: hub.rel }), error: undefined };
    } catch (error) {
      if (!(error instanceof HubParseError)) throw error;
      return { ...hub, text, hub: undefined, error };
    }
  }

  /**
   * Every claim, verdicts brought up to date. Calls are queued: a request that arrives while an
   * edit is being judged waits for it instead of reading half-updated verdicts.
   */
  claims(): Promise<ClaimEntry[]> {
    const next = this.queue.then(() => this.refresh());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async refresh(): Promise<ClaimEntry[]> {
    for (const rel of [...this.dirtyHubs]) {
      this.dirtyHubs.delete(rel);
      const text = this.buffer(rel) ?? (await readText(join(this.root, rel))) ?? '';
      this.hubTexts.set(rel, text);
      let claims: readonly Claim[] = [];
      try {
        claims = parseHub(text, { path: rel }).anchors;
      } catch {
        // A hub half-typed does not parse: its claims are unknown until it does again.
      }
      const entries: ClaimEntry[] = [];
      for (const claim of claims) entries.push(await this.judge(rel, claim));
      this.entries.set(rel, entries);
    }
    if (this.dirtyFiles.size > 0) {
      const files = new Set(this.dirtyFiles);
      this.dirtyFiles.clear();
      for (const [rel, entries] of this.entries) {
        for (const [i, entry] of entries.entries()) {
          if (entry.files.some((file) => files.has(file))) entries[i] = await this.judge(rel, entry.claim);
        }
      }
    }
    return [...this.entries.values()].flat();
  }

  /** Frees the parsed trees. */
  dispose(): void {
    for (const { parsed } of this.parses.values()) parsed.delete();
    this.parses.clear();
  }

  private async judge(hub: string, claim: Claim): Promise<ClaimEntry> {
    const sites = claimSites(claim);
    const files: string[] = [];
    const anchors: Anchor[] = [];
    for (const site of sites) {
      try {
        const anchor = parseAnchor(site);
        anchors.push(anchor);
        files.push(anchor.file);
      } catch (error) {
        return { hub, claim, files, verdict: { kind: 'unresolvable', detail: messageOf(error) } };
      }
    }
    const stamp = claim.hash === undefined ? undefined : parseStamp(claim.hash);
    const recipe = claim.hash === undefined ? writeRecipe(this.workspace.config) : stamp?.recipe;
    if (recipe === undefined) {
      return { hub, claim, files, verdict: { kind: 'unresolvable', detail: `unrecognized hash version in \`${claim.hash}\`; re-stamp with \`surf verify\`` } };
    }
    try {
      const sources: Array<{ anchor: Anchor; source: ParsedFile }> = [];
      for (const anchor of anchors) sources.push({ anchor, source: await this.parsed(anchor.file) });
      const hash = await hashClaim(sources, { recipe, ignoreLiterals: claim.ignoreLiterals });
      const at = hash.sites.map((site, i) => {
        const { text } = sources[i]!.source;
        const range = { start: positionAt(text, site.span.startIndex), end: positionAt(text, site.span.endIndex) };
        return { file: anchors[i]!.file, span: site.span, range };
      });
      if (stamp !== undefined && stamp.hex === hash.digest) return { hub, claim, files, verdict: { kind: 'clean', sites: at } };
      return { hub, claim, files, verdict: { kind: stamp === undefined ? 'unverified' : 'changed', newHash: hash.stamp, sites: at } };
    } catch (error) {
      return { hub, claim, files, verdict: { kind: 'unresolvable', detail: messageOf(error) } };
    }
  }

  private async parsed(rel: string): Promise<ParsedFile> {
    const text = this.buffer(rel) ?? (await readText(join(this.root, rel)));
    if (text === undefined) throw new Error(`cannot read \`${rel}\`: no such file`);
    const known = this.parses.get(rel);
    if (known !== undefined && known.text === text) return known.parsed;
    const lang = langForPath(rel);
    if (lang === undefined) throw new Error(`unsupported file type: \`${rel}\``);
    const parsed = await parseSource(text, lang, rel);
    known?.parsed.delete();
    this.parses.set(rel, { text, parsed });
    return parsed;
  }
}

/** tree-sitter columns count bytes; LSP counts UTF-16 units, as the parsed text's indices do. */
function positionAt(text: string, index: number): Position {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  let line = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < lineStart; i = text.indexOf('\n', i + 1)) line++;
  return { line, character: index - lineStart };
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
