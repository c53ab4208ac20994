import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutorContext } from '@nx/devkit';
import { CONFIG_NAMES, DEFAULT_CONFIG_NAME, type SourceMode } from '@driftgate/boundver';
import { DriftgateNxError } from '../errors.js';
import { HEAD_COMMIT_INPUT } from '../plugin/inferred-targets.js';
import { relativeOption } from '../plugin/plugin-options.js';

// Nx keys a cached task by the target's declared inputs and the run's options, and replays the
// stored result on a match. An option that makes the run read a file the inputs do not name (or
// write one the outputs do not name) is hashed, but the bytes it selects are not: two runs with
// the same option and different bytes share one key, and the second gets the first's verdict.
// Each check below takes such an option and accepts it only when the target's inputs cover what
// it selects; otherwise the run is refused before it reads or writes anything.

/** The configuration of a target whose result Nx will store. */
export interface CachedTarget {
  /** The target's own options (inferred, or as project.json sets them), before this run's overrides and configuration. */
  readonly options: Readonly<Record<string, unknown>>;
  /** The target's declared inputs, as Nx hashes them. */
  readonly inputs: readonly unknown[];
}

/**
 * The target this run is cached under, or undefined when Nx stores nothing for it: the target is
 * not `cache: true`, or the run is under `--skip-nx-cache` / `NX_DISABLE_NX_CACHE` (Nx then
 * neither reads nor writes the cache, and tells the task's process through `NX_SKIP_NX_CACHE`).
 * `context.target` is the project's target as Nx resolved it (inference merged with project.json
 * and targetDefaults), the same object Nx takes `cache` from; Nx 22 and 23 both pass it.
 */
export function cachedTargetOf(context: Pick<ExecutorContext, 'target'>, env: NodeJS.ProcessEnv = process.env): CachedTarget | undefined {
  const target = context.target;
  if (target?.cache !== true) return undefined;
  if (env['NX_SKIP_NX_CACHE'] === 'true' || env['NX_DISABLE_NX_CACHE'] === 'true') return undefined;
  return { options: (target.options ?? {}) as Record<string, unknown>, inputs: target.inputs ?? [] };
}

/** The uncached way through Nx to run with an option a cached target refuses. */
const OTHERWISE = 'run it once with --skip-nx-cache (Nx then neither reads nor stores a result)';

function refuse(message: string): DriftgateNxError {
  return new DriftgateNxError('DRIFTGATE_NX_UNCACHEABLE_OPTION', message);
}

/** A list option as the command line spells it. */
const flag = (name: string, value: unknown): string => `--${name}=${Array.isArray(value) ? value.join(',') : String(value)}`;

/** An exact workspace file input, as the inferred targets declare one. */
const fileInput = (path: string): string => `{workspaceRoot}/${path}`;

/** Whether the target declares the HEAD commit as a runtime input. */
function hashesHead(target: CachedTarget): boolean {
  return target.inputs.some((input) => typeof input === 'object' && input !== null && (input as { runtime?: unknown }).runtime === HEAD_COMMIT_INPUT.runtime);
}

/** A string list option: absent and empty are the same. */
function listOption(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item) => b.includes(item)) && b.every((item) => a.includes(item));

/** The boundver config file that is read when `config` is unset: the first of the default names on disk. */
export function defaultConfigFile(workspaceRoot: string): string | undefined {
  return CONFIG_NAMES.find((name) => existsSync(join(workspaceRoot, name)));
}

/** The files a `verify-claims` run reads besides the tool: the hubs of its claims and the files they anchor into. */
export interface ClaimReads {
  readonly hubFiles: readonly string[];
  readonly anchoredFiles: readonly string[];
}

/**
 * `verify-claims --hubs`: checks every claim of those hubs, which may anchor into files of other
 * projects. Accepted on a cached target when the hubs are the target's own, or when `surf.toml`,
 * every hub and every anchored file the run reads is an exact input of the target.
 */
