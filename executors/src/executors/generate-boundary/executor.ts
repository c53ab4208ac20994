import { type ExecutorContext, logger } from '@nx/devkit';
import { type SourceMode, generateLock } from '@driftgate/boundver';
import { terminalSafe } from '@driftgate/report';
import { generateText } from '../../reports/boundary-report.js';
import { cachedTargetOf, defaultConfigFile, refusedGenerateBoundaryOptions } from '../../run/cached-options.js';
import { describeError } from '../../run/executor-context.js';

/** Options of `@driftgate/nx:generate-boundary` (see its schema.json). */
export interface GenerateBoundaryOptions {
  /** Snapshot to hash. Default `working-tree` (what Nx hashes). */
  source?: SourceMode;
  /** Config file; absent: `boundary.config.json`, then `.yaml`, `.yml`, `.toml`. */
  config?: string;
  /** Lock file to write. Default `boundary.lock.json`. */
  out?: string;
  /** Store null slice inputs instead of failing. Default false. */
  allowPartial?: boolean;
  /** Refresh only these components of an existing lock. Default: all. */
  components?: string[];
  /** Compute without writing. Default false. */
  dryRun?: boolean;
  /** Load the config's custom providers (trusted code). Default false, or `BOUNDVER_ALLOW_CUSTOM_PROVIDERS=1`. */
  allowCustomProviders?: boolean;
}

/**
 * `boundver generate` for the whole workspace: one snapshot, every component and slice, then one
 * atomic write of the lock. The inferred target is the workspace's only writer of the lock and
 * never runs beside another task.
 */
export default async function generateBoundaryExecutor(options: GenerateBoundaryOptions, context: ExecutorContext): Promise<{ success: boolean }> {
  try {
    const run = { source: options.source, config: options.config, lock: options.out, components: options.components, dryRun: options.dryRun };
    const refused = refusedGenerateBoundaryOptions(run, cachedTargetOf(context), () => defaultConfigFile(context.root));
    if (refused !== undefined) throw refused;
    const result = await generateLock({
      cwd: context.root,
      source: options.source ?? 'working-tree',
      ...(options.config !== undefined ? { config: options.config } : {}),
      out: options.out ?? 'boundary.lock.json',
      allowPartial: options.allowPartial ?? false,
      dryRun: options.dryRun ?? false,
      components: options.components ?? [],
      allowCustomProviders: options.allowCustomProviders ?? process.env['BOUNDVER_ALLOW_CUSTOM_PROVIDERS'] === '1',
    });
    logger.info(generateText(result).join('\n'));
    for (const note of result.notes) logger.warn(`generate-boundary: note: ${terminalSafe(note.message)}`);
    return { success: true };
  } catch (error) {
    logger.error(`generate-boundary: ${describeError(error)}`);
    return { success: false };
  }
}
