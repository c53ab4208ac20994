import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** One file of a synthetic repository; `path` is repository-relative POSIX. */
export interface SyntheticFile {
  path: string;
  content: Buffer;
  /** Git mode; default `100644`. */
  mode?: '100644' | '100755';
}

const AUTHOR = 'Bench <bench@example.invalid> 1700000000 +0000';

/**
 * Builds a git repository with a single commit on `main` from a stream of files, through
 * `git fast-import` so that 100 MB of synthetic content commits in seconds. The same files give
 * the same commit id on every machine (fixed author, date and message).
 *
 * The work tree is checked out too, so working-tree benchmarks see the same bytes.
 */
export async function buildSyntheticRepo(dir: string, files: Iterable<SyntheticFile>): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await git(dir, ['init', '-q', '-b', 'main']);
  const child = spawn('git', ['fast-import', '--quiet', '--done'], { cwd: dir, stdio: ['pipe', 'ignore', 'inherit'] });
  const exited = once(child, 'exit');
  const write = async (chunk: Buffer | string): Promise<void> => {
    if (!child.stdin.write(chunk)) await once(child.stdin, 'drain');
  };
  const message = 'synthetic workload';
  await write(`commit refs/heads/main\ncommitter ${AUTHOR}\ndata ${Buffer.byteLength(message)}\n${message}\n`);
  for (const file of files) {
    await write(`M ${file.mode ?? '100644'} inline ${file.path}\ndata ${file.content.length}\n`);
    await write(file.content);
    await write('\n');
  }
  await write('done\n');
  child.stdin.end();
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`git fast-import failed with exit code ${code}`);
  await git(dir, ['checkout', '-q', '-f', 'main']);
}

/**
 * Commits work-tree files (written after {@link buildSyntheticRepo}) on top of the synthetic
 * commit, with the same fixed author and date, so the result is as reproducible as the rest.
 */
export async function commitFiles(dir: string, paths: readonly string[], message: string): Promise<void> {
  await git(dir, ['add', '--', ...paths]);
  const [name, email, date] = /^(.*) <(.*)> (.*)$/.exec(AUTHOR)!.slice(1) as [string, string, string];
  const env = { ...process.env, GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: date, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email, GIT_COMMITTER_DATE: date };
  await git(dir, ['-c', 'commit.gpgsign=false', 'commit', '-q', '--no-verify', '-m', message], env);
}

async function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const child = spawn('git', args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`git ${args.join(' ')} failed with exit code ${code}`);
}

/**
 * The repository at `dir`, built by `build` only when the marker stored in its `.git` does not
 * match every field of `key` (seed, generator version, size…), so a workload is generated once
 * per machine and reused by later runs. Returns the stored marker: `key` plus what `build`
 * returned (byte counts and the like).
 */
export async function cachedSyntheticRepo<K extends Record<string, unknown>, E extends Record<string, unknown>>(
  dir: string,
  key: K,
  what: string,
  build: (dir: string) => Promise<E>,
): Promise<K & E> {
  const markerPath = join(dir, '.git', 'driftgate-bench.json');
  if (existsSync(markerPath)) {
    const stored = JSON.parse(readFileSync(markerPath, 'utf8')) as Record<string, unknown>;
    if (Object.entries(key).every(([field, value]) => stored[field] === value)) return stored as K & E;
  }
  process.stdout.write(`  building ${what} at ${dir} …\n`);
  const marker = { ...key, ...(await build(dir)) };
  writeFileSync(markerPath, `${JSON.stringify(marker)}\n`);
  return marker;
}
