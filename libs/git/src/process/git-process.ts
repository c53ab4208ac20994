import { existsSync } from 'node:fs';
import { devNull } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { GitError } from '../git-error.js';

/**
 * Options in front of every git subcommand. They make each run non-interactive and independent
 * of what a repository's config could trigger: no pager, no hooks, no fsmonitor daemon, no
 * replace refs, no optional index locks, literal pathspecs, no colour, no automatic gc.
 */
const GLOBAL_ARGS: readonly string[] = [
  '--no-pager',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--no-optional-locks',
  '-c',
  'core.fsmonitor=false',
  '-c',
  `core.hooksPath=${devNull}`,
  '-c',
  'core.quotePath=false',
  '-c',
  'color.ui=false',
  '-c',
  'gc.auto=0',
  '-c',
  'maintenance.auto=false',
  '-c',
  'log.showSignature=false',
];

const ENV_OVERRIDES: Readonly<Record<string, string>> = {
  GIT_NO_LAZY_FETCH: '1',
  GIT_LITERAL_PATHSPECS: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_NO_REPLACE_OBJECTS: '1',
  GIT_PAGER: 'cat',
  PAGER: 'cat',
};

/** Inherited variables that would run user programs or change output formats. */
const ENV_REMOVED: readonly string[] = ['GIT_EXTERNAL_DIFF', 'GIT_DIFF_OPTS', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR'];

/**
 * Every git starts in a process group of its own (`detached`: setsid on POSIX). A terminal sends
 * Ctrl-C to its whole foreground group, and a git in that group would die mid-command even where
 * the caller handles the signal itself: `surf triage` finishes the hub it is writing on Ctrl-C,
 * which needs the git it is running to answer. The caller decides what a signal means. When the
 * caller exits, a git reading its stdin (cat-file's batch) sees its end, and one writing to its
 * stdout gets SIGPIPE; one still computing finishes on its own. A signal that arrives between
 * fork and setsid still reaches the child, which no spawn option can close.
 */
const OWN_GROUP = { detached: true } as const;

/** The full argv after `git` for a subcommand. */
export function gitArgv(args: readonly string[]): string[] {
  return [...GLOBAL_ARGS, ...args];
}

/** The environment every git process runs with. */
export function gitEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !ENV_REMOVED.includes(key)) env[key] = value;
  }
  return Object.assign(env, ENV_OVERRIDES);
}

/** Result of a bounded, captured git run. */
export interface GitRun {
  exitCode: number;
  stdout: Buffer;
  /** Decoded for humans (UTF-8, lossy), trimmed; at most the first 1 MiB git wrote. */
  stderr: string;
}

export interface RunGitOptions {
  /** Ceiling on captured stdout bytes (default 1 MiB); exceeding it is `GIT_LIMIT_EXCEEDED`. */
  maxOutputBytes?: number;
}

const RUN_STDERR_BYTES = 1024 * 1024;

/**
 * Runs one bounded git command (stdin closed) and captures its output. Never throws for a non-zero exit
 * (callers decide what an exit code means); throws for a missing git or working directory and
 * for output beyond `maxOutputBytes`, which ends git at once rather than buffering it.
 */
