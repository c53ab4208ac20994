import { resolveHeadCommit } from '@driftgate/git';
import { realpath } from 'node:fs/promises';
import { type Anchor, displaySites } from '../locate/anchor.js';
import { type CacheStats, CheckCache, planCachedHashingIn } from '../cache/cached-hashing.js';
import { type HubMemo, hubMemoKey } from '../cache/hub-memo.js';
import type { ResultCache, ResultCacheOptions } from '../cache/result-cache.js';
import { combineSiteHashes } from '../hash/hash.js';
import { type ClaimStampFacts, type HubFacts, quickHubFacts, stampFactsOf } from '../hub/hub-facts.js';
import { claimSites } from '../hub/hub-types.js';
import { rustTrimEnd, rustTrimStart } from '../hub/rust-lines.js';
import type { Span } from '../locate/resolve.js';
import { type Recipe, formatStamp, parseStamp } from '../hash/stamp.js';
import { writeRecipe } from '../workspace/config.js';
import type { Divergence, SpanLocation } from './divergence.js';
import { checkRecipe, checkSiteRequest } from './check-site-request.js';
import { SiteQuestions } from './site-questions.js';
import { GitContext } from '../history/git-context.js';
import type { SiteHashResult } from '../pool/hash-file-sites.js';
import type { LoadedHub, LoadedWorkspace } from '../workspace/load-workspace.js';
import { type HistoryItem, type SiteHistoryItem, addHistory } from './check-history.js';
import type { HistoryQuery } from '../history/magnitude-from-history.js';
import { propagateRefs } from './refs-propagation.js';
import { CheckScope } from './scope.js';
import { isSiteFailure, siteTarget } from '../source/site-source.js';
import type { RepointVerdict } from '../history/repoint-from-history.js';
import type { CheckNote } from './check-note.js';
import { type RepointCandidate, checkRepoints, missingCommitNote, needsRepointCheck, repointDetail } from './check-repoint.js';
import { WorkPool, workerCount } from '../pool/work-pool.js';
import { shortLivedTiers } from './short-lived-tiers.js';

export interface CheckOptions {
  /**
   * `--base <ref>`: scope to claims whose anchored files changed since the merge base of `ref`
   * and HEAD; `old_code`/`magnitude` come from each claim's verified commit first, then from that
   * merge base, then HEAD (see `historyRevisions`).
   */
  readonly base?: string;
  /** `--files` globs (each may hold comma-separated patterns); scope to claims anchored into matching files. */
  readonly files?: readonly string[];
  /** Progress of the source pass: files done out of total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Worker threads for parsing (see `workerCount`); default `auto`. */
  readonly workers?: number | 'auto';
  /**
   * The content-keyed result cache (`--no-cache`, `--cache-dir`): on by default. It only spares
   * parsing files whose bytes and questions were answered before; it never changes a verdict.
   */
  readonly cache?: ResultCacheOptions;
  /**
   * The process ends after this check (a one-shot `surf check`, not `--watch`, an editor or an
   * Nx executor). When only a few small files are left to parse on the main thread, V8's tiers
   * are chosen for so little work (see `shortLivedTiers`); a process that goes on parsing must
   * not ask for it.
   */
  readonly shortLived?: boolean;
}

export interface CheckStats {
  /** Hub files discovered (all kinds). */
  readonly hubs: number;
  /** Concept hubs whose frontmatter does not parse (each is also a divergence). */
  readonly malformedHubs: number;
  /** Claims evaluated (in scope). */
  readonly claims: number;
  /** Claims whose stamp matched. */
  readonly clean: number;
  /** Clean claims still stamped under recipe v1 (`surf verify` upgrades them). */
  readonly v1Clean: number;
  /** Distinct source files read. */
  readonly files: number;
  /** `--files` patterns that matched no anchored file, in the order given. */
  readonly unmatchedGlobs: readonly string[];
  /** Whether any `--files` pattern was given. */
  readonly globsGiven: boolean;
  /** Whether `--base` narrowed the scope (false when git could not answer: full check). */
  readonly scopedByBase: boolean;
  /**
   * `--base` was given but git could not answer (an unknown ref, or no repository), so every
   * claim was checked instead. Without a merge base the diff is taken against the ref itself,
   * which still scopes the check.
   */
  readonly baseUnavailable: boolean;
}

