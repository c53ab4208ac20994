import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type TextSplice, applySplice, reparseSourceSync, spliceBetween } from '@driftgate/syntax';
import {
  type Anchor,
  type Blame,
  type Claim,
  type ParsedStamp,
  type Recipe,
  type ResultCacheOptions,
  type SiteHashResult,
  SiteQuestions,
  answerSiteRequests,
  checkSiteRequest,
  combineSiteHashes,
  formatStamp,
  HubParseError,
  type LintFinding,
  type LoadedHub,
  type LoadedWorkspace,
  type ParsedFile,
  type Span,
  hashClaim,
  langForPath,
  parseAnchor,
  parseHub,
  parseSource,
  parseStamp,
  runCheck,
  runLint,
  writeRecipe,
} from '@driftgate/surf';
import { hubClaims, sitesOf } from './lazy-claims.js';

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

/** How the first judgement of every claim runs. */
export interface ClaimStateOptions {
  /** `surf check`'s result cache (`--no-cache`, `--cache-dir`); on by default. */
  readonly cache?: ResultCacheOptions;
  /** Worker threads for the first judgement (see surf's `workerCount`); default `auto`. */
  readonly workers?: number | 'auto';
}

/** A claim's sites, anchors and recipe, or why it cannot be judged at all. */
type ClaimPlan =
  | { readonly ok: true; readonly files: string[]; readonly anchors: Anchor[]; readonly stamp: ParsedStamp | undefined; readonly recipe: Recipe }
  | { readonly ok: false; readonly files: string[]; readonly detail: string };

/**
 * The claims of the workspace and their verdicts, recomputed only for what an edit touches:
 * a hub edit re-reads that hub's claims, a source edit re-hashes the claims with a site in it.
 * Each source text is parsed once per version and shared by every claim that reads it.
 */
export class ClaimState {
  private readonly hubTexts = new Map<string, string>();
  private readonly entries = new Map<string, ClaimEntry[]>();
  private readonly parses = new Map<string, ParsedFile>();
  /** Per source file, the editor's splices since its tree was last parsed, in order. */
  private readonly pendingSplices = new Map<string, TextSplice[]>();
  private readonly dirtyHubs = new Set<string>();
  private readonly dirtyFiles = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private lintFindings: Promise<readonly LintFinding[]> | undefined;
  private seeded = false;

