import { realpath } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { captureSnapshot, findRepoRoot, GitError, gitLog, isGitError, isShallowRepository, resolveHeadCommit } from '@driftgate/git';
import { hubKindOf } from '../hub/hub-kind.js';
import type { SurfConfig } from '../workspace/config.js';
import { bundleGlob } from '../workspace/discover-hubs.js';
import { compileWorkspaceGlob } from '../workspace/glob-pattern.js';
import type { StatsClaim } from './stats-claims.js';
import { StatsHubReader } from './stats-hub-reader.js';
import { parseLogRecord, statsLogArguments } from './stats-log.js';

export interface StatsOptions {
  /** Passed to `git log --since` (any date git understands). */
  readonly since?: string;
  /** Passed to `git log --until`. */
  readonly until?: string;
  /** Hub versions read from history at once (default 4). */
  readonly readConcurrency?: number;
}

/** `n` of `d` events; `rate` = n / d, null when there were no events. */
export interface StatsRate {
  readonly n: number;
  readonly d: number;
  readonly rate: number | null;
}

/** The result of `surf stats` (spec §7.8); advisory, it never gates. */
export interface StatsReport {
  /** Envelope version of the JSON form. */
  readonly version: 1;
  readonly since: string | undefined;
  readonly until: string | undefined;
  /** Non-merge commits in the window. */
  readonly commits: number;
  /** Re-stamps (a claim's stored hash changed to a new value) whose prose stayed the same. */
  readonly rubberStamp: StatsRate;
  /** Changes to an anchored file in which the claim's stored hash changed in the same commit. */
  readonly inPlace: StatsRate;
}

/**
 * `surf stats` (spec §7.8): adoption metrics from git history, read with ONE streamed `git log`
 * over the window. Hub state is carried from each commit's first parent and re-read (`<commit>:
 * <hub>`) only where a commit changed a hub path; merges carry state but are not counted.
 *
 * - Rubber-stamp: among claims whose stored hash changed from one value to another in a commit,
 *   those whose trimmed prose did not change.
 * - In-place: among (commit, claim) pairs where the commit changed a file the claim anchors, those
 *   where the claim's stored hash changed too (a claim new in that commit counts when it has one).
 *
 * A claim is identified by its hub and its `at:` site(s); several claims with the same sites in
 * one hub are paired in order. Throws `GitError` when there is no history to read: outside a
 * repository (`GIT_NOT_A_REPOSITORY`) or in a shallow clone (`GIT_OBJECT_MISSING`); an invalid
 * hub glob is `SURF_BAD_GLOB`. A repository without commits reports zero commits.
 */
export async function computeStats(config: Pick<SurfConfig, 'root' | 'hubs' | 'bundles'>, options: StatsOptions = {}): Promise<StatsReport> {
  const isHub = hubMatcher(config);
  const tally = new Tally();
  // A one-shot `git cat-file` reader of the git layer can leave Node's event loop with nothing
  // referenced while its process is still being reaped, which would end the run silently in the
  // middle of an await; a timer keeps the loop alive until the walk is done.
  const keepAlive = setInterval(() => undefined, 2 ** 30);
  try {
    const repoRoot = await historyRoot(config.root);
    const head = await resolveHeadCommit(repoRoot);
    if (head !== null) await walkHistory(config.root, repoRoot, head, isHub, options, tally);
  } finally {
    clearInterval(keepAlive);
  }
  return {
    version: 1,
    since: options.since,
    until: options.until,
    commits: tally.commits,
    rubberStamp: rate(tally.rubberN, tally.rubberD),
    inPlace: rate(tally.inPlaceN, tally.inPlaceD),
  };
}

function rate(n: number, d: number): StatsRate {
  return { n, d, rate: d === 0 ? null : n / d };
}

class Tally {
  commits = 0;
  rubberN = 0;
  rubberD = 0;
  inPlaceN = 0;
  inPlaceD = 0;
}

/** One commit, kept between the log stream and the oldest-first replay. */
interface CommitStep {
  readonly sha: string;
  readonly firstParent: string | undefined;
  readonly merge: boolean;
  /** Every root-relative path the commit changed against its first parent. */
  readonly changed: readonly string[];
  /** The hub paths among them, with the blob after the commit; null when no hub file is left there. */
  readonly hubChanges: readonly { readonly path: string; readonly blob: string | null }[];
}

/** A claim together with the hub it lives in. */
interface PlacedClaim {
  readonly hub: string;
  readonly claim: StatsClaim;
}

/** The claims of every hub at one commit. Shared, never mutated, by commits that touch no hub. */
class HubState {
  #byFile: Map<string, PlacedClaim[]> | undefined;

  constructor(readonly hubs: ReadonlyMap<string, readonly StatsClaim[]>) {}

