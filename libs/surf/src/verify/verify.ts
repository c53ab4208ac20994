import { realpath } from 'node:fs/promises';
import { type ParsedFile, familyOf, langForPath } from '@driftgate/syntax';
import { type Anchor, displaySites, parseAnchor } from '../locate/anchor.js';
import { ResolveError, SurfError } from '../errors.js';
import { findRenamed } from '../hash/find-renamed.js';
import { combineSiteHashes, hashTokens } from '../hash/hash.js';
import { assertRecipeReaches, resolutionTokens } from '../hash/hash-anchor.js';
import { assertRecipeCovers } from '../hash/recipe-families.js';
import { generateClaimId } from '../hub-edit/claim-id.js';
import { quickHubFacts } from '../hub/hub-facts.js';
import { locateAnchorItems, setAt } from '../hub-edit/hub-editor.js';
import { type Claim, claimSites } from '../hub/hub-types.js';
import { parseHub } from '../hub/parse-hub.js';
import { type ClaimStamp, stampClaims } from '../hub-edit/stamp-claims.js';
import { clearAbandonedHubWrites } from '../hub-edit/abandoned-writes.js';
import { writeHubIfChanged } from '../hub-edit/write-hub.js';
import { resolveAnchor } from '../locate/resolve.js';
import { type ParsedStamp, type Recipe, formatStamp, parseStamp, recipeRank } from '../hash/stamp.js';
import { writeRecipe } from '../workspace/config.js';
import { GitContext } from '../history/git-context.js';
import type { LoadedHub, LoadedWorkspace } from '../workspace/load-workspace.js';
import { isReadableSource, isSiteFailure, siteTarget } from '../source/site-source.js';
import { SourceWalk } from '../source/source-walk.js';
import type { SiteHashRequest, SiteHashResult } from '../pool/hash-file-sites.js';
import { checkRecipe, checkSiteRequest } from '../check/check-site-request.js';
import { answerSiteRequests } from '../check/answer-site-requests.js';
import { SiteQuestions } from '../check/site-questions.js';
import type { ResultCacheOptions } from '../cache/result-cache.js';
import { type RepointCandidate, checkRepoints, needsRepointCheck } from '../check/check-repoint.js';

/** The clock behind provenance; injected so tests are deterministic. */
export interface VerifyClock {
  /** Now, for `verified_at` (written at second precision, UTC). */
  now(): Date;
  /** Nanoseconds since the Unix epoch, for new claim ids. */
  nowNs(): bigint;
}

export interface VerifyOptions {
  /** `<at>`: only claims one of whose sites is exactly this string. */
  readonly target?: string;
  /** `--follow`: re-point a single-site, single-segment anchor whose symbol or file was renamed. */
  readonly follow?: boolean;
  readonly clock?: VerifyClock;
  /**
   * Write a hub only when every claim considered in it can be stamped (or followed, or is
   * unchanged); otherwise leave the hub's file untouched and report its other claims skipped.
   * What `surf triage` needs: a hub's accepted claims are written together or not at all.
   */
  readonly wholeHubs?: boolean;
  /** Worker threads for parsing (see `workerCount`); default `auto`, as `surf check`. */
  readonly workers?: number | 'auto';
  /**
   * The content-keyed result cache, shared with `surf check` (`--no-cache`, `--cache-dir`): on by
   * default. It answers digests of files whose bytes and questions it knows; it never changes a stamp.
   */
  readonly cache?: ResultCacheOptions;
  /**
   * The stamp of each claim's code as a person was shown it (what `surf triage` displayed when
   * the claim was accepted: the check's `newHash`, under its own recipe). A claim whose code no
   * longer hashes to it is not stamped but skipped with {@link CODE_CHANGED_SINCE_SHOWN}: a stamp
   * says the code was read, so it must be the code that was read. Claims not in the map are
   * stamped as they are now, as `surf verify` always does.
   */
  readonly shownStamps?: ReadonlyMap<Claim, string>;
}

/** Why a claim of {@link VerifyOptions.shownStamps} was not stamped. */
export const CODE_CHANGED_SINCE_SHOWN = 'the code changed since you accepted it';

/** The reason given to the claims of a hub left unwritten under {@link VerifyOptions.wholeHubs}. */
export const NOT_WRITTEN_WITH_HUB = 'another claim of this hub could not be stamped, so none was';

/** What happened to one claim (JSON `outcome`). */
export type VerifyOutcome = 'stamped' | 'followed' | 'unchanged' | 'skipped';

