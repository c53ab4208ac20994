import { existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './worker-messages.js';
import { type PoolResult, type PoolTask, runPoolTask } from './pool-task.js';

/** Below this many tasks, `auto` stays on the main thread: a worker's start-up would not pay off. */
export const PARALLEL_MIN_TASKS = 24;
const MAX_WORKERS = 7;

const WORKER_SCRIPT = fileURLToPath(new URL('./hash-worker.js', import.meta.url));

/**
 * Worker threads count: a number (0 = main thread only), or `auto`: one fewer than the available
 * cores (at most 7) once there are at least {@link PARALLEL_MIN_TASKS} tasks — each worker
 * loads its own grammars (~0.1 s of CPU), which pays off only over many files. The main thread
 * takes tasks like a worker (`check` plans from the hubs' quick facts, so it has little else to
 * do), and one thread per core is the most that helps: on 2 cores, `surf check` of the
 * real-shaped benchmark takes 1.67–1.76 s with 1 worker against 1.80–1.88 s with 2, and over the
 * node_modules workspace 0.74–0.79 s against 0.83–0.87 s. Zero when the worker script is not
 * there (running from TypeScript sources).
 */
export function workerCount(setting: number | 'auto', tasks: number): number {
  if (!existsSync(WORKER_SCRIPT)) return 0;
  if (setting !== 'auto') return Math.max(0, Math.min(Math.floor(setting), tasks - 1, MAX_WORKERS));
  if (tasks < PARALLEL_MIN_TASKS) return 0;
  const cores = availableParallelism();
  return cores < 2 ? 0 : Math.min(cores - 1, MAX_WORKERS);
}

/**
 * The main thread plus optional worker threads, all pulling {@link PoolTask}s from one shared queue,
 * largest first, so a slow file never stalls the rest. Each thread holds one syntax tree at a time.
 * Close it when done.
 *
 * Balance: every thread is given the whole (ordered) task list once per run and claims the next
 * task itself with an atomic increment of a shared cursor. Handing tasks out from the main thread
 * made a worker wait whenever the main thread was inside a long synchronous parse, and tasks
 * queued ahead on one worker stayed there while another idled; with the cursor no thread waits on
 * another for work. Largest files go first (by bytes), so the last tasks are the short ones and
 * the threads finish together. Results are stored by task index, so their order never depends
 * on which thread ran what.
 */
export class WorkPool {
  readonly #root: string;
  readonly #rootReal: string;
  readonly #workers: Worker[];
  readonly #batches = new Map<number, Batch>();
  #nextBatch = 0;
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
    if (this.#failure) throw this.#failure;
    const results = new Array<PoolResult>(tasks.length);
    if (tasks.length === 0) return results;
    const order = await largestFirst(this.#root, tasks);
    const ordered = order.map((index) => tasks[index]!);
    const cursor = new Int32Array(new SharedArrayBuffer(4));
    const id = this.#nextBatch++;
    let done = 0;
    let failed = false;
    const finished = new Promise<void>((resolve, reject) => {
      this.#batches.set(id, {
        deliver: (position, result) => {
          results[order[position]!] = result;
          done++;
          onProgress?.(done, tasks.length);
          if (done === tasks.length) resolve();
        },
        reject: (error) => {
          failed = true;
          reject(error);
        },
      });
    });
    finished.catch(() => undefined);
    try {
      for (const worker of this.#workers) worker.postMessage({ batch: id, tasks: ordered, cursor } satisfies WorkerRequest);
      const batch = this.#batches.get(id)!;
      for (let position = Atomics.add(cursor, 0, 1); position < ordered.length && !failed; position = Atomics.add(cursor, 0, 1)) {
        batch.deliver(position, await runPoolTask(this.#root, this.#rootReal, ordered[position]!));
        // Parsing is synchronous: a turn of the event loop lets the workers' results in as they
        // come (progress stays live and their messages do not pile up until the end).
        if (this.#workers.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await finished;
      return results;
    } finally {
      this.#batches.delete(id);
    }
  }

  /** Stops the worker threads. */
  async close(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
  }

  #spawn(): Worker {
    const worker = new Worker(WORKER_SCRIPT, { workerData: { root: this.#root, rootReal: this.#rootReal } });
    worker.on('message', (reply: WorkerReply) => {
      const batch = this.#batches.get(reply.batch);
      if (!batch) return;
      if ('error' in reply) batch.reject(new Error(`a surf worker thread failed: ${reply.error}`));
      else batch.deliver(reply.position, reply.result);
    });
    const fail = (error: Error): void => {
      this.#failure ??= error;
      for (const batch of this.#batches.values()) batch.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      // A worker that ends mid-batch took a task with it: that batch can never complete.
      if (this.#batches.size > 0) fail(new Error(`a surf worker thread exited early (code ${code})`));
    });
    return worker;
  }
}

/** One `run` in progress: where results go, and how it fails. */
interface Batch {
  /** Stores the result of the task at `position` in the run's ordered list. */
  deliver(position: number, result: PoolResult): void;
  reject(error: Error): void;
}

/**
 * Task indices, largest first: a hash task weighs its file's bytes on disk (0 if it cannot be
 * stat'ed: it fails fast), a history or re-point task the text it carries. Ties keep task order.
 */
async function largestFirst(root: string, tasks: readonly PoolTask[]): Promise<number[]> {
  const weights = await Promise.all(
    tasks.map(async (task) => {
      if (task.kind === 'history') return task.text.length;
      if (task.kind === 'repoint') return task.oldText.length + task.newText.length;
      try {
        return (await stat(join(root, ...task.file.split('/')))).size;
      } catch {
        return 0;
      }
    }),
  );
  return tasks.map((_, index) => index).sort((a, b) => weights[b]! - weights[a]! || a - b);
}
