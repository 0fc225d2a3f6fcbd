// A small pool of worker threads for CPU-heavy pure functions (rendering content,
// building MIME messages), so the thread that answers requests and owns the
// database connection stays free. Knows no protocol and no storage.
import { Worker } from 'node:worker_threads';
import { tasks, type TaskInput, type TaskName, type TaskOutput } from './tasks.ts';
import { fromWireError, type WireError } from './wire.ts';

export type { TaskName, TaskInput, TaskOutput } from './tasks.ts';

export interface ThreadPool {
  /** Run a task; rejects with the task's own error (AppErrors keep their kind). */
  run<K extends TaskName>(task: K, input: TaskInput<K>): Promise<TaskOutput<K>>;
  close(): Promise<void>;
}

const RESPAWN_DELAY_MS = 500;
/** A task that takes longer has hung its thread (a pathological input); the thread is replaced. */
const DEFAULT_TASK_TIMEOUT_MS = 30_000;

type Pending = { worker: Worker; timer: NodeJS.Timeout; resolve: (output: never) => void; reject: (e: Error) => void };

/** `threads: 0` runs tasks on the calling thread (tests, the CLI, one-core hosts). */
export function createThreadPool(options: { threads: number; taskTimeoutMs?: number }): ThreadPool {
  const taskTimeoutMs = options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
  if (options.threads <= 0) {
    return {
      run: async (task, input) => (await tasks[task](input as never)) as never,
      close: async () => {},
    };
  }
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let turn = 0;
  let closing = false;

  function failOf(worker: Worker, error: Error): void {
    for (const [id, p] of pending) {
      if (p.worker !== worker) continue;
      pending.delete(id);
      clearTimeout(p.timer);
      p.reject(error);
    }
  }

  function spawn(): Worker {
    const worker = new Worker(new URL('./thread-entry.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (message: { id: number; output?: unknown; error?: WireError }) => {
      const p = pending.get(message.id);
      if (!p) return;
      pending.delete(message.id);
      clearTimeout(p.timer);
      if (message.error) p.reject(fromWireError(message.error));
      else p.resolve(message.output as never);
    });
    worker.on('error', (error) => failOf(worker, error));
    worker.on('exit', () => {
      if (closing) return;
      // A dead thread fails its own tasks (their callers retry or report) and is replaced.
      failOf(worker, new Error('pool thread exited or hung'));
      const index = workers.indexOf(worker);
      if (index < 0) return;
      // Out of the rotation now; replaced after a pause, so a thread that cannot start does not spin.
      workers[index] = null;
      setTimeout(() => {
        if (!closing) workers[index] = spawn();
      }, RESPAWN_DELAY_MS).unref();
    });
    return worker;
  }

  const workers: (Worker | null)[] = Array.from({ length: options.threads }, spawn);

  function nextWorker(): Worker | null {
    for (let i = 0; i < workers.length; i++) {
      const worker = workers[turn++ % workers.length];
      if (worker) return worker;
    }
    return null;
  }

  return {
    run(task, input) {
      if (closing) return Promise.reject(new Error('thread pool is closed'));
      const worker = nextWorker();
      // Every thread is being replaced: the tasks are pure functions, so run this one here.
      if (!worker) return Promise.resolve().then(async () => (await tasks[task](input as never)) as never);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          // The thread is stuck: end it; its exit fails its tasks and brings a replacement.
          void worker.terminate();
        }, taskTimeoutMs);
        timer.unref();
        pending.set(id, { worker, timer, resolve: resolve as (output: never) => void, reject });
        try {
          worker.postMessage({ id, task, input });
        } catch (error) {
          // The input could not be copied to the thread: fail this task alone.
          pending.delete(id);
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    async close() {
      closing = true;
      const live = workers.filter((w): w is Worker => w !== null);
      for (const worker of live) failOf(worker, new Error('thread pool is closed'));
      await Promise.all(live.map((w) => w.terminate()));
    },
  };
}