export function refusedClaimsOptions(hubs: unknown, reads: ClaimReads, target: CachedTarget | undefined): DriftgateNxError | undefined {
  if (target === undefined) return undefined;
  const given = listOption(hubs);
  if (sameSet(given, listOption(target.options['hubs']))) return undefined;
  const uncovered = ['surf.toml', ...reads.hubFiles, ...reads.anchoredFiles].filter((path) => !target.inputs.includes(fileInput(path)));
  if (uncovered.length === 0) return undefined;
  const shown = uncovered.slice(0, 5).join(', ') + (uncovered.length > 5 ? `, and ${uncovered.length - 5} more` : '');
  return refuse(
    `${flag('hubs', given)} reads files that are not inputs of this cached target (${shown}), so a cache hit could replay a verdict on other bytes; ` +
      `run the verify-claims target of the project those claims anchor into, or ${OTHERWISE}`,
  );
}

/** The options of a boundary run that select what it reads. */
export interface BoundaryRun {
  readonly source?: unknown;
  readonly config?: unknown;
  /** `lock` of verify-boundary, `out` of generate-boundary. */
  readonly lock?: unknown;
  readonly components?: unknown;
  /** verify-boundary's `share`: `project` or `workspace`. */
  readonly share?: unknown;
  /** verify-boundary's `baseline` file. */
  readonly baseline?: unknown;
}

/** The `source`, `config` and lock file checks both boundary executors share. */
function refusedBoundarySnapshot(
  run: BoundaryRun,
  target: CachedTarget,
  command: 'verify' | 'generate',
  lockOption: 'lock' | 'out',
  defaultConfig: () => string | undefined,
): DriftgateNxError | undefined {
  const direct = (args: string) => `or run \`npx boundver ${command} ${args}\` directly`;
  const source = (run.source ?? 'working-tree') as SourceMode;
  const declaredSource = (target.options['source'] ?? 'working-tree') as SourceMode;
  if (source === 'index') {
    return refuse(`--source=index reads the git index, which no cache key describes, so this target is never cached with it; set the plugin option boundarySource to index in nx.json (the targets are then uncached), ${OTHERWISE}, ${direct('--source index')}`);
  }
  if (source === 'head' && !hashesHead(target)) {
    return refuse(`--source=head would be cached under the working tree's inputs, which do not include the HEAD commit; set the plugin option boundarySource to head in nx.json, ${OTHERWISE}, ${direct('--source head')}`);
  }
  if (source === 'working-tree' && declaredSource !== 'working-tree') {
    return refuse(`--source=working-tree would be cached under the ${declaredSource} snapshot's inputs, which do not include the index or the files' modes; set the plugin option boundarySource to working-tree in nx.json, ${OTHERWISE}, ${direct('--source working-tree')}`);
  }
  const config = run.config === undefined ? undefined : relativeOption('config', run.config);
  const declaredConfig = target.options['config'] === undefined ? undefined : relativeOption('config', target.options['config']);
  if (config !== declaredConfig && (config ?? defaultConfig()) !== (declaredConfig ?? defaultConfig())) {
    const declared = declaredConfig ?? defaultConfig() ?? DEFAULT_CONFIG_NAME;
    const shown = config ?? defaultConfig() ?? DEFAULT_CONFIG_NAME;
    return refuse(
      `--config=${shown} would be cached under the inputs of ${declared}: the components and files another config names are not this target's inputs; set the plugin option boundaryConfig in nx.json, ${OTHERWISE}, ${direct(`--config ${shown}`)}`,
    );
  }
  const lock = relativeOption(lockOption, run.lock ?? 'boundary.lock.json');
  const declaredLock = relativeOption(lockOption, target.options[lockOption] ?? 'boundary.lock.json');
  if (lock !== declaredLock) {
    const what = lockOption === 'lock' ? `would be cached under the inputs of ${declaredLock}, which do not include ${lock}` : `writes a lock this cached target does not declare as its output (${declaredLock}), so a cache hit would not restore it`;
    return refuse(`--${lockOption}=${String(run.lock)} ${what}; set the plugin option boundaryLock in nx.json, ${OTHERWISE}, ${direct(`--${lockOption} ${String(run.lock)}`)}`);
  }
  return undefined;
}

