import { fromSurfCheck, renderReport, terminalSafe } from '@driftgate/report';
import {
  CheckWatch,
  type CheckWatchOptions,
  type ClaimVerdict,
  type InvalidHub,
  type RepairedHub,
  type VerdictChange,
  type WatchUpdate,
  loadWorkspace,
  splitFileGlobs,
} from '@driftgate/surf';
import { SurfExit, type SurfIo } from '../exit-codes.js';
import { SURF_VERSION } from '../version.js';

/** Changed files named in an update line; more are counted. */
const NAMED_FILES = 3;

/**
 * `surf check --watch`: the human report of a first check, then after each burst of changes a
 * summary and one line per verdict that changed (and per hub that stopped or started parsing), until Ctrl-C (or SIGTERM/SIGHUP), which stops
 * watching and ends with 130 like any interrupted command. A check that cannot run (a surf.toml
 * broken mid-edit) is reported on stderr and watching goes on.
 */
export async function watchChecks(io: SurfIo, options: CheckWatchOptions): Promise<void> {
  const workspace = await loadWorkspace(io.cwd);
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  for (const signal of signals) process.on(signal, stop);
  try {
    const session = await CheckWatch.start(workspace.root, options, {
      update: (update) => {
        const rendered = renderUpdate(update, scopeOf(options.files ?? []));
        io.out(rendered.out);
        if (rendered.err !== '') io.err(rendered.err);
      },
      error: (error) => io.err(`surf check --watch: ${terminalSafe(error instanceof Error ? error.message : String(error))}; still watching\n`),
    });
    io.err('surf check --watch: watching for changes (Ctrl-C to stop)\n');
    await stopped;
    await session.close();
    io.exit(SurfExit.interrupted);
  } finally {
    for (const signal of signals) process.off(signal, stop);
  }
}

/** ` under <patterns>` for a check scoped by `--files`, else empty. */
function scopeOf(files: readonly string[]): string {
  const patterns = splitFileGlobs(files);
  return patterns.length === 0 ? '' : ` under ${terminalSafe(patterns.join(', '))}`;
}

function renderUpdate(update: WatchUpdate, scope: string): { out: string; err: string } {
  const { result } = update;
  const claims = `${result.stats.claims} claim${result.stats.claims === 1 ? '' : 's'}${scope}`;
  if (update.first) {
    // Human text is drawn from the result alone: no case per passing claim is built.
    const report = renderReport(fromSurfCheck(result, { version: SURF_VERSION }), 'human');
    if (scope === '' || result.divergences.length > 0) return report;
    // The report's pass line speaks of all anchored spans; only those under --files were checked.
    const out = result.stats.claims === 0 ? `surf check: no claim is anchored${scope}.\n` : `surf check: all anchored spans in the ${claims} match their stored hashes.\n`;
    return { out, err: report.err };
  }
  const diverged = update.divergences;
  let summary = diverged === 0 ? `no divergence over ${claims}` : `${diverged} divergence${diverged === 1 ? '' : 's'} over ${claims}`;
  if (update.unparsed.length === 1) summary += `; ${terminalSafe(update.unparsed[0]!)} does not parse`;
  else if (update.unparsed.length > 1) summary += `; ${update.unparsed.length} hubs do not parse`;
  const count = update.changes.length;
  const head = `${count === 0 ? 'no verdict' : `${count} verdict${count === 1 ? '' : 's'}`} changed (${namedFiles(update.changed)} changed)`;
  const lines = [...update.invalid.map(invalidLine), ...update.repaired.map(repairedLine), ...update.changes.map(changeLine)];
  return { out: `${[`surf check --watch: ${head}; ${summary}`, ...lines].join('\n')}\n`, err: '' };
}

/** `src/a.rs, src/b.rs` — the first few of them, then how many more. */
function namedFiles(paths: readonly string[]): string {
  const named = paths.slice(0, NAMED_FILES).map(terminalSafe).join(', ');
  return paths.length > NAMED_FILES ? `${named} and ${paths.length - NAMED_FILES} more` : named;
}

/** `  INVALID hubs/a.md:6  does not parse: <error>; its 3 claims are not checked until it parses`. */
function invalidLine(hub: InvalidHub): string {
  const claims = hub.claims === undefined || hub.claims === 0 ? 'its claims are' : hub.claims === 1 ? 'its 1 claim is' : `its ${hub.claims} claims are`;
  return `  INVALID ${terminalSafe(hub.hub)}:${hub.line}  does not parse: ${terminalSafe(hub.message)}; ${claims} not checked until it parses`;
}

/** `  PARSES  hubs/a.md  again; its 3 claims are checked again`. */
function repairedLine(hub: RepairedHub): string {
  const claims = hub.claims === 1 ? 'its 1 claim is' : `its ${hub.claims} claims are`;
  return `  PARSES  ${terminalSafe(hub.hub)}  again; ${claims} checked again`;
}

/**
 * `  CHANGED hubs/a.md:12  src/a.ts > f  (was clean)`; the kind is what it is now. A claim whose
 * `at:` was re-pointed says from where to where.
 */
function changeLine(change: VerdictChange): string {
  const now = change.after;
  const place = (v: ClaimVerdict) => `${terminalSafe(v.hub)}${v.hubLine > 0 ? `:${v.hubLine}` : ''}`;
  const where = (v: ClaimVerdict) => `${place(v)}${v.at === '' ? '' : `  ${terminalSafe(v.at)}`}`;
  if (now === undefined) {
    const old = change.before!;
    // A refs finding that goes away means the hub it points at is no longer stale.
    if (old.kind === 'referenced_stale') return `  CLEAN   ${where(old)}  (was ${old.kind})`;
    return `  GONE    ${where(old)}  (no longer claimed)`;
  }
  const label = now.kind === 'clean' ? 'CLEAN' : now.kind.toUpperCase().replace('REFERENCED_STALE', 'REF-STALE');
  const was = change.before === undefined ? 'new' : `was ${change.before.kind}`;
  const detail = now.kind === 'clean' || now.detail === '' || /^\d?:?[0-9a-f]{12}$/.test(now.detail) ? '' : `: ${terminalSafe(now.detail)}`;
  const repointed = change.before !== undefined && change.before.at !== now.at;
  const subject = repointed ? `${place(now)}  re-pointed: ${terminalSafe(change.before!.at)} → ${terminalSafe(now.at)}` : where(now);
  return `  ${label.padEnd(7)} ${subject}  (${was})${detail}`;
}
