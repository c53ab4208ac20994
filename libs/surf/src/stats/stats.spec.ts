import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitError } from '@driftgate/git';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from '../../../../test/support/temp-repo.js';
import { SurfError } from '../errors.js';
import { parseLogRecord, statsLogArguments } from './stats-log.js';
import { computeStats } from './stats.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repoWith(files: Record<string, string>, options: { commit?: boolean } = {}): TempRepo {
  const repo = createTempRepo(files, { commit: false, ...options });
  cleanups.push(() => repo.dispose());
  return repo;
}

/** Commits everything with both dates set to `date` (UTC day), so --since/--until can cut the history. */
function commitOn(repo: TempRepo, date: string, message: string): string {
  const env = { ...process.env, ...GIT_TEST_ENV, GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z` };
  execFileSync('git', ['add', '-A'], { cwd: repo.dir, env });
  execFileSync('git', ['commit', '-q', '--allow-empty', '-m', message], { cwd: repo.dir, env });
  return repo.git('rev-parse', 'HEAD');
}

const hub = (claims: readonly { claim: string; at: string | string[]; hash?: string }[]): string =>
  `---\nsummary: x\nanchors:\n${claims
    .map(({ claim, at, hash }) => {
      const atText = typeof at === 'string' ? ` ${at}\n` : `\n${at.map((a) => `      - ${a}\n`).join('')}`;
      return `  - claim: ${claim}\n    at:${atText}${hash === undefined ? '' : `    hash: ${hash}\n`}`;
    })
    .join('')}---\n\nBody.\n`;

const stamp = (c: string): string => `2:${c.repeat(12)}`;
const src = (n: number): string => `pub fn add(a: i64) -> i64 { a + ${n} }\n`;
const config = (root: string) => ({ root, hubs: ['hubs/*.md'], bundles: [] as string[] });
const counts = (report: Awaited<ReturnType<typeof computeStats>>) => ({
  commits: report.commits,
  rubber: [report.rubberStamp.n, report.rubberStamp.d],
  inPlace: [report.inPlace.n, report.inPlace.d],
});

/**
 * Four commits, one a month: the seed stamps a claim; a re-stamp with unchanged prose (rubber
 * stamp, in place); a code edit without re-stamp (drift); a re-stamp with new prose (in place).
 */
function linearHistory(repo: TempRepo, prefix = ''): void {
  const at = `src/m.rs > add`;
  repo.write({ [`${prefix}src/m.rs`]: src(1), [`${prefix}hubs/a.md`]: hub([{ claim: 'add increments', at, hash: stamp('a') }]) });
  commitOn(repo, '2026-01-10', 'seed');
  repo.write({ [`${prefix}src/m.rs`]: src(2), [`${prefix}hubs/a.md`]: hub([{ claim: 'add increments', at, hash: stamp('b') }]) });
  commitOn(repo, '2026-02-10', 'bump and re-stamp');
  repo.write({ [`${prefix}src/m.rs`]: src(3) });
  commitOn(repo, '2026-03-10', 'bump only');
  repo.write({ [`${prefix}src/m.rs`]: src(4), [`${prefix}hubs/a.md`]: hub([{ claim: 'add adds four', at, hash: stamp('c') }]) });
  commitOn(repo, '2026-04-10', 'bump and re-document');
}

describe('computeStats (spec §7.8)', () => {
  it('counts rubber stamps and in-place updates over a linear history', async () => {
    const repo = repoWith({ 'surf.toml': '' });
    linearHistory(repo);
    const report = await computeStats(config(repo.dir));
    // Re-stamps: Feb (prose kept) and Apr (prose changed) → 1 of 2.
    // Anchored-file changes: Jan (new stamped claim), Feb, Apr updated the hash; Mar did not → 3 of 4.
    expect(report).toEqual({
      version: 1,
      since: undefined,
      until: undefined,
      commits: 4,
      rubberStamp: { n: 1, d: 2, rate: 0.5 },
      inPlace: { n: 3, d: 4, rate: 0.75 },
    });
  });

  it('cuts the window with --since and --until, carrying hub state across the edge', async () => {
    const repo = repoWith({ 'surf.toml': '' });
    linearHistory(repo);
    const root = repo.dir;
    // Feb's re-stamp is only recognised if the January hub state is read at the window's edge.
    expect(counts(await computeStats(config(root), { since: '2026-02-01' }))).toEqual({ commits: 3, rubber: [1, 2], inPlace: [2, 3] });
    expect(counts(await computeStats(config(root), { since: '2026-03-01' }))).toEqual({ commits: 2, rubber: [0, 1], inPlace: [1, 2] });
    expect(counts(await computeStats(config(root), { until: '2026-02-15' }))).toEqual({ commits: 2, rubber: [1, 1], inPlace: [2, 2] });
    expect(counts(await computeStats(config(root), { since: '2026-02-01', until: '2026-03-15' }))).toEqual({
      commits: 2,
      rubber: [1, 1],
      inPlace: [1, 2],
    });
    const empty = await computeStats(config(root), { since: '2030-01-01' });
    expect(empty).toMatchObject({ since: '2030-01-01', commits: 0, rubberStamp: { n: 0, d: 0, rate: null }, inPlace: { rate: null } });
  });

  it('excludes merge commits from the counts but carries their hub state', async () => {
    const repo = repoWith({ 'surf.toml': '' });
    const at = 'src/m.rs > add';
    repo.write({ 'src/m.rs': src(1), 'hubs/a.md': hub([{ claim: 'adds', at, hash: stamp('a') }]) });
    commitOn(repo, '2026-01-01', 'seed');
    repo.git('checkout', '-q', '-b', 'feature');
    repo.write({ 'src/m.rs': src(2), 'hubs/a.md': hub([{ claim: 'adds', at, hash: stamp('b') }]) });
    commitOn(repo, '2026-01-02', 'feature: bump and re-stamp');
    repo.git('checkout', '-q', 'main');
    repo.write({ 'README.md': 'hello\n' });
    commitOn(repo, '2026-01-03', 'unrelated');
    execFileSync('git', ['merge', '-q', '--no-ff', '-m', 'merge feature', 'feature'], {
      cwd: repo.dir,
      env: { ...process.env, ...GIT_TEST_ENV },
    });
    // After the merge: a prose-only edit (no re-stamp: the merged hash is already `b`), then drift.
    repo.write({ 'hubs/a.md': hub([{ claim: 'adds more', at, hash: stamp('b') }]) });
    commitOn(repo, '2026-01-05', 'prose');
    repo.write({ 'src/m.rs': src(3) });
    commitOn(repo, '2026-01-06', 'drift');
    expect(repo.git('rev-list', '--count', '--merges', 'HEAD')).toBe('1');

    const report = await computeStats(config(repo.dir));
    // Non-merge commits: seed, feature, unrelated, prose, drift. The merge's first-parent diff
    // re-stamps and touches m.rs, but is not counted. Re-stamps: feature (prose kept) → 1 of 1.
    // Anchored-file changes: seed and feature updated, drift did not → 2 of 3.
    expect(counts(report)).toEqual({ commits: 5, rubber: [1, 1], inPlace: [2, 3] });
  });

  it('follows claims by hub and at:, multi-site, added and deleted hubs, broken versions', async () => {
    const repo = repoWith({ 'surf.toml': 'hubs = ["hubs/*.md"]\nbundles = ["okf"]\n' });
    const pair = ['src/a.py > f', 'src/b.go > G'];
    repo.write({
      'src/a.py': 'def f():\n    return 1\n',
      'src/b.go': 'package b\n\nfunc G() {}\n',
      'okf/deep/one.md': hub([{ claim: 'pair', at: pair }]),
      // index.md and log.md hold no claims, whatever they contain.
      'okf/index.md': hub([{ claim: 'ignored', at: 'src/a.py > f', hash: stamp('9') }]),
    });
    commitOn(repo, '2026-01-01', 'unverified multi-site claim');
    repo.write({ 'src/b.go': 'package b\n\nfunc G() { _ = 1 }\n', 'okf/deep/one.md': hub([{ claim: 'pair', at: pair, hash: stamp('1') }]) });
    commitOn(repo, '2026-01-02', 'first stamp');
    repo.write({ 'okf/deep/one.md': '---\nanchors: [broken\n---\n', 'src/a.py': 'def f():\n    return 2\n' });
    commitOn(repo, '2026-01-03', 'hub broken, code edited');
    repo.write({ 'okf/deep/one.md': hub([{ claim: 'pair', at: pair, hash: stamp('2') }]) });
    commitOn(repo, '2026-01-04', 'hub repaired with a new stamp');
    repo.write({ 'okf/deep/one.md': null, 'src/a.py': 'def f():\n    return 3\n' });
    commitOn(repo, '2026-01-05', 'hub deleted, code edited');
    repo.write({ 'notes.txt': 'x\n' });
    commitOn(repo, '2026-01-06', 'unrelated');
    commitOn(repo, '2026-01-07', 'empty');

    // Jan 1: claim new and unverified → in-place 0/1. Jan 2: first stamp (no previous hash, so
    // not a re-stamp), b.go changed → 1/1. Jan 3: the broken hub governs nothing → no event.
    // Jan 4: the claim reappears with a stamp, but it changed no anchored file. Jan 5: hub gone.
    const report = await computeStats({ root: repo.dir, hubs: ['hubs/*.md'], bundles: ['okf'] });
    expect(counts(report)).toEqual({ commits: 7, rubber: [0, 0], inPlace: [1, 2] });
  });

  it('pairs claims with the same at: in order, and treats a re-pointed claim as new', async () => {
    const repo = repoWith({ 'surf.toml': '' });
    const at = 'src/m.rs > add';
    repo.write({
      'src/m.rs': src(1),
      'hubs/a.md': hub([
        { claim: 'one', at, hash: stamp('1') },
        { claim: 'two', at, hash: stamp('2') },
      ]),
    });
    commitOn(repo, '2026-01-01', 'seed');
    repo.write({
      'src/m.rs': src(2),
      'hubs/a.md': hub([
        { claim: 'one', at, hash: stamp('1') },
        { claim: 'two', at, hash: stamp('3') },
      ]),
    });
    commitOn(repo, '2026-01-02', 'second claim re-stamped');
    repo.write({ 'src/m.rs': `${src(2)}pub fn sub() {}\n`, 'hubs/a.md': hub([{ claim: 'one', at: 'src/m.rs > sub', hash: stamp('4') }]) });
    commitOn(repo, '2026-01-03', 're-pointed');
    const report = await computeStats(config(repo.dir));
    // Jan 1: both new and stamped → 2/2. Jan 2: only `two` changed hash (rubber 1/1) → 1/2.
    // Jan 3: the re-pointed claim is new with a stamp → 1/1; no re-stamp.
    expect(counts(report)).toEqual({ commits: 3, rubber: [1, 1], inPlace: [4, 5] });
  });

  it('counts claims of hubs with identical text separately', async () => {
    const repo = repoWith({ 'surf.toml': '' });
    const text = hub([{ claim: 'adds', at: 'src/m.rs > add', hash: stamp('a') }]);
    repo.write({ 'src/m.rs': src(1), 'hubs/a.md': text, 'hubs/b.md': text });
    commitOn(repo, '2026-01-01', 'two hubs, one blob');
    repo.write({ 'src/m.rs': src(2) });
    commitOn(repo, '2026-01-02', 'drift');
    const restamped = hub([{ claim: 'adds', at: 'src/m.rs > add', hash: stamp('b') }]);
    repo.write({ 'src/m.rs': src(3), 'hubs/a.md': restamped, 'hubs/b.md': restamped });
    commitOn(repo, '2026-01-03', 'both re-stamped');
    // Jan 1: 2 of 2; Jan 2: 0 of 2; Jan 3: 2 of 2 and two rubber stamps.
    expect(counts(await computeStats(config(repo.dir)))).toEqual({ commits: 3, rubber: [2, 2], inPlace: [4, 6] });
  });

  it('works when the workspace is a subdirectory of the repository', async () => {
    const repo = repoWith({});
    repo.write({ 'proj/surf.toml': '', 'other/src/m.rs': src(0) });
    commitOn(repo, '2026-01-01', 'outside only');
    linearHistory(repo, 'proj/');
    // The outside-only commit counts as a commit but touches nothing anchored.
    expect(counts(await computeStats(config(join(repo.dir, 'proj'))))).toEqual({ commits: 5, rubber: [1, 2], inPlace: [3, 4] });
    expect(counts(await computeStats(config(join(repo.dir, 'proj')), { since: '2026-02-01' }))).toEqual({
      commits: 3,
      rubber: [1, 2],
      inPlace: [2, 3],
    });
  });

  it('reports zero commits before the first commit', async () => {
    const repo = repoWith({ 'surf.toml': '' });
    expect(counts(await computeStats(config(repo.dir)))).toEqual({ commits: 0, rubber: [0, 0], inPlace: [0, 0] });
  });

  it('fails outside a repository and in a shallow clone', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'surf-stats-plain-'));
    cleanups.push(() => rmSync(plain, { recursive: true, force: true }));
    const outside = await computeStats(config(plain)).catch((e: unknown) => e);
    expect(outside).toBeInstanceOf(GitError);
    expect((outside as GitError).code).toBe('GIT_NOT_A_REPOSITORY');
    expect((outside as GitError).message).toContain('surf stats');

    const repo = repoWith({ 'surf.toml': '' });
    linearHistory(repo);
    const clone = mkdtempSync(join(tmpdir(), 'surf-stats-shallow-'));
    cleanups.push(() => rmSync(clone, { recursive: true, force: true }));
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone], { env: { ...process.env, ...GIT_TEST_ENV } });
    const shallow = await computeStats(config(clone)).catch((e: unknown) => e);
    expect(shallow).toBeInstanceOf(GitError);
    expect((shallow as GitError).message).toContain('shallow clone');
  });

  it('rejects an invalid hub glob', async () => {
    const repo = repoWith({ 'surf.toml': '' });
    linearHistory(repo);
    const error = await computeStats({ root: repo.dir, hubs: ['hubs/[x'], bundles: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SurfError);
    expect((error as SurfError).code).toBe('SURF_BAD_GLOB');
  });
});

describe('stats log records', () => {
  it('asks git for one first-parent, rename-free, NUL-separated walk', () => {
    expect(statsLogArguments('HEAD', '2026-01-01', 'yesterday')).toEqual([
      '--topo-order',
      '--diff-merges=first-parent',
      '--no-renames',
      '--raw',
      '--no-abbrev',
      '-z',
      '--relative',
      '--format=%x01%H %P',
      '--since=2026-01-01',
      '--until=yesterday',
      'HEAD',
      '--',
    ]);
  });

  it('parses headers, parents and raw rows', () => {
    const [a, b, c, d, z] = ['a', 'b', 'c', 'd', '0'].map((x) => x.repeat(40));
    const record =
      `${a} ${b} ${c}\0\n` +
      `:100644 100644 ${c} ${d} M\0src/x y.rs\0` +
      `:100644 000000 ${c} ${z} D\0hubs/a\tb.md\0` +
      `:100644 100644 ${c} ${d} R100\0old.md\0new.md\0`;
    expect(parseLogRecord(record)).toEqual({
      sha: a,
      parents: [b, c],
      changes: [
        { status: 'M', path: 'src/x y.rs', newMode: '100644', newOid: d },
        { status: 'D', path: 'hubs/a\tb.md', newMode: '000000', newOid: z },
        { status: 'R100', path: 'new.md', newMode: '100644', newOid: d },
      ],
    });
    expect(parseLogRecord(`${a} \0`)).toEqual({ sha: a, parents: [], changes: [] });
    expect(() => parseLogRecord('not a commit\0')).toThrow(SurfError);
    expect(() => parseLogRecord(`${a}\0\nM\0src/x.rs\0`)).toThrow(SurfError);
  });
});
