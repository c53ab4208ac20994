import { open, readFile, stat, unlink } from 'node:fs/promises';
import { SurfError } from '../errors.js';

/** What a hub's write lock is called: the hub's (real) path with this appended. */
export const HUB_LOCK_SUFFIX = '.surf-lock';

/** How long a writer waits for another surf process to finish writing the same hub, in ms. */
export const HUB_LOCK_WAIT_MS = 10_000;
const RETRY_MS = 25;
/** How old an empty lock must be before it counts as abandoned, in ms. */
const EMPTY_LOCK_GRACE_MS = 2_000;

/**
 * Runs `write` while holding `<target>.surf-lock`, a file created exclusively that holds the
 * holder's pid. Two surf processes stamping one hub thus take turns, and the second one sees the
 * first one's text when it compares the file with what it read (and refuses, rather than losing
 * that update). A lock whose holder is gone (killed mid-write) is removed by the next writer.
 */
export async function withHubWriteLock<T>(target: string, display: string, write: () => Promise<T>, waitMs = HUB_LOCK_WAIT_MS): Promise<T> {
  const lockPath = `${target}${HUB_LOCK_SUFFIX}`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      try {
        await handle.writeFile(`${process.pid}\n`);
      } catch (error) {
        // A full disk can refuse even the pid; leave no lock behind.
        await handle.close().catch(() => undefined);
        await unlink(lockPath).catch(() => undefined);
        throw new SurfError('SURF_IO', `cannot lock ${display} for writing (${lockPath}): ${(error as Error).message}`, { cause: error });
      }
      await handle.close();
      break;
    } catch (error) {
      if (error instanceof SurfError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new SurfError('SURF_IO', `cannot lock ${display} for writing (${lockPath}): ${(error as Error).message}`, { cause: error });
      }
    }
    if (await holderIsGone(lockPath)) {
      await unlink(lockPath).catch(() => undefined);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new SurfError(
        'SURF_HUB_LOCKED',
        `${display} is being written by another surf process (${lockPath}); wait for it and re-run the command, or remove that file if no surf is running`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  try {
    return await write();
  } finally {
    await unlink(lockPath).catch(() => undefined);
  }
}

/**
 * Removes `<target>.surf-lock` when its holder is gone. A run killed after renaming the hub into
 * place but before releasing the lock leaves one behind; the next run may have nothing to write
 * to that hub, and would otherwise never take (and so never clear) that lock. A live holder's
 * lock is left alone.
 */
export async function removeAbandonedHubLock(target: string): Promise<void> {
  const lockPath = `${target}${HUB_LOCK_SUFFIX}`;
  if (await holderIsGone(lockPath)) await unlink(lockPath).catch(() => undefined);
}

/** The lock names a pid that no longer runs (or cannot be read as one). */
async function holderIsGone(lockPath: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch {
    // Released between our open and our read: try again.
    return false;
  }
  // An empty lock is being filled now, or its holder was killed between creating and filling it:
  // give a live holder a moment, then take it as gone.
  if (text === '') {
    const age = await stat(lockPath).then((info) => Date.now() - info.mtimeMs, () => 0);
    return age > EMPTY_LOCK_GRACE_MS;
  }
  const pid = Number.parseInt(text, 10);
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
