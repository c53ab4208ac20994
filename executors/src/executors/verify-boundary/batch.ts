import type { ExecutorContext, TaskGraph } from '@nx/devkit';
import { type VerifyBoundaryOptions, runVerifyBoundary } from './executor.js';

/** What Nx takes back for one task of a batch (its `BatchExecutorTaskResult`). */
export interface VerifyBoundaryTaskResult {
  readonly task: string;
  readonly result: { success: boolean; terminalOutput: string; startTime: number; endTime: number };
}

/**
 * `verify-boundary` for every task of an Nx batch, in one process. Each task is the same
 * verification as the executor's (its own snapshot, lock read and reports), run one after the
 * other; what the process keeps between them is the compiler: the workspace's `typescript`
 * module is loaded once and TypeScript's parsed lib files (most of a cold typescript-api
 * component's time) are shared, so a task after the first pays only for its own files.
 *
 * Tasks run in task-id order, so a batch's output is the same from run to run; each result is
 * yielded as soon as it is known, so Nx reports and caches it without waiting for the batch.
 *
 * An unknown option fails each task here, in one line, through {@link runVerifyBoundary}: Nx's
 * batch runner validates options where a schema error becomes an unhandled rejection of the
 * whole batch process, so the schema does not close its properties (docs/nx-plugin.md).
 */
export default async function* verifyBoundaryBatch(
  taskGraph: TaskGraph,
  inputs: Record<string, VerifyBoundaryOptions>,
  _overrides: VerifyBoundaryOptions,
  context: ExecutorContext,
): AsyncGenerator<VerifyBoundaryTaskResult> {
  const tasks = Object.values(taskGraph.tasks).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const task of tasks) {
    const { project, target, configuration } = task.target;
    const taskContext: ExecutorContext = {
      ...context,
      projectName: project,
      targetName: target,
      ...(configuration !== undefined ? { configurationName: configuration } : {}),
      ...(context.projectsConfigurations?.projects[project]?.targets?.[target] !== undefined ? { target: context.projectsConfigurations.projects[project]!.targets![target]! } : {}),
    };
    const startTime = Date.now();
    const { success, log } = await runVerifyBoundary(inputs[task.id] ?? {}, taskContext);
    yield { task: task.id, result: { success, terminalOutput: log.length === 0 ? '' : `${log.map((line) => line.text).join('\n')}\n`, startTime, endTime: Date.now() } };
  }
}
