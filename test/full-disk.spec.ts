// A full disk and a read-only file system under the files the gates write: the lock
// (`boundver generate`, `verify --update`), a hub (`surf verify`) and a report (`--report`). Each
// must end with a message naming the file, a failing exit code, the original bytes intact and no
// file of ours left beside it. Needs root (a small tmpfs is mounted); skipped otherwise, saying why.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIT_TEST_ENV } from './support/temp-repo.js';

const SURF = fileURLToPath(new URL('../tools/surf/bin/surf.js', import.meta.url));
const BOUNDVER = fileURLToPath(new URL('../tools/boundver/bin/boundver.js', import.meta.url));

/** Why the file-system cases cannot run here, or undefined when they can. */
function unavailable(): string | undefined {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root (mounting a tmpfs needs it)';
  const probe = mkdtempSync(join(tmpdir(), 'driftgate-mount-probe-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
  if (mounted.status !== 0) {
    rmSync(probe, { recursive: true, force: true });
    return `mount -t tmpfs failed: ${String(mounted.stderr).trim() || mounted.error?.message}`;
  }
  spawnSync('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
  return undefined;
}

const reason = unavailable();
if (reason !== undefined) console.log(`full-disk.spec: skipped: ${reason}`);

function run(bin: string, cwd: string, args: readonly string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV, NO_COLOR: '1', SURF_WORKERS: '0' } });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

function git(cwd: string, ...args: string[]): void {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_TEST_ENV } });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
}

/** Every path under `dir` (files and directories), relative, sorted; `.git` left out. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => path !== '.git' && !path.startsWith(`.git/`))
    .sort();
}

describe.skipIf(reason !== undefined)('writing to a full or read-only file system', () => {
  let mountPoint: string;
  let repo: string;
  const lockBefore = () => readFileSync(join(repo, 'boundary.lock.json'));

  beforeAll(() => {
    mountPoint = mkdtempSync(join(tmpdir(), 'driftgate-full-disk-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint]);
    if (mounted.status !== 0) throw new Error(`mount failed: ${mounted.stderr}`);
    repo = join(mountPoint, 'repo');
    mkdirSync(join(repo, 'a'), { recursive: true });
    mkdirSync(join(repo, 'hubs'));
    mkdirSync(join(repo, 'src'));
    writeFileSync(join(repo, 'a/x.ts'), 'export const a = 1;\n');
    writeFileSync(join(repo, 'src/f.ts'), 'export function f(x: number): number {\n  return x;\n}\n');
    writeFileSync(join(repo, 'surf.toml'), 'hubs = ["hubs/*.md"]\n');
    writeFileSync(join(repo, 'hubs/f.md'), '---\nanchors:\n  - claim: f is the identity\n    at: src/f.ts > f\nrefs: []\n---\n');
    writeFileSync(join(repo, 'boundary.config.json'), '{"project": "p", "components": {"a": {"path": "a", "boundary": {"provider": "leaf"}}}}\n');
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'init');
    expect(run(BOUNDVER, repo, ['generate']).code).toBe(0);
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'lock');
    // A config change, so that generate and verify --update have a new lock to write.
    writeFileSync(join(repo, 'boundary.config.json'), '{"project": "p2", "components": {"a": {"path": "a", "boundary": {"provider": "leaf"}}}}\n');
    git(repo, 'commit', '-q', '-am', 'rename the project');
  });

  afterAll(() => {
    if (mountPoint === undefined) return;
    spawnSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  describe.each([
    ['a full disk', 'ENOSPC', () => writeFileSync(join(mountPoint, 'filler'), Buffer.alloc(8 * 1024 * 1024)), () => rmSync(join(mountPoint, 'filler'), { force: true })],
    ['a read-only file system', 'EROFS', () => spawnSync('mount', ['-o', 'remount,ro', mountPoint]), () => spawnSync('mount', ['-o', 'remount,rw', mountPoint])],
  ] as const)('%s', (_label, errno, fill, release) => {
    let before: string[];
    let lock: Buffer;
    let hub: string;
    beforeAll(() => {
      lock = lockBefore();
      hub = readFileSync(join(repo, 'hubs/f.md'), 'utf8');
      // The filler itself is left out of the listings: only the repository is compared.
      before = listing(repo);
      try {
        fill();
      } catch {
        // Filling a tmpfs stops with ENOSPC once it is full, which is the point.
      }
    });
    afterAll(release);

    it('boundver generate exits 2 naming the lock, which keeps its bytes', () => {
      const result = run(BOUNDVER, repo, ['generate']);
      expect(result.code).toBe(2);
      expect(result.out).toContain(`Cannot write ${join(repo, 'boundary.lock.json')}: ${errno}`);
      expect(lockBefore().equals(lock)).toBe(true);
      expect(listing(repo)).toEqual(before);
    });

    it('boundver verify --update exits 2 and leaves the lock as it was', () => {
      const result = run(BOUNDVER, repo, ['verify', '--update']);
      expect(result.code).toBe(2);
      expect(result.out).toContain(errno);
      expect(result.out).toContain('boundary.lock.json');
      expect(lockBefore().equals(lock)).toBe(true);
      expect(listing(repo)).toEqual(before);
    });

    it('surf verify exits 2 naming the hub, which keeps its bytes', () => {
      const result = run(SURF, repo, ['verify']);
      expect(result.code).toBe(2);
      expect(result.out).toContain('hubs/f.md');
      expect(result.out).toContain(errno);
      expect(readFileSync(join(repo, 'hubs/f.md'), 'utf8')).toBe(hub);
      // verify shares check's result cache: its directory may have been made before the disk
      // refused its file, and no file is in it (a cache that cannot be saved is skipped).
      const added = listing(repo).filter((path) => !before.includes(path));
      expect(added.filter((path) => !statSync(join(repo, path)).isDirectory())).toEqual([]);
      rmSync(join(repo, '.surf-cache'), { recursive: true, force: true });
      expect(listing(repo)).toEqual(before);
    });

    it('a --report that cannot be written is exit 2 naming it, with no partial file', () => {
      const result = run(SURF, repo, ['check', '--report', 'json=reports/check.json']);
      expect(result.code).toBe(2);
      expect(result.out).toMatch(new RegExp(`cannot write report reports/check\\.json: (cannot create directory \\S+/reports: )?${errno}`));
      const boundary = run(BOUNDVER, repo, ['verify', '--report', 'sarif=reports/verify.sarif']);
      expect(boundary.code).toBe(2);
      expect(boundary.out).toContain('reports/verify.sarif');
      // The reports directory, and surf's result cache directory, may have been made before the disk
      // refused a file; no file is in either (a cache that cannot be saved is skipped).
      const added = listing(repo).filter((path) => !before.includes(path));
      expect(added.filter((path) => !statSync(join(repo, path)).isDirectory())).toEqual([]);
      for (const dir of ['reports', '.surf-cache']) rmSync(join(repo, dir), { recursive: true, force: true });
    });
  });

  it('after the disk is freed, the same commands complete', () => {
    expect(run(BOUNDVER, repo, ['generate']).code).toBe(0);
    expect(run(SURF, repo, ['verify']).code).toBe(0);
    expect(readFileSync(join(repo, 'hubs/f.md'), 'utf8')).toContain('hash: ');
    expect(listing(repo).filter((path) => path.includes('surf-lock'))).toEqual([]);
  });
});
