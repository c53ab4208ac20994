// Black-box tests of `boundver generate` / `verify`: round trips in every source mode and the
// graded exit codes from real edits. They run the built bin (`npm run build`).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boundver, requireBuiltCli, verifyJson } from '../tools/boundver/src/cli-run.test-helpers.js';
import { createTempRepo, type TempRepo } from './support/temp-repo.js';

type Source = 'head' | 'index' | 'working-tree';

const CONFIG = {
  project: 'roundtrip',
  defaults: { compat_mode: 'major' },
  components: {
    api: {
      path: 'svc',
      version_source: { file: 'package.json', field: 'version' },
      boundary: { provider: 'path-hash', paths: ['api'] },
      behavior: { paths: ['api', 'src'] },
      consumers: ['web'],
      external_consumers: ['partner-x'],
    },
    web: { path: 'web', boundary: { provider: 'implicit' } },
  },
  slices: { all: { description: 'everything', components: ['api', 'web'] } },
};

const FILES = {
  'svc/api/openapi.yaml': 'openapi: 3.1.0\npaths: {}\n',
  'svc/src/impl.py': 'def f():\n    return 1\n',
  'svc/package.json': '{"name": "svc", "version": "1.4.2"}\n',
  'svc/README.md': '# svc\n',
  'web/index.ts': 'export const web = 1;\n',
  'docs/notes.md': 'notes\n',
  'boundary.config.json': `${JSON.stringify(CONFIG, null, 2)}\n`,
};

const repos: TempRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.dispose();
});
beforeAll(requireBuiltCli);
// Every test spawns the CLI many times; two shared cores can make that slow.
vi.setConfig({ testTimeout: 240_000 });

/** Stages or commits an edit so that the given source sees it. */
function apply(repo: TempRepo, source: Source, files: Record<string, string | null>): void {
  repo.write(files);
  if (source === 'head') repo.commit('edit');
  else if (source === 'index') repo.git('add', '-A');
}

/** A repository whose lock was generated from `source` and committed; returns the base commit. */
function lockedRepo(source: Source): { repo: TempRepo; base: string } {
  const repo = createTempRepo(FILES);
  repos.push(repo);
  if (source === 'index') repo.git('add', '-A');
  const generated = boundver(repo.dir, ['generate', '--source', source]);
  expect(generated.code, generated.stderr).toBe(0);
  const base = repo.commit('lock');
  return { repo, base };
}

function reset(repo: TempRepo, base: string): void {
  repo.git('reset', '-q', '--hard', base);
  repo.git('clean', '-qfd');
}

describe.each(['head', 'index', 'working-tree'] as const)('round trip with --source %s', (source) => {
  it('generate then verify passes, and each kind of edit gets its graded exit code', () => {
    const { repo, base } = lockedRepo(source);
    const verify = (...extra: string[]) => boundver(repo.dir, ['verify', '--source', source, ...extra]);

    const clean = verify();
    expect(clean.code, clean.stdout).toBe(0);
    expect(clean.stdout).toContain('Lockfile is up to date.');
    expect(clean.stdout).toContain(`Inputs: source=${source} config=`);

    const cases: Array<[string, Record<string, string | null>, number, RegExp[]]> = [
      ['a non-boundary file', { 'svc/README.md': '# svc, edited\n' }, 1, [/^ {2}MISMATCH api\.exact: lockfile=[0-9a-f]{12}\.\.\. current=[0-9a-f]{12}\.\.\.$/m, /^ {2}SLICE MISMATCH all\.exact: /m]],
      ['only behavior files', { 'svc/src/impl.py': 'def f():\n    return 2\n' }, 3, [/^ {2}MISMATCH api\.behavior: /m, /^ {2}MISMATCH api\.exact: /m]],
      ['the boundary', { 'svc/api/openapi.yaml': 'openapi: 3.1.0\npaths: {/a: {}}\n' }, 4, [/^ {2}MISMATCH api\.boundary: /m, /^ {2}AFFECTED CONSUMERS api: partner-x, web$/m, /^ {2}MISMATCH api\.behavior: /m]],
      ['only the major version', { 'svc/package.json': '{"name": "svc", "version": "2.0.0"}\n' }, 5, [/^ {2}MISMATCH api\.compat: /m, /^ {2}METADATA MISMATCH api\.version: lockfile='1\.4\.2' current='2\.0\.0'$/m]],
      ['a config edit that hashes the same bytes', { 'boundary.config.json': `${JSON.stringify({ ...CONFIG, defaults: { compat_mode: 'semver_major' } }, null, 2)}\n` }, 1, [/^ {2}METADATA MISMATCH config_digest: lockfile='[0-9a-f]{64}' current='[0-9a-f]{64}'$/m]],
      ['a malformed lock', { 'boundary.lock.json': '{"schema": "boundary-lock/v3",' }, 2, [/^CANNOT VERIFY \(1 issue\):$/m, /^ {2}LOCKFILE malformed: JSON parse error in boundary\.lock\.json: /m]],
    ];
    for (const [what, files, code, patterns] of cases) {
      reset(repo, base);
      apply(repo, source, files);
      const run = verify();
      expect(run.code, `${what}\n${run.stdout}${run.stderr}`).toBe(code);
      for (const pattern of patterns) expect(run.stdout, what).toMatch(pattern);
    }
    // A minor version bump is not a compat change: only exact and metadata drift (1).
    reset(repo, base);
    apply(repo, source, { 'svc/package.json': '{"name": "svc", "version": "1.5.0"}\n' });
    const minor = verifyJson(repo.dir, ['--source', source]);
    expect(minor.code).toBe(1);
    expect((minor.json.issues as string[]).filter((issue) => issue.startsWith('MISMATCH'))).toEqual([expect.stringMatching(/^MISMATCH api\.exact: /)]);
  });
});

