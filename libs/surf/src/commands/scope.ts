import { changedFiles, mergeBase } from '@driftgate/git';
import { SurfError } from '../errors.js';
import { type WorkspaceGlob, compileWorkspaceGlob, globPatternProblem } from '../workspace/glob-pattern.js';

/**
 * Which claims `check` evaluates (spec §7.6). Filters are opt-in and intersect: a claim is in
 * scope when some anchored file matches some `--files` glob (if any were given) and some anchored
 * file changed since the merge base (if `--base` was given and git could answer).
 */
export class CheckScope {
  readonly #globs: Array<{ raw: string; glob: WorkspaceGlob; matched: boolean }>;
  readonly #changed: ReadonlySet<string> | undefined;
  readonly #baseGiven: boolean;

  private constructor(globs: Array<{ raw: string; glob: WorkspaceGlob; matched: boolean }>, changed: ReadonlySet<string> | undefined, baseGiven: boolean) {
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
    return new CheckScope(globs, changed, base !== undefined);
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
    return this.#changed === undefined || anchoredFiles.some((file) => this.#changed!.has(file));
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
