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
}

/** A check's hashing split into what the cache answered and what must still be parsed. */
export interface CachedHashing {
  /** The tasks left for the work pool. */
  readonly tasks: readonly PoolTask[];
  /** Every job's answers in job order, from the pool's answers to {@link tasks}; saves the cache. */
  complete(answers: readonly PoolResult[]): Promise<SiteHashResult[][]>;
  readonly stats: CacheStats;
}

/**
 * The cache stage in front of the work pool. Each file's content key is its git blob id: from
 * git's index where git vouches for the working-tree bytes (no file is read), otherwise from the
 * bytes read here (untracked or modified files, no repository). A file whose every question has
 * a stored answer under that key is not parsed; the others go to the pool as keyed tasks, whose
 * answers are stored under the blob id of the bytes the worker actually read. A disabled cache
 * passes the jobs through unchanged.
 */
export async function planCachedHashing(
  root: string,
  jobs: readonly HashJob[],
  options: ResultCacheOptions = {},
): Promise<CachedHashing> {
  if (options.enabled === false || jobs.length === 0) {
    return {
      tasks: jobs.map((job) => ({ kind: 'hash', file: job.file, requests: job.requests })),
      complete: async (answers) => answers as SiteHashResult[][],
      stats: { hits: 0, misses: jobs.length, uncacheable: 0, vouchedByGit: 0 },
    };
  }
  const [cache, tracked, rootReal] = await Promise.all([ResultCache.open(root, options), unchangedTrackedBlobs(root), realpath(root)]);
  const answers: Array<SiteHashResult[] | undefined> = [];
  const pending: Array<{ job: number; keys: string[] }> = [];
  let uncacheable = 0;
  let vouchedByGit = 0;
  jobs.forEach((job, index) => {
    const keys = job.requests.map(requestKey);
    const vouched = langForPath(job.file) === undefined ? undefined : tracked?.get(job.file);
    const blob = vouched ?? contentKey(root, rootReal, job.file);
    if (vouched !== undefined) vouchedByGit++;
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
        if (answer.blob !== undefined) cache.record(jobs[job]!.file, answer.blob, keys, answer.results);
      });
      await cache.save();
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
