import { relative, sep } from 'node:path';
import { langForPath } from '@driftgate/syntax';
import { type FSWatcher, watch } from 'chokidar';
import { defaultCacheDir } from '../cache/result-cache.js';
import { type CheckOptions, type CheckResult, runCheck } from '../check/check.js';
import { loadWorkspace } from '../workspace/load-workspace.js';
import { SURF_CONFIG_FILE } from '../workspace/config.js';
import { type ClaimVerdict, type VerdictChange, verdictChanges, verdictsOf } from './verdict-changes.js';

/** Options of {@link CheckWatch.start}: those of a check, and how long a burst of changes may last. */
export interface CheckWatchOptions extends Omit<CheckOptions, 'onProgress'> {
  /**
   * Milliseconds without a further change before re-checking (default 150): a save, a branch
   * switch or a formatter rewriting many files becomes one check.
   */
  readonly debounceMs?: number;
}

/** One check of a watch: the first one, or one after a burst of changes. */
export interface WatchUpdate {
  /** The whole result, as `surf check` gives it. */
  readonly result: CheckResult;
  /** Verdicts that differ from the previous check's (every verdict on the first one). */
  readonly changes: readonly VerdictChange[];
  /** Workspace-relative POSIX paths whose change led to this check, sorted; empty on the first. */
  readonly changed: readonly string[];
  readonly first: boolean;
}

/** Receives each check's outcome, or why a check could not run (a broken surf.toml mid-edit); watching goes on. */
export interface WatchListener {
  update(update: WatchUpdate): void;
  error(error: unknown): void;
}

const DEFAULT_DEBOUNCE_MS = 150;
const NEVER_WATCHED = new Set(['.git', 'node_modules', '.surf-cache']);

/**
 * `surf check --watch`: checks once, then again after every burst of changes to what a check reads
 * — source files of a supported language, markdown (hubs), `surf.toml` — anywhere in the
 * workspace. Each re-check loads the hubs anew and goes through the result cache, so it parses
 * only the files whose bytes changed; a deleted or renamed file, or a branch switch, is just more
 * changed paths. Checks never overlap: changes during one are checked right after it. Watching
 * uses chokidar (inotify, FSEvents or ReadDirectoryChangesW underneath); `.git`, `node_modules`
 * and the cache directory are not watched.
 */
export class CheckWatch {
  readonly #root: string;
  readonly #options: CheckWatchOptions;
  readonly #listener: WatchListener;
  readonly #pending = new Set<string>();
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #verdicts = new Map<string, ClaimVerdict>();
  #closed = false;

  private constructor(root: string, options: CheckWatchOptions, listener: WatchListener) {
    this.#root = root;
    this.#options = options;
    this.#listener = listener;
  }

  /** Runs the first check, reports it, and starts watching; resolves once the watcher is ready. */
  static async start(root: string, options: CheckWatchOptions, listener: WatchListener): Promise<CheckWatch> {
    const session = new CheckWatch(root, options, listener);
    await session.#check([], true);
    await session.#watch();
    return session;
  }

  /** Stops watching; a check in progress finishes first, and nothing is reported after. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    await this.#watcher?.close();
    await this.#running;
  }

  async #watch(): Promise<void> {
    const cacheDir = this.#options.cache?.dir ?? defaultCacheDir(this.#root);
    const ignored = (path: string): boolean => {
      const rel = relative(this.#root, path);
      if (rel === '') return false;
      if (rel.startsWith('..') || path === cacheDir || path.startsWith(`${cacheDir}${sep}`)) return true;
      return rel.split(sep).some((part) => NEVER_WATCHED.has(part));
    };
    const watcher = watch(this.#root, { ignored, ignoreInitial: true, persistent: true });
    this.#watcher = watcher;
    await new Promise<void>((resolve, reject) => {
      watcher.once('ready', resolve);
      watcher.once('error', reject);
    });
    watcher.on('all', (_event, path) => this.#changed(path));
    watcher.on('error', (error) => this.#listener.error(error));
  }

  #changed(path: string): void {
    if (this.#closed) return;
    const rel = relative(this.#root, path).split(sep).join('/');
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    // A directory event (a branch switch adding or removing a folder) may hide files beneath it.
    const relevant = name === SURF_CONFIG_FILE || name.endsWith('.md') || langForPath(rel) !== undefined || !name.includes('.');
    if (!relevant) return;
    this.#pending.add(rel);
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#flush(), this.#options.debounceMs ?? DEFAULT_DEBOUNCE_MS);
  }

  #flush(): void {
    this.#timer = undefined;
    if (this.#closed || this.#pending.size === 0) return;
    if (this.#running !== undefined) return; // checked again when the running check ends
    const changed = [...this.#pending].sort();
    this.#pending.clear();
    this.#running = this.#check(changed, false).finally(() => {
      this.#running = undefined;
      if (this.#pending.size > 0 && !this.#closed) this.#flush();
    });
  }

  async #check(changed: readonly string[], first: boolean): Promise<void> {
    try {
      const { debounceMs: _debounce, ...options } = this.#options;
      const result = await runCheck(await loadWorkspace(this.#root), options);
      const verdicts = verdictsOf(result);
      const changes = verdictChanges(first ? new Map() : this.#verdicts, verdicts);
      this.#verdicts = verdicts;
      if (!this.#closed) this.#listener.update({ result, changes, changed, first });
    } catch (error) {
      if (first) throw error;
      if (!this.#closed) this.#listener.error(error);
    }
  }
}
