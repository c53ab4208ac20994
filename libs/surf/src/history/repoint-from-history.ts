import { isObjectId } from '@driftgate/git';
import { decodeSource } from '@driftgate/syntax';
import { gitBlobId } from '../cache/blob-id.js';
import { type Anchor, formatAnchor } from '../locate/anchor.js';
import type { WorkPool } from '../pool/work-pool.js';
import type { GitContext } from './git-context.js';
import { type RepointAnswer, type RepointMove, type RepointQuery, repointOfFile } from './repoint-of-file.js';

export type { RepointAnswer, RepointMove, RepointQuery } from './repoint-of-file.js';

/** A single-site claim with an `@N` whose stamp still holds, to be compared with its verified version. */
export interface RepointItem {
  /** Workspace-relative POSIX path of the claim's hub. */
  readonly hub: string;
  readonly anchor: Anchor;
  readonly stamp: RepointQuery['stamp'];
  /** The claim's `verified_commit`. */
  readonly verifiedCommit: string;
}

/** What comparing one claim with its verified version found. */
export type RepointVerdict =
  /** The anchor names the site it named then (or the file is byte for byte the verified one). */
  | { readonly kind: 'same' }
  /** It names another site now; `rev` is the revision compared with. */
  | { readonly kind: 'moved'; readonly rev: string; readonly move: RepointMove }
  /** The clone does not have `commit` (a shallow clone): nothing was compared. */
  | { readonly kind: 'missing'; readonly commit: string }
  /** No revision holds the verified code (verified and not committed yet, or unreadable): nothing was compared. */
  | { readonly kind: 'unknown' };

/** The current bytes of an anchored file: their blob id and text; undefined when unreadable. */
export type CurrentSource = (file: string) => { readonly blob: string; readonly text: string } | undefined;

/** Where answers are kept between runs, keyed by both versions' blob ids (the result cache). */
export interface RepointStore {
  repoint(file: string, oldBlob: string, newBlob: string, question: string): RepointAnswer | undefined;
  recordRepoint(file: string, oldBlob: string, newBlob: string, question: string, answer: RepointAnswer): void;
}

/** Options of {@link repointsFromHistory}. */
export interface RepointOptions {
  /** Parse on the pool's threads; inline without one. */
  readonly pool?: WorkPool;
  readonly store?: RepointStore;
}

/** An earlier version of a claim's file that may hold its verified code. */
interface Baseline {
  readonly rev: string;
  readonly blob: string;
  readonly text: string;
}

/** A claim's verdict known without parsing, or the current version and the versions to compare it with. */
type Plan = { readonly verdict: RepointVerdict } | Versions;

interface Versions {
  readonly blob: string;
  readonly text: string;
  readonly baselines: readonly Baseline[];
}

/** One comparison of a round: a claim, its current version and the earlier version compared with. */
interface Question {
  readonly item: RepointItem;
  readonly now: Versions;
  readonly baseline: Baseline;
}

/**
 * Whether each claim's anchor still names the site it named when it was verified (see
 * `alignMatches` for how the matches then and now are paired). The verified version of
 * the file is the one at the first of these revisions whose site hashes to the stamp:
 *
 * 1. the first commit after `verified_commit` that touched the hub, when the hub there names
 *    that commit — `surf verify` records HEAD, so a stamp written over uncommitted code and
 *    committed with it is found in that commit;
 * 2. `verified_commit` itself.
 *
 * A file whose bytes at `verified_commit` are the bytes now is not parsed: nothing in it can
 * have moved. Parses happen only for the others, each earlier version and the current one once
 * per pair, and their answers are stored by both blob ids. git reads every earlier version; the
 * caller's `current` gives the current bytes.
 */
export async function repointsFromHistory(
  git: GitContext,
  current: CurrentSource,
  items: readonly RepointItem[],
  options: RepointOptions = {},
): Promise<RepointVerdict[]> {
  const plans = await Promise.all(items.map((item) => planItem(git, current, item)));
  const verdicts: Array<RepointVerdict | undefined> = plans.map((plan) => ('verdict' in plan ? plan.verdict : undefined));
  // Round k compares every claim still open with its k-th baseline.
  for (let round = 0; ; round++) {
    const open: number[] = [];
    const questions: Question[] = [];
    plans.forEach((plan, i) => {
      if (!('baselines' in plan) || verdicts[i] !== undefined) return;
      const baseline = plan.baselines[round];
      if (baseline === undefined) return;
      open.push(i);
      questions.push({ item: items[i]!, now: plan, baseline });
    });
    if (questions.length === 0) break;
    const answers = await answer(questions, options);
    open.forEach((i, k) => {
      const got = answers[k]!;
      if (!got.holdsStamp) return;
      verdicts[i] = got.moved === undefined ? { kind: 'same' } : { kind: 'moved', rev: questions[k]!.baseline.rev, move: got.moved };
    });
  }
  return verdicts.map((verdict) => verdict ?? { kind: 'unknown' });
}

