import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { BoundverError } from '../errors.js';
import { generateLock } from '../operations/generate.js';
import { lockStatus } from '../operations/lock-status.js';
import { verifyLock } from '../verify/verify.js';
import { notInSnapshotHint } from './source-mode.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.dispose();
});

const CONFIG = `${JSON.stringify({ project: 'p', components: { a: { path: 'a', boundary: { provider: 'path-hash', paths: ['api'] } } } }, null, 2)}\n`;
const SOURCES = ['head', 'index', 'working-tree'] as const;

/** A repository with one component and its config committed, and no lock. */
function repo(): TempRepo {
  const created = createTempRepo({ 'a/api/x.txt': 'x\n', 'boundary.config.json': CONFIG });
  repos.push(created);
  return created;
}

/** The same repository with its lock generated and committed. */
async function committedLock(): Promise<TempRepo> {
  const r = repo();
  await generateLock({ cwd: r.dir });
  r.commit('lock');
  return r;
}

async function statusFailure(r: TempRepo, source: (typeof SOURCES)[number]): Promise<string> {
  try {
    await lockStatus({ cwd: r.dir, source });
  } catch (error) {
    expect(error).toBeInstanceOf(BoundverError);
    return (error as BoundverError).message;
  }
  throw new Error('status unexpectedly succeeded');
}

describe('notInSnapshotHint', () => {
  it('says how a file gets into a head or index snapshot, and nothing for the working tree', () => {
    expect(notInSnapshotHint('head')).toBe('Commit it (--source head reads committed files)');
    expect(notInSnapshotHint('index', 'the lock')).toBe('Stage the lock (--source index reads staged files)');
    expect(notInSnapshotHint('working-tree')).toBeNull();
  });
});

// The readers that use it, each message whole, so folding them into the helper changed no byte.
describe('a file missing from the source', () => {
  it('verify names the missing lock and how to include it', async () => {
    const r = repo();
    const issues = await Promise.all(SOURCES.map(async (source) => (await verifyLock({ cwd: r.dir, source })).issues.filter((issue) => issue.startsWith('LOCKFILE missing'))));
    expect(issues).toEqual([
      ['LOCKFILE missing: boundary.lock.json is not in the HEAD snapshot. Commit the lock (--source head reads committed files), or verify with --source working-tree before committing.'],
      ['LOCKFILE missing: boundary.lock.json is not in the INDEX snapshot. Stage the lock (--source index reads staged files), or verify with --source working-tree.'],
      ['LOCKFILE missing: boundary.lock.json is not in the working tree snapshot. Run `boundver generate` to create it.'],
    ]);
  });

  it('status names the missing lock and how to include it', async () => {
    const r = repo();
    expect(await Promise.all(SOURCES.map((source) => statusFailure(r, source)))).toEqual([
      'No lockfile found at boundary.lock.json in the HEAD snapshot — run `boundver generate` first. Commit it (--source head reads committed files), or run with --source working-tree.',
      'No lockfile found at boundary.lock.json in the INDEX snapshot — run `boundver generate` first. Stage it (--source index reads staged files), or run with --source working-tree.',
      'No lockfile found at boundary.lock.json in the working tree — run `boundver generate` first.',
    ]);
  });

  it('verify --baseline names the missing baseline and how to include or write it', async () => {
    const r = await committedLock();
    const baseline = { mode: 'check', path: 'ci/baseline.json' } as const;
    const issues = await Promise.all(SOURCES.map(async (source) => (await verifyLock({ cwd: r.dir, source, baseline })).issues.filter((issue) => issue.includes('baseline not found'))));
    expect(issues).toEqual([
      ['Verification error: Verification baseline not found: ci/baseline.json is not in the HEAD snapshot. Commit it (--source head reads committed files), or write one with --write-baseline.'],
      ['Verification error: Verification baseline not found: ci/baseline.json is not in the INDEX snapshot. Stage it (--source index reads staged files), or write one with --write-baseline.'],
      ['Verification error: Verification baseline not found: ci/baseline.json is not in the working tree snapshot. Write one with --write-baseline.'],
    ]);
  });
});
