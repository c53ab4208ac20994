import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './hash-worker.js';
import { type PoolResult, type PoolTask, runPoolTask } from './pool-task.js';

/** Below this many tasks, `auto` stays on the main thread: a worker's start-up would not pay off. */
export const PARALLEL_MIN_TASKS = 24;
const MAX_WORKERS = 7;
/** Tasks in flight per worker, so it never idles waiting for the next message or its own reads. */
const IN_FLIGHT = 2;

const WORKER_SCRIPT = fileURLToPath(new URL('./hash-worker.js', import.meta.url));

/**
 * Worker threads count: a number (0 = main thread only), or `auto`: as many as the available
 * cores (capped at 7) once there are at least {@link PARALLEL_MIN_TASKS} tasks — each worker
 * loads its own grammars (~0.1 s of CPU), which pays off only over many files. The main thread
 * takes tasks too but also reads files and feeds the workers, so one worker per core keeps every
 * core busy (measured on 2 shared cores: 1 worker 1.38×, 2 workers 1.27× the parse-only floor).
 * Zero when the worker script is not there (running from TypeScript sources).
 */
export function workerCount(setting: number | 'auto', tasks: number): number {
  if (!existsSync(WORKER_SCRIPT)) return 0;
  if (setting !== 'auto') return Math.max(0, Math.min(Math.floor(setting), tasks - 1, MAX_WORKERS));
  if (tasks < PARALLEL_MIN_TASKS) return 0;
  const cores = availableParallelism();
  return cores < 2 ? 0 : Math.min(cores, MAX_WORKERS);
}

/**
 * The main thread plus optional worker threads, all taking {@link PoolTask}s from one queue, so a
 * slow file never stalls the rest. Each thread holds one syntax tree at a time. Close it when done.
 */
export class WorkPool {
  readonly #root: string;
  readonly #rootReal: string;
  readonly #workers: Worker[];
  readonly #pending = new Map<number, { resolve: (r: PoolResult) => void; reject: (e: Error) => void }>();
  #nextId = 0;
  #failure: Error | undefined;

  private constructor(root: string, rootReal: string, workers: number) {
    this.#root = root;
    this.#rootReal = rootReal;
    this.#workers = Array.from({ length: workers }, () => this.#spawn());
  }

  /** @param workers worker threads to start (see {@link workerCount}); 0 runs everything inline. */
  static async open(root: string, workers: number): Promise<WorkPool> {
    return new WorkPool(root, await realpath(root), workers);
  }

  /** Worker threads in the pool. */
  get size(): number {
    return this.#workers.length;
  }

  /** Runs every task; results in task order. `onProgress` is called after each task. */
  async run(tasks: readonly PoolTask[], onProgress?: (done: number, total: number) => void): Promise<PoolResult[]> {
    const results = new Array<PoolResult>(tasks.length);
    let next = 0;
    let done = 0;
    const take = (): number | undefined => (next < tasks.length ? next++ : undefined);
    const finish = (index: number, result: PoolResult): void => {
      results[index] = result;
      onProgress?.(++done, tasks.length);
    };
    const viaWorker = async (worker: Worker): Promise<void> => {
      for (let index = take(); index !== undefined; index = take()) finish(index, await this.#send(worker, tasks[index]!));
    };
    const inline = async (): Promise<void> => {
      for (let index = take(); index !== undefined; index = take()) {
        finish(index, await runPoolTask(this.#root, this.#rootReal, tasks[index]!));
        // Parsing is synchronous, and a task whose text is already in memory never waits on I/O:
        // without a turn of the event loop here the workers' replies would queue unread and the
        // workers idle while this thread drains the whole queue alone.
        if (this.#workers.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all([...this.#workers.flatMap((worker) => Array.from({ length: IN_FLIGHT }, () => viaWorker(worker))), inline()]);
    return results;
  }

  /** Stops the worker threads. */
  async close(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
  }

  #spawn(): Worker {
    const worker = new Worker(WORKER_SCRIPT, { workerData: { root: this.#root, rootReal: this.#rootReal } });
    worker.on('message', (reply: WorkerReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if ('error' in reply) pending.reject(new Error(`a surf worker thread failed: ${reply.error}`));
      else pending.resolve(reply.result);
    });
    const fail = (error: Error): void => {
      this.#failure ??= error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.#pending.size > 0) fail(new Error(`a surf worker thread exited early (code ${code})`));
    });
    return worker;
  }

  #send(worker: Worker, task: PoolTask): Promise<PoolResult> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<PoolResult>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, task } satisfies WorkerRequest);
    });
  }
}
