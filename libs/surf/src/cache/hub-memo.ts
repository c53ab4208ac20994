import { createHash } from 'node:crypto';

/**
 * A hub whose every claim a full check found clean, with what that verdict rested on. Under the
 * same memo key (the hub's text, path and the workspace's write recipe, see {@link hubMemoKey})
 * and the same engine, a check that finds every listed file with exactly the listed bytes may
 * count the hub's claims clean without planning, resolving or hashing any of them: each claim's
 * verdict is a function of its hub's text and those files' bytes alone (the result cache's
 * premise, per file), and the hub's refs are its text's.
 */
export interface HubMemo {
  /** Every file its claims anchor into, workspace-relative POSIX, sorted, each with its git blob id then. */
  readonly files: ReadonlyArray<readonly [file: string, blob: string]>;
  /** Its claims (all clean). */
  readonly claims: number;
  /** Of them, those stamped under recipe v1 (`CheckStats.v1Clean`). */
  readonly v1: number;
  /** Its `refs:` entries, as its quick facts read them. */
  readonly refs: readonly string[];
}

/** What a hub's clean verdict is keyed by besides its files: its path, its text and the write recipe. */
export function hubMemoKey(rel: string, text: string, writeRecipe: string): string {
  return createHash('sha256').update(JSON.stringify([rel, writeRecipe])).update('\0').update(text).digest('hex');
}

/** The memo a stored value stands for, or undefined when it is not one a check writes. */
export function loadHubMemo(value: unknown): HubMemo | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { files, claims, v1, refs } = value as Partial<Record<keyof HubMemo, unknown>>;
  if (!Number.isSafeInteger(claims) || !Number.isSafeInteger(v1) || (v1 as number) > (claims as number) || (v1 as number) < 0) return undefined;
  if (!Array.isArray(refs) || !refs.every((ref) => typeof ref === 'string')) return undefined;
  if (!Array.isArray(files) || !files.every((f) => Array.isArray(f) && f.length === 2 && typeof f[0] === 'string' && typeof f[1] === 'string')) return undefined;
  return { files: files as Array<[string, string]>, claims: claims as number, v1: v1 as number, refs: refs as string[] };
}