async function planItem(git: GitContext, current: CurrentSource, item: RepointItem): Promise<Plan> {
  const { verifiedCommit, anchor, hub } = item;
  if (!isObjectId(verifiedCommit)) return { verdict: { kind: 'unknown' } };
  if (!(await git.hasCommit(verifiedCommit))) return { verdict: { kind: 'missing', commit: verifiedCommit } };
  const now = current(anchor.file);
  if (now === undefined) return { verdict: { kind: 'unknown' } };
  const verified = await version(git, verifiedCommit, anchor.file);
  if (verified?.blob === now.blob) return { verdict: { kind: 'same' } };
  const baselines: Baseline[] = [];
  const recorded = await git.firstCommitSince(verifiedCommit, hub);
  if (recorded !== undefined && (await git.show(recorded, hub))?.toString('utf8').includes(verifiedCommit) === true) {
    const there = await version(git, recorded, anchor.file);
    if (there?.blob === now.blob) return { verdict: { kind: 'same' } };
    // Bytes equal to the verified commit's are compared once, at the commit the hub names.
    if (there !== undefined && there.blob !== verified?.blob) baselines.push({ rev: recorded, ...there });
  }
  if (verified !== undefined) baselines.push({ rev: verifiedCommit, ...verified });
  return { ...now, baselines };
}

async function version(git: GitContext, rev: string, file: string): Promise<{ blob: string; text: string } | undefined> {
  const bytes = await git.show(rev, file);
  if (bytes === undefined) return undefined;
  try {
    return { blob: gitBlobId(bytes), text: decodeSource(bytes, file) };
  } catch {
    return undefined;
  }
}

/** Answers one round's questions, in order: from the store, else by parsing each pair of versions once. */
async function answer(questions: readonly Question[], { pool, store }: RepointOptions): Promise<RepointAnswer[]> {
  const answers = new Array<RepointAnswer | undefined>(questions.length);
  // One task per file and pair of versions: blob ids and a path hold no NUL.
  const tasks = new Map<string, { file: string; oldText: string; newText: string; oldBlob: string; newBlob: string; queries: RepointQuery[]; members: number[] }>();
  questions.forEach(({ item, now, baseline }, k) => {
    const file = item.anchor.file;
    const stored = store?.repoint(file, baseline.blob, now.blob, questionKey(item));
    if (stored !== undefined) {
      answers[k] = stored;
      return;
    }
    const key = `${file}\0${baseline.blob}\0${now.blob}`;
    let task = tasks.get(key);
    if (task === undefined) {
      task = { file, oldText: baseline.text, newText: now.text, oldBlob: baseline.blob, newBlob: now.blob, queries: [], members: [] };
      tasks.set(key, task);
    }
    task.queries.push({ anchor: item.anchor, stamp: item.stamp });
    task.members.push(k);
  });
  const list = [...tasks.values()];
  const results = pool
    ? ((await pool.run(list.map(({ file, oldText, newText, queries }) => ({ kind: 'repoint' as const, file, oldText, newText, queries })))) as RepointAnswer[][])
    : await Promise.all(list.map((task) => repointOfFile(task.file, task.oldText, task.newText, task.queries)));
  list.forEach((task, t) => {
    task.members.forEach((k, q) => {
      const got = results[t]![q]!;
      answers[k] = got;
      store?.recordRepoint(task.file, task.oldBlob, task.newBlob, questionKey(questions[k]!.item), got);
    });
  });
  return answers as RepointAnswer[];
}

/** Everything a question asks besides the two versions, in a fixed order; the anchor, which may hold anything, last. */
function questionKey(item: RepointItem): string {
  const { recipe, hex, ignoreLiterals } = item.stamp;
  return `${recipe}\n${ignoreLiterals ? 1 : 0}\n${hex.toLowerCase()}\n${formatAnchor(item.anchor)}`;
}
