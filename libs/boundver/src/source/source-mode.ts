import type { SourceMode } from '@driftgate/git';
import { BoundverError } from '../errors.js';

/** The three snapshot sources, in the order help texts list them. */
export const SOURCE_MODES: readonly SourceMode[] = ['head', 'index', 'working-tree'];

/** Checks a user-supplied source name. */
export function parseSourceMode(value: string): SourceMode {
  if ((SOURCE_MODES as readonly string[]).includes(value)) return value as SourceMode;
  throw new BoundverError('BOUNDVER_USAGE', `Unknown source mode '${value}'; expected head, index, or working-tree.`);
}

/** How messages name a source: `HEAD`, `INDEX` or `working tree`. */
export function sourceLabel(source: SourceMode): string {
  return source === 'working-tree' ? 'working tree' : source.toUpperCase();
}

/**
 * How a file a `head` or `index` operation did not find gets into its snapshot, naming the file
 * as `what`: `Commit it (--source head reads committed files)` or `Stage it (--source index reads
 * staged files)`. Null for the working tree, which reads files as they are. Each reader adds its
 * own way out after it (write one, verify the working tree, …).
 */
export function notInSnapshotHint(source: SourceMode, what = 'it'): string | null {
  if (source === 'head') return `Commit ${what} (--source head reads committed files)`;
  if (source === 'index') return `Stage ${what} (--source index reads staged files)`;
  return null;
}

/**
 * Where a command read something, as its messages say it: `at HEAD`, `in the index`, `in the
 * working tree`. A file outside the repository is read from disk whatever the source, so it is
 * `on disk` there.
 */
export function sourcePlace(source: SourceMode, insideRepository = true): string {
  if (source === 'head') return 'at HEAD';
  if (source === 'index') return 'in the index';
  return insideRepository ? 'in the working tree' : 'on disk';
}
