import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// The demo builder is the one place that knows how to install the built packages into a workspace.
import { installDriftgate, readDemoTree, runNx } from '../tools/demo/run.mjs';
import { type TempRepo, type TreeSpec, createTempRepo } from './support/temp-repo.js';

/** One `nx` invocation: exit status, combined output, wall time. */
export interface NxRun {
  readonly status: number | null;
  readonly output: string;
  readonly ms: number;
}

/** How a task of a run was served. */
export type TaskOutcome = 'ran' | 'cache' | 'cache-kept';

/** A temporary git repository set up as an Nx workspace that installs the built driftgate packages. */
export interface NxWorkspace extends TempRepo {
  nx(...args: string[]): NxRun;
  read(path: string): string;
  exists(path: string): boolean;
}

/** Builds the workspace from an inline tree (committed), then installs the packages (`npm run build` must have run). */
export function createNxWorkspace(files: TreeSpec): NxWorkspace {
  const repo = createTempRepo(files);
  try {
    installDriftgate(repo.dir);
  } catch (error) {
    repo.dispose();
    throw error;
  }
  return {
    ...repo,
    nx: (...args: string[]) => runNx(repo.dir, args) as NxRun,
    read: (path: string) => readFileSync(join(repo.dir, ...path.split('/')), 'utf8'),
    exists: (path: string) => existsSync(join(repo.dir, ...path.split('/'))),
  };
}

/** The demo workspace's files (fixtures/demo). */
export function demoTree(): TreeSpec {
  return readDemoTree() as TreeSpec;
}

/**
 * Per task of a run (`project:target`), whether it ran or came from the cache: Nx marks a
 * replayed task `[local cache]`, or `[existing outputs match the cache, left as is]` when the
 * outputs on disk were already the cached ones. A run with overrides lists them after the task
 * (`nx run lib:verify-claims --formats=junit`).
 */
export function taskOutcomes(output: string): Map<string, TaskOutcome> {
  const outcomes = new Map<string, TaskOutcome>();
  for (const match of output.matchAll(/^\s*(?:>|✔|✖)\s+nx run (\S+?)(?:\s+--\S+)*(?:\s+\[([^\]]+)\])?\s*$/gm)) {
    const note = match[2];
    outcomes.set(match[1]!, note === undefined ? 'ran' : note.startsWith('existing outputs') ? 'cache-kept' : 'cache');
  }
  return outcomes;
}

/** Whether every named task came from the cache. */
export function allCached(output: string, tasks: readonly string[]): boolean {
  const outcomes = taskOutcomes(output);
  return tasks.every((task) => outcomes.get(task) === 'cache' || outcomes.get(task) === 'cache-kept');
}