  /** Anchored file → claims anchoring it, built on first use. */
  claimsByFile(): ReadonlyMap<string, readonly PlacedClaim[]> {
    if (this.#byFile === undefined) {
      this.#byFile = new Map();
      for (const [hub, claims] of this.hubs) {
        for (const claim of claims) {
          // One object per claim, whatever the number of files it anchors: it is the event's identity.
          const placed: PlacedClaim = { hub, claim };
          for (const file of claim.files) {
            let list = this.#byFile.get(file);
            if (list === undefined) this.#byFile.set(file, (list = []));
            list.push(placed);
          }
        }
      }
    }
    return this.#byFile;
  }
}

const EMPTY_STATE = new HubState(new Map());

/** Modes of a regular file in a tree; anything else at a hub path (symlink, submodule) is no hub. */
const REGULAR_FILE_MODES: ReadonlySet<string> = new Set(['100644', '100755']);

async function walkHistory(
  root: string,
  repoRoot: string,
  head: string,
  isHub: (path: string) => boolean,
  options: StatsOptions,
  tally: Tally,
): Promise<void> {
  const prefix = await workspacePrefix(repoRoot, root);
  const reader = new StatsHubReader(root, prefix, options.readConcurrency);
  try {
    await replayHistory(root, head, prefix, isHub, options, tally, reader);
  } finally {
    await reader.close();
  }
}

async function replayHistory(
  root: string,
  head: string,
  prefix: string,
  isHub: (path: string) => boolean,
  options: StatsOptions,
  tally: Tally,
  reader: StatsHubReader,
): Promise<void> {
  const steps: CommitStep[] = [];
  const paths = new Map<string, string>();
  const hubPathsSeen = new Set<string>();
  for await (const raw of gitLog(root, statsLogArguments(head, options.since, options.until))) {
    const record = parseLogRecord(raw);
    const changed: string[] = [];
    const hubChanges: { path: string; blob: string | null }[] = [];
    for (const change of record.changes) {
      // One string per distinct path keeps the buffered history small.
      let path = paths.get(change.path);
      if (path === undefined) paths.set(change.path, (path = change.path));
      changed.push(path);
      if (!isHub(path)) continue;
      hubPathsSeen.add(path);
      // Deleted, or replaced by a symlink or submodule: no hub file there any more.
      const blob = change.status !== 'D' && REGULAR_FILE_MODES.has(change.newMode) ? change.newOid : null;
      hubChanges.push({ path, blob });
      if (blob !== null) reader.expect(record.sha, path, blob);
    }
    steps.push({ sha: record.sha, firstParent: record.parents[0], merge: record.parents.length > 1, changed, hubChanges });
  }

  // States are kept only while a later commit still descends from them.
  const children = new Map<string, number>();
  const inWindow = new Set<string>();
  for (const step of steps) {
    inWindow.add(step.sha);
    if (step.firstParent !== undefined) children.set(step.firstParent, (children.get(step.firstParent) ?? 0) + 1);
  }
  const states = new Map<string, HubState>();
  const edges = [...children.keys()].filter((parent) => !inWindow.has(parent));
  if (edges.length > 0) {
    for (const [parent, state] of await edgeStates(root, prefix, edges, isHub, hubPathsSeen, reader)) states.set(parent, state);
  }

  // `--topo-order` lists children before parents, so popping from the end replays parents first.
  for (let step = steps.pop(); step !== undefined; step = steps.pop()) {
    const before = step.firstParent === undefined ? EMPTY_STATE : (states.get(step.firstParent) ?? EMPTY_STATE);
    let after = before;
    if (step.hubChanges.length > 0) {
      const hubs = new Map(before.hubs);
      for (const change of step.hubChanges) {
        const claims = change.blob === null ? null : await reader.take(change.blob);
        if (claims === null) hubs.delete(change.path);
        else hubs.set(change.path, claims);
      }
      after = new HubState(hubs);
    }
    if (children.has(step.sha)) states.set(step.sha, after);
    if (step.firstParent !== undefined) {
      const left = children.get(step.firstParent)! - 1;
      if (left === 0) {
        children.delete(step.firstParent);
        states.delete(step.firstParent);
      } else {
        children.set(step.firstParent, left);
      }
    }
    if (!step.merge) score(step, before, after, tally);
  }
}