export interface VerifyAnchorResult {
  /** Workspace-relative hub path. */
  readonly hub: string;
  /** Display `at:` (sites joined by `  +  `), as before any follow. */
  readonly at: string;
  readonly outcome: VerifyOutcome;
  /** The rewritten anchor of a `followed` claim. */
  readonly newAt?: string;
  /** Why a `skipped` claim was not stamped (each counts as an error). */
  readonly reason?: string;
  /** 1-based line of the claim's `- ` item in the hub. */
  readonly hubLine: number;
}

export interface VerifyResult {
  /** Claims whose stamp (or anchor) was written, followed ones included. */
  readonly stamped: number;
  /** Claims whose stored stamp already equals the new one. */
  readonly unchanged: number;
  /** Claims that could not be stamped. */
  readonly errors: number;
  /** One per claim considered, in hub and claim order. */
  readonly anchors: readonly VerifyAnchorResult[];
  /** Hubs rewritten, workspace-relative, in hub order. */
  readonly updatedFiles: readonly string[];
  /** Concept hubs that do not parse and were left alone, with the parse error. */
  readonly skippedHubs: ReadonlyArray<{ readonly hub: string; readonly message: string }>;
  /**
   * Hubs whose new text could not be written, in hub order, with the typed error's code:
   * `SURF_IO` (the file system refused: full disk, read-only), `SURF_HUB_CHANGED` (edited
   * meanwhile), `SURF_HUB_LOCKED`, `SURF_HUB_EDIT`. Their claims count as errors too.
   */
  readonly unwritten: ReadonlyArray<{ readonly hub: string; readonly code: string; readonly message: string }>;
}

type Plan =
  /** `restamp`: the stamp equals the stored one, and is written again with new provenance. */
  | { readonly kind: 'hash'; readonly stamp: string; readonly restamp?: boolean }
  | { readonly kind: 'follow'; readonly newAt: string; readonly stamp: string }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'skip'; readonly reason: string };

/**
 * One site's answer: its bare digest under the workspace's recipe (and under the stored stamp's
 * own recipe when that differs, to tell whether the stored stamp still holds), or why it could
 * not be hashed.
 */
type SiteDigest =
  | { readonly digest: string; readonly storedDigest?: string }
  | { readonly failure: string };

interface ClaimWork {
  readonly hub: LoadedHub;
  readonly claim: Claim;
  readonly sites: readonly string[];
  readonly digests: Array<SiteDigest | undefined>;
  /** Set by a follow visitor (or up front) when the claim needs following. */
  follow: Plan | undefined;
  /** With {@link VerifyOptions.shownStamps}: the stamp shown, and each site's digest under its recipe. */
  readonly shown?: { readonly stamp: ParsedStamp | undefined; readonly digests: Array<string | undefined> };
}

const SYSTEM_CLOCK: VerifyClock = {
  now: () => new Date(),
  nowNs: () => BigInt(Date.now()) * 1_000_000n + (process.hrtime.bigint() % 1_000_000n),
};

/**
 * `surf verify` (spec §7.7): re-hash claims under the workspace's recipe (3, or `recipe = 2` in
 * surf.toml) and write the stamps back surgically. A claim whose stored stamp is already that
 * value, or still holds under its own recipe 2 or 3 (not newer than the workspace's), is left
 * byte-for-byte alone — a stamp is upgraded only when the claim is re-stamped (its code changed,
 * or `target` names it);
 * one whose stamp changes also gets an `id` (if it has none), `verified_at` and, inside a git
 * repository, `verified_commit`. So does a claim whose stamp holds but whose `@N` now names
 * another match than at its `verified_commit` (re-pointed, see `checkRepoints`). Each anchored file is read and parsed once; each hub is written
 * atomically and only when its text changed. Throws `SURF_NO_MATCH` when `target` names no anchor.
 */
export async function runVerify(workspace: LoadedWorkspace, options: VerifyOptions = {}): Promise<VerifyResult> {
  let git: Promise<GitContext | undefined> | undefined;
  try {
    return await verifyWith(workspace, options, () => (git ??= GitContext.open(workspace.root)));
  } finally {
    await (await git)?.close();
  }
}

