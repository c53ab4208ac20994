import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CreateNodesResultArray } from '@nx/devkit';
import { workspaceDataDirectoryOf } from './nx-internals.js';

/** On-disk shape: the last inference result and the key it was computed under. */
interface CacheFile {
  readonly key: string;
  readonly result: CreateNodesResultArray;
}

/**
 * The last inference result per workspace, in memory (the daemon and plugin workers live long) and
 * in Nx's workspace data directory (every `nx` process without a daemon starts cold). One entry is
 * enough: the key covers every file inference read, so an older entry is never valid again.
 */
export class InferenceCache {
  static readonly #byRoot = new Map<string, InferenceCache>();
  /** Undefined when Nx names no usable workspace data directory: the cache lives in memory only. */
  readonly #path: string | undefined;
  #entry: CacheFile | undefined | null = null;

  private constructor(path: string | undefined) {
    this.#path = path;
  }

  static for(workspaceRoot: string): InferenceCache {
    let cache = InferenceCache.#byRoot.get(workspaceRoot);
    if (!cache) InferenceCache.#byRoot.set(workspaceRoot, (cache = new InferenceCache(cacheFileOf(workspaceRoot))));
    return cache;
  }

  get(key: string): CreateNodesResultArray | undefined {
    if (this.#entry === null) {
      try {
        this.#entry = this.#path === undefined ? undefined : (JSON.parse(readFileSync(this.#path, 'utf8')) as CacheFile);
      } catch {
        this.#entry = undefined;
      }
    }
    return this.#entry?.key === key ? this.#entry.result : undefined;
  }

  set(key: string, result: CreateNodesResultArray): void {
    this.#entry = { key, result };
    if (this.#path === undefined) return;
    try {
      mkdirSync(join(this.#path, '..'), { recursive: true });
      // Several nx processes may infer at once: write aside, then rename over.
      const temporary = `${this.#path}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(this.#entry));
      renameSync(temporary, this.#path);
    } catch {
      // A cache that cannot be written only costs time.
    }
  }
}

/**
 * Where the cache is kept on disk. Nx 24 refuses a configured workspace data directory another
 * user could write to (it throws); inference must not fail on that before Nx reports it, and a
 * cache that cannot be kept on disk only costs time.
 */
function cacheFileOf(workspaceRoot: string): string | undefined {
  try {
    return join(workspaceDataDirectoryOf(workspaceRoot), 'driftgate-nx-inference.json');
  } catch {
    return undefined;
  }
}
