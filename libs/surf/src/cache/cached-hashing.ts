import { realpath } from 'node:fs/promises';
import { unchangedTrackedBlobs } from '@driftgate/git';
import { langForPath } from '@driftgate/syntax';
import { formatAnchor } from '../locate/anchor.js';
import type { KeyedHashAnswer } from '../pool/hash-file-job.js';
import type { SiteHashRequest, SiteHashResult } from '../pool/hash-file-sites.js';
import type { PoolResult, PoolTask } from '../pool/pool-task.js';
import { isSiteFailure, readWorkspaceBytesSync } from '../source/site-source.js';
import { gitBlobId } from './blob-id.js';
import { ResultCache, type ResultCacheOptions } from './result-cache.js';

/** One file's questions, as the check asks them. */
export interface HashJob {
  readonly file: string;
  readonly requests: readonly SiteHashRequest[];
}

/** How many anchored files the cache answered and how many were parsed. */
export interface CacheStats {
  readonly hits: number;
  readonly misses: number;
  /** Of the misses, files whose bytes could not be read (missing, outside, unsupported): never stored. */
  readonly uncacheable: number;
  /** Files keyed by git's index without being read here (see `unchangedTrackedBlobs`). */
  readonly vouchedByGit: number;
  /**
   * Hubs judged from their remembered verdicts (clean, or settled divergences), none of whose claims was planned (see
   * `hub-memo.ts`); their files count as hits unless another hub's claims asked about them.
   */
  readonly hubsRemembered?: number;
}

/** A check's hashing split into what the cache answered and what must still be parsed. */
export interface CachedHashing {
  /** The tasks left for the work pool. */
  readonly tasks: readonly PoolTask[];
  /** Every job's answers in job order, from the pool's answers to {@link tasks}. */
  complete(answers: readonly PoolResult[]): Promise<SiteHashResult[][]>;
  readonly stats: CacheStats;
}

/**
 * An opened result cache with the content keys of this run: each file's git blob id, from git's
 * index where git vouches for the working-tree bytes (no file is read), otherwise from the bytes
 * read here (untracked or modified files, no repository). Keys are computed once per file.
 */
export class CheckCache {
  readonly #root: string;
  readonly #rootReal: string;
  readonly #tracked: ReadonlyMap<string, string> | undefined;
  readonly #keys = new Map<string, { blob: string | undefined; vouched: boolean }>();

  private constructor(
    root: string,
    rootReal: string,
    tracked: ReadonlyMap<string, string> | undefined,
    /** The cache file's entries. */
    readonly cache: ResultCache,
  ) {
    this.#root = root;
    this.#rootReal = rootReal;
    this.#tracked = tracked;
  }

  /** Reads the cache of the workspace at `root` and asks git which files it vouches for; undefined when disabled. */
  static async open(root: string, options: ResultCacheOptions = {}): Promise<CheckCache | undefined> {
    if (options.enabled === false) return undefined;
    const [cache, tracked, rootReal] = await Promise.all([ResultCache.open(root, options), unchangedTrackedBlobs(root), realpath(root)]);
    return new CheckCache(root, rootReal, tracked, cache);
  }

  /** The content key of `file` now (undefined: not cacheable), and whether git's index vouched for it. */
  key(file: string): { blob: string | undefined; vouched: boolean } {
    let key = this.#keys.get(file);
    if (key === undefined) {
      const vouched = langForPath(file) === undefined ? undefined : this.#tracked?.get(file);
      key = { blob: vouched ?? contentKey(this.#root, this.#rootReal, file), vouched: vouched !== undefined };
      this.#keys.set(file, key);
    }
    return key;
  }

  /** Settles `file`'s key to the bytes a worker actually parsed (they may differ from what was read before). */
  settle(file: string, blob: string | undefined): void {
    this.#keys.set(file, { blob, vouched: false });
  }
}

/**
 * The cache stage in front of the work pool. A file whose every question has a stored answer
 * under its content key (see {@link CheckCache}) is not parsed; the others go to the pool as
 * keyed tasks, whose answers are stored under the blob id of the bytes the worker actually read.
 * A disabled cache passes the jobs through unchanged.
 */
export async function planCachedHashing(
  root: string,
  jobs: readonly HashJob[],
  options: ResultCacheOptions = {},
): Promise<CachedHashing> {
  const checkCache = jobs.length === 0 ? undefined : await CheckCache.open(root, options);
  const hashing = planCachedHashingIn(checkCache, jobs);
  return {
    ...hashing,
    async complete(answers) {
      const results = await hashing.complete(answers);
      await checkCache?.cache.save();
      return results;
    },
  };
}

/**
 * {@link planCachedHashing} over an opened cache (undefined: disabled). `complete` records the
 * new answers; saving the cache is the caller's, once it has recorded all it will.
 */
export function planCachedHashingIn(checkCache: CheckCache | undefined, jobs: readonly HashJob[]): CachedHashing {
  if (checkCache === undefined || jobs.length === 0) {
    return {
      tasks: jobs.map((job) => ({ kind: 'hash', file: job.file, requests: job.requests })),
      complete: async (answers) => answers as SiteHashResult[][],
      stats: { hits: 0, misses: jobs.length, uncacheable: 0, vouchedByGit: 0 },
    };
  }
  const { cache } = checkCache;
  const answers: Array<SiteHashResult[] | undefined> = [];
  const pending: Array<{ job: number; keys: string[] }> = [];
  let uncacheable = 0;
  let vouchedByGit = 0;
  jobs.forEach((job, index) => {
    const keys = job.requests.map(requestKey);
    const { blob, vouched } = checkCache.key(job.file);
    if (vouched) vouchedByGit++;
    if (blob === undefined) uncacheable++;
    const hit = blob === undefined ? undefined : cache.lookup(job.file, blob, keys);
    answers.push(hit);
    if (hit === undefined) pending.push({ job: index, keys });
  });
  return {
    tasks: pending.map(({ job }) => ({ kind: 'hash-keyed', file: jobs[job]!.file, requests: jobs[job]!.requests })),
    stats: { hits: jobs.length - pending.length, misses: pending.length, uncacheable, vouchedByGit },
    async complete(results) {
      pending.forEach(({ job, keys }, i) => {
        const answer = results[i] as KeyedHashAnswer;
        answers[job] = answer.results;
        checkCache.settle(jobs[job]!.file, answer.blob);
        if (answer.blob !== undefined) cache.record(jobs[job]!.file, answer.blob, keys, answer.results);
      });
      return answers as SiteHashResult[][];
    },
  };
}

/**
 * The git blob id of a file's current bytes, read under the same workspace checks as the parse.
 * Undefined when the file cannot be read, or has no language (its failure is cheap to recompute,
 * and may depend on more than its bytes).
 */
function contentKey(root: string, rootReal: string, file: string): string | undefined {
  if (langForPath(file) === undefined) return undefined;
  const bytes = readWorkspaceBytesSync(root, rootReal, file);
  return isSiteFailure(bytes) ? undefined : gitBlobId(bytes);
}

/** Everything a request asks, in a fixed order: two requests with one key get one answer. */
function requestKey(request: SiteHashRequest): string {
  // Plain concatenation (a check makes one per site), collision-free: the recipe, the flags and
  // a stamp's hex digest hold no line break, and the anchor, which might, comes last.
  const flags = `${request.ignoreLiterals ? 1 : 0}${request.withCode ? 1 : 0}${request.withTokens === true ? 1 : 0}`;
  return `${request.recipe}\n${flags}\n${request.magnitudeUnless ?? ''}\n${formatAnchor(request.anchor)}`;
}
