import { comparePosixPaths } from '../workspace/compare-paths.js';

/** What the watcher saw happen to a file. */
export type FileEvent = 'add' | 'change' | 'unlink';

/**
 * The paths changed since the last check, as net changes: a file created and deleted again
 * before the check (a tool's temp file, an editor's backup) did not change anything, so it is
 * dropped instead of starting a check that would find nothing. A file deleted and created again
 * stays: its bytes may differ.
 */
export class PendingChanges {
  /** Path → whether the file was created since the last check (it did not exist then). */
  readonly #paths = new Map<string, boolean>();

  /** Records one event for a workspace-relative POSIX path. */
  record(event: FileEvent, path: string): void {
    const created = this.#paths.get(path);
    if (event === 'unlink' && created === true) this.#paths.delete(path);
    else if (created === undefined) this.#paths.set(path, event === 'add');
  }

  get size(): number {
    return this.#paths.size;
  }

  /** The net changed paths in workspace path order, and forgets them. */
  take(): string[] {
    const paths = [...this.#paths.keys()].sort(comparePosixPaths);
    this.#paths.clear();
    return paths;
  }
}
