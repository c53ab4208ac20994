import { describeTag, type Snapshot } from '@driftgate/git';
import type { ComponentConfig } from '../config/config-types.js';
import { MAX_VERSION_FILE_BYTES, versionFromFile, versionFromTag } from './versions.js';
import { sourceLabel } from '../source/source-mode.js';
import { compareCodePoints } from '../formats/string-order.js';

/** A component's version, or why its configured source gave none. */
export interface ResolvedVersion {
  readonly version: string | null;
  /** Why a configured source produced no version (for the version error); null otherwise. */
  readonly problem: string | null;
}

/**
 * Extracts component versions from one snapshot: `{file, field}` sources from the snapshot's
 * files, `{git_tag_prefix}` sources from the nearest tag reachable from the captured HEAD (never
 * an unreachable one), each prefix looked up once per operation.
 */
export class VersionResolver {
  readonly #snapshot: Snapshot;
  readonly #tags = new Map<string, Promise<{ tag: string | null; problem: string | null }>>();

  constructor(snapshot: Snapshot) {
    this.#snapshot = snapshot;
  }

  /** Looks up every tag prefix of `components` first, in sorted order (as the reference does). */
  async prefetchTags(components: readonly ComponentConfig[]): Promise<void> {
    const prefixes = new Set<string>();
    for (const component of components) if (component.versionSource?.kind === 'git-tag') prefixes.add(component.versionSource.gitTagPrefix);
    for (const prefix of [...prefixes].sort(compareCodePoints)) await this.#tag(prefix);
  }

  async resolve(component: ComponentConfig): Promise<ResolvedVersion> {
    const source = component.versionSource;
    if (source === null) return { version: null, problem: null };
    if (source.kind === 'git-tag') {
      const { tag, problem } = await this.#tag(source.gitTagPrefix);
      if (problem !== null) return { version: null, problem };
      const version = versionFromTag(tag, source.gitTagPrefix);
      return version === null
        ? { version: null, problem: `no tag starting with '${source.gitTagPrefix}' followed by a version is reachable from HEAD` }
        : { version, problem: null };
    }
    const path = `${component.path}/${source.file}`;
    const snapshot = this.#snapshot;
    const entry = snapshot.get(path);
    if (entry === undefined) {
      const where = snapshot.source === 'working-tree' ? 'not tracked, or missing on disk' : `not in the ${sourceLabel(snapshot.source)} snapshot`;
      return { version: null, problem: `${path} is ${where}` };
    }
    if (entry.mode === '120000') return { version: null, problem: `${path} is a symlink; version files must be regular files` };
    if (entry.type !== 'blob') return { version: null, problem: `${path} is not a file` };
    let bytes: Uint8Array;
    try {
      bytes = (await snapshot.read(path)).content;
    } catch (error) {
      return { version: null, problem: (error as Error).message };
    }
    if (bytes.length > MAX_VERSION_FILE_BYTES) return { version: null, problem: `${path} is larger than ${MAX_VERSION_FILE_BYTES} bytes` };
    const version = versionFromFile(bytes, source.file, source.field);
    return version === null ? { version: null, problem: `${path} does not parse or has no value at field '${source.field}'` } : { version, problem: null };
  }

  #tag(prefix: string): Promise<{ tag: string | null; problem: string | null }> {
    let pending = this.#tags.get(prefix);
    if (pending === undefined) {
      const head = this.#snapshot.headCommit;
      pending =
        head === null
          ? Promise.resolve({ tag: null, problem: 'HEAD has no commit yet, so no tag is reachable' })
          : describeTag(this.#snapshot.root, head, prefix).then(
              (tag) => ({ tag, problem: null }),
              (error: unknown) => ({ tag: null, problem: (error as Error).message }),
            );
      this.#tags.set(prefix, pending);
    }
    return pending;
  }
}