/** The body of {@link runVerify}, which owns the git context so it is closed however this ends. */
async function verifyWith(
  workspace: LoadedWorkspace,
  options: VerifyOptions,
  gitContext: () => Promise<GitContext | undefined>,
): Promise<VerifyResult> {
  const { root } = workspace;
  const clock = options.clock ?? SYSTEM_CLOCK;
  const follow = options.follow === true;
  const recipe = writeRecipe(workspace.config);
  const walk = new SourceWalk(root);
  const rootReal = await realpath(root);
  await clearAbandonedHubWrites(workspace.hubs.map((loaded) => loaded.path));
  const works: ClaimWork[] = [];
  /** `--follow` claims whose symbol left a file that is still there (see {@link planMovedFollows}). */
  const moved: Array<{ work: ClaimWork; anchor: Anchor }> = [];
  // Answers come back in the order asked: a site's second question after its first.
  const questions = new SiteQuestions();
  const skippedHubs: Array<{ hub: string; message: string }> = [];
  for (const loaded of workspace.hubs) {
    if (loaded.kind !== 'Concept') continue;
    // `verify <at>`: a hub whose quick facts show it parses and has no such site needs no parse.
    if (options.target !== undefined && quickHubFacts(loaded.text)?.sites.every((sites) => !sites.includes(options.target!))) continue;
    if (loaded.hub === undefined) {
      skippedHubs.push({ hub: loaded.rel, message: `invalid hub: ${loaded.error!.message}` });
      continue;
    }
    for (const claim of loaded.hub.anchors) {
      const sites = claimSites(claim);
      if (options.target !== undefined && !sites.includes(options.target)) continue;
      const shownText = options.shownStamps?.get(claim);
      const shown = shownText === undefined ? undefined : { stamp: parseStamp(shownText), digests: sites.map((): string | undefined => undefined) };
      const work: ClaimWork = { hub: loaded, claim, sites, digests: sites.map(() => undefined), follow: undefined, ...(shown !== undefined ? { shown } : {}) };
      works.push(work);
      const followable = follow && sites.length === 1 && claim.hash !== undefined;
      // `surf verify <at>` asks for this claim to be re-stamped: no older stamp is kept then.
      const kept = options.target === undefined ? keptRecipe(claim.hash, recipe) : undefined;
      const stamp = claim.hash === undefined ? undefined : parseStamp(claim.hash);
      const checked = checkRecipe(claim.hash, recipe, stamp);
      // Asked as `surf check` asks under its recipe, so a check's answers serve a verify and back.
      const request = (anchor: Anchor, asked: Recipe): SiteHashRequest =>
        asked === checked
          ? checkSiteRequest(anchor, asked, claim.ignoreLiterals, stamp, sites.length === 1)
          : { anchor, recipe: asked, ignoreLiterals: claim.ignoreLiterals, withCode: false };
      for (let i = 0; i < sites.length; i++) {
        const target = siteTarget(sites[i]!);
        if (isSiteFailure(target)) {
          work.digests[i] = { failure: target.message };
          continue;
        }
        const { anchor } = target;
        let written: SiteHashResult | undefined;
        // The shown stamp's recipe is nearly always one asked anyway; else it is asked on its own.
        const shownRecipe = shown?.stamp?.recipe;
        const noteShown = (result: SiteHashResult): void => void (shown!.digests[i] = result.ok ? result.digest : undefined);
        questions.ask(anchor.file, request(anchor, recipe), (result) => {
          written = result;
          if (shownRecipe === recipe) noteShown(result);
          if (kept === undefined) work.digests[i] = siteDigest(result, undefined);
          if (followable && !result.ok && result.kind === 'resolve') {
            // The file parsed but the symbol is gone: look for it under another name.
            walk.visit(anchor.file, (source) => {
              if (isSiteFailure(source)) return;
              work.follow = followSymbol(source, anchor, claim.hash!, claim.ignoreLiterals, recipe);
              // Gone from a file that is still there: it may have moved into another one.
              if (work.follow.kind === 'skip' && anchor.segments.length === 1) moved.push({ work, anchor });
            });
          }
        });
        if (kept !== undefined) {
          questions.ask(anchor.file, request(anchor, kept), (result) => {
            work.digests[i] = siteDigest(written!, result);
            if (shownRecipe === kept) noteShown(result);
          });
        }
        if (shownRecipe !== undefined && shownRecipe !== recipe && shownRecipe !== kept) questions.ask(anchor.file, request(anchor, shownRecipe), noteShown);
        if (followable && !(await isReadableSource(root, rootReal, anchor.file))) {
          await planFileFollow(work, anchor, sites[i]!, walk, await gitContext(), recipe);
        }
      }
    }
  }
  if (options.target !== undefined && works.length === 0) {
    // The claim may well be in a hub that does not parse; say which ones were not searched.
    const unread = skippedHubs.length === 0 ? '' : `; not searched, because they do not parse: ${skippedHubs.map((skipped) => skipped.hub).join(', ')} (run \`surf lint\`)`;
    throw new SurfError('SURF_NO_MATCH', `no anchor matching \`${options.target}\`; pass an \`at:\` site exactly as a hub writes it${unread}`);
  }

  // Every site's digests on the work pool, through the result cache; then the few files a
  // `--follow` must search for a renamed symbol or a moved file, one parse each.
  const { answers } = await answerSiteRequests(root, questions.jobs(), { cache: options.cache, workers: options.workers });
  questions.deliver(answers);
  await walk.run();
  if (moved.length > 0) await planMovedFollows(moved, root, await gitContext(), recipe);

  const plans = works.map((work) => plan(work, follow, recipe));
  await restampRepointed(works, plans, root, rootReal, gitContext);
  const anyStamp = plans.some((p) => p.kind === 'hash' || p.kind === 'follow');
  const verifiedAt = formatUtcSeconds(clock.now());
  const verifiedCommit = anyStamp ? await (await gitContext())?.headCommit() : undefined;
  let idCounter = 0;
  const newId = (): string => generateClaimId(clock.nowNs(), ++idCounter & 0xffff);

  const anchors: VerifyAnchorResult[] = [];
  const updatedFiles: string[] = [];
  const unwritten: Array<{ hub: string; code: string; message: string }> = [];
  let stamped = 0;
  let unchanged = 0;
  let errors = 0;
  // Grouped once: filtering every claim per hub made many hubs times many claims.
  const byHub = new Map<LoadedHub, Array<{ work: ClaimWork; plan: Plan }>>();
  works.forEach((work, i) => {
    let list = byHub.get(work.hub);
    if (!list) byHub.set(work.hub, (list = []));
    list.push({ work, plan: plans[i]! });
  });
  for (const loaded of workspace.hubs) {
    const hubWorks = byHub.get(loaded);
    if (hubWorks === undefined) continue;
    const outcomes = await applyHub(loaded, hubWorks, { verifiedAt, verifiedCommit, newId }, rootReal, options.wholeHubs === true);
    if (outcomes.written) updatedFiles.push(loaded.rel);
    if (outcomes.failure !== undefined) unwritten.push({ hub: loaded.rel, ...outcomes.failure });
    hubWorks.forEach(({ work }, i) => {
      const outcome = outcomes.results[i]!;
      if (outcome.outcome === 'skipped') errors++;
      else if (outcome.outcome === 'unchanged') unchanged++;
      else stamped++;
      anchors.push({ hub: loaded.rel, at: displaySites(work.sites), hubLine: work.claim.line, ...outcome });
    });
  }
  return { stamped, unchanged, errors, anchors, updatedFiles, skippedHubs, unwritten };
}