/** Counts one non-merge commit's events. */
function score(step: CommitStep, before: HubState, after: HubState, tally: Tally): void {
  tally.commits++;
  if (step.changed.length === 0) return;
  // Only hubs the commit changed can hold a claim whose previous version differs. (Claims are
  // looked up per hub: two hubs with identical text share their claim objects.)
  const previous = new Map<string, Map<StatsClaim, StatsClaim | undefined>>();
  for (const { path } of step.hubChanges) {
    const now = after.hubs.get(path);
    if (now === undefined) continue;
    const pairs = new Map<StatsClaim, StatsClaim | undefined>();
    previous.set(path, pairs);
    for (const [claim, prev] of pairClaims(before.hubs.get(path) ?? [], now)) {
      pairs.set(claim, prev);
      if (prev?.hash !== undefined && claim.hash !== undefined && prev.hash !== claim.hash) {
        tally.rubberD++;
        if (prev.prose === claim.prose) tally.rubberN++;
      }
    }
  }
  const byFile = after.claimsByFile();
  const touched = new Set<PlacedClaim>();
  for (const file of step.changed) {
    for (const placed of byFile.get(file) ?? []) {
      if (touched.has(placed)) continue;
      touched.add(placed);
      tally.inPlaceD++;
      // A claim in a hub this commit did not change is its parent's claim: not updated.
      const pairs = previous.get(placed.hub);
      if (pairs === undefined) continue;
      const { claim } = placed;
      const prev = pairs.get(claim);
      if (prev === undefined ? claim.hash !== undefined : prev.hash !== claim.hash) tally.inPlaceN++;
    }
  }
}

/** Pairs each claim of a hub's new version with the same-identity claim of its old version, in order. */
function pairClaims(old: readonly StatsClaim[], now: readonly StatsClaim[]): [StatsClaim, StatsClaim | undefined][] {
  const byKey = new Map<string, StatsClaim[]>();
  for (const claim of old) {
    const list = byKey.get(claim.key);
    if (list === undefined) byKey.set(claim.key, [claim]);
    else list.push(claim);
  }
  const used = new Map<string, number>();
  return now.map((claim) => {
    const k = used.get(claim.key) ?? 0;
    used.set(claim.key, k + 1);
    return [claim, byKey.get(claim.key)?.[k]];
  });
}

/**
 * Hub states at first parents that lie outside the window (a `--since` cut). The hubs there are
 * found among the hub paths at HEAD and those the window touched: a hub that existed at the edge
 * either survives to HEAD or is changed (so listed) by a commit in the window.
 */
async function edgeStates(
  root: string,
  prefix: string,
  edges: readonly string[],
  isHub: (path: string) => boolean,
  hubPathsSeen: ReadonlySet<string>,
  reader: StatsHubReader,
): Promise<Map<string, HubState>> {
  const candidates = new Set(hubPathsSeen);
  const unlimited = Number.MAX_SAFE_INTEGER;
  const snapshot = await captureSnapshot(root, 'head', {
    limits: { maxTreeEntries: unlimited, maxTotalPathBytes: unlimited, maxListingBytes: unlimited },
  });
  try {
    for (const entry of snapshot.entries) {
      if (entry.type !== 'blob' || !entry.path.startsWith(prefix)) continue;
      const path = entry.path.slice(prefix.length);
      if (isHub(path)) candidates.add(path);
    }
  } finally {
    await snapshot.close();
  }
  const sorted = [...candidates].sort();
  const answers = edges.map((edge) => sorted.map((path) => reader.readAt(edge, path)));
  const states = new Map<string, HubState>();
  for (const [i, edge] of edges.entries()) {
    const hubs = new Map<string, readonly StatsClaim[]>();
    for (const [j, path] of sorted.entries()) {
      const claims = await answers[i]![j]!;
      if (claims !== null) hubs.set(path, claims);
    }
    states.set(edge, new HubState(hubs));
  }
  return states;
}

/** Concept hubs by the configured globs (index/log files hold no claims). Throws `SURF_BAD_GLOB`. */
function hubMatcher(config: Pick<SurfConfig, 'hubs' | 'bundles'>): (path: string) => boolean {
  const globs = [
    ...config.hubs.map((pattern) => compileWorkspaceGlob(pattern, '`hubs` entry')),
    ...config.bundles.map((dir) => compileWorkspaceGlob(bundleGlob(dir), `from \`bundles\` entry \`${dir}\``)),
  ];
  return (path) => hubKindOf(path) === 'Concept' && globs.some((glob) => glob.matches(path));
}

/** The repository root, after making sure its full history is there to read. */
async function historyRoot(root: string): Promise<string> {
  let repoRoot: string;
  try {
    repoRoot = await findRepoRoot(root);
  } catch (error) {
    if (!isGitError(error, 'GIT_NOT_A_REPOSITORY')) throw error;
    throw new GitError(
      'GIT_NOT_A_REPOSITORY',
      `surf stats reads git history, but ${root} is not inside a git repository; run it in a clone of the repository`,
      { cause: error, stderr: error.stderr },
    );
  }
  if (await isShallowRepository(repoRoot)) {
    throw new GitError(
      'GIT_OBJECT_MISSING',
      `surf stats needs the full git history, but ${repoRoot} is a shallow clone; fetch the rest with \`git fetch --unshallow\` (in CI, check out with the full history) and run it again`,
    );
  }
  return repoRoot;
}

/** The workspace root's POSIX path inside the repository: `''`, or `dir/` for a subdirectory. */
async function workspacePrefix(repoRoot: string, root: string): Promise<string> {
  const rel = relative(await realpath(repoRoot), await realpath(root));
  return rel === '' ? '' : `${rel.split(sep).join('/')}/`;
}
