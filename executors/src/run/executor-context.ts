import type { ExecutorContext } from '@nx/devkit';
import { loadWorkspaceFromConfig } from '@driftgate/surf';
import { type ProjectClaims, claimsByProject, claimsOfHubs } from '../scope/claim-scope.js';
import { DriftgateNxError } from '../errors.js';
import { ProjectRoots, normalizeRoot } from '../scope/project-roots.js';
import { surfConfigAt } from '../plugin/surf-config.js';

/** The root of the project an executor runs for (`.` for the workspace-level project). */
export function projectRootOf(context: ExecutorContext): string {
  const name = context.projectName;
  const project = name === undefined ? undefined : context.projectsConfigurations?.projects[name];
  if (project === undefined) {
    throw new DriftgateNxError('DRIFTGATE_NX_NO_PROJECT', `no project configuration for ${JSON.stringify(name)}; run the executor as a target of a project`);
  }
  return normalizeRoot(project.root);
}

/** Every project root of the workspace, for the same ownership rule inference uses. */
export function projectRootsOf(context: ExecutorContext): ProjectRoots {
  return new ProjectRoots(Object.values(context.projectsConfigurations?.projects ?? {}).map((project) => project.root));
}

/** An error as one log message (typed errors carry their code). */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const details = (error as { details?: unknown }).details;
    const extra = Array.isArray(details) && details.length > 0 && !details.every((d) => error.message.includes(String(d))) ? `\n${details.join('\n')}` : '';
    return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}${extra}`;
  }
  return String(error);
}

/**
 * The claims a claims executor works on: every claim of `hubs` when given, otherwise the claims
 * anchored into this project by the rule inference uses (none when the project has no claim).
 */
export async function loadProjectClaims(context: ExecutorContext, hubs: readonly string[] | undefined): Promise<ProjectClaims> {
  const workspace = await loadWorkspaceFromConfig(surfConfigAt(context.root));
  if (hubs !== undefined && hubs.length > 0) return claimsOfHubs(workspace, hubs);
  return claimsByProject(workspace, projectRootsOf(context)).get(projectRootOf(context)) ?? claimsOfHubs(workspace, []);
}
