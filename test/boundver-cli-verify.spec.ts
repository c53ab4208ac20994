// Black-box tests of `boundver verify` reporting: NEW/REMOVED, slices, consumers, filters,
// facet policy, --fail-fast, --changed-from, JSON shape and terminal safety. They run the built
// bin (`npm run build`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildVectorCorpus, CORPUS_DIGESTS } from '../libs/boundver/src/operations/vector-corpus.test-helpers.js';
import { boundver, requireBuiltCli, verifyJson } from '../tools/boundver/src/cli-run.test-helpers.js';
import { createMergeConflict, createTempRepo, type TempRepo } from './support/temp-repo.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.dispose();
});
beforeAll(requireBuiltCli);
// Every test spawns the CLI many times; two shared cores can make that slow.
vi.setConfig({ testTimeout: 240_000 });

type Json = Record<string, unknown>;

function chainConfig(extra: Json = {}): Json {
  return {
    project: 'chain',
    components: {
      api: { path: 'api', boundary: { provider: 'path-hash', paths: ['spec'] }, consumers: ['web'], external_consumers: ['partner-x'] },
      web: { path: 'web', boundary: { provider: 'path-hash', paths: ['public'] }, consumers: ['app'] },
      app: { path: 'app', boundary: { provider: 'leaf' }, external_consumers: ['store'] },
    },
    slices: { downstream: { closure_of: 'api' }, surface: { mode: 'boundary', components: ['api', 'web'] } },
    ...extra,
  };
}

/** A committed chain api → web → app with a committed lock. */
function chainRepo(config: Json = chainConfig()): TempRepo {
  const repo = createTempRepo({
    'api/spec/openapi.yaml': 'openapi: 3.1.0\n',
    'api/impl.ts': 'export {};\n',
    'web/public/index.html': '<p>\n',
    'web/main.ts': 'export {};\n',
    'app/main.ts': 'export {};\n',
    'README.md': 'readme\n',
    'boundary.config.json': `${JSON.stringify(config, null, 2)}\n`,
  });
  repos.push(repo);
  expect(boundver(repo.dir, ['generate']).code).toBe(0);
  repo.commit('lock');
  return repo;
}

function writeConfig(repo: TempRepo, config: Json): void {
  repo.write({ 'boundary.config.json': `${JSON.stringify(config, null, 2)}\n` });
}

describe('the corpus through the CLI', () => {
  it('writes the vector lock and verifies it in head mode', () => {
    const corpus = buildVectorCorpus();
    repos.push(corpus);
    const run = boundver(corpus.dir, ['generate']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Generated boundary\.lock\.json from HEAD@[0-9a-f]{12} \(config boundary\.config\.json\): 2 components, 1 slice\.$/m);
    const lock = JSON.parse(readFileSync(join(corpus.dir, 'boundary.lock.json'), 'utf8')) as { components: Record<string, { fingerprints: Json }>; slices: Record<string, Json>; config_digest: string };
    expect(lock.components.svc.fingerprints).toEqual({ exact: CORPUS_DIGESTS.svcExact, behavior: CORPUS_DIGESTS.svcBehavior, boundary: CORPUS_DIGESTS.svcBoundary, compat: null });
    expect(lock.slices.everything.fingerprint).toBe(CORPUS_DIGESTS.sliceEverythingV3);
    expect(lock.config_digest).toBe(CORPUS_DIGESTS.configDigestV2);
    corpus.git('add', 'boundary.lock.json');
    corpus.git('commit', '-q', '-m', 'lock');
    expect(boundver(corpus.dir, ['verify']).code).toBe(0);
  });
});