  constructor(
    private readonly workspace: LoadedWorkspace,
    private readonly buffer: BufferReader,
    private readonly options: ClaimStateOptions = {},
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

  /**
   * The editor changed `rel` by `splices` (against the text it had before). Its tree follows
   * them on the next read instead of being parsed from scratch.
   */
  spliced(rel: string, splices: readonly TextSplice[]): void {
    if (!this.parses.has(rel)) return;
    const pending = this.pendingSplices.get(rel) ?? [];
    pending.push(...splices);
    this.pendingSplices.set(rel, pending);
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

  /**
   * Who changed the code under the changed claims into `rel`, keyed by {@link blameKey}.
   * Blame names commits, so it comes from `surf check` over the sources as saved and the hubs as
   * the editor holds them (scoped to `rel`, through the result cache); a claim whose verdict the
   * editor's unsaved source text alone decides has no entry. Empty when git cannot answer.
   */
  async blameIn(rel: string): Promise<ReadonlyMap<string, Blame>> {
    const out = new Map<string, Blame>();
    try {
      // A path is a glob of itself once its glob characters are escaped.
      const glob = rel.replace(/[\\*?[\]{}()!+@,]/g, (c) => `\\${c}`);
      const workspace = { ...this.workspace, hubs: this.workspace.hubs.map((hub) => this.bufferedHub(hub)) };
      const result = await runCheck(workspace, { files: [glob], workers: 0, ...(this.options.cache !== undefined ? { cache: this.options.cache } : {}) });
      for (const d of result.divergences) if (d.blame !== undefined && d.hubLine !== undefined) out.set(blameKey(d.hub, d.hubLine, d.sites), d.blame);
    } catch {
      // A check that cannot run (no repository, a surf.toml saved half-written) names nobody.
    }
    return out;
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
    if (!this.seeded) {
      this.seeded = true;
      await this.seed();
    }
    for (const rel of [...this.dirtyHubs]) {
      this.dirtyHubs.delete(rel);
      const text = this.buffer(rel) ?? (await readText(join(this.root, rel))) ?? '';
      this.hubTexts.set(rel, text);
      let claims: readonly Claim[] = [];
      try {
        claims = hubClaims(text, rel);
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
    for (const parsed of this.parses.values()) parsed.delete();
    this.parses.clear();
    this.pendingSplices.clear();
  }

  /**
   * The first judgement of every claim, the way `surf check` makes it: claims whose files are
   * all on disk (no open buffer) are answered through the result cache and the work pool, so the
   * first diagnostics cost what a (warm or cold) check costs; the rest are judged one by one.
   */
  private async seed(): Promise<void> {
    const questions = new SiteQuestions();
    // Per hub, in claim order: how to get each claim's entry once the pool has answered.
    const perHub = new Map<string, Array<() => ClaimEntry | Promise<ClaimEntry>>>();
    for (const rel of [...this.dirtyHubs]) {
      const text = this.buffer(rel) ?? this.hubTexts.get(rel);
      if (text === undefined) continue;
      this.dirtyHubs.delete(rel);
      this.hubTexts.set(rel, text);
      const entries: Array<() => ClaimEntry | Promise<ClaimEntry>> = [];
      perHub.set(rel, entries);
      let claims: readonly Claim[] = [];
      try {
        claims = hubClaims(text, rel);
      } catch {
        // As in refresh: a hub that does not parse has no claims until it does.
      }
      for (const claim of claims) {
        const plan = this.plan(claim);
        if (!plan.ok) {
          entries.push(() => ({ hub: rel, claim, files: plan.files, verdict: { kind: 'unresolvable', detail: plan.detail } }));
          continue;
        }
        if (plan.files.some((file) => this.buffer(file) !== undefined)) {
          // An open buffer is newer than the disk the cache and the pool read.
          entries.push(() => this.judge(rel, claim));
          continue;
        }
        const answers: SiteHashResult[] = [];
        plan.anchors.forEach((anchor, i) => {
          const request = checkSiteRequest(anchor, plan.recipe, claim.ignoreLiterals, plan.stamp, plan.anchors.length === 1);
          questions.ask(anchor.file, request, (answer) => (answers[i] = answer));
        });
        entries.push(() => this.seededEntry(rel, claim, plan, answers));
      }
    }
    questions.deliver((await answerSiteRequests(this.root, questions.jobs(), this.options)).answers);
    for (const [rel, pending] of perHub) {
      const entries: ClaimEntry[] = [];
      for (const entry of pending) entries.push(await entry());
      this.entries.set(rel, entries);
    }
  }

  /** A claim's verdict from `surf check`'s answers about its sites (all read from disk). */
  private seededEntry(hub: string, claim: Claim, plan: Extract<ClaimPlan, { ok: true }>, answers: readonly SiteHashResult[]): ClaimEntry {
    const { files, stamp, recipe } = plan;
    const digests: string[] = [];
    for (const answer of answers) {
      if (answer === undefined || !answer.ok) return { hub, claim, files, verdict: { kind: 'unresolvable', detail: answer?.message ?? 'internal error: site not hashed' } };
      digests.push(answer.digest);
    }
    const sites = answers.map((answer, i) => diskSite(this.root, files[i]!, (answer as Extract<SiteHashResult, { ok: true }>).span));
    const digest = combineSiteHashes(digests);
    if (stamp !== undefined && stamp.hex === digest) return { hub, claim, files, verdict: { kind: 'clean', sites } };
    return { hub, claim, files, verdict: { kind: stamp === undefined ? 'unverified' : 'changed', newHash: formatStamp(recipe, digest), sites } };
  }

  private plan(claim: Claim): ClaimPlan {
    const files: string[] = [];
    const anchors: Anchor[] = [];
    for (const site of sitesOf(claim)) {
      try {
        const anchor = parseAnchor(site);
        anchors.push(anchor);
        files.push(anchor.file);
      } catch (error) {
        return { ok: false, files, detail: messageOf(error) };
      }
    }
    const stamp = claim.hash === undefined ? undefined : parseStamp(claim.hash);
    const recipe = claim.hash === undefined ? writeRecipe(this.workspace.config) : stamp?.recipe;
    if (recipe === undefined) return { ok: false, files, detail: `unrecognized hash version in \`${claim.hash}\`; re-stamp with \`surf verify\`` };
    return { ok: true, files, anchors, stamp, recipe };
  }

  private async judge(hub: string, claim: Claim): Promise<ClaimEntry> {
    const plan = this.plan(claim);
    const { files } = plan;
    if (!plan.ok) return { hub, claim, files, verdict: { kind: 'unresolvable', detail: plan.detail } };
    const { anchors, stamp, recipe } = plan;
    try {
      const sources: Array<{ anchor: Anchor; source: ParsedFile }> = [];
      for (const anchor of anchors) sources.push({ anchor, source: await this.parsed(anchor.file) });
      const hash = await hashClaim(sources, { recipe, ignoreLiterals: claim.ignoreLiterals });
      const at = hash.sites.map((site, i) => {
        const { text } = sources[i]!.source;
        const range = rangeOf(text, site.span);
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
    const splices = this.pendingSplices.get(rel) ?? [];
    this.pendingSplices.delete(rel);
    if (known !== undefined && known.text === text) return known;
    let parsed: ParsedFile;
    if (known !== undefined) {
      this.parses.delete(rel);
      // The tree follows the edit: the editor's own splices when they lead to this text, else
      // the one splice between the texts (a change on disk, or splices that went astray).
      const between = splices.length > 0 && splices.reduce(applySplice, known.text) === text ? splices : [spliceBetween(known.text, text)!];
      parsed = reparseSourceSync(known, between);
    } else {
      const lang = langForPath(rel);
      if (lang === undefined) throw new Error(`unsupported file type: \`${rel}\``);
      parsed = await parseSource(text, lang, rel);
    }
    this.parses.set(rel, parsed);
    return parsed;
  }
}

/**
 * Which claim a blame belongs to: its hub, its 1-based line there and its sites, so a hub edited
 * between two reads never lends one claim's blame to another.
 */
export function blameKey(hub: string, line: number, sites: readonly string[]): string {
  return [hub, String(line), ...sites].join('\0');
}

/**
 * A site answered from disk: its LSP range is worked out from the file's text only when asked
 * (a definition jump, a diagnostic), since most sites are never shown.
 */
function diskSite(root: string, file: string, span: Span): SiteAt {
  let range: SiteAt['range'] | undefined;
  return {
    file,
    span,
    get range() {
      if (range === undefined) {
        let text = '';
        try {
          text = readFileSync(join(root, file), 'utf8');
        } catch {
          // Gone since it was read: the file's claims are judged again when the server hears of it.
        }
        range = rangeOf(text, span);
      }
      return range;
    },
  };
}

/**
 * A span as LSP positions. tree-sitter columns count bytes; LSP counts UTF-16 units, as the
 * parsed text's indices do, so a column is the index's distance from its line's start. The
 * span's lines are tree-sitter rows (one per `\n`), which is how the positions count lines too;
 * taking them from the span keeps this to the length of two lines, not of the text before them.
 */
function rangeOf(text: string, span: Span): SiteAt['range'] {
  const at = (index: number, line: number): Position => ({ line: line - 1, character: index - (text.lastIndexOf('\n', index - 1) + 1) });
  return { start: at(span.startIndex, span.startLine), end: at(span.endIndex, span.endLine) };
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