/**
 * `verify-boundary`: `source`, `config` and `lock` must be the ones the target's inputs were
 * computed for (a `head` run needs the HEAD commit as an input; `index` is never cached), and
 * `components` must be among the target's own: another component's files are not its inputs.
 */
export function refusedVerifyBoundaryOptions(run: BoundaryRun, target: CachedTarget | undefined, defaultConfig: () => string | undefined): DriftgateNxError | undefined {
  if (target === undefined) return undefined;
  const snapshot = refusedBoundarySnapshot(run, target, 'verify', 'lock', defaultConfig);
  if (snapshot !== undefined) return snapshot;
  // The baseline decides which violations pass: its bytes must be part of the key.
  if (run.baseline !== undefined) {
    const baseline = relativeOption('baseline', run.baseline);
    if (!target.inputs.includes(fileInput(baseline))) {
      return refuse(`--baseline=${baseline} is not an input of this cached target, so a cache hit could replay a verdict given under another baseline; set the plugin option boundaryBaseline to ${baseline} in nx.json, ${OTHERWISE}, or run \`npx boundver verify --baseline ${baseline}\` directly`);
    }
  }
  const declaredShare = target.options['share'];
  if (run.share !== declaredShare) {
    const shown = (share: unknown) => (share === undefined ? 'no share' : `share ${String(share)}`);
    return refuse(
      `--share=${String(run.share)} changes which findings this target owns (it was inferred with ${shown(declaredShare)}), and a cache hit would restore the other share's report; ${OTHERWISE}, or run \`npx boundver verify\` directly`,
    );
  }
  const declared = target.options['components'];
  if (run.components === undefined && declared === undefined) return undefined;
  const given = listOption(run.components);
  const own = listOption(declared);
  // Empty means every component to a user (as on the CLI), though a share's own list may be
  // empty (the workspace share at a root that owns none); a subset of the target's components
  // reads a subset of its inputs.
  const same = given.length === own.length && given.every((name) => own.includes(name));
  const covered = declared !== undefined && run.components !== undefined && (same || (own.length > 0 && given.length > 0 && given.every((name) => own.includes(name))));
  if (covered) return undefined;
  const mine = declared === undefined ? 'the components this project owns' : own.length === 0 ? 'every component' : own.join(', ');
  return refuse(
    `${run.components === undefined || given.length === 0 ? 'verifying every component' : flag('components', given)} reads files that are not inputs of this cached target (they cover ${mine}); ` +
      `run the verify-boundary target of the project that owns them, ${OTHERWISE}, or run \`npx boundver verify --components <names>\` directly`,
  );
}

/**
 * `generate-boundary`: `source`, `config` and `out` as for verify (`out` must be the declared
 * output); `components` (a partial refresh) reads the existing lock, which is not an input unless
 * the target names it; `dryRun` writes no lock, yet the cache would store the lock on disk as this
 * run's output and a later hit would restore it over a newer one.
 */
export function refusedGenerateBoundaryOptions(run: BoundaryRun & { readonly dryRun?: unknown }, target: CachedTarget | undefined, defaultConfig: () => string | undefined): DriftgateNxError | undefined {
  if (target === undefined) return undefined;
  const snapshot = refusedBoundarySnapshot(run, target, 'generate', 'out', defaultConfig);
  if (snapshot !== undefined) return snapshot;
  const given = listOption(run.components);
  const out = relativeOption('out', run.lock ?? 'boundary.lock.json');
  if (given.length > 0 && !target.inputs.includes(fileInput(out))) {
    return refuse(
      `${flag('components', given)} refreshes part of the existing ${out}, which is not an input of this cached target, so a cache hit could restore a lock merged into another one; ` +
        `run a full generate-boundary, ${OTHERWISE}, or run \`npx boundver generate --components ${given.join(',')}\` directly`,
    );
  }
  if (run.dryRun === true) {
    return refuse(
      `--dryRun writes no lock, but this cached target's output is ${out}: the cache would store the lock on disk as this run's and a later hit would restore it; ` +
        `${OTHERWISE}, or run \`npx boundver generate --dry-run\` directly`,
    );
  }
  return undefined;
}