/** A claim the check judged (in scope), whatever the verdict. */
export interface CheckedClaim {
  /** Workspace-relative POSIX path of its hub. */
  readonly hub: string;
  /** Its sites as displayed (`displaySites`). */
  readonly at: string;
  /** 1-based line of the claim's `- ` item in the hub, as a divergence's `hubLine`. */
  readonly hubLine: number;
}

export interface CheckResult {
  /** Base divergences in hub path and claim order, then propagated `referenced_stale` ones. */
  readonly divergences: readonly Divergence[];
  /**
   * Every claim judged, in hub path and claim order (so a report can list the passing ones
   * without parsing the hubs again); malformed hubs and propagated refs are not claims.
   */
  readonly checked: readonly CheckedClaim[];
  readonly stats: CheckStats;
  /** The revision `old_code`/`magnitude` were read from (`--base` or `HEAD`). */
  readonly historyBase: string;
  /**
   * The verdict: no divergence, and not every `--files` pattern unmatched (a typo'd scope that
   * checks nothing must not pass).
   */
  readonly passed: boolean;
  /** Files answered from the result cache and files parsed (not part of any report). */
  readonly cache?: CacheStats;
  /**
   * What could not be checked for claims that did not diverge for it, in hub and claim order
   * (reports print them on stderr): `@N` claims whose verified commit the clone lacks.
   */
  readonly notes?: readonly CheckNote[];
}

interface ClaimPlan {
  readonly hub: LoadedHub;
  /**
   * The claim's line, prose, id, stored stamp and `ignore_literals`, as parsed: for a hub in the
   * plain subset from its quick facts, so its YAML is never parsed, whether a claim of it
   * diverges or not.
   */
  readonly stamp: ClaimStampFacts;
  readonly sites: readonly string[];
  readonly recipe: Recipe | undefined;
  readonly results: Array<SiteHashResult | undefined>;
  readonly anchors: Array<Anchor | undefined>;
  /** Set by the judgement: clean (and whether under v1), or not. */
  verdict?: 'clean' | 'v1' | 'diverged';
  /** For a clean `@N` claim: whether its anchor names what it named at its verified commit. */
  repoint?: RepointVerdict;
  /** For a diverged claim: its divergence's index in the check's list. */
  divergence?: number;
  /** For a diverged claim: whether history was asked for its old code. */
  historyAsked?: boolean;
}

/** A hub planned claim by claim whose verdicts may be memoised: its memo key and quick facts. */
interface MemoCandidate {
  readonly hub: LoadedHub;
  readonly key: string;
  readonly facts: HubFacts;
  readonly plans: ClaimPlan[];
}

/**
 * `surf check` (spec §7.6): recompute every in-scope claim's stamp from the working tree and
 * compare it with the stored one. Git scopes (`--base`) and feeds the advisory
 * `old_code`/`magnitude`; the verdict reads it for one thing only: a clean single-site claim
 * with an `@N` whose file changed since its `verified_commit` is compared with that commit's
 * matches, and diverges when its `@N` now names another one (re-pointed). Each anchored file is
 * read and parsed once, and those files once more beside their verified version. Throws
 * `SURF_BAD_GLOB` for an invalid `--files` pattern.
 */
