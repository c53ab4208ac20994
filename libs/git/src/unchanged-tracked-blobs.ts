import { decodeGitPath } from './git-path.js';
import { runGit } from './git-process.js';
import { gitRecordBatches } from './git-records.js';
import { DEFAULT_SNAPSHOT_LIMITS } from './snapshot-limits.js';
import { listingRecordOptions } from './tree-listing.js';

/**
 * The blob id of every tracked file under `cwd` whose working-tree bytes git vouches are exactly
 * the bytes of that blob, keyed by POSIX path relative to `cwd`; `undefined` when git cannot
 * tell (no repository, git missing, a SHA-256 repository, or `core.autocrlf` converting line
 * ends). Nothing is read from the files themselves: git compares the index's stat data with the
 * working tree (`git status --porcelain=v2`, which re-reads only racily clean entries), so the
 * cost is two listings however many files there are.
 *
 * Left out, so callers read and hash them themselves: paths git lists as changed in the working
 * tree (modified, deleted, type changed) or unmerged, symlinks and gitlinks, and files with a text/eol attribute (the
 * blob is then the converted text, not the bytes on disk). A `filter` or `ident` attribute
 * without a text attribute is not detected (git's attribute pathspec is off under literal
 * pathspecs); such a file's blob id still identifies its cleaned content.
 */
export async function unchangedTrackedBlobs(cwd: string): Promise<Map<string, string> | undefined> {
  let prefix: string;
  try {
    const run = await runGit(cwd, ['rev-parse', '--show-object-format', '--show-prefix']);
    if (run.exitCode !== 0) return undefined;
    const [format, prefixLine] = run.stdout.toString('utf8').split('\n');
    if (format !== 'sha1') return undefined;
    prefix = prefixLine ?? '';
    const autocrlf = await runGit(cwd, ['config', '--type=bool-or-str', '--get', 'core.autocrlf']);
    const value = autocrlf.stdout.toString('utf8').trim();
    if (autocrlf.exitCode === 0 && value !== 'false') return undefined;
  } catch {
    return undefined;
  }
  const blobs = new Map<string, string>();
  const records = listingRecordOptions(DEFAULT_SNAPSHOT_LIMITS, 128);
  const listing = ['ls-files', '-z', '--format=%(objectmode) %(objectname) %(stage) %(eolattr)%x09%(path)'];
  for await (const batch of gitRecordBatches(cwd, listing, records)) {
    for (const record of batch) {
      const tab = record.indexOf(0x09);
      const [mode, oid, stage, eolattr] = record.subarray(0, tab).toString('latin1').split(' ');
      if ((mode !== '100644' && mode !== '100755') || stage !== '0' || eolattr !== '') continue;
      blobs.set(decodeGitPath(record.subarray(tab + 1)), oid!);
    }
  }
  // Porcelain v2 paths are relative to the repository root; ours to `cwd`.
  const status = ['status', '--porcelain=v2', '-z', '--untracked-files=no', '--ignore-submodules=all', '--', '.'];
  let expectOrigin = false;
  for await (const batch of gitRecordBatches(cwd, status, records)) {
    for (const record of batch) {
      // A rename record is followed by its origin path as a record of its own.
      if (expectOrigin) {
        expectOrigin = false;
        continue;
      }
      const text = decodeGitPath(record);
      const kind = text[0];
      const fields = kind === '1' ? 8 : kind === '2' ? 9 : kind === 'u' ? 10 : -1;
      if (fields < 0) continue;
      if (kind === '2') expectOrigin = true;
      // A change only staged leaves the working tree equal to the index entry we listed.
      if (kind !== 'u' && text[3] === '.') continue;
      const path = nthFieldRest(text, fields);
      if (path.startsWith(prefix)) blobs.delete(path.slice(prefix.length));
    }
  }
  return blobs;
}

/** The text after the first `count` space-separated fields. */
function nthFieldRest(text: string, count: number): string {
  let at = 0;
  for (let i = 0; i < count; i++) at = text.indexOf(' ', at) + 1;
  return text.slice(at);
}
