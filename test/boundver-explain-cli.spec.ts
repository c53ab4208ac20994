import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { boundver, requireBuiltCli } from '../tools/boundver/src/cli-run.test-helpers.js';
import type { TempRepo } from './support/temp-repo.js';
import { tempReposPerTest } from './support/temp-repos.js';

// `boundver explain <component>` through the built bin on a real temporary repository with a
// history: what the lock entry is made of (read back from the lock generate wrote, never
// restated), and with --base-ref what changed since.

beforeAll(() => requireBuiltCli());

const tempRepo = tempReposPerTest();

const CONFIG = {
  project: 'shop',
  components: {
    calc: {
      path: 'calc',
      version_source: { file: 'package.json', field: 'version' },
      boundary: { provider: 'signatures', paths: [] },
      behavior: { paths: ['calc'] },
      consumers: ['web'],
      external_consumers: ['mobile-app'],
    },
    api: { path: 'api', boundary: { provider: 'openapi', paths: ['openapi.yaml'] }, verify_facets: ['boundary'] },
    web: { path: 'web', boundary: { provider: 'leaf' } },
  },
  slices: { checkout: { description: 'purchase', mode: 'exact', components: ['calc', 'web'] } },
};

interface LockJson {
  components: Record<string, { fingerprints: Record<string, string | null> }>;
}

function shop(): { r: TempRepo; first: string } {
  const r = tempRepo({
    'calc/package.json': '{"name": "calc", "version": "1.2.0"}\n',
    'calc/calc/__init__.py': 'from .core import split\n',
    'calc/calc/core.py': 'def split(total: int, parts: int) -> list[int]:\n    return [total // parts] * parts\n',
    'api/openapi.yaml': 'openapi: 3.0.0\npaths: {}\n',
    'api/server.py': 'X = 1\n',
    'web/app.js': 'export const page = 1;\n',
    'boundary.config.json': `${JSON.stringify(CONFIG, null, 2)}\n`,
  }, { commit: false });
  expect(boundver(r.dir, ['generate', '--source', 'working-tree']).code).toBe(0);
  const first = r.commit('first');
  return { r, first };
}

const lockOf = (r: TempRepo): LockJson => JSON.parse(readFileSync(join(r.dir, 'boundary.lock.json'), 'utf8')) as LockJson;
const short = (digest: string | null | undefined): string => (digest == null ? 'none' : `${digest.slice(0, 12)}...`);

describe('boundver explain', () => {
  it('shows the files, version source, provider, selected files, facets with their digests, consumers and slices', () => {
    const { r, first } = shop();
    const run = boundver(r.dir, ['explain', 'calc']);
    expect(run.code, run.stderr).toBe(0);
    const digests = lockOf(r).components.calc!.fingerprints;
    expect(run.stdout).toContain('Component: calc\n');
    expect(run.stdout).toContain('Path: calc (3 tracked files; exact hashes them all)\n');
    expect(run.stdout).toContain(`Config: HEAD@${first}:boundary.config.json\n`);
    expect(run.stdout).toContain('Version: 1.2.0 from calc/package.json field version; compat family 1\n');
    expect(run.stdout).toMatch(/Boundary provider: signatures v\S+\n {2}declared paths: none \(the provider finds the public surface itself\)\n {2}exported symbols \(2\):\n {4}calc\/__init__\.py#split\n {4}calc\/core\.py#split\n/);
    expect(run.stdout).toContain('Behavior paths: calc\n  selects 2 files:\n    calc/calc/__init__.py\n    calc/calc/core.py\n');
    for (const facet of ['exact', 'behavior', 'boundary', 'compat']) expect(run.stdout).toContain(`  ${facet.padEnd(8)} ${short(digests[facet])} (gated)\n`);
    expect(run.stdout).toContain('Consumers: web; external: mobile-app\n');
    expect(run.stdout).toContain('Slices: checkout (exact)\n');
    expect(run.stdout).toContain('State: the lock entry matches the head snapshot.\n');
  });

  it('says which facets are not available or only observed, and which paths select which files', () => {
    const { r } = shop();
    const api = boundver(r.dir, ['explain', 'api']);
    expect(api.code).toBe(0);
    expect(api.stdout).toContain('  declared paths: openapi.yaml\n  selects 1 file:\n    api/openapi.yaml\n');
    expect(api.stdout).toContain('Behavior paths: none (no behavior facet)\n');
    expect(api.stdout).toMatch(/ {2}exact {4}[0-9a-f]{12}\.\.\. \(observed only\)\n/);
    expect(api.stdout).toContain('  behavior none (not available)\n');
    expect(api.stdout).toContain('  compat   none (not available)\n');
    const web = boundver(r.dir, ['explain', 'web']);
    expect(web.stdout).toContain('  declared paths: none (a leaf publishes no boundary)\n');
    expect(web.stdout).toContain('Slices: checkout (exact)\n');
  });

  it('names drift from the lock, and with --base-ref the files and lock digests changed since', () => {
    const { r, first } = shop();
    const before = lockOf(r).components.calc!.fingerprints;
    r.write({ 'calc/calc/core.py': `${readFileSync(join(r.dir, 'calc/calc/core.py'), 'utf8')}\ndef more(x: int) -> int:\n    return x\n` });
    expect(boundver(r.dir, ['generate', '--source', 'working-tree']).code).toBe(0);
    r.commit('calc grows');
    const after = lockOf(r).components.calc!.fingerprints;
    const run = boundver(r.dir, ['explain', 'calc', '--base-ref', 'HEAD~1']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Since HEAD~1 (${first}):\n  files changed under calc (1):\n    M calc/calc/core.py\n`);
    expect(run.stdout).toContain('  lock entry then: version 1.2.0; changed since: exact, behavior, boundary\n');
    expect(run.stdout).toContain(`    boundary: ${short(before.boundary)} -> ${short(after.boundary)}\n`);
    expect(run.stdout).toContain('  exported symbols since:\n    + calc/core.py#more\n');

    r.write({ 'calc/calc/core.py': 'def split(total: int, parts: int) -> list[int]:\n    return []\n' });
    const drifted = boundver(r.dir, ['explain', 'calc', '--source', 'working-tree']);
    expect(drifted.code).toBe(0);
    expect(drifted.stdout).toMatch(/ {2}behavior [0-9a-f]{12}\.\.\. \(gated\); now [0-9a-f]{12}\.\.\.\n/);
    expect(drifted.stdout).toContain('State: exact, behavior, boundary changed since the lock; `boundver why calc` says why');
  });

  it('is exit 2 for an unknown component, a bad --base-ref, or a missing lock', () => {
    const { r } = shop();
    const unknown = boundver(r.dir, ['explain', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown component 'nope'. Known components: api, calc, web.");
    const ref = boundver(r.dir, ['explain', 'calc', '--base-ref', 'no-such-ref']);
    expect(ref.code).toBe(2);
    expect(ref.stderr).toMatch(/--base-ref: Cannot resolve the base revision "no-such-ref" to a commit/);
    const lock = boundver(r.dir, ['explain', 'calc', '--lock', 'other.lock.json']);
    expect(lock.code).toBe(2);
    expect(lock.stderr).toMatch(/Lockfile other\.lock\.json is not in the HEAD snapshot/);
  });
});
