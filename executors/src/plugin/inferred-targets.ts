import type { TargetConfiguration } from '@nx/devkit';
import type { VerifyShare } from '@driftgate/boundver';
import type { BoundaryReadSet } from '../scope/boundary-scope.js';
import type { ProjectClaims } from '../scope/claim-scope.js';
import type { NormalizedPluginOptions } from './plugin-options.js';
import { reportOutputs } from '../reports/report-files.js';
import type { ToolIdentity } from './tool-identity.js';

/** One entry of a target's `inputs`. */
type Input = NonNullable<TargetConfiguration['inputs']>[number];

/** The parts of a project's claim selection its targets are built from. */
export type ClaimInputs = Pick<ProjectClaims, 'hubFiles' | 'anchoredFiles' | 'claims'>;

/** What a project's targets are built from. */
export interface TargetContext {
  readonly projectRoot: string;
  /** Project name for help commands (the root when the name is unknown). */
  readonly projectName: string;
  readonly options: NormalizedPluginOptions;
  readonly tool: ToolIdentity;
  /** The workspace's TypeScript as inputs, for the boundary targets of `typescript-api` components. */
  readonly typescript: readonly Input[];
  /** How the workspace's package manager runs a binary (`npx`, `pnpm exec`, …), for help commands. */
  readonly exec: string;
}

const EXECUTORS = '@driftgate/nx';
/** The lock's sync generator (`generators.json`), listed by verify-boundary when `boundarySync` is on. */
const SYNC_BOUNDARY_GENERATOR = `${EXECUTORS}:sync-boundary`;
const TECHNOLOGIES = ['driftgate'];

/** A workspace file as an exact fileset input. */
const file = (path: string): string => `{workspaceRoot}/${path}`;

// Where the tsconfig `paths` the typescript-api provider follows are read from (its own order).
const TSCONFIG_FILES = ['tsconfig.base.json', 'tsconfig.json'];

/** Every file at or below a workspace-relative path (a directory, or the file itself). */
const tree = (path: string): string[] => (path === '.' || path === '' ? ['{workspaceRoot}/**/*'] : [`{workspaceRoot}/${path}`, `{workspaceRoot}/${path}/**/*`]);

/** Single-quotes a word for `sh -c` (runtime inputs run through the shell). */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function help(context: TargetContext, target: string, example: Record<string, unknown>): NonNullable<TargetConfiguration['metadata']>['help'] {
  return { command: `${context.exec} nx run ${context.projectName}:${target} --help`, example: { options: example } };
}

/**
 * `verify-claims`: surf check over the project's claims. Its inputs are exactly what the check
 * reads — `surf.toml`, the hubs it loads, the anchored files — and the tool itself; its outputs the
 * report file of every format under the `reportDirectory` in effect, so a run's own `formats` or
 * `reportDirectory` is restored whole from the cache. The advisory `magnitude`/`old_code` of a
 * changed claim come from git history at HEAD, which is not an input: a cached report keeps the
 * values of the run that wrote it.
 */
export function verifyClaimsTarget(context: TargetContext, claims: ClaimInputs): TargetConfiguration {
  const name = context.options.verifyClaimsTargetName;
  return {
    executor: `${EXECUTORS}:verify-claims`,
    cache: true,
    inputs: [file('surf.toml'), ...claims.hubFiles.map(file), ...claims.anchoredFiles.map(file), ...context.tool.inputs],
    outputs: reportOutputs(context.projectRoot, 'verify-claims'),
    options: { reportDirectory: context.options.reportDirectory, formats: [...context.options.formats] },
    metadata: {
      technologies: TECHNOLOGIES,
      description: `surf check: ${claims.claims} claim(s) anchored into this project against their stamps (magnitude is advisory and read from git history)`,
      help: help(context, name, { formats: ['json'] }),
    },
  };
}

/** `stamp-claims`: surf verify over the same claims. It writes hubs, so it is never cached and never runs beside another task. */
export function stampClaimsTarget(context: TargetContext, claims: ClaimInputs): TargetConfiguration {
  return {
    executor: `${EXECUTORS}:stamp-claims`,
    cache: false,
    parallelism: false,
    options: {},
    metadata: {
      technologies: TECHNOLOGIES,
      description: `surf verify: re-stamp the ${claims.claims} claim(s) anchored into this project (writes ${claims.hubFiles.length} hub file(s); never cached)`,
      help: help(context, context.options.stampClaimsTargetName, { follow: true }),
    },
  };
}

/** Name of the inferred interactive triage target. */
export const TRIAGE_CLAIMS_TARGET = 'triage-claims';

/**
 * `triage-claims`: `surf triage` over the same claims as `verify-claims`. It is interactive (the
 * executor starts the TUI as its own process with the terminal inherited) and may write hubs, so it
 * is never cached and never runs beside another task.
 */
export function triageClaimsTarget(context: TargetContext, claims: ClaimInputs): TargetConfiguration {
  return {
    executor: `${EXECUTORS}:triage-claims`,
    cache: false,
    parallelism: false,
    options: {},
    metadata: {
      technologies: TECHNOLOGIES,
      description: `surf triage: review the diverged claims among the ${claims.claims} anchored into this project, largest first, and re-stamp what you accept (interactive; never cached)`,
      help: help(context, TRIAGE_CLAIMS_TARGET, { base: 'origin/main' }),
    },
  };
}

