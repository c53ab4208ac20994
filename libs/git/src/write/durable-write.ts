import { close, fsync, open, readdir, realpath, rename, stat, unlink, write } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const openAsync = promisify(open);
const writeAsync = promisify(write);
const fsyncAsync = promisify(fsync);
const closeAsync = promisify(close);

/** Options of {@link writeFileDurably}. */
export interface DurableWriteOptions {
  /** Flush the new bytes to disk before the rename (a lock or a hub); reports skip it. Default true. */
  readonly fsync?: boolean;
}

let written = 0;

/**
 * Replaces a working-tree file so that a reader, or a process killed at any point, sees the old
 * bytes or the new ones: the bytes go to `<file>.driftgate-<pid>-<n>.tmp` beside it (same file
 * system), are flushed, and the temporary file is renamed over the file. An existing file keeps
 * its permission bits; a symlink is written through to its target. A failure removes the
 * temporary file and rethrows the file-system error, for the caller to name in its own typed
 * error. Temporary files left in the directory by processes that no longer run (killed
 * mid-write) are removed first, so the next run leaves nothing of the last one behind.
 */
export async function writeFileDurably(path: string, data: string | Uint8Array, options: DurableWriteOptions = {}): Promise<void> {
  let target = path;
  let mode = 0o666;
  try {
    target = await promisify(realpath)(path);
    mode = (await promisify(stat)(target)).mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await removeStaleTemporaries(target);
  const temporary = `${target}.driftgate-${process.pid}-${++written}.tmp`;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let fd: number | undefined;
  try {
    fd = await openAsync(temporary, 'wx', mode);
    for (let offset = 0; offset < bytes.byteLength; ) offset += (await writeAsync(fd, bytes, offset, bytes.byteLength - offset)).bytesWritten ?? 0;
    if (options.fsync !== false) await fsyncAsync(fd);
    await closeAsync(fd);
    fd = undefined;
    await promisify(rename)(temporary, target);
  } catch (error) {
    if (fd !== undefined) await closeAsync(fd).catch(() => undefined);
    await promisify(unlink)(temporary).catch(() => undefined);
    throw error;
  }
}

const TEMPORARY = /^.+\.driftgate-(\d+)-\d+\.tmp$/;

/** Directories this process has already swept: one listing each, however many files it writes there. */
const swept = new Set<string>();

/**
 * Removes the temporary files {@link writeFileDurably} left in `target`'s directory by processes
 * that no longer run (a run killed mid-write). Those of a live process (a concurrent writer) are
 * left alone. Each directory is listed once per process, so writing or checking thousands of hubs
 * of one directory costs one listing. Never throws: a leftover that cannot be removed is no reason
 * to fail the write.
 */
export async function removeStaleTemporaries(target: string): Promise<void> {
  const dir = dirname(target);
  if (swept.has(dir)) return;
  swept.add(dir);
  let names: string[];
  try {
    names = await promisify(readdir)(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const match = TEMPORARY.exec(name);
    if (match === null) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || isRunning(pid)) continue;
    await promisify(unlink)(join(dir, name)).catch(() => undefined);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
