import { existsSync } from 'node:fs';
import { devNull } from 'node:os';
import { execa, type ResultPromise } from 'execa';
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
  /** Decoded for humans (UTF-8, lossy), trimmed. */
  stderr: string;
}

export interface RunGitOptions {
  /** Ceiling on captured stdout bytes (default 1 MiB); exceeding it is `GIT_LIMIT_EXCEEDED`. */
  maxOutputBytes?: number;
}

/**
 * Runs one bounded git command (stdin closed) and captures its output. Never throws for a non-zero exit
 * (callers decide what an exit code means); throws for a missing git or working directory and
 * for output beyond `maxOutputBytes`.
 */
export async function runGit(cwd: string, args: readonly string[], options: RunGitOptions = {}): Promise<GitRun> {
  const maxOutputBytes = options.maxOutputBytes ?? 1024 * 1024;
  const result = await execa('git', gitArgv(args), {
    cwd,
    env: gitEnv(),
    extendEnv: false,
    encoding: 'buffer',
    stripFinalNewline: false,
    reject: false,
    maxBuffer: { stdout: maxOutputBytes, stderr: 1024 * 1024 },
    stdin: 'ignore',
  });
  if (result.exitCode === undefined) {
    if (result.isMaxBuffer) {
      throw new GitError(
        'GIT_LIMIT_EXCEEDED',
        `git ${args[0] ?? ''} printed more than ${maxOutputBytes} bytes; the repository state is larger than this command allows.`,
        { stderr: decodeStderr(result.stderr) },
      );
    }
    throw spawnFailure(cwd, args, result);
  }
  return { exitCode: result.exitCode, stdout: Buffer.from(result.stdout), stderr: decodeStderr(result.stderr) };
}

/** Like {@link runGit} but any non-zero exit is a typed error. */
export async function runGitOk(cwd: string, args: readonly string[], options: RunGitOptions = {}): Promise<Buffer> {
  const run = await runGit(cwd, args, options);
  if (run.exitCode !== 0) throw commandFailed(args, run.exitCode, run.stderr);
  return run.stdout;
}

/** A running git process with streamed stdout and a bounded tail of its stderr. */
export interface GitProcess {
  readonly subprocess: ResultPromise;
  /** The last 64 KiB of stderr so far, decoded and trimmed. */
  stderr(): string;
  /** Settles when the process has ended (never rejects). */
  readonly exited: Promise<{ exitCode: number | undefined; error: GitError | undefined }>;
  /** Ends the process now (SIGKILL); safe to call any time. */
  kill(): void;
}

const STDERR_TAIL = 64 * 1024;

/**
 * Starts a long-running or streaming git process. stdout is a raw byte stream the caller parses
 * incrementally; nothing is buffered on its behalf.
 */
export function spawnGit(cwd: string, args: readonly string[], options: { stdin?: 'pipe' | 'ignore' } = {}): GitProcess {
  const subprocess = execa('git', gitArgv(args), {
    cwd,
    env: gitEnv(),
    extendEnv: false,
    encoding: 'buffer',
    buffer: false,
    reject: false,
    stdin: options.stdin ?? 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let tail = Buffer.alloc(0);
  subprocess.stderr?.on('data', (chunk: Buffer) => {
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > STDERR_TAIL) tail = tail.subarray(tail.length - STDERR_TAIL);
  });
  const exited = subprocess.then(
    (result) => ({
      exitCode: result.exitCode,
      error: result.exitCode === undefined && !result.isTerminated ? spawnFailure(cwd, args, result) : undefined,
    }),
    (cause: unknown) => ({
      exitCode: undefined,
      error: new GitError('GIT_COMMAND_FAILED', `git ${args[0] ?? ''} could not run: ${String(cause)}`, { cause }),
    }),
  );
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

function decodeStderr(bytes: Uint8Array | string | undefined): string {
  if (bytes === undefined) return '';
  return (typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8')).trim();
}

interface SpawnFailureLike {
  code?: string;
  message?: string;
  originalMessage?: string;
  stderr?: Uint8Array | string;
}

function spawnFailure(cwd: string, args: readonly string[], result: SpawnFailureLike): GitError {
  if (result.code === 'ENOENT' && !existsSync(cwd)) {
    return new GitError('GIT_NOT_A_REPOSITORY', `Directory ${cwd} does not exist; run from a directory of a Git work tree.`);
  }
  if (result.code === 'ENOENT') {
    return new GitError('GIT_NOT_INSTALLED', 'The `git` executable was not found on PATH; install Git 2.31 or newer.');
  }
  return new GitError('GIT_COMMAND_FAILED', `git ${args[0] ?? ''} could not run: ${result.originalMessage ?? result.message ?? 'unknown error'}.`, {
    stderr: decodeStderr(result.stderr),
    cause: result,
  });
}
