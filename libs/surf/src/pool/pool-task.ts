import type { SiteHashRequest, SiteHashResult } from './hash-file-sites.js';
import { type KeyedHashAnswer, readAndHashFile, readAndHashFileKeyed } from './hash-file-job.js';
import { type HistoryAnswer, type HistoryQuery, historyOfFile } from '../history/history-of-file.js';
import { type LintFileAnswer, type LintSiteQuestion, lintFile } from '../lint/lint-file-job.js';
import { type RepointAnswer, type RepointQuery, repointOfFile } from '../history/repoint-of-file.js';

/**
 * A unit of parsing work, plain data so it can run on a worker thread: hash every requested site
 * of one workspace file (`hash-keyed` also names the bytes read, for the result cache), lint
 * every site of one file, grade changed claims against one file's previous version, or compare
 * which match `@N` claims name in one file's previous version and now.
 */
export type PoolTask =
  | { readonly kind: 'hash' | 'hash-keyed'; readonly file: string; readonly requests: readonly SiteHashRequest[] }
  | { readonly kind: 'lint'; readonly file: string; readonly questions: readonly LintSiteQuestion[] }
  | { readonly kind: 'history'; readonly file: string; readonly text: string; readonly queries: readonly HistoryQuery[] }
  | { readonly kind: 'repoint'; readonly file: string; readonly oldText: string; readonly newText: string; readonly queries: readonly RepointQuery[] };

/** Results in request (or query) order. */
export type PoolResult = SiteHashResult[] | KeyedHashAnswer | HistoryAnswer[] | LintFileAnswer | RepointAnswer[];

/** Runs one task on the current thread; each file is parsed once and freed before returning. */
export function runPoolTask(root: string, rootReal: string, task: PoolTask): Promise<PoolResult> {
  if (task.kind === 'history') return historyOfFile(task.file, task.text, task.queries);
  if (task.kind === 'repoint') return repointOfFile(task.file, task.oldText, task.newText, task.queries);
  if (task.kind === 'lint') return lintFile(root, rootReal, task.file, task.questions);
  return task.kind === 'hash' ? readAndHashFile(root, rootReal, task.file, task.requests) : readAndHashFileKeyed(root, rootReal, task.file, task.requests);
}