export async function runCheck(workspace: LoadedWorkspace, options: CheckOptions = {}): Promise<CheckResult> {
  const { root } = workspace;
  const [scope, checkCache] = await Promise.all([CheckScope.build(root, options.files ?? [], options.base), CheckCache.open(root, options.cache)]);
  const historyBase = options.base ?? 'HEAD';
  // A full check reads each hub's last remembered verdicts first: a hub whose text and files are
  // as they were then takes them without planning any claim (see hub-memo.ts). A scoped check
  // judges claim by claim (its tally of `--files` patterns needs every claim's files).
  const newStampRecipe = writeRecipe(workspace.config);
  const memoised = checkCache !== undefined && !scope.narrows;
  const candidates: MemoCandidate[] = [];
  const memoFiles = new Set<string>();

  const questions = new SiteQuestions();
  // Asked only for a memo whose blame names HEAD (see `HubMemo.head`), at most once per check.
  let head: Promise<string | undefined> | undefined;
  const currentHead = (): Promise<string | undefined> =>
    (head ??= resolveHeadCommit(root).then(
      (id) => id ?? undefined,
      () => undefined,
    ));

  // Per hub, in order: a malformed-hub divergence or the plans of its in-scope claims.
  const entries: Entry[] = [];
  let malformedHubs = 0;
  const knownRefs = new Map<LoadedHub, readonly string[]>();
  for (const loaded of workspace.hubs) {
    if (loaded.kind !== 'Concept') continue;
    const memoKey = memoised ? hubMemoKey(loaded.rel, loaded.text, newStampRecipe) : undefined;
    if (memoKey !== undefined) {
      const memo = checkCache!.cache.hubMemo(loaded.rel, memoKey);
      if (memo !== undefined && memo.files.every(([file, blob]) => checkCache!.key(file).blob === blob) && (memo.head === undefined || memo.head === (await currentHead()))) {
        entries.push({ kind: 'memo', hub: loaded, memo });
        knownRefs.set(loaded, memo.refs);
        for (const [file] of memo.files) memoFiles.add(file);
        continue;
      }
    }
    // Hubs in the plain subset are planned from their quick facts (a line scan); YAML is parsed
    // only for the others, and for a hub one of whose claims turns out to diverge.
    const facts = quickHubFacts(loaded.text);
    if (scope.narrows && passOver(loaded, facts, scope, knownRefs)) continue;
    if (facts === undefined && loaded.hub === undefined) {
      malformedHubs++;
      const detail = `invalid hub: ${loaded.error!.message}`;
      entries.push({ kind: 'malformed', divergence: { hub: loaded.rel, claim: '', at: '', kind: 'unresolvable', prose: '', detail, sites: [] } });
      continue;
    }
    if (facts !== undefined) knownRefs.set(loaded, facts.refs);
    const candidate = memoKey !== undefined && facts !== undefined ? { hub: loaded, key: memoKey, facts, plans: [] as ClaimPlan[] } : undefined;
    if (candidate) candidates.push(candidate);
    const claimSitesList = facts?.sites ?? loaded.hub!.anchors.map(claimSites);
    const stamps = facts?.stamps ?? loaded.hub!.anchors.map(stampFactsOf);
    for (const [index, sites] of claimSitesList.entries()) {
      const targets = sites.map(siteTarget);
      const files = targets.flatMap((t) => (isSiteFailure(t) ? [] : [t.anchor.file]));
      if (!scope.includes(files)) continue;
      const claimStamp = stamps[index]!;
      const stamp = claimStamp.hash === undefined ? undefined : parseStamp(claimStamp.hash);
      const recipe = checkRecipe(claimStamp.hash, newStampRecipe, stamp);
      const plan: ClaimPlan = {
        hub: loaded,
        stamp: claimStamp,
        sites,
        recipe,
        results: sites.map(() => undefined),
        anchors: targets.map((t) => (isSiteFailure(t) ? undefined : t.anchor)),
      };
      entries.push({ kind: 'claim', plan });
      candidate?.plans.push(plan);
      if (recipe === undefined) continue;
      const single = sites.length === 1;
      targets.forEach((target, i) => {
        if (isSiteFailure(target)) {
          plan.results[i] = { ok: false, kind: target.kind, message: target.message };
          return;
        }
        const request = checkSiteRequest(target.anchor, recipe, claimStamp.ignoreLiterals, stamp, single);
        questions.ask(target.anchor.file, request, (result) => {
          plan.results[i] = result;
        });
      });
    }
  }

  const hashJobs = questions.jobs();
  const hashing = planCachedHashingIn(checkCache, hashJobs);
  const workers = workerCount(options.workers ?? 'auto', hashing.tasks.length);
  const parse = await shortLivedTiers(root, hashing.tasks, options.shortLived === true && workers === 0);
  const pool = await WorkPool.open(root, workers);
  try {
    const answers = await hashing.complete(await parse(() => pool.run(hashing.tasks, options.onProgress)));
    questions.deliver(answers);
    const files = new Set([...hashJobs.map((job) => job.file), ...memoFiles]).size;
    const settled = new Set<number>();
    const result = await conclude(workspace, entries, scope, historyBase, options.base, malformedHubs, files, pool, knownRefs, checkCache?.cache, settled);
    if (checkCache !== undefined) {
      const blameHead = result.divergences.some((d) => d.blame?.uncommitted === true) ? await currentHead() : undefined;
      for (const candidate of candidates) rememberHub(checkCache, candidate, result.divergences, settled, blameHead);
      await checkCache.cache.save();
    }
    return withCache(result, cacheStats(hashing.stats, checkCache, memoFiles, questions, entries));
  } finally {
    await pool.close();
  }
}