describe('NEW and REMOVED components and slices', () => {
  it('reports config additions and removals that the lock does not have', () => {
    const repo = chainRepo();
    const config = chainConfig() as { components: Record<string, Json>; slices: Record<string, Json> };
    delete config.components.app;
    (config.components.web as Json).consumers = [];
    config.components.tools = { path: 'README.md', boundary: { provider: 'leaf' } };
    delete config.slices.surface;
    config.slices.extra = { components: ['tools'] };
    writeConfig(repo, config);
    const { code, json } = verifyJson(repo.dir, ['--source', 'working-tree']);
    expect(code).toBe(1);
    const issues = json.issues as string[];
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^METADATA MISMATCH config_digest: /),
        'NEW component not in lockfile: tools',
        'REMOVED component still in lockfile: app',
        'NEW slice not in lockfile: extra',
        'REMOVED slice still in lockfile: surface',
        "METADATA MISMATCH web.consumers: lockfile=['app'] current=[]",
      ]),
    );
  });
});

describe('AFFECTED CONSUMERS', () => {
  it('lists direct consumers and external labels, or the transitive closure', () => {
    const repo = chainRepo();
    repo.write({ 'api/spec/openapi.yaml': 'openapi: 3.1.1\n' });
    const direct = verifyJson(repo.dir, ['--source', 'working-tree']);
    expect(direct.code).toBe(4);
    expect(direct.json.issues).toEqual(expect.arrayContaining(['AFFECTED CONSUMERS api: partner-x, web']));
    expect(direct.json.consumer_impact).toEqual([{ component: 'api', facets: ['boundary'], components: ['web'], external_consumers: ['partner-x'], transitive: false }]);
    const transitive = verifyJson(repo.dir, ['--source', 'working-tree', '--transitive']);
    expect(transitive.json.issues).toEqual(expect.arrayContaining(['AFFECTED CONSUMERS (TRANSITIVE) api: app, partner-x, store, web']));
    expect(transitive.json.consumer_impact).toEqual([{ component: 'api', facets: ['boundary'], components: ['app', 'web'], external_consumers: ['partner-x', 'store'], transitive: true }]);
    // The boundary slice over api and web drifts with it.
    expect(transitive.json.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^SLICE MISMATCH surface\.boundary: /)]));
  });
});

