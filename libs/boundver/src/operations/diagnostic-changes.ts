import { changedFiles, gitLog, isShallowRepository, readFileAtRevision, type ChangedFile, type Snapshot, type SnapshotEntry } from '@driftgate/git';
import { componentFingerprintText } from './generate.js';
import { MAX_LOCK_BYTES } from '../limits.js';
import { readLock } from '../lock/lock-read.js';
import type { LockComponent } from '../lock/lock-types.js';
import { captureOperationSource } from '../source/operation-source.js';
import { compareCodePoints } from '../formats/string-order.js';

/** One file changed since the diagnostic base: a git name-status letter (`R`/`C` with their score) and the path. */
export interface DiagnosticFile {
  readonly status: string;
  /** Repository-relative path (the new path of a rename). */
  readonly path: string;
}

/** Which files explain a drift, or why that could not be found out. Diagnostics only: never a gate. */
export interface DiagnosticChanges {
  /** `ok` computed, `error` the diff failed (see `error`), `not-run` nothing to explain. */
  readonly status: 'ok' | 'error' | 'not-run';
  /** Changed files under the component, sorted by path; empty unless `ok`. */
  readonly files: DiagnosticFile[];
  readonly error: string | null;
  /** The revision compared against (a commit id, `HEAD`, or the given ref), or null. */
  readonly base: string | null;
  /** How the base was chosen, in words. */
  readonly origin: string | null;
}

/** What {@link componentChanges} needs to know about the component and the lock. */
export interface DiagnosticRequest {
  readonly componentName: string;
  /** Repository-relative component path ('' or '.' for the repository root). */
  readonly componentPath: string;
  /** `--base-ref`, or null to choose one. */
  readonly baseRef: string | null;
  /** Repository-relative lock path (for the lock-history base of `head`), or null. */
  readonly lockPath: string | null;
  /** The component's entry in the current lock. */
  readonly locked: LockComponent;
}

/** Commits of lock history inspected, and bytes of historical locks read, before falling back. */
export const MAX_LOCK_HISTORY_COMMITS = 128;
export const MAX_LOCK_HISTORY_BYTES = 64 * 1024 * 1024;

const EMPTY_TREE_SHA1 = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const EMPTY_TREE_SHA256 = '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321';

function inside(path: string, root: string): boolean {
  return root === '' || root === '.' || path === root || path.startsWith(`${root}/`);
}

function statusText(file: ChangedFile): string {
  return file.score === undefined ? file.status : `${file.status}${file.score}`;
}

/** Changed files of a diff that touch the component (either side of a rename), sorted by path. */
function underComponent(files: readonly ChangedFile[], root: string): DiagnosticFile[] {
  const seen = new Set<string>();
  const out: DiagnosticFile[] = [];
  for (const file of files) {
    if (!inside(file.path, root) && (file.oldPath === undefined || !inside(file.oldPath, root))) continue;
    if (seen.has(file.path)) continue;
    seen.add(file.path);
    out.push({ status: statusText(file), path: file.path });
  }
  return out.sort((a, b) => compareCodePoints(a.path, b.path));
}

async function firstRecords(root: string, args: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const record of gitLog(root, args)) out.push(record.trim());
  return out.filter((record) => record !== '');
}

type Base = { base: string; origin: string; emptyTree?: boolean };

/** The root commit of `target`'s first-parent line, as a broad but explicit fallback base. */
async function rootCommitBase(root: string, target: string, reason: string): Promise<Base> {
  try {
    const roots = await firstRecords(root, ['--first-parent', '--max-parents=0', '--format=%x01%H', target]);
    if (roots.length > 0) return { base: roots[roots.length - 1], origin: `root commit fallback (${reason})` };
  } catch {
    // Fall through to the commit itself.
  }
  return { base: target, origin: `current commit fallback (${reason})` };
}

/**
 * Walks the lock's first-parent history back from `target` to the oldest commit whose lock still
 * holds the component's current entry: the commit that introduced it, i.e. when the lock last
 * agreed with the component. Null when that cannot be established.
 */
async function lockHistoryBase(root: string, target: string, request: DiagnosticRequest): Promise<Base | null> {
  if (request.lockPath === null) return null;
  const commits = await firstRecords(root, ['--first-parent', `--max-count=${MAX_LOCK_HISTORY_COMMITS + 1}`, '--format=%x01%H', target, '--', request.lockPath]);
  if (commits.length === 0) return null;
  const wanted = componentFingerprintText(request.locked);
  let matched: string | null = null;
  let consumed = 0;
  for (const commit of commits) {
    const remaining = MAX_LOCK_HISTORY_BYTES - consumed;
    if (remaining <= 0) return await rootCommitBase(root, target, 'component lock history exceeded the byte limit');
    let entry: LockComponent | undefined;
    try {
      const bytes = await readFileAtRevision(root, commit, request.lockPath, { maxBytes: Math.min(MAX_LOCK_BYTES, remaining) });
      if (bytes === null) throw new Error('lock missing');
      consumed += bytes.length;
      const historical = readLock(bytes, { source: `${commit}:${request.lockPath}` });
      if (historical.lock === null) throw new Error('lock unreadable');
      entry = historical.lock.components.get(request.componentName);
    } catch {
      if (matched !== null) return await rootCommitBase(root, target, 'component lock history could not be read safely');
      return null;
    }
    if (entry !== undefined && componentFingerprintText(entry) === wanted) {
      matched = commit;
      continue;
    }
    return matched === null ? null : { base: matched, origin: `commit that introduced the current lock entry for ${request.componentName}` };
  }
  if (matched === null) return null;
  if (commits.length > MAX_LOCK_HISTORY_COMMITS) return await rootCommitBase(root, target, 'component lock history exceeded the commit limit');
  return { base: matched, origin: `commit that introduced the current lock entry for ${request.componentName}` };
}

