import { isObjectId } from '@driftgate/git';
import { SurfError } from '../errors.js';

/** One path a commit changed, from a `--raw` row. */
export interface CommitChange {
  /** Status letter(s): `A`, `M`, `D`, `T`, … */
  readonly status: string;
  /** Path relative to the directory git ran in. */
  readonly path: string;
  /** Mode after the commit, e.g. `100644`; `000000` when deleted. */
  readonly newMode: string;
  /** Blob id after the commit; all zeros when deleted. */
  readonly newOid: string;
}

/** One commit of the stats history stream. */
export interface CommitRecord {
  /** Full object id. */
  readonly sha: string;
  /** Parent ids, first parent first; empty for a root commit. */
  readonly parents: readonly string[];
  /** Paths changed against the first parent (a root commit: against the empty tree), renames off. */
  readonly changes: readonly CommitChange[];
}

/**
 * The `git log` arguments of `surf stats` (spec §7.8): one topologically ordered walk from `tip`,
 * merges diffed against their first parent (git ≥ 2.31), renames off, NUL-separated raw rows
 * (the name-status letters plus full blob ids, so identical hub versions are read once), and
 * paths relative to the directory git runs in (the workspace root), so they compare directly
 * with hub globs and `at:` files.
 */
export function statsLogArguments(tip: string, since?: string, until?: string): string[] {
  const args = ['--topo-order', '--diff-merges=first-parent', '--no-renames', '--raw', '--no-abbrev', '-z', '--relative', '--format=%x01%H %P'];
  // git reads the dates itself (approxidate: `2026-01-01`, `2 weeks ago`, …).
  if (since !== undefined) args.push(`--since=${since}`);
  if (until !== undefined) args.push(`--until=${until}`);
  args.push(tip, '--');
  return args;
}

/**
 * Parses one record of {@link statsLogArguments}' output (the text after its 0x01 marker):
 * `<sha> <parents…>\0`, then after a newline `:<old mode> <new mode> <old id> <new id> <status>\0
 * <path>\0` rows. Copy and rename rows (which `--no-renames` should prevent) carry two paths; the
 * destination is kept.
 */
export function parseLogRecord(record: string): CommitRecord {
  const fields = record.split('\0');
  const header = fields[0]!.trim();
  const ids = header.split(' ').filter((s) => s !== '');
  const sha = ids[0];
  if (sha === undefined || !isObjectId(sha)) throw malformed(header);
  const changes: CommitChange[] = [];
  for (let i = 1; i < fields.length; ) {
    const row = fields[i]!.replace(/^\n+/, '');
    if (row === '') {
      i++;
      continue;
    }
    const parts = row.split(' ');
    const [, newMode, , newOid, status] = parts;
    if (parts.length !== 5 || !row.startsWith(':') || newMode === undefined || status === undefined || !isObjectId(newOid ?? '')) {
      throw malformed(row);
    }
    const twoPaths = status.startsWith('R') || status.startsWith('C');
    const path = fields[i + (twoPaths ? 2 : 1)];
    if (path === undefined) throw malformed(row);
    changes.push({ status, path, newMode, newOid: newOid! });
    i += twoPaths ? 3 : 2;
  }
  return { sha, parents: ids.slice(1), changes };
}

function malformed(text: string): SurfError {
  return new SurfError('SURF_IO', `unexpected git log output (${JSON.stringify(text.slice(0, 80))}); surf stats needs git 2.31 or newer`);
}