describe('filters and facet policy', () => {
  it('--components checks only the named components and the slices touching them', () => {
    const repo = chainRepo();
    repo.write({ 'api/impl.ts': 'export const x = 1;\n', 'app/main.ts': 'export const y = 2;\n' });
    const app = verifyJson(repo.dir, ['--source', 'working-tree', '--components', 'app']);
    expect(app.code).toBe(1);
    expect(app.json.components_filter).toEqual(['app']);
    expect(app.json.issues).toEqual([expect.stringMatching(/^MISMATCH app\.exact: /), expect.stringMatching(/^SLICE MISMATCH downstream\.exact: /)]);
    const web = verifyJson(repo.dir, ['--source', 'working-tree', '--components', 'web']);
    expect(web.json.issues).toEqual([expect.stringMatching(/^SLICE MISMATCH downstream\.exact: /)]);
    const unknown = boundver(repo.dir, ['verify', '--source', 'working-tree', '--components', 'web,nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toContain('  Unknown verification component(s): nope');
  });

  it('--facets gates only the named facets; the rest become observations', () => {
    const repo = chainRepo();
    repo.write({ 'web/public/index.html': '<p>changed\n' });
    const exactOnly = verifyJson(repo.dir, ['--source', 'working-tree', '--facets', 'exact']);
    expect(exactOnly.code).toBe(1);
    expect(exactOnly.json.facets).toEqual(['exact']);
    expect(exactOnly.json.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^MISMATCH web\.exact: /)]));
    expect(exactOnly.json.observations).toEqual(expect.arrayContaining([expect.stringMatching(/^MISMATCH web\.boundary: /), expect.stringMatching(/^SLICE MISMATCH surface\.boundary: /)]));
    expect((exactOnly.json.facet_policy as Json).slices).toEqual({ downstream: { mode: 'exact', gated: true }, surface: { mode: 'boundary', gated: false } });
    const bad = verifyJson(repo.dir, ['--source', 'working-tree', '--facets', 'exact,speed']);
    expect(bad.code).toBe(2);
    expect(bad.json.issues).toEqual(['Unknown verification facet(s): speed']);
  });

  it('explicit policy requires gated facets on both sides (UNAVAILABLE FACET → 2)', () => {
    const repo = chainRepo();
    const run = verifyJson(repo.dir, ['--facets', 'boundary']);
    expect(run.code).toBe(2);
    expect(run.json.issues).toEqual(['UNAVAILABLE FACET app.boundary: selected gate requires both locked and current digests']);
    // The policy-free fallback only gates what each component can produce.
    expect(verifyJson(repo.dir).code).toBe(0);
    // Configured per-component policy is explicit too.
    const config = chainConfig() as { components: Record<string, Json> };
    config.components.web.verify_facets = ['exact'];
    writeConfig(repo, config);
    repo.write({ 'web/public/index.html': '<p>changed\n' });
    const configured = verifyJson(repo.dir, ['--source', 'working-tree']);
    expect((configured.json.facet_policy as Json).components).toEqual({ api: ['boundary', 'exact'], app: ['exact'], web: ['exact'] });
    expect(configured.json.observations).toEqual(expect.arrayContaining([expect.stringMatching(/^MISMATCH web\.boundary: /)]));
  });

  it('--fail-fast reports one issue and keeps the exit code', () => {
    const repo = chainRepo();
    repo.write({ 'api/spec/openapi.yaml': 'openapi: 3.1.1\n', 'app/main.ts': 'changed\n' });
    const all = verifyJson(repo.dir, ['--source', 'working-tree']);
    const fast = verifyJson(repo.dir, ['--source', 'working-tree', '--fail-fast']);
    expect((all.json.issues as string[]).length).toBeGreaterThan(3);
    expect(fast.code).toBe(all.code);
    expect(fast.json.issues).toEqual([expect.stringMatching(/^MISMATCH api\.boundary: /)]);
  });

  it('--changed-from reports changed components but still verifies the whole lock', () => {
    const repo = chainRepo();
    const base = repo.git('rev-parse', 'HEAD');
    repo.write({ 'web/main.ts': 'changed\n' });
    repo.commit('web');
    const run = verifyJson(repo.dir, ['--changed-from', base]);
    expect(run.json.changed_components).toEqual(['web']);
    expect(run.json.components_filter).toEqual([]);
    expect(run.json.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^MISMATCH web\.exact: /)]));
    repo.write({ 'README.md': 'unmapped change\n' });
    repo.commit('readme');
    expect(verifyJson(repo.dir, ['--changed-from', base]).json.changed_components).toEqual(['api', 'web', 'app']);
    const text = boundver(repo.dir, ['verify', '--changed-from', base]);
    expect(text.stdout).toContain('Changed component paths (3): api, web, app; validating full lock integrity.');
    expect(boundver(repo.dir, ['verify', '--changed-from', 'no-such-ref']).code).toBe(2);
  });
});

