import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { sha256Hex } from '../hashing/sha256.js';
import { generateLock } from './generate.js';
import { buildVectorCorpus, CORPUS_DIGESTS } from './vector-corpus.test-helpers.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.dispose();
});

function repo(files: TreeSpec, options: { attributes?: string } = {}): TempRepo {
  const created = createTempRepo(files, options);
  repos.push(created);
  return created;
}

/**
 * The whole v3 lock of the corpus, written out from the vector values (vectors.md §2.2) in the
 * key order and layout of spec §3 (Python `json.dumps(indent=2)` + LF).
 */
function expectedCorpusLock(): string {
  const d = CORPUS_DIGESTS;
  return `{
  "$schema": "https://raw.githubusercontent.com/yzm1/boundver/v0.13.0/spec/boundary.lock.schema.json",
  "schema": "boundary-lock/v3",
  "config_contract": "boundver-semantic-config/v2",
  "config_digest": "${d.configDigestV2}",
  "project": "vectors",
  "components": {
    "svc": {
      "version": null,
      "path": "svc",
      "boundary_provider": "path-hash",
      "boundary_provider_version": "3",
      "boundary_status": "ok",
      "consumers": [
        "sdk"
      ],
      "external_consumers": [],
      "fingerprints": {
        "exact": "${d.svcExact}",
        "behavior": "${d.svcBehavior}",
        "boundary": "${d.svcBoundary}",
        "compat": null
      },
      "semver": {
        "compat_family": null,
        "api_surface": null,
        "exact_version": null
      }
    },
    "sdk": {
      "version": null,
      "path": "sdk",
      "boundary_provider": "leaf",
      "boundary_provider_version": "1",
      "boundary_status": "ok",
      "consumers": [],
      "external_consumers": [],
      "fingerprints": {
        "exact": "${d.sdkExact}",
        "behavior": null,
        "boundary": null,
        "compat": null
      },
      "semver": {
        "compat_family": null,
        "api_surface": null,
        "exact_version": null
      }
    }
  },
  "slices": {
    "everything": {
      "description": "",
      "mode": "exact",
      "components": [
        "sdk",
        "svc"
      ],
      "fingerprint": "${d.sliceEverythingV3}",
      "component_digests": {
        "sdk": "${d.sdkExact}",
        "svc": "${d.svcExact}"
      }
    }
  }
}
`;
}

describe('the reference digest-vector corpus (vectors §2.2, source=head)', () => {
  it('reproduces every digest and the whole lock byte for byte', async () => {
    const corpus = buildVectorCorpus();
    repos.push(corpus);
    // The corpus really has the index-only mode change, symlink and gitlink.
    const tree = corpus.git('ls-tree', '-r', 'HEAD');
    expect(tree).toMatch(/^100755 blob \S+\tsvc\/run\.sh$/m);
    expect(tree).toMatch(/^120000 blob \S+\tsvc\/api\/link\.yaml$/m);
    expect(tree).toMatch(/^160000 commit \S+\tvendor\/sub$/m);

    const result = await generateLock({ cwd: corpus.dir, dryRun: true });
    const svc = result.lock.components.get('svc')!;
    const sdk = result.lock.components.get('sdk')!;
    expect(svc.fingerprints).toEqual({ exact: CORPUS_DIGESTS.svcExact, behavior: CORPUS_DIGESTS.svcBehavior, boundary: CORPUS_DIGESTS.svcBoundary, compat: null });
    expect(sdk.fingerprints).toEqual({ exact: CORPUS_DIGESTS.sdkExact, behavior: null, boundary: null, compat: null });
    expect(result.lock.slices.get('everything')!.fingerprint).toBe(CORPUS_DIGESTS.sliceEverythingV3);
    expect(result.lock.config_digest).toBe(CORPUS_DIGESTS.configDigestV2);
    expect(result.text).toBe(expectedCorpusLock());
    expect(result.written).toBe(false);
  });

  it('gives the same digests from the index', async () => {
    const corpus = buildVectorCorpus();
    repos.push(corpus);
    const result = await generateLock({ cwd: corpus.dir, source: 'index', dryRun: true });
    expect(result.text).toBe(expectedCorpusLock());
  });
});

