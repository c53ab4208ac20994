import { statSync, utimesSync } from 'node:fs';

/**
 * Resolves once some process reads `path` after this call, seen by its access time moving; rejects
 * after `boundMs`. A surf waiting for a hub's write lock reads the lock on every retry (to see
 * whether its holder still runs), so a test holding that lock learns from this that surf has got
 * as far as waiting for it, instead of sleeping a fixed time and hoping surf was that far.
 *
 * The access time is first set back to the epoch: under `relatime` (Linux's default mount option)
 * and `strictatime` the next read then always moves it. On a file system mounted `noatime` this
 * never resolves, and the rejection says so.
 */
export async function nextRead(path: string, boundMs = 60_000): Promise<void> {
  const { mtime } = statSync(path);
  utimesSync(path, new Date(0), mtime);
  const started = performance.now();
  while (statSync(path).atimeMs === 0) {
    if (performance.now() - started > boundMs) {
      throw new Error(`nothing read ${path} within ${boundMs} ms (or its file system does not record access times: mounted noatime?)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
