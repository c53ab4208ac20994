import type { SnapshotNote, WorkingTreeDifference } from '@driftgate/boundver';
import type { BoundverIo } from '../exit-codes.js';
import { safeLines } from '@driftgate/cli';

/**
 * Prints each working-tree difference as a note on stderr, so stdout stays the command's output
 * in every format. `--quiet` hides them, except when the command failed: then the note is often
 * the reason.
 */
export function printWorkingTreeNotes(io: BoundverIo, differences: readonly WorkingTreeDifference[], options: { quiet: boolean; failed: boolean }): void {
  if (differences.length === 0 || (options.quiet && !options.failed)) return;
  io.err(safeLines(differences.map((difference) => `boundver: note: ${difference.message}`)));
}

/**
 * Prints each note on the snapshot (a file on disk the snapshot does not have) on stderr, as
 * {@link printWorkingTreeNotes} does: hidden by `--quiet` unless the command failed.
 */
export function printSnapshotNotes(io: BoundverIo, notes: readonly SnapshotNote[], options: { quiet: boolean; failed: boolean }): void {
  if (notes.length === 0 || (options.quiet && !options.failed)) return;
  io.err(safeLines(notes.map((note) => `boundver: note: ${note.message}`)));
}

/** The `working_tree_differences` field of a command's JSON output. */
export function differencesJson(differences: readonly WorkingTreeDifference[]): Array<Record<string, string>> {
  return differences.map((difference) => ({ kind: difference.kind, file: difference.file, state: difference.state, message: difference.message }));
}