/**
 * Re-stamps the unchanged `@N` claims that `surf check` finds re-pointed (see `checkRepoints`):
 * their stamp is written again as it is, with the new `verified_at` and `verified_commit`, so
 * verifying accepts the match they name now as it accepts changed code. Without that, a stamp
 * that still holds would never be written, and the check would keep comparing with the old
 * commit's matches.
 */
async function restampRepointed(
  works: readonly ClaimWork[],
  plans: Plan[],
  root: string,
  rootReal: string,
  gitContext: () => Promise<GitContext | undefined>,
): Promise<void> {
  const at: number[] = [];
  const candidates: RepointCandidate[] = [];
  works.forEach((work, i) => {
    if (plans[i]!.kind !== 'unchanged') return;
    const target = siteTarget(work.sites[0] ?? '');
    const anchor = isSiteFailure(target) ? undefined : target.anchor;
    const stamp = work.claim.hash === undefined ? undefined : parseStamp(work.claim.hash);
    if (stamp === undefined || !needsRepointCheck(work.sites, anchor, work.claim.verifiedCommit)) return;
    at.push(i);
    candidates.push({ hub: work.hub.rel, anchor: anchor!, recipe: stamp.recipe, hex: stamp.hex, ignoreLiterals: work.claim.ignoreLiterals, verifiedCommit: work.claim.verifiedCommit });
  });
  if (candidates.length === 0) return;
  const verdicts = await checkRepoints(await gitContext(), root, rootReal, candidates);
  verdicts.forEach((verdict, k) => {
    if (verdict.kind === 'moved') plans[at[k]!] = { kind: 'hash', stamp: works[at[k]!]!.claim.hash!, restamp: true };
  });
}

