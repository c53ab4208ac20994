import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type CheckOptions, type CheckResult, runCheck } from '../check/check.js';
import type { LoadedWorkspace } from '../workspace/load-workspace.js';

/** A result without its cache counters: what a cached and an uncached run must agree on. */
export function verdictOf(result: CheckResult): Omit<CheckResult, 'cache'> {
  const { cache: _cache, ...rest } = result;
  return rest;
}

/**
 * `runCheck` three ways — without the cache, filling a fresh cache, and answered from it — and
 * asserts that all three agree in every field of the result and that the warm run parsed only
 * the files that cannot be cached (unreadable ones). Returns the warm result, so a test written
 * for one check proves its expectations with a warm cache too.
 */
export async function checkColdAndWarm(workspace: LoadedWorkspace, options: CheckOptions = {}): Promise<CheckResult> {
  const dir = mkdtempSync(join(tmpdir(), 'surf-cache-'));
  try {
    const uncached = await runCheck(workspace, { ...options, cache: { enabled: false } });
    const cold = await runCheck(workspace, { ...options, cache: { dir } });
    const warm = await runCheck(workspace, { ...options, cache: { dir } });
    expect(verdictOf(cold)).toEqual(verdictOf(uncached));
    expect(verdictOf(warm)).toEqual(verdictOf(uncached));
    expect(warm.cache!.misses).toBe(warm.cache!.uncacheable);
    expect(warm.cache!.hits).toBe(cold.cache!.misses - cold.cache!.uncacheable + cold.cache!.hits);
    return warm;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
