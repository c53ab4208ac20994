import { createHash } from 'node:crypto';
import type { Divergence } from '../check/divergence.js';

/**
 * A hub whose claims a full check judged, with what those verdicts rested on. Under the same
 * memo key (the hub's text, path and the workspace's write recipe, see {@link hubMemoKey}) and
 * the same engine, a check that finds every listed file with exactly the listed bytes may take
 * the hub's verdicts without planning, resolving or hashing any of its claims: each claim's
 * verdict is a function of its hub's text and those files' bytes alone (the result cache's
 * premise, per file), and the hub's refs are its text's. A hub with divergences is remembered
 * only when each one's history, if it has any, came from the claim's own `verified_commit` (a
 * commit id names its files for good), so the remembered divergences are what judging gives;
 * one whose blame says the change is not committed yet also names the HEAD it was judged at.
 */
export interface HubMemo {
  /** Every file its claims anchor into, workspace-relative POSIX, sorted, each with its git blob id then. */
  readonly files: ReadonlyArray<readonly [file: string, blob: string]>;
  /** Its claims. */
  readonly claims: number;
  /** Of the clean ones, those stamped under recipe v1 (`CheckStats.v1Clean`). */
  readonly v1: number;
  /** Its `refs:` entries, as its quick facts read them. */
  readonly refs: readonly string[];
  /** Its divergences in claim order, history included; absent when every claim was clean. */
  readonly divergences?: readonly Divergence[];
  /** The segment-name paths of its diverged claims' sites, for `refs` propagation (`StaleHubs`). */
  readonly stale?: ReadonlyArray<readonly string[]>;
  /**
   * The HEAD commit its divergences' blame rests on, when one of them is an uncommitted change:
   * committing it leaves the files' bytes as they are but names the commit, so the memo holds
   * only while HEAD is this commit.
   */
  readonly head?: string;
}

const KINDS: ReadonlySet<unknown> = new Set(['changed', 'unverified', 'unresolvable']);
const strings = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** What a hub's clean verdict is keyed by besides its files: its path, its text and the write recipe. */
export function hubMemoKey(rel: string, text: string, writeRecipe: string): string {
  return createHash('sha256').update(JSON.stringify([rel, writeRecipe])).update('\0').update(text).digest('hex');
}

/** The memo a stored value stands for, or undefined when it is not one a check writes. */
export function loadHubMemo(value: unknown): HubMemo | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { files, claims, v1, refs, divergences, stale, head } = value as Partial<Record<keyof HubMemo, unknown>>;
  if (!Number.isSafeInteger(claims) || !Number.isSafeInteger(v1) || (v1 as number) > (claims as number) || (v1 as number) < 0) return undefined;
  if (!strings(refs)) return undefined;
  if (!Array.isArray(files) || !files.every((f) => Array.isArray(f) && f.length === 2 && typeof f[0] === 'string' && typeof f[1] === 'string')) return undefined;
  const memo = { files: files as Array<[string, string]>, claims: claims as number, v1: v1 as number, refs: refs as string[] };
  if (divergences === undefined && stale === undefined) return memo;
  if (!Array.isArray(divergences) || divergences.length === 0 || (v1 as number) + divergences.length > (claims as number)) return undefined;
  if (!divergences.every(isDivergence) || !Array.isArray(stale) || !stale.every(strings)) return undefined;
  if (head !== undefined && typeof head !== 'string') return undefined;
  return { ...memo, divergences: divergences as Divergence[], stale: stale as string[][], ...(head !== undefined ? { head } : {}) };
}

/** The shape of a divergence a check writes: its kind and the fields every report reads. */
function isDivergence(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const d = value as Record<string, unknown>;
  return KINDS.has(d.kind) && typeof d.hub === 'string' && typeof d.claim === 'string' && typeof d.at === 'string' && typeof d.prose === 'string' && strings(d.sites);
}