/** The base for `head` without `--base-ref`: lock history, else the last lock commit, else the parent, else the empty tree. */
async function headBase(root: string, target: string, request: DiagnosticRequest): Promise<Base> {
  try {
    const fromHistory = await lockHistoryBase(root, target, request);
    if (fromHistory !== null) return fromHistory;
    if (request.lockPath !== null) {
      const last = await firstRecords(root, ['--first-parent', '-1', '--format=%x01%H', target, '--', request.lockPath]);
      if (last.length > 0) return { base: last[0], origin: `last commit that changed HEAD:${request.lockPath}` };
    }
  } catch {
    // History is a diagnostic aid; fall back to the parent.
  }
  const parents = (await firstRecords(root, ['-1', '--format=%x01%P', target]))[0] ?? '';
  if (parents !== '') return { base: `${target}~1`, origin: 'previous-commit fallback (lock history unavailable)' };
  return { base: target.length === 64 ? EMPTY_TREE_SHA256 : EMPTY_TREE_SHA1, origin: 'root commit fallback', emptyTree: true };
}

/** Every entry under the component as added (an unborn repository has no base tree). */
function allAdded(entries: readonly SnapshotEntry[]): DiagnosticFile[] {
  return entries.map((entry) => ({ status: 'A', path: entry.path })).sort((a, b) => compareCodePoints(a.path, b.path));
}

/**
 * Index changes since `base`: base→HEAD from git, HEAD→index from the two captured trees,
 * combined per path. A file changed in both steps is reported once, as modified.
 */
async function indexChanges(snapshot: Snapshot, root: string, base: string): Promise<DiagnosticFile[]> {
  const head = await captureOperationSource(snapshot.root, 'head');
  const staged = new Map<string, string>();
  try {
    const before = new Map(head.list(root === '.' ? '' : root).map((entry) => [entry.path, entry]));
    const after = new Map(snapshot.list(root === '.' ? '' : root).map((entry) => [entry.path, entry]));
    for (const [path, entry] of after) {
      const old = before.get(path);
      if (old === undefined) staged.set(path, 'A');
      else if (old.oid !== entry.oid || old.mode !== entry.mode) staged.set(path, 'M');
    }
    for (const path of before.keys()) if (!after.has(path)) staged.set(path, 'D');
  } finally {
    await head.close();
  }
  const committed = new Map<string, string>();
  if (base !== 'HEAD' && base !== snapshot.headCommit) {
    const files = await changedFiles(snapshot.root, { from: base, to: snapshot.headCommit!, renames: false });
    for (const file of underComponent(files, root)) committed.set(file.path, file.status);
  }
  const out: DiagnosticFile[] = [];
  for (const path of new Set([...committed.keys(), ...staged.keys()])) {
    const first = committed.get(path);
    const second = staged.get(path);
    let status: string | null;
    if (first === undefined) status = second!;
    else if (second === undefined) status = first;
    else if (first === 'A' && second === 'D') status = null;
    else if (first === 'A') status = 'A';
    else if (second === 'D') status = 'D';
    else status = 'M';
    if (status !== null) out.push({ status, path });
  }
  return out.sort((a, b) => compareCodePoints(a.path, b.path));
}

/**
 * Files under a component that changed between a diagnostic base and the snapshot: for `head`
 * the base is `--base-ref`, else the commit that introduced the component's current lock entry
 * (falling back to the last lock commit, the parent, or the empty tree); for `index` and
 * `working-tree` it is `--base-ref` or `HEAD`, compared with the staged tree or the files on
 * disk. Failures are reported in the result, never thrown.
 */
export async function componentChanges(snapshot: Snapshot, request: DiagnosticRequest): Promise<DiagnosticChanges> {
  const root = request.componentPath;
  const explicit = request.baseRef;
  let base: string | null = explicit;
  let origin: string | null = explicit === null ? null : 'explicit --base-ref';
  try {
    if (snapshot.source === 'head') {
      const target = snapshot.headCommit!;
      let from = base;
      if (base === null) {
        const chosen = await headBase(snapshot.root, target, request);
        origin = chosen.origin;
        from = chosen.base;
        // Diffing the empty tree lists every file of the first commit; name that commit as the base.
        base = chosen.emptyTree === true ? target : chosen.base;
      }
      const files = underComponent(await changedFiles(snapshot.root, { from: from!, to: target }), root);
      // In a shallow clone (CI's default depth 1) the lock history is cut off, so the base found
      // there may postdate the change: "no change" would be a false answer.
      if (files.length === 0 && explicit === null && (await isShallowRepository(snapshot.root))) {
        const error = `this clone is shallow, so the commit that introduced the lock entry may not be in it (no change found since ${base}); fetch the history (git fetch --unshallow, or fetch-depth: 0 with actions/checkout), or pass --base-ref`;
        return { status: 'error', files: [], error, base, origin };
      }
      return { status: 'ok', files, error: null, base, origin };
    }
    if (base === null) {
      base = 'HEAD';
      origin = snapshot.source === 'index' ? 'default for staged diagnostics' : 'default for working-tree diagnostics';
    }
    if (snapshot.headCommit === null && base === 'HEAD') {
      return { status: 'ok', files: allAdded(snapshot.list(root === '.' ? '' : root)), error: null, base, origin };
    }
    if (snapshot.source === 'index') return { status: 'ok', files: await indexChanges(snapshot, root, base), error: null, base, origin };
    const files = await changedFiles(snapshot.root, { from: base });
    return { status: 'ok', files: underComponent(files, root), error: null, base, origin };
  } catch (error) {
    return { status: 'error', files: [], error: (error as Error).message || String(error), base, origin };
  }
}
