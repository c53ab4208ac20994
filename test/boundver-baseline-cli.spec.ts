import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundver, requireBuiltCli } from '../tools/boundver/src/cli-run.test-helpers.js';
import { VERIFY_BASELINE_SHAPE, shapeErrors } from './support/boundver-output-shapes.js';
import type { TempRepo } from './support/temp-repo.js';
import { tempReposPerTest } from './support/temp-repos.js';

// `boundver verify --write-baseline / --baseline / --update-baseline` through the built bin, on
// real temporary repositories: create-only writes, the read-only gate (known violations pass, new
// ones fail with their own exit code), shrink-only updates, scope checks, and the file's shape.

beforeAll(() => requireBuiltCli());

const tempRepo = tempReposPerTest();

const CONFIG = {
  project: 'shop',
  components: {
    api: { path: 'services/api', boundary: { provider: 'openapi', paths: ['openapi.yaml'] }, consumers: ['web'] },
    web: { path: 'web', boundary: { provider: 'implicit', paths: [] } },
  },
};

/** api (openapi) consumed by web; config and lock committed. */
function shop(): TempRepo {
  const r = tempRepo({
    'services/api/openapi.yaml': 'openapi: 3.0.0\npaths: {}\n',
    'services/api/main.py': 'def handle():\n    return 1\n',
    'web/index.js': 'export const a = 1;\n',
    'boundary.config.json': `${JSON.stringify(CONFIG, null, 2)}\n`,
  });
  const generated = boundver(r.dir, ['generate']);
  if (generated.code !== 0) throw new Error(generated.stderr);
  r.commit('lock');
  return r;
}

/** api's boundary drifts (exit 4, with AFFECTED CONSUMERS web), committed. */
function withBoundaryDebt(): TempRepo {
  const r = shop();
  r.write({ 'services/api/openapi.yaml': 'openapi: 3.0.0\npaths:\n  /orders: {}\n' });
  r.commit('api grows a route');
  return r;
}

const BASELINE = 'ci/boundary-baseline.json';
const read = (r: TempRepo, path: string): string => readFileSync(join(r.dir, path), 'utf8');
const id = (kind: string, subject: string, facet: string): string => createHash('sha256').update(['boundver-verify-baseline/v1', kind, subject, facet].join('\0')).digest('hex');

interface VerifyJson {
  ok: boolean;
  issues: string[];
  baseline?: { mode: string; file: string; violations: number; written: boolean; acknowledged_issues: string[]; resolved_violations: Array<{ id: string; kind: string; subject: string; facet: string }> };
}

function verify(r: TempRepo, args: string[]): { code: number | null; json: VerifyJson; stderr: string } {
  const run = boundver(r.dir, ['verify', '--format', 'json', ...args]);
  return { code: run.code, json: JSON.parse(run.stdout) as VerifyJson, stderr: run.stderr };
}

describe('verify --write-baseline', () => {
  it('records the current violations, deterministically, with stable identities, and passes', () => {
    const r = withBoundaryDebt();
    expect(verify(r, []).code).toBe(4);
    const written = verify(r, ['--write-baseline', BASELINE]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.json.ok).toBe(true);
    expect(written.json.baseline).toMatchObject({ mode: 'write', file: BASELINE, violations: 3, written: true });
    const text = read(r, BASELINE);
    const document = JSON.parse(text) as { violations: Array<{ id: string; kind: string; subject: string; facet: string }>; lock_digest: string; source: string };
    expect(shapeErrors(VERIFY_BASELINE_SHAPE, document)).toEqual([]);
    // exact and boundary of api, and the consumers its boundary change affects; ids from their fields alone.
    const expected = [
      { kind: 'component-facet', subject: 'api', facet: 'boundary' },
      { kind: 'component-facet', subject: 'api', facet: 'exact' },
      { kind: 'affected-consumers', subject: 'api', facet: 'direct' },
    ].map((v) => ({ id: id(v.kind, v.subject, v.facet), ...v }));
    expect(document.violations).toEqual(expected.sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(document.source).toBe('head');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).not.toMatch(/\/tmp|driftgate-repo|2026-/);

    // The same state elsewhere writes the same bytes.
    const other = withBoundaryDebt();
    expect(verify(other, ['--write-baseline', BASELINE]).code).toBe(0);
    expect(read(other, BASELINE)).toBe(text);
  });

  it('refuses to replace an existing file (exit 2) and leaves it untouched', () => {
    const r = withBoundaryDebt();
    r.write({ [BASELINE]: 'my notes\n' });
    const run = verify(r, ['--write-baseline', BASELINE]);
    expect(run.code).toBe(2);
    expect(run.json.issues.at(-1)).toMatch(/^Verification error: Verification baseline already exists: ci\/boundary-baseline\.json; --write-baseline never replaces one/);
    expect(read(r, BASELINE)).toBe('my notes\n');
  });

  it('refuses issues a baseline cannot acknowledge (config, metadata) and writes nothing', () => {
    const r = withBoundaryDebt();
    r.write({ 'boundary.config.json': `${JSON.stringify({ ...CONFIG, project: 'renamed' }, null, 2)}\n` });
    r.commit('rename');
    const run = verify(r, ['--write-baseline', BASELINE]);
    expect(run.code).toBe(2);
    expect(run.json.issues.at(-1)).toMatch(/^Verification error: Cannot baseline this issue; fix it first .*METADATA MISMATCH/);
    expect(existsSync(join(r.dir, BASELINE))).toBe(false);
  });
});

