import type { CheckResult, LoadedWorkspace } from '@driftgate/surf';

/**
 * The hubs the check report needs to read. A scoped check (`--files`, `--base`) reports only
 * divergences, so a hub without one adds nothing but an empty suite, which the report drops:
 * leaving such hubs out keeps the report byte-for-byte the same while sparing it the YAML parse
 * of every hub the check passed over. An unscoped check reports every claim, so it needs them all.
 */
export function reportedWorkspace(workspace: LoadedWorkspace, result: CheckResult): LoadedWorkspace {
  if (!result.stats.globsGiven && !result.stats.scopedByBase) return workspace;
  const diverged = new Set(result.divergences.map((divergence) => divergence.hub));
  return { ...workspace, hubs: workspace.hubs.filter((loaded) => diverged.has(loaded.rel)) };
}
