import { type ExecutorContext, logger } from '@nx/devkit';
import { runVerify } from '@driftgate/surf';
import { stampText } from '../../reports/claims-report.js';
import { describeError, loadProjectClaims } from '../../run/executor-context.js';

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
    const selection = await loadProjectClaims(context, options.hubs);
    const result = await runVerify(selection.workspace, { follow: options.follow ?? false });
    const success = result.errors === 0;
    (success ? logger.info : logger.error)(stampText(result).join('\n'));
    return { success };
  } catch (error) {
    logger.error(`stamp-claims: ${describeError(error)}`);
    return { success: false };
  }
}
