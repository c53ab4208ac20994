import { decodeGitPath } from '../paths/git-path.js';
import { gitRecordBatches } from '../process/git-records.js';
import { resolveLimits, type SnapshotLimits } from '../limits/snapshot-limits.js';
import { listingRecordOptions } from './tree-listing.js';

/**
 * Files on disk that git does not track and does not ignore (`ls-files --others
 * --exclude-standard`), repository-relative, sorted by git's path order. Untracked nested
 * repositories are left out: they are not content of this one. Used to explain, not to read: no
 * operation's snapshot ever includes them.
 */
export async function untrackedFiles(root: string, limits: Partial<Pick<SnapshotLimits, 'maxTreeEntries' | 'maxPathBytes' | 'maxListingBytes'>> = {}): Promise<string[]> {
  const paths: string[] = [];
  const args = ['ls-files', '-z', '--others', '--exclude-standard', '--full-name'];
  for await (const batch of gitRecordBatches(root, args, listingRecordOptions(resolveLimits(limits), 0))) {
    for (const record of batch) {
      if (record.length === 0 || record[record.length - 1] === 0x2f) continue;
      paths.push(decodeGitPath(Buffer.from(record)));
    }
  }
  return paths;
}