describe('verify --update', () => {
  it('repairs the lock atomically after reporting, and verifies clean afterwards', () => {
    const { repo } = lockedRepo('working-tree');
    repo.write({ 'svc/api/openapi.yaml': 'openapi: 3.1.0\npaths: {/b: {}}\n' });
    const lockPath = join(repo.dir, 'boundary.lock.json');
    const before = readFileSync(lockPath, 'utf8');
    const listing = readdirSync(repo.dir).sort();
    const updated = verifyJson(repo.dir, ['--source', 'working-tree', '--update']);
    expect(updated.code).toBe(0);
    expect(updated.json).toMatchObject({ ok: true, updated: true, issues: [] });
    expect(updated.json.resolved_issues).toEqual(expect.arrayContaining([expect.stringMatching(/^MISMATCH api\.boundary: /)]));
    const after = readFileSync(lockPath, 'utf8');
    expect(after).not.toBe(before);
    expect(readdirSync(repo.dir).sort()).toEqual(listing);
    expect(boundver(repo.dir, ['verify', '--source', 'working-tree']).code).toBe(0);
    // The repaired lock is exactly what generate writes.
    expect(boundver(repo.dir, ['generate', '--source', 'working-tree']).code).toBe(0);
    expect(readFileSync(lockPath, 'utf8')).toBe(after);
  });

  it('replaces a malformed lock, but refuses when facets are unavailable', () => {
    const { repo } = lockedRepo('working-tree');
    writeFileSync(join(repo.dir, 'boundary.lock.json'), '<<<<<<< conflict\n');
    expect(boundver(repo.dir, ['verify', '--source', 'working-tree']).code).toBe(2);
    const repaired = boundver(repo.dir, ['verify', '--source', 'working-tree', '--update']);
    expect(repaired.code, repaired.stdout).toBe(0);
    expect(repaired.stdout).toMatch(/Updated boundary\.lock\.json after successful generation \(1 issue resolved\)/);
    expect(boundver(repo.dir, ['verify', '--source', 'working-tree']).code).toBe(0);

    const before = readFileSync(join(repo.dir, 'boundary.lock.json'), 'utf8');
    repo.write({ 'web/index.ts': 'export const web = 2;\n' });
    const refused = boundver(repo.dir, ['verify', '--source', 'working-tree', '--facets', 'compat,exact', '--update']);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toMatch(/^ {2}UNAVAILABLE FACET web\.compat: selected gate requires both locked and current digests$/m);
    expect(refused.stdout).toMatch(/^LOCKFILE NOT UPDATED: /m);
    expect(readFileSync(join(repo.dir, 'boundary.lock.json'), 'utf8')).toBe(before);
  });

  it('with --strict-config-source refuses when the working-tree config differs from the selected one', () => {
    const { repo } = lockedRepo('head');
    repo.write({ 'svc/README.md': 'changed\n' });
    repo.commit('drift');
    repo.write({ 'boundary.config.json': `${JSON.stringify({ ...CONFIG, project: 'other' }, null, 2)}\n` });
    const refused = verifyJson(repo.dir, ['--update', '--strict-config-source']);
    expect(refused.code).toBe(2);
    expect(refused.json.updated).toBe(false);
    expect(refused.json.issues).toEqual(expect.arrayContaining([expect.stringMatching(/^Verification error: --update refused by --strict-config-source/)]));
  });
});

describe('the selected source is the only input', () => {
  it('head and index verification never see unstaged config or lock edits', () => {
    const { repo } = lockedRepo('head');
    writeFileSync(join(repo.dir, 'boundary.lock.json'), 'garbage');
    repo.write({ 'boundary.config.json': '{ not json', 'svc/api/openapi.yaml': 'changed\n' });
    expect(boundver(repo.dir, ['verify']).code).toBe(0);
    expect(boundver(repo.dir, ['verify', '--source', 'index']).code).toBe(0);
    expect(boundver(repo.dir, ['verify', '--source', 'working-tree']).code).toBe(2);
  });

  it('index verification reads the staged lock: stage after generating', () => {
    const { repo } = lockedRepo('head');
    apply(repo, 'index', { 'svc/src/impl.py': 'staged\n' });
    expect(boundver(repo.dir, ['verify', '--source', 'index']).code).toBe(3);
    expect(boundver(repo.dir, ['generate', '--source', 'index']).code).toBe(0);
    expect(boundver(repo.dir, ['verify', '--source', 'index']).code).toBe(3);
    repo.git('add', 'boundary.lock.json');
    expect(boundver(repo.dir, ['verify', '--source', 'index']).code).toBe(0);
  });
});