describe('verify --baseline', () => {
  function committedBaseline(): TempRepo {
    const r = withBoundaryDebt();
    expect(verify(r, ['--write-baseline', BASELINE]).code).toBe(0);
    r.commit('baseline');
    return r;
  }

  it('passes the recorded violations and reads the baseline from the verified snapshot', () => {
    const r = withBoundaryDebt();
    expect(verify(r, ['--write-baseline', BASELINE]).code).toBe(0);
    const uncommitted = verify(r, ['--baseline', BASELINE]);
    expect(uncommitted.code).toBe(2);
    expect(uncommitted.json.issues.at(-1)).toMatch(/Verification baseline not found: ci\/boundary-baseline\.json is not in the HEAD snapshot\. Commit it/);
    expect(verify(r, ['--baseline', BASELINE, '--source', 'working-tree']).code).toBe(2); // written for head
    r.commit('baseline');
    const gated = verify(r, ['--baseline', BASELINE]);
    expect(gated.code, gated.stderr).toBe(0);
    expect(gated.json.ok).toBe(true);
    expect(gated.json.issues).toEqual([]);
    expect(gated.json.baseline?.acknowledged_issues.map((issue) => issue.split(':')[0])).toEqual(['MISMATCH api.boundary', 'AFFECTED CONSUMERS api', 'MISMATCH api.exact']);
    const text = boundver(r.dir, ['verify', '--baseline', BASELINE]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Baseline ci/boundary-baseline.json: 3 issues acknowledged (3 violations recorded).\n');
    expect(text.stdout).toContain('No violation beyond the baseline.\n');
  });

  it('fails a new violation with its own exit code, and only it', () => {
    const r = committedBaseline();
    r.write({ 'web/index.js': 'export const a = 2;\n' });
    r.commit('web changes');
    const run = verify(r, ['--baseline', BASELINE]);
    expect(run.code).toBe(1);
    expect(run.json.issues).toEqual([expect.stringMatching(/^MISMATCH web\.exact: /)]);
    expect(run.json.baseline?.acknowledged_issues).toHaveLength(3);
    // A new facet of an acknowledged component is new too.
    r.write({ 'web/index.js': 'export const a = 1;\n', 'services/api/openapi.yaml': 'openapi: 3.0.0\npaths:\n  /orders: {}\n  /carts: {}\n' });
    r.commit('more api');
    expect(verify(r, ['--baseline', BASELINE]).code).toBe(0); // same identities, other digests
    const text = boundver(r.dir, ['verify', '--baseline', BASELINE, '--fail-fast']);
    expect(text.code).toBe(0);
  });

  it('refuses a baseline of another scope or lock with exit 2, saying what to do', () => {
    const r = committedBaseline();
    const facets = verify(r, ['--baseline', BASELINE, '--facets', 'exact,boundary']);
    expect(facets.code).toBe(2);
    expect(facets.json.issues.at(-1)).toMatch(/does not match this verification: facets is null there, \["boundary","exact"\] here; run with the baseline's own --facets/);
    const components = verify(r, ['--baseline', BASELINE, '--components', 'api']);
    expect(components.code).toBe(2);
    expect(components.json.issues.at(-1)).toMatch(/components_filter is \[\] there, \["api"\] here/);
    expect(boundver(r.dir, ['generate']).code).toBe(0);
    r.commit('regenerate');
    const relocked = verify(r, ['--baseline', BASELINE]);
    expect(relocked.code).toBe(2);
    expect(relocked.json.issues.at(-1)).toMatch(/the lock changed since the baseline was written; review what changed, then shrink it with --update-baseline ci\/boundary-baseline\.json/);
  });

  it('refuses a hand-edited identity and cannot be combined with --update', () => {
    const r = committedBaseline();
    const document = JSON.parse(read(r, BASELINE)) as { violations: Array<{ subject: string }> };
    document.violations[0]!.subject = 'web';
    r.write({ [BASELINE]: `${JSON.stringify(document, null, 2)}\n` });
    r.commit('tamper');
    const tampered = verify(r, ['--baseline', BASELINE]);
    expect(tampered.code).toBe(2);
    expect(tampered.json.issues.at(-1)).toMatch(/violations\[0\]\.id does not match its kind, subject and facet/);
    const both = boundver(r.dir, ['verify', '--baseline', BASELINE, '--update']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/cannot be used with option '--update'/);
  });
});

describe('verify --update-baseline', () => {
  it('removes what no longer fails, never adds, and rewrites nothing when there is nothing to remove', () => {
    const r = withBoundaryDebt();
    expect(verify(r, ['--write-baseline', BASELINE]).code).toBe(0);
    r.commit('baseline');
    const before = read(r, BASELINE);
    expect(boundver(r.dir, ['verify', '--update-baseline', BASELINE]).stdout).toContain('is already as small as it can be; not rewritten.');
    expect(read(r, BASELINE)).toBe(before);

    // api's boundary debt is paid (the route is reverted); web gains new drift.
    r.write({ 'services/api/openapi.yaml': 'openapi: 3.0.0\npaths: {}\n', 'services/api/main.py': 'def handle():\n    return 2\n', 'web/index.js': 'export const a = 2;\n' });
    r.commit('revert route, change code');
    const checked = verify(r, ['--baseline', BASELINE]);
    expect(checked.code).toBe(1);
    expect(checked.json.issues).toEqual([expect.stringMatching(/^MISMATCH web\.exact: /)]);
    expect(checked.json.baseline?.resolved_violations.map((v) => `${v.kind}:${v.facet}`).sort()).toEqual(['affected-consumers:direct', 'component-facet:boundary']);

    const updated = verify(r, ['--update-baseline', BASELINE]);
    expect(updated.code).toBe(1); // the new violation still fails and is not added
    expect(updated.json.baseline).toMatchObject({ mode: 'update', violations: 1, written: true });
    const shrunk = JSON.parse(read(r, BASELINE)) as { violations: Array<{ subject: string; facet: string }> };
    expect(shapeErrors(VERIFY_BASELINE_SHAPE, shrunk)).toEqual([]);
    expect(shrunk.violations).toEqual([{ id: id('component-facet', 'api', 'exact'), kind: 'component-facet', subject: 'api', facet: 'exact' }]);
  });

  it('follows a regenerated lock (refreshing its digest) and refuses an unreviewed working-tree edit', () => {
    const r = withBoundaryDebt();
    expect(verify(r, ['--write-baseline', BASELINE]).code).toBe(0);
    r.commit('baseline');
    expect(boundver(r.dir, ['generate']).code).toBe(0);
    r.commit('regenerate: the debt is recorded in the lock');
    r.write({ [BASELINE]: `${read(r, BASELINE).trimEnd()} \n` });
    const dirty = verify(r, ['--update-baseline', BASELINE]);
    expect(dirty.code).toBe(2);
    expect(dirty.json.issues.at(-1)).toMatch(/The working-tree ci\/boundary-baseline\.json differs from the one in the HEAD snapshot that was verified; commit or discard/);
    r.git('checkout', '--', BASELINE);
    const updated = verify(r, ['--update-baseline', BASELINE]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.json.baseline).toMatchObject({ violations: 0, written: true });
    r.commit('shrink');
    expect(verify(r, ['--baseline', BASELINE]).code).toBe(0);
  });
});
