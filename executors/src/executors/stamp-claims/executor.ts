import { type ExecutorContext, logger } from '@nx/devkit';
import { loadWorkspaceFromConfig, runVerify } from '@driftgate/surf';
import { type ProjectClaims, claimsByProject, claimsOfHubs } from '../../claim-scope.js';
import { stampText } from '../../claims-report.js';
import { describeError, projectRootOf, projectRootsOf, surfConfigAt } from '../../executor-context.js';

/** Options of `@driftgate/nx:stamp-claims` (see its schema.json). */
export interface StampClaimsOptions {
  /** Stamp every claim of these hub files instead of the claims anchored into the project. */
  hubs?: string[];
  /** Re-point anchors whose symbol or file was renamed (`surf verify --follow`). Default false. */
  follow?: boolean;
}

/**
 * `surf verify` over the claims anchored into this project: re-hashes them and writes the new
 * stamps into their hubs (only the lines that change). Succeeds when no claim had to be skipped.
 */
export default async function stampClaimsExecutor(options: StampClaimsOptions, context: ExecutorContext): Promise<{ success: boolean }> {
  try {
    const projectRoot = projectRootOf(context);
    const workspace = await loadWorkspaceFromConfig(surfConfigAt(context.root));
    const selection: ProjectClaims =
      options.hubs !== undefined && options.hubs.length > 0
        ? claimsOfHubs(workspace, options.hubs)
        : (claimsByProject(workspace, projectRootsOf(context)).get(projectRoot) ?? claimsOfHubs(workspace, []));
    const result = await runVerify(selection.workspace, { follow: options.follow ?? false });
    const success = result.errors === 0;
    (success ? logger.info : logger.error)(stampText(result).join('\n'));
    return { success };
  } catch (error) {
    logger.error(`stamp-claims: ${describeError(error)}`);
    return { success: false };
  }
}
