import { relative, sep } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import { defaultCacheDir } from '../cache/result-cache.js';
import { type CheckOptions, type CheckResult, runCheck } from '../check/check.js';
import { type LoadedHub, loadWorkspace } from '../workspace/load-workspace.js';
import { type FileEvent, PendingChanges } from './pending-changes.js';
import { type HubParseProblem, type InvalidHub, type RepairedHub, aboutUnparsed, unparsedHubs } from './unparsed-hubs.js';
import { type ClaimIdOf, type ClaimVerdict, type VerdictChange, verdictChanges, verdictsOf } from './verdict-changes.js';
import { WatchedPaths } from './watched-paths.js';

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
  /**
   * Verdicts that differ from the previous check's (every verdict on the first one). The claims of
   * a hub that does not parse keep their last verdicts until it parses again, so they are not here.
   */
  readonly changes: readonly VerdictChange[];
  /** Workspace-relative POSIX paths whose change led to this check, in path order; empty on the first. */
  readonly changed: readonly string[];
  readonly first: boolean;
  /**
   * Hubs that do not parse and were not reported so, or now with another error: newly broken, or
   * (on the first check) every one; in hub path order.
   */
  readonly invalid: readonly InvalidHub[];
  /** Hubs that parse again (they did not at the previous check), in hub path order. */
  readonly repaired: readonly RepairedHub[];
  /** Every hub that does not parse at this check, reported before or not, in hub path order. */
  readonly unparsed: readonly string[];
  /**
   * Divergences of this check's claims and refs, without the hubs that do not parse and the refs
   * pointing at them (those are in {@link unparsed}).
   */
  readonly divergences: number;
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
const FILE_EVENTS: ReadonlySet<string> = new Set<FileEvent>(['add', 'change', 'unlink']);

/**
 * `surf check --watch`: checks once, then again after every burst of changes to what a check reads
 * — `surf.toml`, the hubs (what the hub globs match) and the files their claims name — anywhere in
 * the workspace; other files are not counted (see {@link WatchedPaths}). Each re-check loads the
 * hubs anew and goes through the result cache, so it parses only the files whose bytes changed; a
 * deleted or renamed file, or a branch switch, is just more changed paths, and a file created and
 * deleted within one burst is none. Checks never overlap: changes during one are checked right
 * after it. A hub that stops parsing (a save mid-typing) is reported once, and its claims keep
 * their last verdicts until it parses again, so that only what changed meanwhile is reported then.
 * Watching uses chokidar (inotify, FSEvents or ReadDirectoryChangesW underneath); `.git`,
 * `node_modules` and the cache directory are not watched.
 */
