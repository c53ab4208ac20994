import { type CacheStats, type HashJob, planCachedHashing } from '../cache/cached-hashing.js';
import type { ResultCacheOptions } from '../cache/result-cache.js';
import type { SiteHashResult } from '../pool/hash-file-sites.js';
import { WorkPool, workerCount } from '../pool/work-pool.js';

/** How {@link answerSiteRequests} answers: the same knobs as `surf check`'s. */
export interface AnswerOptions {
  /** The content-keyed result cache; on by default. */
  readonly cache?: ResultCacheOptions;
  /** Worker threads for parsing (see `workerCount`); default `auto`. */
  readonly workers?: number | 'auto';
}

/** Every job's answers, in job and request order, and what the cache spared. */
export interface SiteAnswers {
  readonly answers: readonly (readonly SiteHashResult[])[];
  readonly cache: CacheStats;
}

/**
 * Answers sites' hash questions over the files on disk the way `surf check` does: the result
 * cache first, then the work pool (worker threads once there are enough files) for the files it
 * did not answer, whose answers are stored for the next run.
 */
export async function answerSiteRequests(root: string, jobs: readonly HashJob[], options: AnswerOptions = {}): Promise<SiteAnswers> {
  const hashing = await planCachedHashing(root, jobs, options.cache);
  const pool = await WorkPool.open(root, workerCount(options.workers ?? 'auto', hashing.tasks.length));
  try {
    return { answers: await hashing.complete(await pool.run(hashing.tasks)), cache: hashing.stats };
  } finally {
    await pool.close();
  }
}
