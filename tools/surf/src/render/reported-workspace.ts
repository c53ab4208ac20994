import type { ReportFormat } from '@driftgate/report';
import type { CheckResult, LoadedWorkspace } from '@driftgate/surf';

/**
 * The hubs the check report lists suites for (it takes their claims from `result.checked`, so it
 * parses none), given every format the run renders. Human text is drawn from the result alone,
 * so a run that renders nothing else lists none (undefined), and builds no case per passing
 * claim. A scoped check (`--files`, `--base`) reports only divergences, so a hub without one
 * would add nothing but an empty suite, which the report drops anyway; an unscoped check reports
 * every claim, so every hub is listed.
 */
export function reportedWorkspace(workspace: LoadedWorkspace, result: CheckResult, formats: readonly ReportFormat[]): LoadedWorkspace | undefined {
  if (formats.every((format) => format === 'human')) return undefined;
  if (!result.stats.globsGiven && !result.stats.scopedByBase) return workspace;
  const diverged = new Set(result.divergences.map((divergence) => divergence.hub));
  return { ...workspace, hubs: workspace.hubs.filter((loaded) => diverged.has(loaded.rel)) };
}
