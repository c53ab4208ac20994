import { realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { changedFiles, mergeBase } from '@driftgate/git';
import { SurfError } from '../errors.js';
import { type WorkspaceGlob, compileWorkspaceGlob, globPatternProblem } from '../workspace/glob-pattern.js';

/**
 * Which claims `check` evaluates (spec §7.6). Filters are opt-in and intersect: a claim is in
 * scope when some anchored file matches some `--files` glob (if any were given) and some anchored
 * file changed since the merge base (if `--base` was given and git could answer) — itself or,
 * through a symlink, the file it leads to.
 */
export class CheckScope {
  readonly #globs: Array<{ raw: string; glob: WorkspaceGlob; matched: boolean }>;
  readonly #changed: ReadonlySet<string> | undefined;
  readonly #baseGiven: boolean;
  readonly #root: string;
  /** Anchored file → the workspace-relative file it resolves to through symlinks (itself when none). */
  readonly #resolved = new Map<string, string>();
  #realRoot: string | undefined;

  private constructor(root: string, globs: Array<{ raw: string; glob: WorkspaceGlob; matched: boolean }>, changed: ReadonlySet<string> | undefined, baseGiven: boolean) {
    this.#root = root;
    this.#globs = globs;
    this.#changed = changed;
    this.#baseGiven = baseGiven;
  }

  /**
   * @param files `--files` globs (workspace-root-relative; each may hold comma-separated patterns).
   *   A pattern that does not compile throws `SURF_BAD_GLOB`: `invalid --files glob "<p>": <e>`.
   * @param base `--base` ref: the changed set is `git diff <merge-base(base, HEAD) or base>` against
   *   the working tree, relative to the workspace root. A bad ref or a non-repository gives no
   *   changed set, so the check falls back to every claim rather than to none.
   */
  static async build(root: string, files: readonly string[] = [], base?: string): Promise<CheckScope> {
    const globs = splitFileGlobs(files).map((raw) => {
      const problem = globPatternProblem(raw);
      if (problem !== undefined) throw new SurfError('SURF_BAD_GLOB', `invalid --files glob "${raw}": ${problem}`);
      return { raw, glob: compileWorkspaceGlob(raw), matched: false };
    });
    const changed = base === undefined ? undefined : await changedSince(root, base);
    return new CheckScope(root, globs, changed, base !== undefined);
  }

  /** Whether any `--files` glob was given. */
  get hasGlobs(): boolean {
    return this.#globs.length > 0;
  }

  /** Number of `--files` patterns after splitting on commas. */
  get globCount(): number {
    return this.#globs.length;
  }

  /** Whether some claims may be out of scope (globs given, or a changed-file set from `--base`). */
  get narrows(): boolean {
    return this.#globs.length > 0 || this.#changed !== undefined;
  }

  /** Whether `--base` produced a changed-file set (false when git could not answer). */
  get byBase(): boolean {
    return this.#changed !== undefined;
  }

  /** Whether `--base` was given but git could not answer, so every claim is in scope. */
  get baseUnavailable(): boolean {
    return this.#baseGiven && this.#changed === undefined;
  }

  /**
   * Whether a claim with these anchored files is in scope. Glob matches are tallied before the
   * base filter, so a glob naming anchored-but-unchanged files still counts as matched.
   */
  includes(anchoredFiles: readonly string[]): boolean {
    let globPass = this.#globs.length === 0;
    for (const entry of this.#globs) {
      if (anchoredFiles.some((file) => entry.glob.matches(file))) {
        entry.matched = true;
        globPass = true;
      }
    }
    if (!globPass) return false;
    const changed = this.#changed;
    return changed === undefined || anchoredFiles.some((file) => changed.has(file) || changed.has(this.#target(file)));
  }

  /**
   * Where an anchored file leads through symlinks (a linked file or directory), relative to the
   * workspace: git lists a change under the target's path only, and the claim names the link.
   * The file itself when nothing is linked, it is missing, or it leads outside the workspace.
   */
  #target(file: string): string {
    let target = this.#resolved.get(file);
    if (target !== undefined) return target;
    target = file;
    try {
      this.#realRoot ??= realpathSync.native(this.#root);
      const inside = relative(this.#realRoot, realpathSync.native(join(this.#root, ...file.split('/'))));
      if (inside !== '' && inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside)) target = inside.split(sep).join('/');
    } catch {
      // A missing file resolves to nothing: the claim is judged on the name it gives.
    }
    this.#resolved.set(file, target);
    return target;
  }

  /** `--files` patterns that matched no anchored file so far, in the order given. */
  unmatchedGlobs(): string[] {
    return this.#globs.filter((g) => !g.matched).map((g) => g.raw);
  }
}

/** `--files a,b --files c` → `[a, b, c]` (empty pieces dropped). */
export function splitFileGlobs(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(',')).filter((pattern) => pattern !== '');
}

/**
 * Workspace-relative files that differ between the merge base of `base` and HEAD (or `base`
 * itself when there is none, e.g. in a shallow clone) and the working tree. Both sides of a
 * rename count, so a claim on a moved file stays in scope. Undefined when git cannot answer.
 */
export async function changedSince(root: string, base: string): Promise<ReadonlySet<string> | undefined> {
  try {
    let from = base;
    try {
      from = (await mergeBase(root, base, 'HEAD')) ?? base;
    } catch {
      from = base;
    }
    const changes = await changedFiles(root, { from, relative: true });
    const set = new Set<string>();
    for (const change of changes) {
      set.add(change.path);
      if (change.oldPath !== undefined) set.add(change.oldPath);
    }
    return set;
  } catch {
    return undefined;
  }
}
