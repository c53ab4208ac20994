import { parseRef } from '../locate/anchor.js';
import type { Divergence } from './divergence.js';
import { type LoadedHub, resolveRefPath } from '../workspace/load-workspace.js';

/**
 * Stale hubs and, per hub, the segment-name paths of its diverged claims (`[Builder, Set]` for
 * `x.go > Builder > Set`). A malformed hub is stale with no paths.
 */
export type StaleHubs = ReadonlyMap<string, readonly (readonly string[])[]>;

/**
 * One-hop `refs` propagation (spec §7.6, §8): for each parsed concept hub, each ref that parses
 * and resolves to a stale hub yields a `referenced_stale` divergence — a whole-hub ref always, a
 * claim ref (`./b.md > A > B`) only when some diverged claim's segment path ends with `A > B`.
 * Built from base divergences only, so A → B → C stops after one hop. Malformed refs are lint's
 * business and skipped here. `knownRefs` holds the refs of hubs that were not parsed.
 */
export function propagateRefs(
  hubs: readonly LoadedHub[],
  stale: StaleHubs,
  knownRefs: ReadonlyMap<LoadedHub, readonly string[]> = new Map(),
): Divergence[] {
  const out: Divergence[] = [];
  for (const loaded of hubs) {
    if (loaded.kind !== 'Concept') continue;
    // A hub a scoped check passed over is known to parse; its refs came from its quick facts.
    const refs = knownRefs.get(loaded) ?? loaded.hub?.refs;
    if (refs === undefined) continue;
    for (const raw of refs) {
      let ref;
      try {
        ref = parseRef(raw);
      } catch {
        continue;
      }
      const target = resolveRefPath(loaded.rel, ref.path);
      const paths = stale.get(target);
      if (paths === undefined) continue;
      let detail: string;
      if (ref.segments.length === 0) {
        detail = `referenced hub \`${target}\` has an open divergence — review it, then re-verify`;
      } else {
        const names = ref.segments.map((s) => s.name);
        if (!paths.some((path) => endsWith(path, names))) continue;
        detail = `referenced claim \`${names.join(' > ')}\` in \`${target}\` has diverged — review it, then re-verify`;
      }
      out.push({ hub: loaded.rel, claim: '', at: raw, kind: 'referenced_stale', prose: '', detail, sites: [] });
    }
  }
  return out;
}

/** Whether `path` ends with `suffix` (element-wise; an empty suffix always matches). */
export function endsWith(path: readonly string[], suffix: readonly string[]): boolean {
  if (suffix.length > path.length) return false;
  const offset = path.length - suffix.length;
  return suffix.every((name, i) => path[offset + i] === name);
}
