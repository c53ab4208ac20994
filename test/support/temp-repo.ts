import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A file in an inline tree: text or bytes, optionally executable, or a symlink to `symlink`. */
export type FileSpec = string | Buffer | { content?: string | Buffer; executable?: boolean; symlink?: string };

/** Repository-relative POSIX path → file. */
export type TreeSpec = Record<string, FileSpec>;

/** Fixed identity, date and branch so every temp repository gets the same commit ids. */
export const GIT_TEST_ENV: Readonly<Record<string, string>> = {
  GIT_AUTHOR_NAME: 'Test Author',
  GIT_AUTHOR_EMAIL: 'author@example.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_NAME: 'Test Author',
  GIT_COMMITTER_EMAIL: 'author@example.invalid',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
};

export interface TempRepo {
  /** Absolute path of the work tree. */
  readonly dir: string;
  /** Runs git in the repository; returns stdout as UTF-8 with the trailing newline removed. */
  git(...args: string[]): string;
  /** Writes (or with `null`, deletes) files in the work tree; does not stage. */
  write(files: Record<string, FileSpec | null>): void;
  /** `git add -A` and commit; returns the new commit id. */
  commit(message?: string): string;
  /** Removes the directory. */
  dispose(): void;
}

export interface TempRepoOptions {
  /** Commit the initial tree (default true). */
  commit?: boolean;
  /** Contents of `.git/info/attributes`, e.g. `* -text\n` to store CRLF as-is. */
  attributes?: string;
}

/**
 * Creates a git repository in a fresh temp directory from an inline file tree, on branch `main`,
 * with `core.autocrlf=false` and a fixed author and date.
 */
export function createTempRepo(files: TreeSpec = {}, options: TempRepoOptions = {}): TempRepo {
  const dir = mkdtempSync(join(tmpdir(), 'driftgate-repo-'));
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_TEST_ENV }, encoding: 'utf8', maxBuffer: 1 << 28 }).replace(
      /\n$/,
      '',
    );
  git('init', '-q', '-b', 'main');
  git('config', 'core.autocrlf', 'false');
  git('config', 'core.eol', 'lf');
  git('config', 'commit.gpgsign', 'false');
  if (options.attributes !== undefined) writeFileSync(join(dir, '.git', 'info', 'attributes'), options.attributes);
  let counter = 0;
  const repo: TempRepo = {
    dir,
    git,
    write(tree) {
      for (const [path, spec] of Object.entries(tree)) {
        const abs = join(dir, ...path.split('/'));
        if (spec === null) {
          rmSync(abs, { recursive: true, force: true });
          continue;
        }
        mkdirSync(dirname(abs), { recursive: true });
        rmSync(abs, { force: true });
        if (typeof spec === 'string' || Buffer.isBuffer(spec)) {
          writeFileSync(abs, spec);
          chmodSync(abs, 0o644);
        } else if (spec.symlink !== undefined) {
          symlinkSync(spec.symlink, abs);
        } else {
          writeFileSync(abs, spec.content ?? '');
          chmodSync(abs, spec.executable ? 0o755 : 0o644);
        }
      }
    },
    commit(message) {
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '-m', message ?? `commit ${++counter}`);
      return git('rev-parse', 'HEAD');
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  repo.write(files);
  if (options.commit !== false && Object.keys(files).length > 0) repo.commit('initial');
  return repo;
}

/**
 * Leaves `repo` (on `main`) in the middle of a merge with a conflict at `path`: a branch `side`
 * and `main` each commit their own content there, then `git merge side` stops with unresolved
 * stages for that path.
 */
export function createMergeConflict(repo: TempRepo, path: string): void {
  repo.git('checkout', '-q', '-b', 'side');
  repo.write({ [path]: 'side\n' });
  repo.commit('side');
  repo.git('checkout', '-q', 'main');
  repo.write({ [path]: 'main\n' });
  repo.commit('main');
  let merged = true;
  try {
    repo.git('merge', '-q', 'side');
  } catch {
    merged = false;
  }
  if (merged) throw new Error(`git merged ${path} without a conflict`);
}