type Entry =
  | { kind: 'malformed'; divergence: Divergence }
  | { kind: 'claim'; plan: ClaimPlan }
  | { kind: 'memo'; hub: LoadedHub; memo: HubMemo };

/**
 * Records the verdicts of a hub planned claim by claim when every file it read has a content key,
 * under the bytes those keys name: clean, or with divergences whose history (if any) is
 * `settled` — read at the claim's own verified commit, which names its files for good. A
 * divergence whose old code came from HEAD or a merge base, or could not be found, is judged
 * again next time, since a new commit or a fetch may change it.
 */
function rememberHub(
  checkCache: CheckCache,
  { hub, key, facts, plans }: MemoCandidate,
  divergences: readonly Divergence[],
  settled: ReadonlySet<number>,
  head: string | undefined,
): void {
  // A hub without claims has nothing to spare.
  if (plans.length === 0 || plans.length !== facts.sites.length || plans.some((plan) => plan.verdict === undefined)) return;
  // A claim with an unrecognized stamp reads no file, so its files are not the memo's to count.
  if (plans.some((plan) => plan.recipe === undefined)) return;
  const diverged = plans.filter((plan) => plan.verdict === 'diverged');
  if (diverged.some((plan) => plan.divergence === undefined || (plan.historyAsked === true && !settled.has(plan.divergence)))) return;
  // A claim that could not be compared with its verified commit is judged again next time: the
  // commit may have been fetched, or the verification committed, meanwhile.
  if (plans.some((plan) => plan.repoint !== undefined && plan.repoint.kind !== 'same')) return;
  const files = new Map<string, string>();
  for (const plan of plans) {
    for (const anchor of plan.anchors) {
      if (anchor === undefined) return;
      const { blob } = checkCache.key(anchor.file);
      if (blob === undefined) return;
      files.set(anchor.file, blob);
    }
  }
  const memo: HubMemo = {
    files: [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    claims: plans.length,
    v1: plans.filter((plan) => plan.verdict === 'v1').length,
    refs: facts.refs,
    ...(diverged.length > 0
      ? {
          divergences: diverged.map((plan) => divergences[plan.divergence!]!),
          stale: diverged.flatMap((plan) => plan.anchors.flatMap((anchor) => (anchor ? [anchor.segments.map((s) => s.name)] : []))),
        }
      : {}),
    ...(diverged.some((plan) => divergences[plan.divergence!]!.blame?.uncommitted === true) ? { head } : {}),
  };
  checkCache.cache.recordHubMemo(hub.rel, key, memo);
}

/** The hashing stage's stats, with the files only remembered hubs read counted as hits. */
function cacheStats(stats: CacheStats, checkCache: CheckCache | undefined, memoFiles: ReadonlySet<string>, questions: SiteQuestions, entries: readonly Entry[]): CacheStats {
  if (checkCache === undefined) return stats;
  let hits = stats.hits;
  let vouchedByGit = stats.vouchedByGit;
  for (const file of memoFiles) {
    if (questions.asks(file)) continue;
    hits++;
    if (checkCache.key(file).vouched) vouchedByGit++;
  }
  return { ...stats, hits, vouchedByGit, hubsRemembered: entries.filter((entry) => entry.kind === 'memo').length };
}

/** The result with the cache's stats, its lazily built `checked` left unread. */
function withCache(result: Omit<CheckResult, 'cache'>, stats: CacheStats): CheckResult {
  return Object.assign(result, { cache: stats });
}

/**
 * Every judged claim in hub and claim order. A memoised hub's claims are read from its quick
 * facts (the memo was recorded only for a hub in the plain subset, and its key holds the text).
 */
function checkedClaims(entries: readonly Entry[]): CheckedClaim[] {
  const checked: CheckedClaim[] = [];
  for (const entry of entries) {
    if (entry.kind === 'claim') {
      checked.push({ hub: entry.plan.hub.rel, at: displaySites(entry.plan.sites), hubLine: entry.plan.stamp.line });
    } else if (entry.kind === 'memo') {
      const facts = quickHubFacts(entry.hub.text);
      if (facts === undefined || facts.sites.length !== entry.memo.claims) {
        throw new Error(`internal error: the clean verdict remembered for ${entry.hub.rel} does not match its text; please report it, and run with --no-cache until then`);
      }
      facts.sites.forEach((sites, i) => checked.push({ hub: entry.hub.rel, at: displaySites(sites), hubLine: facts.stamps[i]!.line }));
    }
  }
  return checked;
}

/**
 * Whether a scoped check can leave a hub unparsed: its quick facts (read without YAML) show that
 * it parses and that none of its claims is in scope, so it adds no divergence of its own; its
 * refs go to `knownRefs` for propagation. `scope.includes` sees every claim's files, so the
 * `--files` tally is what a full pass gives. A hub outside the plain subset is parsed as before.
 */
function passOver(loaded: LoadedHub, facts: HubFacts | undefined, scope: CheckScope, knownRefs: Map<LoadedHub, readonly string[]>): boolean {
  if (facts === undefined) return false;
  let inScope = false;
  for (const sites of facts.sites) {
    const files = sites.map(siteTarget).flatMap((t) => (isSiteFailure(t) ? [] : [t.anchor.file]));
    if (scope.includes(files)) inScope = true;
  }
  if (inScope) return false;
  knownRefs.set(loaded, facts.refs);
  return true;
}

/** Judges every planned claim, adds history and propagated refs, and counts. */
async function conclude(
  workspace: LoadedWorkspace,
  entries: readonly Entry[],
  scope: CheckScope,
  historyBase: string,
  base: string | undefined,
  malformedHubs: number,
  files: number,
  pool: WorkPool,
  knownRefs: ReadonlyMap<LoadedHub, readonly string[]>,
  cache: ResultCache | undefined,
  settled: Set<number>,
): Promise<Omit<CheckResult, 'cache'>> {
  // One git context for the whole judgement, opened only when some claim needs history.
  let git: Promise<GitContext | undefined> | undefined;
  const gitContext = (): Promise<GitContext | undefined> => (git ??= GitContext.open(workspace.root));
  try {
    return await judgeAll(workspace, entries, scope, historyBase, base, malformedHubs, files, pool, knownRefs, cache, gitContext, settled);
  } finally {
    await (await git)?.close();
  }
}

/** The body of {@link conclude}, which owns the git context. */
async function judgeAll(
  workspace: LoadedWorkspace,
  entries: readonly Entry[],
  scope: CheckScope,
  historyBase: string,
  base: string | undefined,
  malformedHubs: number,
  files: number,
  pool: WorkPool,
  knownRefs: ReadonlyMap<LoadedHub, readonly string[]>,
  cache: ResultCache | undefined,
  gitContext: () => Promise<GitContext | undefined>,
  settled: Set<number>,
): Promise<Omit<CheckResult, 'cache'>> {
  const notes = await compareRepoints(workspace.root, entries, gitContext, pool, cache);
  const divergences: Divergence[] = [];
  const stale = new Map<string, string[][]>();
  const history: HistoryItem[] = [];
  // Sites of changed multi-site claims: which of them changed since the history base (advisory).
  const siteHistory: SiteHistoryItem[] = [];
  let claims = 0;
  let clean = 0;
  let v1Clean = 0;
  for (const entry of entries) {
    if (entry.kind === 'memo') {
      const remembered = entry.memo.divergences ?? [];
      claims += entry.memo.claims;
      clean += entry.memo.claims - remembered.length;
      v1Clean += entry.memo.v1;
      if (remembered.length > 0) {
        divergences.push(...remembered);
        stale.set(entry.hub.rel, [...(stale.get(entry.hub.rel) ?? []), ...entry.memo.stale!.map((path) => [...path])]);
      }
      continue;
    }
    if (entry.kind === 'malformed') {
      divergences.push(entry.divergence);
      if (!stale.has(entry.divergence.hub)) stale.set(entry.divergence.hub, []);
      continue;
    }
    claims++;
    const { plan } = entry;
    const outcome = judge(plan);
    plan.verdict = outcome.kind === 'diverged' ? 'diverged' : outcome.v1 ? 'v1' : 'clean';
    if (outcome.kind === 'clean') {
      clean++;
      if (outcome.v1) v1Clean++;
      continue;
    }
    const paths = stale.get(plan.hub.rel) ?? [];
    stale.set(plan.hub.rel, paths);
    for (const anchor of plan.anchors) if (anchor) paths.push(anchor.segments.map((s) => s.name));
    const { verifiedCommit } = plan.stamp;
    plan.divergence = divergences.length;
    plan.historyAsked = outcome.history !== undefined || outcome.siteHistory !== undefined;
    if (outcome.history) history.push({ index: divergences.length, query: outcome.history, verifiedCommit });
    outcome.siteHistory?.forEach(({ currentCode, ...query }, site) =>
      siteHistory.push({ index: divergences.length, site, query, verifiedCommit, currentCode }),
    );
    divergences.push(outcome.divergence);
  }

  if (history.length > 0 || siteHistory.length > 0) {
    const git = await gitContext();
    if (git !== undefined) for (const index of await addHistory(git, divergences, history, siteHistory, base, pool, cache)) settled.add(index);
  }

  divergences.push(...propagateRefs(workspace.hubs, stale, knownRefs));
  const unmatchedGlobs = scope.unmatchedGlobs();
  const allUnmatched = scope.hasGlobs && unmatchedGlobs.length === scope.globCount;
  let checked: CheckedClaim[] | undefined;
  const result = {
    divergences,
    historyBase,
    ...(notes.length > 0 ? { notes } : {}),
    passed: divergences.length === 0 && !allUnmatched,
    stats: {
      hubs: workspace.hubs.length,
      malformedHubs,
      claims,
      clean,
      v1Clean,
      files,
      unmatchedGlobs,
      globsGiven: scope.hasGlobs,
      scopedByBase: scope.byBase,
      baseUnavailable: scope.baseUnavailable,
    },
  };
  // Built on first read: a human-only report never reads it, and at tens of thousands of claims
  // it is a fair share of a warm check.
  return Object.defineProperty(result, 'checked', { enumerable: true, get: () => (checked ??= checkedClaims(entries)) }) as typeof result & { readonly checked: readonly CheckedClaim[] };
}

/**
 * Compares every clean single-site `@N` claim with its verified commit (see `checkRepoints`),
 * setting each one's {@link ClaimPlan.repoint}; the notes of those that could not be compared
 * for want of the commit. Claims without `@N`, and claims already diverged, read no git here.
 */
async function compareRepoints(
  root: string,
  entries: readonly Entry[],
  gitContext: () => Promise<GitContext | undefined>,
  pool: WorkPool,
  cache: ResultCache | undefined,
): Promise<CheckNote[]> {
  const plans: ClaimPlan[] = [];
  const candidates: RepointCandidate[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'claim') continue;
    const { plan } = entry;
    const anchor = plan.anchors[0];
    const { verifiedCommit, ignoreLiterals } = plan.stamp;
    if (!needsRepointCheck(plan.sites, anchor, verifiedCommit)) continue;
    const hex = cleanHex(plan);
    if (hex === undefined) continue;
    plans.push(plan);
    candidates.push({ hub: plan.hub.rel, anchor: anchor!, recipe: plan.recipe!, hex, ignoreLiterals, verifiedCommit });
  }
  if (candidates.length === 0) return [];
  const verdicts = await checkRepoints(await gitContext(), root, await realpath(root), candidates, { pool, ...(cache !== undefined ? { store: cache } : {}) });
  const notes: CheckNote[] = [];
  verdicts.forEach((verdict, i) => {
    const plan = plans[i]!;
    plan.repoint = verdict;
    if (verdict.kind === 'missing') notes.push({ hub: plan.hub.rel, at: displaySites(plan.sites), message: missingCommitNote(candidates[i]!.anchor, verdict.commit) });
  });
  return notes;
}

