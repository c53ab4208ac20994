import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../../../test/support/temp-repo.js';
import { expectGitError, rejection } from '../git-error.test-helpers.js';
import { gitArgv, runGit, runGitOk, spawnGit, type GitProcess } from './git-process.js';
import { gitOnPath } from './git-on-path.test-helpers.js';

const cleanups: Array<() => void> = [];
let repo: TempRepo | undefined;
afterEach(() => {
  repo?.dispose();
  repo = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A scratch directory removed after the test. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'driftgate-git-process-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Sets `name` in this process's environment for the rest of the test. */
function setEnv(name: string, value: string): void {
  const before = process.env[name];
  process.env[name] = value;
  cleanups.push(() => {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function readAll(proc: GitProcess): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of proc.subprocess.stdout as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

// NUL, CR LF, bytes that are not UTF-8, and newlines at the end that must not be stripped.
const BINARY = Buffer.concat([Buffer.from([0, 0xff, 0xfe, 0x0d, 0x0a, 0xc3]), Buffer.from('tail\n\n\n')]);

describe('runGit', () => {
  it('returns stdout byte for byte', async () => {
    repo = createTempRepo({ 'bin.dat': BINARY });
    const run = await runGit(repo.dir, ['cat-file', 'blob', 'HEAD:bin.dat']);
    expect(run).toEqual({ exitCode: 0, stdout: BINARY, stderr: '' });
  });

  it('returns a non-zero exit with trimmed stderr instead of throwing', async () => {
    repo = createTempRepo({ 'a.txt': 'a\n' });
    const run = await runGit(repo.dir, ['cat-file', '-e', 'HEAD:missing.txt']);
    expect(run.exitCode).toBe(128);
    expect(run.stdout.length).toBe(0);
    expect(run.stderr).toMatch(/^fatal: .*missing\.txt/);
    expect(run.stderr).toBe(run.stderr.trim());
    await expectGitError(runGitOk(repo.dir, ['cat-file', '-e', 'HEAD:missing.txt']), 'GIT_COMMAND_FAILED', /git cat-file failed \(exit 128\)/);
  });

  it('output of exactly maxOutputBytes passes; one byte more is GIT_LIMIT_EXCEEDED', async () => {
    repo = createTempRepo({ 'big.txt': 'x'.repeat(999) + '\n' });
    const run = await runGit(repo.dir, ['cat-file', 'blob', 'HEAD:big.txt'], { maxOutputBytes: 1000 });
    expect(run.stdout.length).toBe(1000);
    await expectGitError(
      runGit(repo.dir, ['cat-file', 'blob', 'HEAD:big.txt'], { maxOutputBytes: 999 }),
      'GIT_LIMIT_EXCEEDED',
      /git cat-file printed more than 999 bytes/,
    );
  });

  it('an endless output is cut off at the limit and its git ended', async () => {
    const dir = scratch();
    const pidFile = join(dir, 'pid');
    gitOnPath(`echo $$ > "${pidFile}"\necho starting >&2\nexec yes\n`, cleanups);
    const error = await rejection(runGit(dir, ['log'], { maxOutputBytes: 64 * 1024 }));
    expect(error).toMatchObject({ code: 'GIT_LIMIT_EXCEEDED', stderr: 'starting' });
    expect(isAlive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('stdin is closed, so a git reading it sees its end at once', async () => {
    gitOnPath('cat\necho read-all\n', cleanups);
    const run = await runGit(scratch(), ['status']);
    expect(run.stdout.toString()).toBe('read-all\n');
  });

  it('runs git with the fixed argv and environment', async () => {
    setEnv('GIT_EDITOR', 'vi');
    setEnv('DRIFTGATE_PROBE', 'kept');
    gitOnPath(`printf '%s\\n' "$@"\nprintf '%s|%s|%s|%s' "$GIT_PAGER" "\${GIT_EDITOR-unset}" "$GIT_TERMINAL_PROMPT" "$DRIFTGATE_PROBE" >&2\n`, cleanups);
    const run = await runGit(scratch(), ['log', 'a b', '']);
    expect(run.stdout.toString()).toBe(gitArgv(['log', 'a b', '']).map((arg) => `${arg}\n`).join(''));
    expect(run.stderr).toBe('cat|unset|0|kept');
  });

  it('a git not on PATH is GIT_NOT_INSTALLED', async () => {
    setEnv('PATH', scratch());
    await expectGitError(runGit(scratch(), ['status']), 'GIT_NOT_INSTALLED', /not found on PATH/);
  });

  it('a working directory that does not exist is GIT_NOT_A_REPOSITORY', async () => {
    await expectGitError(runGit(join(scratch(), 'missing'), ['status']), 'GIT_NOT_A_REPOSITORY', /does not exist/);
  });

  it('an argument no process can take is GIT_COMMAND_FAILED, from runGit and spawnGit alike', async () => {
    await expectGitError(runGit(scratch(), ['log', 'a\0b']), 'GIT_COMMAND_FAILED', /^git log could not run: /);
    await expectGitError(() => spawnGit(scratch(), ['log', 'a\0b']), 'GIT_COMMAND_FAILED', /^git log could not run: /);
  });

  it('a git killed by a signal is GIT_COMMAND_FAILED', async () => {
    gitOnPath('echo dying >&2\nkill -9 $$\n', cleanups);
    const error = await rejection(runGit(scratch(), ['status']));
    expect(error).toMatchObject({ code: 'GIT_COMMAND_FAILED', stderr: 'dying' });
    expect((error as Error).message).toMatch(/^git status could not run: .*SIGKILL/);
  });

  it('keeps at most 1 MiB of stderr and still returns the run', async () => {
    gitOnPath(`i=0\nwhile [ $i -lt 40 ]; do head -c 65536 /dev/zero | tr '\\0' w >&2; i=$((i+1)); done\necho done\n`, cleanups);
    const run = await runGit(scratch(), ['status']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout.toString()).toBe('done\n');
    expect(run.stderr.length).toBe(1024 * 1024);
  });
});

describe('spawnGit', () => {
  it('streams stdout byte for byte and settles with the exit code', async () => {
    repo = createTempRepo({ 'bin.dat': BINARY });
    const proc = spawnGit(repo.dir, ['cat-file', 'blob', 'HEAD:bin.dat']);
    expect(await readAll(proc)).toEqual(BINARY);
    expect(await proc.exited).toEqual({ exitCode: 0, error: undefined });
  });

  it('a non-zero exit settles with its code and the trimmed stderr', async () => {
    repo = createTempRepo({ 'a.txt': 'a\n' });
    const proc = spawnGit(repo.dir, ['cat-file', '-e', 'HEAD:missing.txt']);
    expect((await readAll(proc)).length).toBe(0);
    expect(await proc.exited).toEqual({ exitCode: 128, error: undefined });
    expect(proc.stderr()).toMatch(/^fatal: [^\n]*missing\.txt[^\n]*$/);
  });

  it('keeps the last 64 KiB of stderr', async () => {
    gitOnPath(`head -c 200000 /dev/zero | tr '\\0' w >&2\necho the end >&2\nexit 3\n`, cleanups);
    const proc = spawnGit(scratch(), ['status']);
    await readAll(proc);
    expect((await proc.exited).exitCode).toBe(3);
    expect(proc.stderr().length).toBeLessThanOrEqual(64 * 1024);
    expect(/^w+the end$/.test(proc.stderr())).toBe(true);
  });

  it('pipes stdin when asked', async () => {
    gitOnPath('cat\n', cleanups);
    const proc = spawnGit(scratch(), ['cat-file', '--batch'], { stdin: 'pipe' });
    proc.subprocess.stdin?.end('hello\n');
    expect((await readAll(proc)).toString()).toBe('hello\n');
    expect(await proc.exited).toEqual({ exitCode: 0, error: undefined });
  });

  it('kill ends git at once; a killed git is no error, and killing again is harmless', async () => {
    const dir = scratch();
    const pidFile = join(dir, 'pid');
    gitOnPath(`echo $$ > "${pidFile}"\necho ready\nexec sleep 60\n`, cleanups);
    const proc = spawnGit(dir, ['status']);
    const stdout = proc.subprocess.stdout as AsyncIterable<Buffer>;
    for await (const chunk of stdout) if (chunk.toString().includes('ready')) break;
    proc.kill();
    expect(await proc.exited).toEqual({ exitCode: undefined, error: undefined });
    expect(isAlive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
    proc.kill();
  });

  it('starts git in a process group of its own, so a terminal\'s Ctrl-C to the caller\'s group never reaches it', async () => {
    const dir = scratch();
    const pidFile = join(dir, 'pid');
    gitOnPath(`echo $$ > "${pidFile}.tmp"\nmv "${pidFile}.tmp" "${pidFile}"\nexec sleep 60\n`, cleanups);
    const group = (pid: number): number => Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    /** The fake git's pid, once it has written it (renamed into place, so never read half-written). */
    const started = async (): Promise<number> => {
      for (let waited = 0; !existsSync(pidFile); waited += 10) {
        if (waited > 10_000) throw new Error('the fake git did not start');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const pid = Number(readFileSync(pidFile, 'utf8'));
      rmSync(pidFile);
      return pid;
    };
    const ours = group(process.pid);
    // spawnGit and runGit alike: each git leads a group that is not the caller's.
    const proc = spawnGit(dir, ['status']);
    const streamed = await started();
    expect(group(streamed)).toBe(streamed);
    expect(group(streamed)).not.toBe(ours);
    proc.kill();
    await proc.exited;
    const run = runGit(dir, ['status']);
    const captured = await started();
    expect(group(captured)).toBe(captured);
    process.kill(captured, 'SIGKILL');
    await rejection(run);
  });

  it('a git not on PATH settles with GIT_NOT_INSTALLED', async () => {
    setEnv('PATH', scratch());
    const { exitCode, error } = await spawnGit(scratch(), ['status']).exited;
    expect(exitCode).toBeUndefined();
    expect(error?.code).toBe('GIT_NOT_INSTALLED');
  });

  it('a working directory that does not exist settles with GIT_NOT_A_REPOSITORY', async () => {
    const { exitCode, error } = await spawnGit(join(scratch(), 'missing'), ['status']).exited;
    expect(exitCode).toBeUndefined();
    expect(error?.code).toBe('GIT_NOT_A_REPOSITORY');
  });
});
