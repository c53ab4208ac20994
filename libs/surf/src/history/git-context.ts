import { realpath } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import {
  type ChangedFile,
  type RevisionReader,
  changedFiles,
  commitExists,
  findRepoRoot,
  gitLog,
  isObjectId,
  mergeBase,
  openRevisionReader,
  resolveHeadCommit,
} from '@driftgate/git';

/** One commit as blame shows it. */
export interface CommitSummary {
  /** Full object id. */
  readonly id: string;
  readonly author: string;
  /** Author date, ISO 8601 with the author's offset, as git records it. */
  readonly date: string;
  /** First line of the message. */
  readonly subject: string;
}

/**
 * The git repository around a workspace, for the advisory uses of history (magnitude, rename
 * following, provenance). The verdict never depends on it; every query returns undefined when
 * git cannot answer. `close()` it when the command is done: it ends the shared `git cat-file`.
 */
export class GitContext {
  /** Absolute repository root. */
  readonly repoRoot: string;
  /** The workspace root relative to the repository root, POSIX, `''` when they coincide. */
  readonly prefix: string;
  readonly #root: string;
  readonly #renames = new Map<string, Promise<Map<string, string> | undefined>>();
  readonly #changes = new Map<string, Promise<ChangedFile[] | undefined>>();
  readonly #commits = new Map<string, Promise<boolean>>();
  readonly #mergeBases = new Map<string, Promise<string | undefined>>();
  readonly #firstSince = new Map<string, Promise<string | undefined>>();
  readonly #since = new Map<string, Promise<CommitSummary[] | undefined>>();
  /** Starts no process before the first `show`, so commands that never read history cost nothing. */
  readonly #reader: RevisionReader;

  private constructor(root: string, repoRoot: string, prefix: string) {
    this.#root = root;
    this.repoRoot = repoRoot;
    this.prefix = prefix;
    this.#reader = openRevisionReader(repoRoot);
  }

  /** The repository containing the workspace root, or undefined (not a repository, no git). */
  static async open(root: string): Promise<GitContext | undefined> {
    try {
      const repoRoot = await findRepoRoot(root);
      const rel = relative(await realpath(repoRoot), await realpath(root));
      if (rel.startsWith('..')) return undefined;
      return new GitContext(root, repoRoot, rel.split(sep).join('/'));
    } catch {
      return undefined;
    }
  }

  /** Repository-relative path of a workspace-relative file. */
  repoPath(file: string): string {
    return this.prefix === '' ? file : `${this.prefix}/${file}`;
  }

