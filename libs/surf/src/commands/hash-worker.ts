import { parentPort, workerData } from 'node:worker_threads';
import { type PoolResult, type PoolTask, runPoolTask } from './pool-task.js';

// Worker-thread entry of the work pool: each message is one task, run with this thread's own
// grammars; syntax trees never leave the thread, only digests, spans and code do.

/** A message to a worker. */
export interface WorkerRequest {
  readonly id: number;
  readonly task: PoolTask;
}

/** A worker's reply: the task's results, or an unexpected error's text. */
export type WorkerReply = { readonly id: number; readonly result: PoolResult } | { readonly id: number; readonly error: string };

const { root, rootReal } = (workerData ?? {}) as { root: string; rootReal: string };

parentPort?.on('message', ({ id, task }: WorkerRequest) => {
  runPoolTask(root, rootReal, task).then(
    (result) => parentPort!.postMessage({ id, result } satisfies WorkerReply),
    (error: unknown) => parentPort!.postMessage({ id, error: (error as Error)?.stack ?? String(error) } satisfies WorkerReply),
  );
});