export class CheckWatch {
  readonly #root: string;
  readonly #options: CheckWatchOptions;
  readonly #listener: WatchListener;
  readonly #pending = new PendingChanges();
  readonly #paths = new WatchedPaths();
  /** Events passed over while a check ran: that check may name new files, so they are asked again after it. */
  #passedOver: Array<[FileEvent, string]> = [];
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  /** The last verdict of every claim, those of hubs that do not parse held from before they broke. */
  #verdicts = new Map<string, ClaimVerdict>();
  /** Every hub as it last parsed (a hub that does not parse now keeps its last good version). */
  #hubs = new Map<string, LoadedHub>();
  /** Hubs that did not parse at the last check, with the error reported for each. */
  #unparsed = new Map<string, HubParseProblem>();
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
    // Not `atomic`: it holds back each delete for 100 ms (to turn delete + create into one change),
    // which let a file created and deleted within a burst land in two checks. The pending set
    // merges those events itself.
    const watcher = watch(this.#root, { ignored, ignoreInitial: true, persistent: true, atomic: false });
    this.#watcher = watcher;
    await new Promise<void>((resolve, reject) => {
      watcher.once('ready', resolve);
      watcher.once('error', reject);
    });
    watcher.on('all', (event, path) => this.#changed(event, path));
    watcher.on('error', (error) => this.#listener.error(error));
  }

  #changed(event: string, path: string): void {
    // A directory added or removed (a branch switch) has events of its own for the files in it.
    if (this.#closed || !FILE_EVENTS.has(event)) return;
    const rel = relative(this.#root, path).split(sep).join('/');
    if (!this.#paths.includes(rel)) {
      if (this.#running !== undefined) this.#passedOver.push([event as FileEvent, rel]);
      return;
    }
    this.#pending.record(event as FileEvent, rel);
    this.#debounce();
  }

  #debounce(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#flush(), this.#options.debounceMs ?? DEFAULT_DEBOUNCE_MS);
  }

  #flush(): void {
    this.#timer = undefined;
    if (this.#closed || this.#pending.size === 0) return;
    if (this.#running !== undefined) return; // checked again when the running check ends
    const changed = this.#pending.take();
    this.#running = this.#check(changed, false).finally(() => {
      this.#running = undefined;
      for (const [event, rel] of this.#passedOver.splice(0)) if (this.#paths.includes(rel)) this.#pending.record(event, rel);
      // A burst still going on is checked when it ends.
      if (this.#pending.size > 0 && !this.#closed && this.#timer === undefined) this.#flush();
    });
  }

  async #check(changed: readonly string[], first: boolean): Promise<void> {
    try {
      const { debounceMs: _debounce, ...options } = this.#options;
      const workspace = await loadWorkspace(this.#root);
      const result = await runCheck(workspace, options);
      const hubs = new Map(workspace.hubs.map((hub) => [hub.rel, hub]));
      const unparsed = unparsedHubs(result, hubs);

      // The claims of a hub that does not parse are not checked: they keep their last verdicts.
      const verdicts = new Map<string, ClaimVerdict>();
      for (const [key, verdict] of verdictsOf(result)) if (!aboutUnparsed(verdict, unparsed)) verdicts.set(key, verdict);
      const divergences = [...verdicts.values()].filter((verdict) => verdict.kind !== 'clean').length;
      const held = new Map<string, number>();
      for (const [key, verdict] of this.#verdicts) {
        if (verdicts.has(key) || !aboutUnparsed(verdict, unparsed)) continue;
        verdicts.set(key, verdict);
        if (verdict.hubLine > 0) held.set(verdict.hub, (held.get(verdict.hub) ?? 0) + 1);
      }

      const lastHubs = new Map<string, LoadedHub>();
      for (const [rel, hub] of hubs) {
        const last = unparsed.has(rel) ? this.#hubs.get(rel) : hub;
        if (last !== undefined) lastHubs.set(rel, last);
      }
      const changes = first ? verdictChanges(new Map(), verdicts) : verdictChanges(this.#verdicts, verdicts, { before: idsIn(this.#hubs), after: idsIn(lastHubs) });

      const invalid: InvalidHub[] = [];
      for (const [hub, problem] of unparsed) {
        if (this.#unparsed.get(hub)?.message === problem.message) continue;
        invalid.push({ hub, ...problem, claims: held.get(hub) ?? (this.#hubs.has(hub) ? 0 : undefined) });
      }
      const repaired: RepairedHub[] = [];
      for (const hub of this.#unparsed.keys()) {
        if (unparsed.has(hub) || !hubs.has(hub)) continue;
        repaired.push({ hub, claims: result.checked.filter((claim) => claim.hub === hub).length });
      }

      this.#verdicts = verdicts;
      this.#hubs = lastHubs;
      this.#unparsed = unparsed;
      this.#paths.update(workspace.config, lastHubs.values());
      if (!this.#closed) this.#listener.update({ result, changes, changed, first, invalid, repaired, unparsed: [...unparsed.keys()], divergences });
    } catch (error) {
      if (first) throw error;
      if (!this.#closed) this.#listener.error(error);
    }
  }
}

/** A claim's `id` in the hubs of one check, found by the claim's line in its hub. */
function idsIn(hubs: ReadonlyMap<string, LoadedHub>): ClaimIdOf {
  // Parses the hub's YAML if check did not (it reads plain hubs by a line scan): only claims that
  // left one key and arrived at another are asked about, so only hubs whose claims moved.
  return (verdict) => hubs.get(verdict.hub)?.hub?.anchors.find((claim) => claim.line === verdict.hubLine)?.id;
}