/** ISO-8601 UTC at second precision: `2026-07-01T16:53:08Z`. */
export function formatUtcSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/**
 * The recipe of a stored stamp that may be kept when it still holds: 2 or 3 and not newer than the
 * workspace's (a `3:` stamp in a `recipe = 2` workspace is re-written, since the reference cannot
 * read it). v1 stamps are always upgraded (spec §7.7). Undefined when it is the workspace's own.
 */
function keptRecipe(stored: string | undefined, recipe: Recipe): Recipe | undefined {
  const parsed = stored === undefined ? undefined : parseStamp(stored);
  if (parsed === undefined || parsed.recipe === recipe || parsed.recipe === 'v1') return undefined;
  return recipeRank(parsed.recipe) <= recipeRank(recipe) ? parsed.recipe : undefined;
}

/**
 * A site's answer from its digest under the workspace's recipe and, when an older stamp may be
 * kept, under the stored stamp's recipe.
 */
function siteDigest(written: SiteHashResult, stored: SiteHashResult | undefined): SiteDigest {
  if (!written.ok) return { failure: written.message };
  // A stored reference-recipe stamp cannot match a symbol only recipe 3 reaches.
  return stored?.ok === true ? { digest: written.digest, storedDigest: stored.digest } : { digest: written.digest };
}

/** The bare digest of `anchor` in `parsed` under `recipe`, or the resolution error. */
function digestIn(parsed: ParsedFile, anchor: Anchor, recipe: Recipe, ignoreLiterals: boolean): string | ResolveError {
  try {
    assertRecipeCovers(parsed.family, recipe, anchor.file);
    const resolution = resolveAnchor(parsed, anchor);
    assertRecipeReaches(parsed, resolution, recipe);
    return hashTokens(resolutionTokens(parsed, resolution, { recipe, ignoreLiterals }));
  } catch (error) {
    if (error instanceof ResolveError) return error;
    throw error;
  }
}

/** A symbol renamed within a readable file: relocate it by its stored stamp (spec §4.7). */
function followSymbol(parsed: ParsedFile, anchor: Anchor, stored: string, ignoreLiterals: boolean, recipe: Recipe): Plan {
  if (anchor.segments.length !== 1) return { kind: 'skip', reason: '--follow supports single-segment anchors only' };
  const name = findRenamed(parsed, stored, { ignoreLiterals });
  if (name === undefined) return { kind: 'skip', reason: 'does not resolve and no rename match; run `surf lint`' };
  const newAt = `${anchor.file} > ${name}`;
  const digest = digestIn(parsed, parseAnchor(newAt), recipe, ignoreLiterals);
  if (typeof digest !== 'string') return { kind: 'skip', reason: 'rename target did not re-resolve' };
  return { kind: 'follow', newAt, stamp: formatStamp(recipe, digest) };
}

/**
 * A symbol gone from a file that is still there, its name found nowhere else in that file: look
 * for a definition of the same name whose code hashes to the stored stamp in the files git says
 * changed with it (`GitContext.movedFrom`), as when a function is moved byte for byte into
 * another module. Followed only when exactly one such file holds it; the search reads each
 * candidate file once however many claims look in it.
 */
async function planMovedFollows(moved: ReadonlyArray<{ work: ClaimWork; anchor: Anchor }>, root: string, git: GitContext | undefined, recipe: Recipe): Promise<void> {
  if (git === undefined) return;
  const walk = new SourceWalk(root);
  const found = new Map<ClaimWork, Array<{ newAt: string; stamp: string }>>();
  for (const { work, anchor } of moved) {
    const stored = parseStamp(work.claim.hash!);
    if (stored === undefined) continue;
    const changed = await git.movedFrom(anchor.file, work.claim.verifiedCommit);
    const family = langForPath(anchor.file);
    const name = anchor.segments[0]!.name;
    found.set(work, []);
    for (const file of changed) {
      if (file === anchor.file || family === undefined || langForPath(file) === undefined || familyOf(langForPath(file)!) !== familyOf(family)) continue;
      walk.visit(file, (source) => {
        if (isSiteFailure(source)) return;
        const newAt = `${file} > ${name}`;
        if (digestIn(source, parseAnchor(newAt), stored.recipe, work.claim.ignoreLiterals) !== stored.hex) return;
        const digest = digestIn(source, parseAnchor(newAt), recipe, work.claim.ignoreLiterals);
        if (typeof digest === 'string') found.get(work)!.push({ newAt, stamp: formatStamp(recipe, digest) });
      });
    }
  }
  await walk.run();
  for (const [work, hits] of found) {
    if (hits.length === 1) work.follow = { kind: 'follow', newAt: hits[0]!.newAt, stamp: hits[0]!.stamp };
    else if (hits.length > 1) work.follow = { kind: 'skip', reason: `moved, but to more than one file: ${hits.map((h) => `\`${h.newAt}\``).join(', ')}; point its \`at:\` at one` };
  }
}