/**
 * The runtime input that makes a `head` snapshot part of the cache key. The executors look for it
 * before they run with `source: head` on a cached target.
 */
export const HEAD_COMMIT_INPUT = { runtime: 'git rev-parse HEAD' } as const;

/** Inputs every boundary target shares: the files boundver reads, the snapshot's identity, the tool. */
function boundaryInputs(context: TargetContext, configFile: string, reads: BoundaryReadSet, withLock: boolean): Input[] {
  const inputs: Input[] = [file(configFile)];
  if (withLock) inputs.push(file(context.options.boundaryLock));
  for (const path of reads.paths) inputs.push(...tree(path));
  inputs.push(...reads.providerModules.map(file));
  // The files of the projects a re-export reaches (Nx sees the same imports as dependencies) and
  // the tsconfig whose `paths` decide where a re-export leads, and the compiler that reads them.
  if (reads.typescriptModules === true) inputs.push('^default', ...TSCONFIG_FILES.map(file), ...context.typescript);
  inputs.push(...context.tool.inputs);
  const source = context.options.boundarySource;
  if (source === 'working-tree' && reads.paths.length > 0) {
    // The working-tree snapshot takes its file set from the index and each file's mode from disk:
    // tracking a file, or a chmod staged (`ls-files -s`) or not (`diff --raw` lists mode changes
    // against the index), changes the digests without changing a byte Nx hashes. With
    // core.filemode=false git reports no mode change, and boundver keeps the index mode too.
    // Full object ids and a refreshed index keep the text the same on every machine (no
    // core.abbrev length, no stat-only entries).
    const paths = reads.paths.map(shellQuote).join(' ');
    inputs.push({
      runtime: `git --literal-pathspecs ls-files -s -z -- ${paths} && git --literal-pathspecs --no-optional-locks -c diff.autoRefreshIndex=true diff --raw --no-abbrev -z -- ${paths}`,
    });
  }
  if (source === 'head') inputs.push({ ...HEAD_COMMIT_INPUT });
  for (const prefix of reads.tagPrefixes) {
    inputs.push({ runtime: `git describe --tags --abbrev=0 --match ${shellQuote(`${prefix}*`)} HEAD 2>/dev/null || echo none` });
  }
  return inputs;
}

/**
 * `verify-boundary`: this project's share of boundver verify — the components it owns, and for
 * the workspace-level project also the lock as a whole and the slices. Cached unless the plugin's
 * `boundarySource` is `index`; with `head` the HEAD commit is a runtime input.
 */
export function verifyBoundaryTarget(context: TargetContext, configFile: string, share: VerifyShare, reads: BoundaryReadSet): TargetConfiguration {
  const { options } = context;
  const { components } = share;
  return {
    executor: `${EXECUTORS}:verify-boundary`,
    cache: options.boundarySource !== 'index',
    // Opt-in: Nx runs the lock's sync generator for `nx sync`, `nx sync:check` and before the task.
    ...(options.boundarySync ? { syncGenerators: [SYNC_BOUNDARY_GENERATOR] } : {}),
    inputs: [...boundaryInputs(context, configFile, reads, true), ...(options.boundaryBaseline === undefined ? [] : [file(options.boundaryBaseline)])],
    outputs: reportOutputs(context.projectRoot, 'verify-boundary'),
    options: {
      components: [...components],
      share: share.workspace ? 'workspace' : 'project',
      source: options.boundarySource,
      ...(options.boundaryConfig !== undefined ? { config: options.boundaryConfig } : {}),
      lock: options.boundaryLock,
      ...(options.boundaryBaseline === undefined ? {} : { baseline: options.boundaryBaseline }),
      reportDirectory: options.reportDirectory,
      formats: [...options.formats],
    },
    metadata: {
      technologies: TECHNOLOGIES,
      description: share.workspace
        ? `boundver verify --source ${options.boundarySource} against ${options.boundaryLock}: the lock as a whole and the slices${components.length > 0 ? `, and components ${components.join(',')}` : ''}`
        : `boundver verify --components ${components.join(',')} --source ${options.boundarySource} against ${options.boundaryLock}`,
      help: help(context, options.verifyBoundaryTargetName, { facets: ['exact', 'boundary'] }),
    },
  };
}

/** `generate-boundary`: the one writer of the lock, workspace-level, never beside another task. */
export function generateBoundaryTarget(context: TargetContext, configFile: string, reads: BoundaryReadSet): TargetConfiguration {
  const { options } = context;
  return {
    executor: `${EXECUTORS}:generate-boundary`,
    cache: options.boundarySource !== 'index',
    parallelism: false,
    inputs: boundaryInputs(context, configFile, reads, false),
    outputs: [file(options.boundaryLock)],
    options: {
      source: options.boundarySource,
      ...(options.boundaryConfig !== undefined ? { config: options.boundaryConfig } : {}),
      out: options.boundaryLock,
    },
    metadata: {
      technologies: TECHNOLOGIES,
      description: `boundver generate --source ${options.boundarySource}: write ${options.boundaryLock} for every component`,
      // Not dryRun: a dry run of a cached target is refused (its declared output is the lock it does not write).
      help: help(context, options.generateBoundaryTargetName, { allowPartial: true }),
    },
  };
}
