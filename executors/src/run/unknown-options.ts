import { DriftgateNxError } from '../errors.js';

/** Options Nx itself may hand an executor whose schema does not close its properties. */
const NX_ADDED = new Set(['verbose']);

/**
 * The check Nx makes for a schema with `additionalProperties: false`, made by the executor
 * instead. verify-boundary's schema leaves its properties open because Nx's batch runner validates
 * each task's options outside its error handling: an unknown flag there ends the batch process
 * with an unhandled rejection and a stack trace, not the one-line schema error a single task
 * shows (see docs/nx-plugin.md). The executor and the batch implementation both call this first,
 * so either path refuses an unknown option in the same line.
 */
export function unknownOptionError(executor: string, options: Record<string, unknown>, known: readonly string[]): DriftgateNxError | undefined {
  const allowed = new Set(known);
  for (const name of Object.keys(options).sort()) {
    if (allowed.has(name) || NX_ADDED.has(name)) continue;
    if (name === '_') {
      return new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `${executor} takes no positional arguments (got ${JSON.stringify(options[name])}); pass options as --name=value`);
    }
    return new DriftgateNxError('DRIFTGATE_NX_BAD_OPTIONS', `'${name}' is not found in schema of ${executor}; its options are ${[...allowed].sort().join(', ')}`);
  }
  return undefined;
}
