import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMergeConflict, createTempRepo, type TempRepo, type TreeSpec } from '../../../../test/support/temp-repo.js';
import { computeEntries } from './component-entry.js';
import { loadConfigFromSource, requireValidConfig } from '../config/config-source.js';
import { createEngineContext } from './engine-context.js';
import type { EngineLimits } from './engine-limits.js';
import { BoundverError } from '../errors.js';
import { generateLock } from '../operations/generate.js';
import { lockStatus } from '../operations/lock-status.js';
import { captureOperationSource } from '../source/operation-source.js';
import { verifyLock } from '../verify/verify.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.dispose();
});

function repo(files: TreeSpec, options: { commit?: boolean } = {}): TempRepo {
  const created = createTempRepo(files, options);
  repos.push(created);
  return created;
}

function config(components: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ project: 'fail', components, ...extra }, null, 2)}\n`;
}

/** The failure generation reports, with its individual lines. */
async function generationFailure(r: TempRepo, options: { source?: 'head' | 'index' | 'working-tree'; limits?: EngineLimits; allowPartial?: boolean } = {}): Promise<BoundverError> {
  try {
    await generateLock({ cwd: r.dir, dryRun: true, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(BoundverError);
    return error as BoundverError;
  }
  throw new Error('generation unexpectedly succeeded');
}

function looseObjectPath(r: TempRepo, oid: string): string {
  return join(r.dir, '.git', 'objects', oid.slice(0, 2), oid.slice(2));
}

const pathHash = (paths: string[] = ['api']): Record<string, unknown> => ({ provider: 'path-hash', paths });

describe('fail closed: Git objects and source states', () => {
  it('refuses a missing blob instead of hashing empty bytes', async () => {
    const r = repo({ 'c/api/a.txt': 'a\n', 'c/b.txt': 'b\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() } }) });
    rmSync(looseObjectPath(r, r.git('rev-parse', 'HEAD:c/b.txt')));
    const error = await generationFailure(r);
    expect(error.code).toBe('BOUNDVER_GENERATION_FAILED');
    expect(error.details).toEqual([expect.stringMatching(/^c: Exact digest failed: .*missing/i)]);
  });

  it('refuses a corrupt (truncated) blob', async () => {
    const r = repo({ 'c/api/a.txt': 'a\n', 'c/b.txt': 'b'.repeat(4000), 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() } }) });
    const path = looseObjectPath(r, r.git('rev-parse', 'HEAD:c/b.txt'));
    chmodSync(path, 0o644);
    writeFileSync(path, readFileSync(path).subarray(0, 20));
    const error = await generationFailure(r);
    expect(error.details.join('\n')).toMatch(/^c: Exact digest failed: /m);
  });

  it('refuses a gitlink inside a component (non-blob entry)', async () => {
    const r = repo({ 'c/api/a.txt': 'a\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() } }) });
    r.git('update-index', '--add', '--cacheinfo', `160000,${r.git('rev-parse', 'HEAD')},c/sub`);
    r.git('commit', '-q', '-m', 'gitlink');
    const error = await generationFailure(r);
    expect(error.details).toEqual(['c: Exact digest failed: Cannot hash non-blob Git entry at c/sub: commit mode 160000. Only regular files and symlinks have content; leave submodules and directories out of hashed paths.']);
  });

  it('refuses unresolved index stages for --source index', async () => {
    const r = repo({ 'c/api/a.txt': 'base\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() } }) });
    createMergeConflict(r, 'c/api/a.txt');
    const error = await generationFailure(r, { source: 'index' });
    expect(error.code).toBe('BOUNDVER_SOURCE_CAPTURE');
    expect(error.message).toMatch(/^Cannot capture index source: .*c\/api\/a\.txt/s);
  });

  it('refuses an unsupported working-tree file type at a tracked path', async () => {
    const r = repo({ 'c/api/a.txt': 'a\n', 'c/pipe': 'was a file\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() } }) });
    rmSync(join(r.dir, 'c', 'pipe'));
    execFileSync('mkfifo', [join(r.dir, 'c', 'pipe')]);
    const error = await generationFailure(r, { source: 'working-tree' });
    expect(error.details).toEqual([expect.stringMatching(/^c: Exact digest failed: Unsupported working-tree file type at c\/pipe: a FIFO/)]);
  });

  it('refuses a tracked path below a symlinked directory in the working tree', async () => {
    const r = repo({ 'c/api/a.txt': 'a\n', 'c/real/x.txt': 'x\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() } }) });
    rmSync(join(r.dir, 'c', 'api'), { recursive: true });
    symlinkSync('real', join(r.dir, 'c', 'api'));
    const error = await generationFailure(r, { source: 'working-tree' });
    expect(error.details.join('\n')).toMatch(/symlink to a directory/);
  });

  it('refuses a file that disappears between enumeration and reading', async () => {
    const r = repo({ 'c/api/a.txt': 'a\n', 'c/b.txt': 'b\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() } }) });
    const snapshot = await captureOperationSource(r.dir, 'working-tree');
    try {
      const loaded = await loadConfigFromSource(snapshot);
      const context = await createEngineContext(snapshot, requireValidConfig(loaded, { requireSliceFacets: true }));
      rmSync(join(r.dir, 'c', 'b.txt'));
      const entry = (await computeEntries(context, context.config.components)).get('c')!;
      expect(entry.fingerprints.exact).toBeNull();
      expect(entry.exact_errors).toEqual([expect.stringMatching(/^Exact digest failed: File vanished while hashing: c\/b\.txt/)]);
      // The boundary does not select the vanished file, so it is still computed.
      expect(entry.fingerprints.boundary).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await snapshot.close();
    }
  });

  it('reports a component path without files at HEAD with the hint to use the working tree', async () => {
    const r = repo({ 'c/api/a.txt': 'a\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() }, n: { path: 'new', boundary: { provider: 'leaf' } } }) });
    r.write({ 'new/file.txt': 'untracked\n' });
    const error = await generationFailure(r);
    expect(error.details).toEqual(["n: No files found for 'new' at HEAD. Have you committed this path? Try --source working-tree"]);
    const index = await generationFailure(r, { source: 'index' });
    expect(index.details).toEqual(["n: No files found for 'new' at INDEX. Have you committed this path? Try --source working-tree"]);
  });

  it('keeps a real zero-byte file as valid content', async () => {
    const r = repo({ 'c/api/empty.txt': '', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() } }) });
    const { lock } = await generateLock({ cwd: r.dir, dryRun: true });
    expect(lock.components.get('c')!.fingerprints.boundary).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('fail closed: providers, versions and vendored copies', () => {
  it('refuses declarations that match nothing', async () => {
    const r = repo({ 'c/api/a.txt': 'a\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash(['api', 'nope/**']), behavior: { paths: ['missing.txt'] } } }) });
    const error = await generationFailure(r);
    expect(error.details).toEqual(['c: Declared boundary path matched no tracked files: missing.txt', 'c: Declared boundary path matched no tracked files: nope/**']);
  });

  it('refuses invalid JSON under json-canonical and OpenAPI violations under openapi-canonical', async () => {
    const r = repo({
      'j/dup.json': '{"a": 1, "a": 2}',
      'o/openapi.yaml': 'openapi: 3.1.0\npaths:\n  /x:\n    $ref: "other.yaml#/x"\n',
      'boundary.config.json': config({
        j: { path: 'j', boundary: { provider: 'json-canonical', paths: ['dup.json'] } },
        o: { path: 'o', boundary: { provider: 'openapi-canonical', paths: ['openapi.yaml'] } },
      }),
    });
    const error = await generationFailure(r);
    expect(error.details).toEqual([
      'j: Boundary digest failed: JSON canonicalization failed for dup.json: JSON parse error in dup.json: Duplicate object key at line 1, column 10',
      "o: Boundary digest failed: OpenAPI canonicalization failed for openapi.yaml: $.paths./x.$ref uses an external or local-file reference; openapi-canonical accepts only same-document fragment references beginning with '#'",
    ]);
  });

  it('refuses version sources that produce no SemVer version', async () => {
    const r = repo({
      'a/package.json': '{"version": "abc"}',
      'b/x.txt': 'x\n',
      'boundary.config.json': config({
        a: { path: 'a', version_source: { file: 'package.json', field: 'version' }, boundary: { provider: 'leaf' } },
        b: { path: 'b', version_source: { file: 'pyproject.toml', field: 'project.version' }, boundary: { provider: 'leaf' } },
      }),
    });
    const error = await generationFailure(r);
    expect(error.details).toEqual(["a: Configured version is not valid SemVer: 'abc'", 'b: Configured version source did not produce a version (b/pyproject.toml is not in the HEAD snapshot)']);
  });

  it('refuses vendored copies that are missing or differ, and records matching ones', async () => {
    const files = { 'lib/a.txt': 'a\n', 'copy1/a.txt': 'a\n', 'copy2/a.txt': 'changed\n' };
    const r = repo({ ...files, 'boundary.config.json': config({ lib: { path: 'lib', boundary: { provider: 'leaf' }, vendored_copies: ['copy1/', 'copy2', 'gone'] } }) });
    const error = await generationFailure(r);
    expect(error.details).toEqual([
      expect.stringMatching(/^lib: Vendored copy at 'copy2' differs from source \(source=[0-9a-f]{64}, copy=[0-9a-f]{64}\)$/),
      "lib: Vendored copy at 'gone' has no files at head",
    ]);
    r.write({ 'boundary.config.json': config({ lib: { path: 'lib', boundary: { provider: 'leaf' }, vendored_copies: ['copy1/'] } }) });
    r.commit();
    const entry = (await generateLock({ cwd: r.dir, dryRun: true })).lock.components.get('lib')!;
    expect(entry.vendored_copies).toEqual(['copy1/']);
    expect([...entry.vendored_digests!.keys()]).toEqual(['copy1/']);
  });

  it('needs --allow-partial for null slice inputs, and never relaxes digest errors with it', async () => {
    const files = { 'a/x.txt': 'x\n', 'b/api/y.txt': 'y\n' };
    const slice = { slices: { s: { mode: 'boundary', components: ['a', 'b'] } } };
    const r = repo({ ...files, 'boundary.config.json': config({ a: { path: 'a', boundary: { provider: 'implicit' } }, b: { path: 'b', boundary: pathHash() } }, slice) });
    const strict = await generationFailure(r);
    expect(strict.code).toBe('BOUNDVER_CONFIG_INVALID');
    expect(strict.details).toEqual([expect.stringContaining("Slice 's' mode 'boundary' requires boundary digest from component 'a'")]);
    const partial = await generateLock({ cwd: r.dir, dryRun: true, allowPartial: true });
    expect(partial.lock.slices.get('s')!.component_digests.get('a')).toBeNull();
    expect(partial.lock.components.get('a')!.boundary_errors).toEqual(['No boundary paths declared for implicit boundary']);
    r.write({ 'boundary.config.json': config({ a: { path: 'a', boundary: { provider: 'implicit' } }, b: { path: 'b', boundary: pathHash(['nope']) } }, slice) });
    r.commit();
    const error = await generationFailure(r, { allowPartial: true });
    expect(error.details).toEqual(['b: Declared boundary path matched no tracked files: nope']);
  });
});

describe('guardrails (small injected limits)', () => {
  const files = { 'c/api/a.txt': 'aaaa\n', 'c/api/b.txt': 'bbbb\n', 'c/z.txt': 'zzzz\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() } }) };

  it.each([
    [{ maxEntries: 2 }, /^c: Exact digest failed: Hash guardrail exceeded: more than 2 entries$/],
    [{ maxEntryBytes: 4 }, /^c: Exact digest failed: Hash guardrail exceeded: entry too large \(5 bytes, limit 4\) at file:c\/api\/a\.txt$/],
    [{ maxTotalBytes: 12 }, /^c: Exact digest failed: Hash guardrail exceeded: total content exceeds 12 bytes$/],
    [{ maxLabelBytes: 12 }, /^c: Exact digest failed: Hash guardrail exceeded: label exceeds 12 UTF-8 bytes$/],
    [{ maxTotalLabelBytes: 30 }, /^c: Exact digest failed: Hash guardrail exceeded: labels exceed 30 UTF-8 bytes in aggregate$/],
  ])('hash limit %o fails the digest while entries stream in', async (hash, message) => {
    const r = repo(files);
    const error = await generationFailure(r, { limits: { hash } });
    expect(error.details[0]).toMatch(message);
  });

  it('fails the capture above the tree-entry ceiling, before any component is read', async () => {
    const r = repo(files);
    const error = await generationFailure(r, { limits: { snapshot: { maxTreeEntries: 3 } } });
    expect(error.code).toBe('BOUNDVER_SOURCE_CAPTURE');
    expect(error.message).toMatch(/^Cannot capture head source: Snapshot limit maxTreeEntries \(3\) exceeded/);
    for (const [limit, value] of [['maxPathBytes', 8], ['maxTotalPathBytes', 40]] as const) {
      const capture = await generationFailure(r, { source: 'index', limits: { snapshot: { [limit]: value } } });
      expect(capture.message).toMatch(new RegExp(`^Cannot capture index source: Snapshot limit ${limit} \\(${value}\\) exceeded`));
    }
    // verify reports it as its one issue; status (which reads the lock first) still fails with it.
    await generateLock({ cwd: r.dir });
    r.commit('lock');
    const limits = { snapshot: { maxTreeEntries: 3 } };
    const verified = await verifyLock({ cwd: r.dir, limits });
    expect(verified).toMatchObject({ exitCode: 2, captureError: expect.stringMatching(/^Cannot capture head source: Snapshot limit maxTreeEntries/) });
    expect(verified.issues).toEqual([`Verification error: ${verified.captureError}`]);
    await expect(lockStatus({ cwd: r.dir, limits })).rejects.toMatchObject({ code: 'BOUNDVER_SOURCE_CAPTURE', message: verified.captureError });
  });

  it('fails a blob above the per-file ceiling in every source', async () => {
    const r = repo({ ...files, 'c/big.bin': 'x'.repeat(1000) });
    for (const source of ['head', 'index', 'working-tree'] as const) {
      const error = await generationFailure(r, { source, limits: { snapshot: { maxBlobBytes: 500 } } });
      expect(error.code).toBe('BOUNDVER_GENERATION_FAILED');
      expect(error.details).toEqual([expect.stringMatching(/^c: Exact digest failed: .*c\/big\.bin.*more than the 500-byte limit/)]);
    }
    // The config itself is read under the same ceiling.
    const config = await generationFailure(r, { limits: { snapshot: { maxBlobBytes: 8 } } });
    expect(config.code).toBe('BOUNDVER_SOURCE_READ');
    expect(config.message).toMatch(/^Cannot read boundary\.config\.json from the HEAD snapshot: /);
  });

  it('fails selections that exceed the glob work budget', async () => {
    const r = repo({ ...files, 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash(['**/*.txt']) } }) });
    const error = await generationFailure(r, { limits: { glob: { maxStepsPerOperation: 5 } } });
    expect(error.details).toEqual([expect.stringMatching(/^c: Glob match guardrail exceeded: more than 5 aggregate glob compile\/match steps/)]);
  });
});

describe('the lock output', () => {
  it('is refused inside a component or vendored copy, or on top of the config', async () => {
    const r = repo({ 'c/api/a.txt': 'a\n', 'v/a.txt': 'x\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash(), vendored_copies: ['v'] } }) });
    await expect(generateLock({ cwd: r.dir, out: 'c/lock.json' })).rejects.toThrow(/inside component root 'c' declared by component 'c'/);
    await expect(generateLock({ cwd: r.dir, out: 'v/sub/lock.json' })).rejects.toThrow(/inside vendored copy root 'v'/);
    await expect(generateLock({ cwd: r.dir, out: 'boundary.config.json' })).rejects.toThrow(/aliases the selected config/);
    expect(existsSync(join(r.dir, 'c', 'lock.json'))).toBe(false);
  });

  it('is never half-written: a failed generation leaves the old lock and no temporary file', async () => {
    const r = repo({ 'c/api/a.txt': 'a\n', 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash() } }) });
    await generateLock({ cwd: r.dir });
    const before = readFileSync(join(r.dir, 'boundary.lock.json'), 'utf8');
    r.write({ 'boundary.config.json': config({ c: { path: 'c', boundary: pathHash(['nope']) } }) });
    r.commit();
    const listing = readdirSync(r.dir).sort();
    await expect(generateLock({ cwd: r.dir })).rejects.toThrow(/^Lockfile generation failed:\nc: Declared boundary path matched no tracked files: nope$/);
    expect(readFileSync(join(r.dir, 'boundary.lock.json'), 'utf8')).toBe(before);
    // Exactly the files that were there: a temporary file, whatever its name, would show.
    expect(readdirSync(r.dir).sort()).toEqual(listing);
  });
});
