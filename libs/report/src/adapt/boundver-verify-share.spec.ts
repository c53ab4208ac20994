import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateLock, verifyLock, type VerifyShare } from '@driftgate/boundver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { fromBoundverVerify } from './from-boundver-verify.js';
import type { Report } from '../model/report-model.js';

// A workspace run of the Nx plugin splits one verification into shares: each project's target
// owns its components, the workspace-level target owns the lock as a whole and the slices. Every
// finding must be in exactly one share's report, and a share's verdict must follow only what it
// owns, except what stops verification altogether, which fails every share.

const config = (components: Record<string, unknown>, slices: Record<string, unknown> = { release: { closure_of: 'a', mode: 'exact' } }) =>
  `${JSON.stringify({ project: 'ws', components, slices }, null, 2)}\n`;
const A = { path: 'packages/a', boundary: { provider: 'path-hash', paths: ['api.ts'] }, consumers: ['b'] };
const B = { path: 'packages/b', boundary: { provider: 'path-hash', paths: ['api.ts'] } };
const C = { path: 'packages/c', boundary: { provider: 'leaf' } };

let repo: TempRepo;
beforeAll(async () => {
  repo = createTempRepo({
    'packages/a/api.ts': 'export const a = 1;\n',
    'packages/b/api.ts': 'export const b = 1;\n',
    'packages/c/index.ts': 'export const c = 1;\n',
    'boundary.config.json': config({ a: A, b: B, c: C }),
  });
  await generateLock({ cwd: repo.dir, source: 'working-tree' });
  repo.commit('lock');
  // b's boundary drifts (and with it the release slice over a's consumers), c leaves the config
  // (REMOVED, config digest): one component finding, one slice finding, two lock-wide findings.
  repo.write({ 'packages/b/api.ts': 'export const b = 2;\n', 'boundary.config.json': config({ a: A, b: B }) });
});
afterAll(() => repo?.dispose());

const verify = (share: VerifyShare) => verifyLock({ cwd: repo.dir, source: 'working-tree', share });
const caseIds = (report: Report) => report.suites.flatMap((suite) => suite.cases.filter((c) => c.status === 'failed' || c.status === 'error').map((c) => `${suite.name} :: ${c.name}`));

describe('a split verification', () => {
  it('gives each finding to one share: components to their project, the lock and slices to the workspace', async () => {
    const a = await verify({ components: ['a'], workspace: false });
    const b = await verify({ components: ['b'], workspace: false });
    const workspace = await verify({ components: [], workspace: true });
    expect(a.issues).toEqual([]);
    expect(a.exitCode).toBe(0);
    expect(b.issues).toEqual([expect.stringMatching(/^MISMATCH b\.boundary: /), expect.stringMatching(/^MISMATCH b\.exact: /)]);
    expect(b.exitCode).toBe(4);
    expect(workspace.issues).toEqual([
      expect.stringMatching(/^METADATA MISMATCH config_digest: /),
      'REMOVED component still in lockfile: c',
      expect.stringMatching(/^SLICE MISMATCH release\.exact: /),
    ]);
    expect(workspace.exitCode).toBe(1);
    // Together they hold exactly what one whole verification finds.
    const whole = await verifyLock({ cwd: repo.dir, source: 'working-tree' });
    expect([...a.issues, ...b.issues, ...workspace.issues].sort()).toEqual([...whole.issues].sort());
    expect(workspace.share).toEqual({ components: [], workspace: true });
  });

  it('reports each share\'s own findings only, and no pair twice across the shares', async () => {
    const reports = await Promise.all(
      [
        { components: ['a'], workspace: false },
        { components: ['b'], workspace: false },
        { components: [], workspace: true },
      ].map(async (share) => fromBoundverVerify(await verify(share), { version: '0.0.0' })),
    );
    expect(reports.map((report) => report.suites.map((suite) => suite.name))).toEqual([['a'], ['b'], ['boundary.lock.json', 'slices']]);
    expect(reports.map(caseIds)).toEqual([
      [],
      ['b :: exact', 'b :: boundary'],
      ['boundary.lock.json :: metadata', 'boundary.lock.json :: removed components', 'slices :: release'],
    ]);
    const pairs = reports.flatMap((report) => report.suites.flatMap((suite) => suite.cases.map((c) => `${c.className}\u0000${c.name}`)));
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('fails every share on a lock it cannot read, as an error of each component it owns', async () => {
    const copy = createTempRepo({
      'packages/a/api.ts': 'export const a = 1;\n',
      'packages/b/api.ts': 'export const b = 1;\n',
      'boundary.config.json': config({ a: A, b: B }),
    });
    try {
      rmSync(join(copy.dir, 'boundary.lock.json'), { force: true });
      const project = await verifyLock({ cwd: copy.dir, source: 'working-tree', share: { components: ['a', 'b'], workspace: false } });
      expect(project.exitCode).toBe(2);
      const report = fromBoundverVerify(project, { version: '0.0.0' });
      expect(report.suites.map((suite) => suite.name)).toEqual(['a', 'b']);
      for (const suite of report.suites) {
        const entry = suite.cases.find((c) => c.name === 'entry')!;
        expect(entry.status).toBe('error');
        expect(entry.message).toMatch(/^LOCKFILE missing: boundary\.lock\.json/);
      }
      const workspace = fromBoundverVerify(await verifyLock({ cwd: copy.dir, source: 'working-tree', share: { components: [], workspace: true } }), { version: '0.0.0' });
      expect(caseIds(workspace)).toEqual(['boundary.lock.json :: lock file']);
    } finally {
      copy.dispose();
    }
  });

  it('refuses to update the lock from a share', async () => {
    const result = await verifyLock({ cwd: repo.dir, source: 'working-tree', share: { components: ['b'], workspace: false }, update: true });
    expect(result.updated).toBe(false);
    expect(result.updateRefused).toContain('cannot update the lock');
  });

  it('leaves --components to the reference semantics: lock-wide findings and touching slices stay', async () => {
    const result = await verifyLock({ cwd: repo.dir, source: 'working-tree', components: ['a'] });
    expect(result.share).toBeNull();
    expect(result.issues).toEqual([
      expect.stringMatching(/^METADATA MISMATCH config_digest: /),
      'REMOVED component still in lockfile: c',
      expect.stringMatching(/^SLICE MISMATCH release\.exact: /),
    ]);
  });
});
