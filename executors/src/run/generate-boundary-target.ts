import type { ExecutorContext } from '@nx/devkit';

const GENERATE_BOUNDARY_EXECUTOR = '@driftgate/nx:generate-boundary';

/**
 * The command that records reviewed drift in this workspace: `nx run <project>:<target>` of the
 * target that runs the generate-boundary executor (inferred on the workspace-level project, under
 * the name the plugin options give it), else `boundver generate` itself. Several candidates: the
 * one at the workspace root, then the first by name, so the hint is the same on every run.
 */
export function generateBoundaryCommand(context: Pick<ExecutorContext, 'projectsConfigurations'>): string {
  const candidates: Array<{ project: string; target: string; atRoot: boolean }> = [];
  for (const [project, configuration] of Object.entries(context.projectsConfigurations?.projects ?? {})) {
    for (const [target, definition] of Object.entries(configuration.targets ?? {})) {
      if (definition.executor === GENERATE_BOUNDARY_EXECUTOR) candidates.push({ project, target, atRoot: configuration.root === '.' || configuration.root === '' });
    }
  }
  candidates.sort((a, b) => Number(b.atRoot) - Number(a.atRoot) || (a.project < b.project ? -1 : a.project > b.project ? 1 : a.target < b.target ? -1 : a.target > b.target ? 1 : 0));
  const found = candidates[0];
  return found === undefined ? 'npx boundver generate' : `nx run ${found.project}:${found.target}`;
}