/**
 * A file that cannot be read: ask git where it went (an uncommitted or a committed rename) and
 * re-point the anchor there — only when the code is unchanged under the stored recipe, or the
 * symbol was renamed too and is found by its stamp.
 */
async function planFileFollow(
  work: ClaimWork,
  anchor: Anchor,
  site: string,
  walk: SourceWalk,
  git: GitContext | undefined,
  recipe: Recipe,
): Promise<void> {
  const { claim } = work;
  const newFile = await git?.renamedTo(anchor.file, claim.verifiedCommit === undefined ? [] : [claim.verifiedCommit]);
  if (newFile === undefined) {
    work.follow = { kind: 'skip', reason: 'file unreadable and no git rename match; run `surf lint`' };
    return;
  }
  const newAt = `${newFile} >${site.slice(site.indexOf('>') + 1)}`;
  const target = siteTarget(newAt);
  if (isSiteFailure(target)) {
    work.follow = { kind: 'skip', reason: target.message };
    return;
  }
  const stored = parseStamp(claim.hash!);
  walk.visit(newFile, (source) => {
    if (isSiteFailure(source)) {
      work.follow = { kind: 'skip', reason: source.message };
      return;
    }
    if (stored !== undefined && digestIn(source, target.anchor, stored.recipe, claim.ignoreLiterals) === stored.hex) {
      const digest = digestIn(source, target.anchor, recipe, claim.ignoreLiterals) as string;
      work.follow = { kind: 'follow', newAt, stamp: formatStamp(recipe, digest) };
    } else if (target.anchor.segments.length === 1) {
      work.follow = followSymbol(source, target.anchor, claim.hash!, claim.ignoreLiterals, recipe);
    } else {
      work.follow = { kind: 'skip', reason: 'file moved but its anchored code changed; run `surf lint`' };
    }
  });
}

function plan(work: ClaimWork, follow: boolean, recipe: Recipe): Plan {
  const digests: string[] = [];
  const storedDigests: string[] = [];
  for (const result of work.digests) {
    if (result === undefined || 'failure' in result) {
      if (!follow) return { kind: 'skip', reason: result?.failure ?? 'internal error: site not hashed' };
      if (work.sites.length !== 1) return { kind: 'skip', reason: '--follow supports single-site anchors only' };
      if (work.claim.hash === undefined) return { kind: 'skip', reason: '--follow needs a stored hash to match against' };
      return work.follow ?? { kind: 'skip', reason: result?.failure ?? 'internal error: site not hashed' };
    }
    digests.push(result.digest);
    if (result.storedDigest !== undefined) storedDigests.push(result.storedDigest);
  }
  if (work.shown !== undefined) {
    const { stamp, digests: seen } = work.shown;
    const now = seen.every((d) => d !== undefined) ? combineSiteHashes(seen as string[]) : undefined;
    if (stamp === undefined || now !== stamp.hex) return { kind: 'skip', reason: CODE_CHANGED_SINCE_SHOWN };
  }
  const stamp = formatStamp(recipe, combineSiteHashes(digests));
  if (work.claim.hash === stamp) return { kind: 'unchanged' };
  // A stamp under an older recipe that still holds is kept: upgrading is not a reason to re-stamp.
  const stored = storedDigests.length === digests.length && work.claim.hash !== undefined ? parseStamp(work.claim.hash) : undefined;
  if (stored !== undefined && combineSiteHashes(storedDigests) === stored.hex) return { kind: 'unchanged' };
  return { kind: 'hash', stamp };
}

