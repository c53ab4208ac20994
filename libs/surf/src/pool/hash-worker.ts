import { parentPort, workerData } from 'node:worker_threads';
import { runPoolTask } from './pool-task.js';
import type { WorkerReply, WorkerRequest } from './worker-messages.js';

// Worker-thread entry of the work pool: each message is one run's whole task list and the shared
// cursor; this thread claims tasks from the cursor until none are left, running each with its own
// grammars. Syntax trees never leave the thread, only digests, spans and code do.

const { root, rootReal } = (workerData ?? {}) as { root: string; rootReal: string };

// Runs are handled one after another: a new run's message waits until this one's tasks are taken.
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', (request: WorkerRequest) => {
  queue = queue.then(() => runBatch(request));
});

async function runBatch({ batch, tasks, cursor }: WorkerRequest): Promise<void> {
  for (let position = Atomics.add(cursor, 0, 1); position < tasks.length; position = Atomics.add(cursor, 0, 1)) {
    try {
      const result = await runPoolTask(root, rootReal, tasks[position]!);
      parentPort!.postMessage({ batch, position, result } satisfies WorkerReply);
    } catch (error) {
      parentPort!.postMessage({ batch, error: (error as Error)?.stack ?? String(error) } satisfies WorkerReply);
      return;
    }
  }
}
