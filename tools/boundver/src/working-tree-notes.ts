import type { WorkingTreeDifference } from '@driftgate/boundver';
import type { CliIo } from './cli-io.js';
import { safeLines } from './render-text.js';

/**
 * Prints each working-tree difference as a note on stderr, so stdout stays the command's output
 * in every format. `--quiet` hides them, except when the command failed: then the note is often
 * the reason.
 */
export function printWorkingTreeNotes(io: CliIo, differences: readonly WorkingTreeDifference[], options: { quiet: boolean; failed: boolean }): void {
  if (differences.length === 0 || (options.quiet && !options.failed)) return;
  io.err(safeLines(differences.map((difference) => `boundver: note: ${difference.message}`)));
}

/** The `working_tree_differences` field of a command's JSON output. */
export function differencesJson(differences: readonly WorkingTreeDifference[]): Array<Record<string, string>> {
  return differences.map((difference) => ({ kind: difference.kind, file: difference.file, state: difference.state, message: difference.message }));
}
