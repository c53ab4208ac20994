import type { PoolResult, PoolTask } from './pool-task.js';

// The messages between the work pool and its threads, apart from both so each can name them.

/** A message to a worker: one run of the pool. */
export interface WorkerRequest {
  readonly batch: number;
  /** The run's tasks, in the order they are handed out. */
  readonly tasks: readonly PoolTask[];
  /** One Int32 on a SharedArrayBuffer: the position of the next task to take, shared by all threads. */
  readonly cursor: Int32Array;
}

/** A worker's reply: one task's results, or an unexpected error's text. */
export type WorkerReply =
  | { readonly batch: number; readonly position: number; readonly result: PoolResult }
  | { readonly batch: number; readonly error: string };