describe('sources', () => {
  it('generates from the working tree of an unborn repository (first run before any commit)', async () => {
    const r = createTempRepo({ 'a/x.txt': 'x\n', 'boundary.config.json': JSON.stringify({ project: 'new', components: { a: { path: 'a', boundary: { provider: 'path-hash', paths: ['x.txt'] } } } }) }, { commit: false });
    repos.push(r);
    await expect(generateLock({ cwd: r.dir, dryRun: true })).rejects.toThrow(/^Cannot capture head source: HEAD has no commit yet/);
    const { lock } = await generateLock({ cwd: r.dir, source: 'working-tree', dryRun: true });
    expect(lock.components.get('a')!.fingerprints.boundary).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('behaviour rows (vectors §2.3)', () => {
  it('resolves tag-prefix overlap against tags reachable from the captured HEAD', async () => {
    const r = repo({
      'a/x.txt': 'a\n',
      'b/x.txt': 'b\n',
      'boundary.config.json': JSON.stringify({
        project: 'tags',
        components: {
          a: { path: 'a', version_source: { git_tag_prefix: 'v' }, boundary: { provider: 'leaf' } },
          b: { path: 'b', version_source: { git_tag_prefix: 'v1' }, boundary: { provider: 'leaf' } },
        },
      }),
    });
    r.git('tag', 'v11.0.0');
    // A tag on a commit that is not an ancestor of HEAD is never selected.
    r.git('checkout', '-q', '-b', 'side');
    r.write({ 'side.txt': 'x\n' });
    r.commit('side');
    r.git('tag', 'v99.0.0');
    r.git('checkout', '-q', 'main');
    const { lock } = await generateLock({ cwd: r.dir, dryRun: true });
    expect(lock.components.get('a')!.version).toBe('11.0.0');
    expect(lock.components.get('b')!.version).toBe('1.0.0');
    expect(lock.components.get('a')!.semver).toEqual({ compat_family: '11', api_surface: '11.0', exact_version: '11.0.0' });
    expect(lock.components.get('a')!.fingerprints.compat).toBe(sha256Hex('a@compat:11'));
  });

  it('derives compat from the major, or from major.minor under semver_major_minor', async () => {
    const components = {
      a: { path: 'a', version_source: { file: 'meta.yaml', field: 'release.version' }, boundary: { provider: 'implicit', paths: ['x.txt'] } },
    };
    const r = repo({ 'a/x.txt': 'x\n', 'a/meta.yaml': 'release:\n  version: v1.4.2-rc.1\n', 'boundary.config.json': JSON.stringify({ project: 'c', components }) });
    const major = (await generateLock({ cwd: r.dir, dryRun: true })).lock.components.get('a')!;
    expect(major.version).toBe('v1.4.2-rc.1');
    expect(major.semver).toEqual({ compat_family: '1', api_surface: '1.4', exact_version: '1.4.2' });
    expect(major.fingerprints.compat).toBe(sha256Hex('a@compat:1'));
    // implicit with paths hashes like path-hash and reports status ok.
    expect(major.boundary_status).toBe('ok');
    expect(major.boundary_provider_version).toBe('3');
    r.write({ 'boundary.config.json': JSON.stringify({ project: 'c', defaults: { compat_mode: 'semver_major_minor' }, components }) });
    r.commit();
    const minor = (await generateLock({ cwd: r.dir, dryRun: true })).lock.components.get('a')!;
    expect(minor.fingerprints.compat).toBe(sha256Hex('a@compat:1.4'));
  });

  it('keeps json-canonical digests across reindenting and key reordering; path-hash changes on an appended line', async () => {
    const config = JSON.stringify({
      project: 'canon',
      components: {
        c: { path: 'c', boundary: { provider: 'json-canonical', paths: ['schema.json'] } },
        p: { path: 'p', boundary: { provider: 'path-hash', paths: ['spec.txt'] } },
      },
    });
    const r = repo({ 'c/schema.json': '{"b": 1, "a": [1, 2.0]}\n', 'p/spec.txt': 'one\n', 'boundary.config.json': config });
    const before = (await generateLock({ cwd: r.dir, dryRun: true })).lock;
    r.write({ 'c/schema.json': '{\n    "a": [\n        1,\n        2.0\n    ],\n    "b": 1\n}\n', 'p/spec.txt': 'one\ntwo\n' });
    r.commit();
    const after = (await generateLock({ cwd: r.dir, dryRun: true })).lock;
    expect(after.components.get('c')!.fingerprints.boundary).toBe(before.components.get('c')!.fingerprints.boundary);
    expect(after.components.get('c')!.fingerprints.exact).not.toBe(before.components.get('c')!.fingerprints.exact);
    expect(after.components.get('p')!.fingerprints.boundary).not.toBe(before.components.get('p')!.fingerprints.boundary);
  });

  it('changes exact when only the executable bit flips, or a file becomes a symlink with the same bytes', async () => {
    const config = JSON.stringify({ project: 'modes', components: { m: { path: 'm', boundary: { provider: 'path-hash', paths: ['f'] } } } });
    const r = repo({ 'm/f': 'target', 'm/target': 'x\n', 'boundary.config.json': config });
    const digests = async (): Promise<[string | null, string | null]> => {
      const entry = (await generateLock({ cwd: r.dir, dryRun: true })).lock.components.get('m')!;
      return [entry.fingerprints.exact, entry.fingerprints.boundary];
    };
    const plain = await digests();
    r.write({ 'm/f': { content: 'target', executable: true } });
    r.commit();
    const executable = await digests();
    r.write({ 'm/f': { symlink: 'target' } });
    r.commit();
    const symlink = await digests();
    expect(new Set([plain[0], executable[0], symlink[0]]).size).toBe(3);
    expect(new Set([plain[1], executable[1], symlink[1]]).size).toBe(3);
  });

  it('selects with the contract glob grammar: **, single-segment wildcards, dotfiles, case', async () => {
    const config = (paths: string[]): string => JSON.stringify({ project: 'g', components: { g: { path: 'g', boundary: { provider: 'path-hash', paths } } } });
    const files = { 'g/a.yaml': 'a\n', 'g/x/y/a.yaml': 'b\n', 'g/api/v1/a.yaml': 'c\n', 'g/api/a.yaml': 'd\n', 'g/.hidden': 'e\n', 'g/A.YAML': 'f\n' };
    const r = repo({ ...files, 'boundary.config.json': config(['**/*.yaml']) });
    const all = (await generateLock({ cwd: r.dir, dryRun: true })).lock.components.get('g')!.fingerprints.boundary;
    // The same selection spelled as the explicit list of files it must select.
    r.write({ 'boundary.config.json': config(['a.yaml', 'x/y/a.yaml', 'api/v1/a.yaml', 'api/a.yaml']) });
    r.commit();
    expect((await generateLock({ cwd: r.dir, dryRun: true })).lock.components.get('g')!.fingerprints.boundary).toBe(all);

    r.write({ 'boundary.config.json': config(['api/*.yaml', '*']) });
    r.commit();
    const shallow = (await generateLock({ cwd: r.dir, dryRun: true })).lock.components.get('g')!.fingerprints.boundary;
    r.write({ 'boundary.config.json': config(['api/a.yaml', 'a.yaml', '.hidden', 'A.YAML']) });
    r.commit();
    expect((await generateLock({ cwd: r.dir, dryRun: true })).lock.components.get('g')!.fingerprints.boundary).toBe(shallow);

    r.write({ 'boundary.config.json': config(['./api']) });
    r.commit();
    await expect(generateLock({ cwd: r.dir, dryRun: true })).rejects.toThrow(/must not contain '\.' path segments/);
  });
});