export function runGit(cwd: string, args: readonly string[], options: RunGitOptions = {}): Promise<GitRun> {
  const maxOutputBytes = options.maxOutputBytes ?? 1024 * 1024;
  return new Promise((resolve, reject) => {
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn('git', gitArgv(args), { ...OWN_GROUP, cwd, env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    } catch (cause) {
      // Invalid arguments (a NUL byte in an argument, say) throw before anything starts.
      reject(spawnFailure(cwd, args, cause, ''));
      return;
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let overflow = false;
    const stderr = new BoundedHead(RUN_STDERR_BYTES);
    let failure: unknown;
    child.stdout.on('data', (chunk: Buffer) => {
      if (overflow) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxOutputBytes) {
        // Whatever git would print next is beyond the limit: end it instead of draining it.
        overflow = true;
        stdout.length = 0;
        child.kill('SIGKILL');
        child.stdout.destroy();
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      failure ??= error;
    });
    // 'close' comes after the exit (or the failure to start) and after both pipes have ended.
    child.on('close', (code, signal) => {
      if (overflow) {
        reject(
          new GitError(
            'GIT_LIMIT_EXCEEDED',
            `git ${args[0] ?? ''} printed more than ${maxOutputBytes} bytes; the repository state is larger than this command allows.`,
            { stderr: stderr.text() },
          ),
        );
      } else if (failure !== undefined || code === null) {
        reject(spawnFailure(cwd, args, failure, stderr.text(), signal));
      } else {
        resolve({ exitCode: code, stdout: Buffer.concat(stdout, stdoutBytes), stderr: stderr.text() });
      }
    });
  });
}

/** Like {@link runGit} but any non-zero exit is a typed error. */
export async function runGitOk(cwd: string, args: readonly string[], options: RunGitOptions = {}): Promise<Buffer> {
  const run = await runGit(cwd, args, options);
  if (run.exitCode !== 0) throw commandFailed(args, run.exitCode, run.stderr);
  return run.stdout;
}

/** A running git process with streamed stdout and a bounded tail of its stderr. */
export interface GitProcess {
  /** The process: `stdin` is null unless started with `stdin: 'pipe'`; read `stdout`, not `stderr`. */
  readonly subprocess: ChildProcessByStdio<Writable | null, Readable, Readable>;
  /** The last 64 KiB of stderr so far, decoded and trimmed. */
  stderr(): string;
  /**
   * Settles when the process has ended and its pipes have closed (never rejects). `exitCode` is
   * undefined when git did not exit by itself: killed by a signal (then `error` is undefined too)
   * or never started (then `error` says why).
   */
  readonly exited: Promise<{ exitCode: number | undefined; error: GitError | undefined }>;
  /** Ends the process now (SIGKILL); safe to call any time. */
  kill(): void;
}

const STDERR_TAIL = 64 * 1024;

/**
 * Starts a long-running or streaming git process. stdout is a raw byte stream the caller parses
 * incrementally; nothing is buffered on its behalf. The caller must consume stdout or destroy it,
 * or `exited` waits for it. Throws `GIT_COMMAND_FAILED` only when the arguments cannot be passed to
 * a process at all (a NUL byte, an argument list beyond the system's limit); every other failure
 * to start comes through `exited`.
 */
export function spawnGit(cwd: string, args: readonly string[], options: { stdin?: 'pipe' | 'ignore' } = {}): GitProcess {
  let subprocess: ChildProcessByStdio<Writable | null, Readable, Readable>;
  try {
    // A union for stdin picks no typed overload of spawn; the pipes asked for are the ones named here.
    subprocess = spawn('git', gitArgv(args), {
      ...OWN_GROUP,
      cwd,
      env: gitEnv(),
      stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
      windowsHide: true,
    }) as ChildProcessByStdio<Writable | null, Readable, Readable>;
  } catch (cause) {
    throw spawnFailure(cwd, args, cause, '');
  }
  let tail = Buffer.alloc(0);
  subprocess.stderr.on('data', (chunk: Buffer) => {
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > STDERR_TAIL) tail = tail.subarray(tail.length - STDERR_TAIL);
  });
  let failure: unknown;
  const exited = new Promise<{ exitCode: number | undefined; error: GitError | undefined }>((resolve) => {
    subprocess.on('error', (error) => {
      failure ??= error;
    });
    subprocess.on('close', (code, signal) => {
      if (failure !== undefined) resolve({ exitCode: undefined, error: spawnFailure(cwd, args, failure, decodeStderr(tail)) });
      // Killed, by kill() or by anyone else: the exit code says nothing, and it is not a failure to run.
      else resolve({ exitCode: signal === null && code !== null ? code : undefined, error: undefined });
    });
  });
  return {
    subprocess,
    stderr: () => decodeStderr(tail),
    exited,
    kill: () => {
      if (subprocess.exitCode === null && subprocess.signalCode === null) subprocess.kill('SIGKILL');
    },
  };
}

/** The error for a git command that exited non-zero, recognising "not a repository". */
export function commandFailed(args: readonly string[], exitCode: number | undefined, stderr: string): GitError {
  if (/not a git repository/i.test(stderr)) {
    return new GitError(
      'GIT_NOT_A_REPOSITORY',
      `Not inside a Git repository (${firstLine(stderr)}). Run from a directory of a Git work tree, or run \`git init\` first.`,
      { stderr },
    );
  }
  return new GitError(
    'GIT_COMMAND_FAILED',
    `git ${args[0] ?? ''} failed (exit ${exitCode ?? 'signal'}): ${firstLine(stderr) || 'no message'}.`,
    { stderr },
  );
}

export function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.replace(/^(fatal|error): /, '').trim();
}

function decodeStderr(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8').trim();
}

/** Keeps the first `limit` bytes of a stream and drops the rest. */
class BoundedHead {
  readonly #chunks: Buffer[] = [];
  #bytes = 0;
  constructor(readonly limit: number) {}

  push(chunk: Buffer): void {
    const room = this.limit - this.#bytes;
    if (room <= 0) return;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.#chunks.push(kept);
    this.#bytes += kept.length;
  }

  text(): string {
    return decodeStderr(Buffer.concat(this.#chunks, this.#bytes));
  }
}

/**
 * The error for a git that did not run to an exit of its own: `cause` is what `spawn` threw or
 * reported, or undefined when git was killed by `signal`.
 */
function spawnFailure(cwd: string, args: readonly string[], cause: unknown, stderr: string, signal?: NodeJS.Signals | null): GitError {
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (code === 'ENOENT' && !existsSync(cwd)) {
    return new GitError('GIT_NOT_A_REPOSITORY', `Directory ${cwd} does not exist; run from a directory of a Git work tree.`);
  }
  if (code === 'ENOENT') {
    return new GitError('GIT_NOT_INSTALLED', 'The `git` executable was not found on PATH; install Git 2.31 or newer.');
  }
  const reason = cause === undefined ? `it was killed by ${signal ?? 'a signal'}` : cause instanceof Error ? cause.message : String(cause);
  return new GitError('GIT_COMMAND_FAILED', `git ${args[0] ?? ''} could not run: ${reason}.`, {
    stderr,
    ...(cause === undefined ? {} : { cause }),
  });
}