describe('output', () => {
  it('has the JSON shape of spec §13', () => {
    const repo = chainRepo();
    const { code, json } = verifyJson(repo.dir);
    expect(code).toBe(0);
    expect(Object.keys(json)).toEqual([
      'ok',
      'updated',
      'issues',
      'resolved_issues',
      'observations',
      'facets',
      'facet_policy',
      'components_filter',
      'changed_components',
      'inputs',
      'consumer_impact',
    ]);
    const head = repo.git('rev-parse', 'HEAD');
    expect(json).toMatchObject({
      ok: true,
      updated: false,
      facets: null,
      facet_policy: { explicit: null, defaults: null, components: { api: ['boundary', 'exact'], app: ['exact'], web: ['boundary', 'exact'] } },
      inputs: { source: 'head', commit: head, config: `HEAD@${head}:boundary.config.json`, lock: `HEAD@${head}:boundary.lock.json` },
    });
  });

  it('escapes untrusted text in human output but keeps it exact in JSON', () => {
    const evil = 'ev\u001b[31mil\u202e';
    const repo = chainRepo({ project: 'safe', components: { [evil]: { path: 'api', boundary: { provider: 'leaf' } } } });
    repo.write({ 'api/impl.ts': 'changed\n' });
    const text = boundver(repo.dir, ['verify', '--source', 'working-tree']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('MISMATCH ev\\x1b[31mil\\u202e.exact: ');
    expect(text.stdout).not.toContain('\u001b');
    expect(verifyJson(repo.dir, ['--source', 'working-tree']).json.issues).toEqual([expect.stringContaining(`MISMATCH ${evil}.exact: `)]);
  });

  it('names a path that is not UTF-8 as its \\udcNN escape, in text and in JSON', () => {
    const repo = chainRepo();
    // A gitlink (nothing to hash) under a name whose last byte is not UTF-8.
    const record = Buffer.concat([Buffer.from(`160000 ${repo.git('rev-parse', 'HEAD')} 0\tapi/vend`), Buffer.from([0xe9, 0x0a])]);
    execFileSync('git', ['update-index', '--index-info'], { cwd: repo.dir, input: record });
    repo.git('commit', '-q', '-m', 'gitlink');
    const problem = 'CURRENT DIGEST ERROR api: Exact digest failed: Cannot hash non-blob Git entry at api/vend';
    const text = boundver(repo.dir, ['verify']);
    expect(text.code, text.stderr).toBe(2);
    expect(text.stdout).toContain(`${problem}\\udce9`);
    const json = verifyJson(repo.dir);
    expect(json.code).toBe(2);
    expect(json.json.issues).toContainEqual(expect.stringContaining(`${problem}\udce9`));
    // why compares the same metadata.
    const why = boundver(repo.dir, ['why', 'api', '--format', 'json']);
    expect(why.stderr).toBe('');
    expect((JSON.parse(why.stdout) as { digest_errors: string[] }).digest_errors).toContainEqual(expect.stringContaining('api/vend\udce9'));
  });

  it('reports a source it cannot capture as one JSON object and still writes the report files', () => {
    const repo = chainRepo();
    createMergeConflict(repo, 'api/impl.ts');
    const run = boundver(repo.dir, ['verify', '--source', 'index', '--format', 'json', '--report', 'junit=reports/boundary.xml']);
    expect(run.code).toBe(2);
    const json = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ ok: false, inputs: { source: 'index', commit: null, config: 'INDEX:boundary.config.json', lock: 'INDEX:boundary.lock.json' } });
    expect(json.issues).toEqual([expect.stringMatching(/^Verification error: Cannot capture index source: The index has unresolved merge conflicts in api\/impl\.ts\./)]);
    expect(readFileSync(join(repo.dir, 'reports/boundary.xml'), 'utf8')).toContain('unresolved merge conflicts');
  });

  it('says a committed lock that is a symlink must be a regular file', () => {
    const repo = chainRepo();
    const text = readFileSync(join(repo.dir, 'boundary.lock.json'), 'utf8');
    repo.write({ 'locks/boundary.json': text, 'boundary.lock.json': { symlink: 'locks/boundary.json' } });
    repo.commit('the lock behind a link');
    const run = boundver(repo.dir, ['verify']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('LOCKFILE unavailable: Lockfile boundary.lock.json is a symlink in the HEAD snapshot; the lock must be a regular file. Replace the link with the file itself.');
    expect(boundver(repo.dir, ['verify', '--source', 'working-tree']).code).toBe(0);
  });

  it('points SARIF results at the lines of the lock it verified, not of the file on disk', () => {
    const repo = chainRepo();
    repo.write({ 'app/main.ts': 'changed\n' });
    repo.commit('drift app');
    const committed = readFileSync(join(repo.dir, 'boundary.lock.json'), 'utf8');
    const lineOf = (text: string) => text.split('\n').findIndex((line) => line.startsWith('    "app": {')) + 1;
    // The file on disk (uncommitted) lists the components in another order.
    const lock = JSON.parse(committed) as { components: Record<string, unknown> };
    const reordered = { ...lock, components: Object.fromEntries(Object.entries(lock.components).reverse()) };
    repo.write({ 'boundary.lock.json': `${JSON.stringify(reordered, null, 2)}\n` });
    expect(lineOf(committed)).not.toBe(lineOf(readFileSync(join(repo.dir, 'boundary.lock.json'), 'utf8')));
    const run = boundver(repo.dir, ['verify', '--format', 'sarif']);
    expect(run.code).toBe(1);
    const sarif = JSON.parse(run.stdout) as { runs: Array<{ results: Array<{ locations: Array<{ physicalLocation: { region: { startLine: number } } }> }> }> };
    const lines = sarif.runs[0]!.results.map((result) => result.locations[0]!.physicalLocation.region.startLine);
    expect(lines).toContain(lineOf(committed));
  });

  it('explains a missing lock per source', () => {
    const repo = createTempRepo({ 'a/x.txt': 'x\n', 'boundary.config.json': JSON.stringify({ project: 'p', components: { a: { path: 'a', boundary: { provider: 'leaf' } } } }) });
    repos.push(repo);
    const run = boundver(repo.dir, ['verify']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('LOCKFILE missing: boundary.lock.json is not in the HEAD snapshot. Commit the lock');
  });
});

describe('config and lock problems are exit-2 issues', () => {
  it('reports an invalid or unreadable config, and locks that must be regenerated', () => {
    const repo = chainRepo();
    writeConfig(repo, { project: 'chain', components: { api: { path: 'api', boundary: { provider: 'mystery' } } } });
    const invalid = verifyJson(repo.dir, ['--source', 'working-tree']);
    expect(invalid.code).toBe(2);
    expect(invalid.json.issues).toEqual(["Config invalid: Component 'api': Unknown boundary provider: 'mystery'"]);
    expect(invalid.json.facet_policy).toEqual({ explicit: null, defaults: null, components: {}, slices: {} });
    repo.write({ 'boundary.config.json': '[1, 2' });
    expect(verifyJson(repo.dir, ['--source', 'working-tree']).json.issues).toEqual([
      expect.stringMatching(/^Config unavailable: JSON parse error in boundary\.config\.json in the working tree: .* at line 1, column 6$/),
    ]);
    repo.git('checkout', '--', 'boundary.config.json');
    const lock = JSON.parse(readFileSync(join(repo.dir, 'boundary.lock.json'), 'utf8')) as Json;
    repo.write({ 'boundary.lock.json': JSON.stringify({ ...lock, schema: 'boundary-lock/v2' }) });
    const old = boundver(repo.dir, ['verify', '--source', 'working-tree']);
    expect(old.code).toBe(2);
    expect(old.stdout).toContain('  LOCKFILE schema boundary-lock/v2 must be regenerated');
    repo.write({ 'boundary.lock.json': JSON.stringify({ ...lock, config_contract: 'boundver-semantic-config/v1' }) });
    expect(verifyJson(repo.dir, ['--source', 'working-tree']).json.issues).toEqual([expect.stringMatching(/^LOCKFILE semantic configuration contract mismatch: boundver-semantic-config\/v1 must be regenerated/)]);
  });

  it('reports locked digest errors and metadata drift of hand-edited entries', () => {
    const repo = chainRepo();
    const lock = JSON.parse(readFileSync(join(repo.dir, 'boundary.lock.json'), 'utf8')) as { components: Record<string, Json> };
    lock.components.app = { ...lock.components.app, boundary_status: 'error', boundary_errors: ['broken'] };
    repo.write({ 'boundary.lock.json': `${JSON.stringify(lock, null, 2)}\n` });
    const run = verifyJson(repo.dir, ['--source', 'working-tree']);
    expect(run.code).toBe(2);
    expect(run.json.issues).toEqual([
      'LOCKED DIGEST ERROR app: broken',
      "METADATA MISMATCH app.boundary_status: lockfile='error' current='ok'",
      "METADATA MISMATCH app.boundary_errors: lockfile=['broken'] current=None",
    ]);
    // --update repairs a lock whose recorded entry was broken.
    expect(verifyJson(repo.dir, ['--source', 'working-tree', '--update']).json).toMatchObject({ ok: true, updated: true });
    expect(verifyJson(repo.dir, ['--source', 'working-tree']).code).toBe(0);
  });
});
