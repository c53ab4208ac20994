import { decodeGitPath } from '../paths/git-path.js';
import { runGit } from '../process/git-process.js';
import { gitRecordBatches } from '../process/git-records.js';
import { DEFAULT_SNAPSHOT_LIMITS } from '../limits/snapshot-limits.js';
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
  // Four small git runs, two at a time: a warm check waits for them before anything else.
  let prefix: string;
  try {
    const [where, autocrlf] = await Promise.all([
      runGit(cwd, ['rev-parse', '--show-object-format', '--show-prefix']),
      runGit(cwd, ['config', '--type=bool-or-str', '--get', 'core.autocrlf']),
    ]);
    if (where.exitCode !== 0) return undefined;
    const [format, prefixLine] = where.stdout.toString('utf8').split('\n');
    if (format !== 'sha1') return undefined;
    prefix = prefixLine ?? '';
    if (autocrlf.exitCode === 0 && autocrlf.stdout.toString('utf8').trim() !== 'false') return undefined;
  } catch {
    return undefined;
  }
  const records = listingRecordOptions(DEFAULT_SNAPSHOT_LIMITS, 128);
  const listing = ['ls-files', '-z', '--format=%(objectmode) %(objectname) %(stage) %(eolattr)%x09%(path)'];
  const status = ['status', '--porcelain=v2', '-z', '--untracked-files=no', '--ignore-submodules=all', '--', '.'];
  const [blobs, changed] = await Promise.all([indexBlobs(cwd, listing, records), changedInWorkingTree(cwd, status, records, prefix)]);
  for (const path of changed) blobs.delete(path);
  return blobs;
}

type Records = ReturnType<typeof listingRecordOptions>;

/** Regular files at stage 0 without a text/eol attribute, with their index blob ids. */
async function indexBlobs(cwd: string, args: readonly string[], records: Records): Promise<Map<string, string>> {
  const blobs = new Map<string, string>();
  for await (const batch of gitRecordBatches(cwd, args, records)) {
    for (const record of batch) {
      const tab = record.indexOf(0x09);
      const [mode, oid, stage, eolattr] = record.subarray(0, tab).toString('latin1').split(' ');
      if ((mode !== '100644' && mode !== '100755') || stage !== '0' || eolattr !== '') continue;
      blobs.set(decodeGitPath(record.subarray(tab + 1)), oid!);
    }
  }
  return blobs;
}

/** Paths (relative to `cwd`) whose working-tree bytes differ from the index, or that are unmerged. */
async function changedInWorkingTree(cwd: string, args: readonly string[], records: Records, prefix: string): Promise<string[]> {
  const changed: string[] = [];
  let expectOrigin = false;
  for await (const batch of gitRecordBatches(cwd, args, records)) {
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
      // A change only staged leaves the working tree equal to the index entry listed.
      if (kind !== 'u' && text[3] === '.') continue;
      // Porcelain v2 paths are relative to the repository root; ours to `cwd`.
      const path = nthFieldRest(text, fields);
      if (path.startsWith(prefix)) changed.push(path.slice(prefix.length));
    }
  }
  return changed;
}

/** The text after the first `count` space-separated fields. */
function nthFieldRest(text: string, count: number): string {
  let at = 0;
  for (let i = 0; i < count; i++) at = text.indexOf(' ', at) + 1;
  return text.slice(at);
}