  /**
   * Bytes of a workspace-relative file at `rev` (`git show <rev>:<file>`), or undefined (also
   * after `close()`). Each `rev` is resolved once per context; concurrent calls are pipelined
   * through one git process.
   */
  async show(rev: string, file: string): Promise<Buffer | undefined> {
    try {
      // After `close()` the reader refuses every read, which answers undefined here.
      return (await this.#reader.read(rev, this.repoPath(file))) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /** Ends the git process behind `show`; later `show` calls answer undefined. Idempotent. */
  async close(): Promise<void> {
    await this.#reader.close();
  }

  /** Whether the repository has commit `id` (a full object id); false in a clone cut off before it. */
  hasCommit(id: string): Promise<boolean> {
    let pending = this.#commits.get(id);
    if (!pending) {
      pending = commitExists(this.#root, id).catch(() => false);
      this.#commits.set(id, pending);
    }
    return pending;
  }

  /** The merge base of `rev` and HEAD, or undefined when git cannot tell (no common history, a bad ref). */
  mergeBaseWithHead(rev: string): Promise<string | undefined> {
    let pending = this.#mergeBases.get(rev);
    if (!pending) {
      pending = mergeBase(this.#root, rev, 'HEAD').then(
        (id) => id ?? undefined,
        () => undefined,
      );
      this.#mergeBases.set(rev, pending);
    }
    return pending;
  }

  /** The full HEAD commit id, or undefined (unborn branch, no repository). */
  async headCommit(): Promise<string | undefined> {
    try {
      return (await resolveHeadCommit(this.#root)) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Where git says a workspace-relative file was renamed to, comparing the working tree with
   * each base in turn: HEAD (an uncommitted `git mv`), then the given revisions (e.g. the claim's
   * `verified_commit`), then the parent of the last commit that touched the old path (a rename
   * already committed). Undefined when no base pairs a rename with the file.
   */
  async renamedTo(file: string, extraBases: readonly string[] = []): Promise<string | undefined> {
    const bases = ['HEAD', ...extraBases];
    for (const base of bases) {
      const found = (await this.#renameMap(base))?.get(file);
      if (found !== undefined) return found;
    }
    const last = await this.#lastCommitTouching(file);
    if (last === undefined) return undefined;
    return (await this.#renameMap(`${last}^`))?.get(file);
  }

  #renameMap(base: string): Promise<Map<string, string> | undefined> {
    let pending = this.#renames.get(base);
    if (!pending) {
      pending = this.#changesSince(base).then((changes) => {
        if (changes === undefined) return undefined;
        const map = new Map<string, string>();
        for (const change of changes) {
          if (change.status === 'R' && change.oldPath !== undefined) map.set(change.oldPath, change.path);
        }
        return map;
      });
      this.#renames.set(base, pending);
    }
    return pending;
  }

  /**
   * Workspace-relative files that differ between `base` and the working tree and are there now
   * (added, modified, renamed or copied; not deleted), sorted; undefined when git cannot tell.
   * Where a symbol gone from its file may have moved to (`surf verify --follow`).
   */
  async changedSince(base: string): Promise<string[] | undefined> {
    const changes = await this.#changesSince(base);
    return changes === undefined ? undefined : [...new Set(changes.filter((c) => c.status !== 'D').map((c) => c.path))].sort();
  }

  /**
   * Where a symbol that left the workspace-relative `file` may have gone: the files changed since
   * `verifiedCommit` (when given), since HEAD (uncommitted), and since the parent of the last
   * commit that touched `file` (the commit that moved it out), merged and sorted; `file` left out.
   */
  async movedFrom(file: string, verifiedCommit: string | undefined): Promise<string[]> {
    const last = await this.#lastCommitTouching(file);
    const bases = [...(verifiedCommit !== undefined ? [verifiedCommit] : []), 'HEAD', ...(last !== undefined ? [`${last}^`] : [])];
    const lists = await Promise.all(bases.map((base) => this.changedSince(base)));
    return [...new Set(lists.flatMap((list) => list ?? []))].filter((other) => other !== file).sort();
  }

  #changesSince(base: string): Promise<ChangedFile[] | undefined> {
    let pending = this.#changes.get(base);
    if (!pending) {
      pending = changedFiles(this.#root, { from: base, relative: true }).catch(() => undefined);
      this.#changes.set(base, pending);
    }
    return pending;
  }

  /**
   * The oldest commit after `commit` on the way to HEAD (a descendant of it that HEAD reaches)
   * that touched the workspace-relative `file`, or undefined (none, or git cannot tell). Asked
   * once per pair.
   */
  firstCommitSince(commit: string, file: string): Promise<string | undefined> {
    // Neither a commit id nor a path holds a NUL.
    const key = `${commit}\0${file}`;
    let pending = this.#firstSince.get(key);
    if (!pending) {
      pending = (async () => {
        try {
          // Only descendants of `commit`: in a shallow clone the cut-off commit is diffed against
          // nothing and would seem to touch every file. `--reverse` applies after the walk, so
          // the whole range is listed; it is the commits since one verification.
          const args = ['--reverse', '--ancestry-path', '--format=%x01%H', `${commit}..HEAD`, '--', file];
          for await (const record of gitLog(this.#root, args)) {
            const id = record.trim();
            if (isObjectId(id)) return id;
          }
        } catch {
          // No such range (an unknown commit, an unborn HEAD): nothing after it.
        }
        return undefined;
      })();
      this.#firstSince.set(key, pending);
    }
    return pending;
  }

  /**
   * The commits after `commit` on the way to HEAD (descendants of it that HEAD reaches) that
   * touched any of the workspace-relative `files`, oldest first, at most `limit` of them (the
   * oldest ones); undefined when git cannot tell. Asked once per commit and file set.
   */
  commitsSince(commit: string, files: readonly string[], limit: number): Promise<CommitSummary[] | undefined> {
    const key = `${commit}\0${limit}\0${files.join('\0')}`;
    let pending = this.#since.get(key);
    if (!pending) {
      pending = (async () => {
        const out: CommitSummary[] = [];
        try {
          // As in firstCommitSince: only descendants, so a shallow clone's cut-off commit does not
          // seem to touch everything.
          const args = ['--reverse', '--ancestry-path', '--no-show-signature', '--format=%x01%H%x00%an%x00%aI%x00%s', `${commit}..HEAD`, '--', ...files];
          for await (const record of gitLog(this.#root, args)) {
            const [id, author, date, subject] = record.replace(/^\n+|\n+$/g, '').split('\0');
            if (id === undefined || !isObjectId(id)) continue;
            if (out.length < limit) out.push({ id, author: author ?? '', date: date ?? '', subject: subject ?? '' });
          }
        } catch {
          return undefined;
        }
        return out;
      })();
      this.#since.set(key, pending);
    }
    return pending;
  }

  async #lastCommitTouching(file: string): Promise<string | undefined> {
    try {
      for await (const record of gitLog(this.#root, ['-1', '--format=%x01%H', 'HEAD', '--', file])) {
        const id = record.trim();
        if (isObjectId(id)) return id;
      }
    } catch {
      // No history for the path: nothing to follow.
    }
    return undefined;
  }
}