interface Provenance {
  readonly verifiedAt: string;
  readonly verifiedCommit: string | undefined;
  readonly newId: () => string;
}

type ClaimOutcome = { outcome: VerifyOutcome; newAt?: string; reason?: string };

/** Applies one hub's plans to its text and writes it once (atomically) if it changed. */
async function applyHub(
  loaded: LoadedHub,
  items: ReadonlyArray<{ work: ClaimWork; plan: Plan }>,
  provenance: Provenance,
  rootReal: string,
  wholeHub: boolean,
): Promise<{ written: boolean; results: ClaimOutcome[]; failure?: { code: string; message: string } }> {
  const results: ClaimOutcome[] = items.map(({ plan }) =>
    plan.kind === 'skip' ? { outcome: 'skipped', reason: plan.reason } : { outcome: plan.kind === 'unchanged' ? 'unchanged' : 'stamped' },
  );
  let text = loaded.text;
  const spans = locateAnchorItems(text);
  const stamps: ClaimStamp[] = [];
  /** Item (index into `items`) of each entry of `stamps`. */
  const stampItems: number[] = [];
  const follows: Array<{ index: number; newAt: string }> = [];
  items.forEach(({ work, plan }, i) => {
    if (plan.kind !== 'hash' && plan.kind !== 'follow') return;
    const itemIndex = work.claim.index;
    if (plan.kind === 'follow') {
      const span = spans[itemIndex];
      const edit = span && span.startLine + 1 === work.claim.line ? setAt(text, itemIndex, plan.newAt) : undefined;
      if (!edit?.ok) {
        const why = edit ? edit.message : 'its `anchors:` item could not be located line by line';
        results[i] = { outcome: 'skipped', reason: `could not rewrite at: ${why}` };
        return;
      }
      text = edit.text;
      follows.push({ index: itemIndex, newAt: plan.newAt });
      results[i] = { outcome: 'followed', newAt: plan.newAt };
    }
    stampItems.push(i);
    stamps.push({
      itemIndex,
      hash: plan.stamp,
      verifiedAt: provenance.verifiedAt,
      ...(provenance.verifiedCommit !== undefined ? { verifiedCommit: provenance.verifiedCommit } : {}),
      ...(plan.kind === 'hash' && plan.restamp === true ? { restamp: true } : {}),
    });
  });
  try {
    const stampedText = stamps.length === 0 ? { text, outcomes: [] } : stampClaims(text, stamps, provenance.newId, loaded.rel);
    stampedText.outcomes.forEach((outcome, k) => {
      if (outcome.status !== 'refused') return;
      results[stampItems[k]!] = { outcome: 'skipped', reason: `could not write hash: ${outcome.message}` };
    });
    text = stampedText.text;
    checkFollows(text, follows, loaded.rel);
    if (wholeHub && results.some((r) => r.outcome === 'skipped')) {
      // Nothing of this hub is written: the claims that would have been say why.
      return {
        written: false,
        results: results.map((r) => (r.outcome === 'stamped' || r.outcome === 'followed' ? { outcome: 'skipped', reason: NOT_WRITTEN_WITH_HUB } : r)),
      };
    }
    const written = await writeHubIfChanged(loaded.path, text, loaded.text, rootReal);
    return { written, results };
  } catch (error) {
    if (!(error instanceof SurfError) || !['SURF_HUB_EDIT', 'SURF_HUB_CHANGED', 'SURF_HUB_LOCKED', 'SURF_IO'].includes(error.code)) throw error;
    return {
      written: false,
      failure: { code: error.code, message: error.message },
      results: items.map(({ plan }, i) =>
        plan.kind === 'hash' || plan.kind === 'follow' ? { outcome: 'skipped', reason: error.message } : results[i]!,
      ),
    };
  }
}

/** After rewriting `at:` lines, the hub must still parse and carry exactly the new anchors. */
function checkFollows(text: string, follows: ReadonlyArray<{ index: number; newAt: string }>, rel: string): void {
  if (follows.length === 0) return;
  let ok: boolean;
  try {
    const hub = parseHub(text, { path: rel });
    ok = follows.every(({ index, newAt }) => hub.anchors[index]?.at === newAt);
  } catch {
    ok = false;
  }
  if (!ok) {
    throw new SurfError(
      'SURF_HUB_EDIT',
      `cannot rewrite an \`at:\` of ${rel} in place; the file was left unchanged — fix its frontmatter layout and re-run`,
    );
  }
}