/** The stamp's digest of a claim whose every site resolved and hashes to it; else undefined. */
function cleanHex(plan: ClaimPlan): string | undefined {
  if (plan.recipe === undefined || plan.stamp.hash === undefined) return undefined;
  const digests: string[] = [];
  for (const result of plan.results) {
    if (result === undefined || !result.ok) return undefined;
    digests.push(result.digest);
  }
  const stored = parseStamp(plan.stamp.hash);
  return stored !== undefined && combineSiteHashes(digests) === stored.hex ? stored.hex : undefined;
}

type Judgement =
  | { kind: 'clean'; v1: boolean }
  | {
      kind: 'diverged';
      divergence: Divergence;
      history?: Omit<HistoryQuery, 'rev'>;
      siteHistory?: Array<Omit<HistoryQuery, 'rev'> & { readonly currentCode: string | undefined }>;
    };

/** The verdict on one claim from its per-site results (spec §7.6 steps 1–3). */
function judge(plan: ClaimPlan): Judgement {
  const { sites, hub } = plan;
  const { hash, ignoreLiterals } = plan.stamp;
  // Built only for a claim that diverged.
  const base = () => {
    const claim = plan.stamp;
    const prose = rustTrimEnd(rustTrimStart(claim.claim));
    return {
      hub: hub.rel,
      claim: prose,
      at: displaySites(sites),
      ...(claim.id !== undefined ? { id: claim.id } : {}),
      prose,
      hubLine: claim.line,
      sites,
    };
  };
  const unresolvable = (detail: string): Judgement => ({
    kind: 'diverged',
    divergence: { ...base(), kind: 'unresolvable', ...(hash !== undefined ? { oldHash: hash } : {}), detail },
  });
  if (plan.recipe === undefined) {
    return unresolvable(`unrecognized hash version in \`${hash}\`; re-stamp with \`surf verify\``);
  }
  const digests: string[] = [];
  for (const result of plan.results) {
    if (result === undefined || !result.ok) return unresolvable(result?.message ?? 'internal error: site not hashed');
    digests.push(result.digest);
  }
  const single = sites.length === 1 ? (plan.results[0] as Extract<SiteHashResult, { ok: true }>) : undefined;
  const digest = combineSiteHashes(digests);
  const newHash = formatStamp(plan.recipe, digest);
  const siteLocations = plan.results.map((result, i) => location(plan.anchors[i]!.file, (result as Extract<SiteHashResult, { ok: true }>).span));
  // A multi-site claim is located on its first site until history names the first changed one.
  const current = single
    ? {
        ...(single.code !== undefined ? { newCode: single.code } : {}),
        location: siteLocations[0]!,
        siteLocations,
      }
    : { location: siteLocations[0]!, siteLocations };
  if (hash === undefined) {
    return { kind: 'diverged', divergence: { ...base(), kind: 'unverified', newHash, ...current } };
  }
  const stored = parseStamp(hash)!;
  if (digest === stored.hex) {
    const repoint = plan.repoint;
    if (repoint?.kind !== 'moved') return { kind: 'clean', v1: plan.recipe === 'v1' };
    // The stamp holds, yet the anchor names other code than it was verified against: its `@N`
    // now counts to another match (an earlier one went), whose code happens to hash alike.
    const { move, rev } = repoint;
    const detail = repointDetail(plan.anchors[0]!, move, rev);
    return {
      kind: 'diverged',
      divergence: { ...base(), kind: 'changed', oldHash: hash, newHash, ...current, oldCode: move.oldCode, newCode: move.newCode, oldCodeFrom: rev, detail },
    };
  }
  const divergence: Divergence = { ...base(), kind: 'changed', oldHash: hash, newHash, ...current };
  // The code the claim was verified against is looked for in history by its stamp (advisory).
  const stamp = { recipe: plan.recipe, hex: stored.hex, ignoreLiterals };
  const history =
    single?.magnitudeTokens !== undefined ? { anchor: plan.anchors[0]!, currentTokens: single.magnitudeTokens, stamp } : undefined;
  if (history) return { kind: 'diverged', divergence, history };
  const siteResults = plan.results as Array<Extract<SiteHashResult, { ok: true }>>;
  if (!single && siteResults.every((result) => result.magnitudeTokens !== undefined)) {
    const siteHistory = siteResults.map((result, i) => ({ anchor: plan.anchors[i]!, currentTokens: result.magnitudeTokens!, stamp, currentCode: result.code }));
    return { kind: 'diverged', divergence, siteHistory };
  }
  return { kind: 'diverged', divergence };
}

function location(file: string, span: Span): SpanLocation {
  return {
    file,
    startLine: span.startLine,
    startColumn: span.startColumn,
    endLine: span.endLine,
    endColumn: span.endColumn,
  };
}
