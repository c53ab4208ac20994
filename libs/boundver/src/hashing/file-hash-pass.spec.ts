import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { captureSnapshot, encodeGitPath, type Snapshot } from '@driftgate/git';
import { createTempRepo, GIT_TEST_ENV, type TempRepo } from '../../../../test/support/temp-repo.js';
import { runFileHashPass, type FileHashTask } from './file-hash-pass.js';
import { framedDigest } from './framing.js';

const repos: TempRepo[] = [];
const snapshots: Snapshot[] = [];
afterEach(async () => {
  for (const snapshot of snapshots.splice(0)) await snapshot.close();
  for (const repo of repos.splice(0)) repo.dispose();
});

/** A commit whose paths are raw bytes (not all UTF-8), written through the index. */
function repoWithPaths(files: ReadonlyArray<readonly [Buffer, string]>): TempRepo {
  const repo = createTempRepo({}, { commit: false });
  repos.push(repo);
  const run = (args: string[], input?: Buffer): string => execFileSync('git', args, { cwd: repo.dir, env: { ...process.env, ...GIT_TEST_ENV }, input }).toString('latin1').trim();
  const records = files.map(([path, content]) => {
    const oid = run(['hash-object', '-w', '--stdin'], Buffer.from(content));
    return Buffer.concat([Buffer.from(`100644 ${oid}\t`), path, Buffer.from([0])]);
  });
  run(['update-index', '-z', '--index-info'], Buffer.concat(records));
  run(['commit', '-q', '-m', 'raw paths']);
  return repo;
}

describe('runFileHashPass with labelBytes', () => {
  it('hashes labels built from path bytes exactly like the labels `label` builds, for UTF-8 and non-UTF-8 names', async () => {
    const dir = Buffer.from('pkgé', 'utf8');
    const at = (...parts: Buffer[]): Buffer => Buffer.concat([dir, Buffer.from('/'), ...parts]);
    const repo = repoWithPaths([
      [at(Buffer.from('a.txt')), 'one\r\ntwo\n'],
      [at(Buffer.from([0xff]), Buffer.from('.bin')), 'raw\0\r\n'],
      [at(Buffer.from('b/ü.txt', 'utf8')), 'three\n'],
      [Buffer.from('other.txt'), 'outside\n'],
    ]);
    const snapshot = await captureSnapshot(repo.dir, 'head');
    snapshots.push(snapshot);
    const base = 'pkgé';
    const paths = snapshot.list(base).map((entry) => entry.path);
    expect(paths).toHaveLength(3);
    const prefix = Buffer.from('file:');
    const relative = (path: string): string => path.slice(base.length + 1);
    const byLabel = (label: (path: string) => Uint8Array): FileHashTask => ({ domain: 'exact-tree', paths, label, failurePrefix: 'Exact digest failed: ' });
    const repositoryLabel = (path: string) => Buffer.concat([prefix, encodeGitPath(path)]);
    const componentLabel = (path: string) => Buffer.concat([prefix, encodeGitPath(relative(path))]);
    const tasks: FileHashTask[] = [
      byLabel(repositoryLabel),
      { ...byLabel(repositoryLabel), labelBytes: { prefix, strip: 0 } },
      byLabel(componentLabel),
      { ...byLabel(componentLabel), labelBytes: { prefix, strip: encodeGitPath(base).length + 1 } },
    ];
    const order = snapshot.entries.map((entry) => entry.path);
    const outcomes = await runFileHashPass(snapshot, order, tasks);
    expect(outcomes.map((outcome) => outcome.error)).toEqual([null, null, null, null]);
    const [repositorySlow, repositoryFast, componentSlow, componentFast] = outcomes.map((outcome) => outcome.digest);
    expect(repositoryFast).toBe(repositorySlow);
    expect(componentFast).toBe(componentSlow);
    expect(componentFast).not.toBe(repositoryFast);
    // And both are the framed digest of the normalized contents under those labels.
    const contents = new Map([
      ['a.txt', 'one\ntwo\n'],
      ['\udcff.bin', 'raw\0\r\n'],
      ['b/ü.txt', 'three\n'],
    ]);
    const expected = framedDigest(
      'exact-tree',
      paths.map((path) => ({ label: componentLabel(path), mode: '100644', type: 'blob', content: Buffer.from(contents.get(relative(path))!, 'latin1') })),
    );
    expect(componentFast).toBe(expected);
  });
});
