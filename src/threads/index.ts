// A small pool of worker threads for CPU-heavy pure functions (rendering content,
// building MIME messages), so the thread that answers requests and owns the
// database connection stays free. Knows no protocol and no storage.
import { Worker } from 'node:worker_threads';
import { TASK_TIME_LIMIT_MS, tasks, type TaskInput, type TaskName, type TaskOutput } from './tasks.ts';
import { fromWireError, type WireError } from './wire.ts';

export type { TaskName, TaskInput, TaskOutput } from './tasks.ts';

export interface ThreadPool {
  /** Run a task; rejects with the task's own error (AppErrors keep their kind), or TaskTooSlow. */
  run<K extends TaskName>(task: K, input: TaskInput<K>): Promise<TaskOutput<K>>;
  close(): Promise<void>;
}

/**
 * A task ran past its time limit (pathological input: markdown whose emphasis
 * parsing is quadratic, say). Its thread was ended and replaced; the other tasks
 * that thread held were run again.
 */
export class TaskTooSlow extends Error {
  constructor(
    readonly task: TaskName,
    readonly limitMs: number,
  ) {
    super(`${task} took longer than ${limitMs} ms`);
    this.name = 'TaskTooSlow';
  }
}

/** A thread that crashed is replaced after this pause, so one that cannot start does not spin. */
const RESPAWN_DELAY_MS = 500;

interface Task {
  task: TaskName;
  input: unknown;
  resolve: (output: never) => void;
  reject: (e: Error) => void;
}

type Pending = Task & { thread: Thread; timer: NodeJS.Timeout | undefined };

interface Thread {
  worker: Worker;
  /** Loaded and listening: its tasks' clocks run from then. */
  ready: boolean;
  /** Tasks posted to it and not answered yet. */
  held: number;
  /** The task whose time limit ended it, once one has. */
  tooSlow?: number;
}

const runHere = async (task: TaskName, input: unknown) => (await tasks[task](input as never)) as never;

/**
 * `threads: 0` runs tasks on the calling thread (tests, the CLI, one-core hosts),
 * without time limits. `timeLimitsMs` replaces tasks' own limits (TASK_TIME_LIMIT_MS).
 */
export function createThreadPool(options: { threads: number; timeLimitsMs?: Partial<Record<TaskName, number>> }): ThreadPool {
  if (options.threads <= 0) {
    return { run: (task, input) => runHere(task, input), close: async () => {} };
  }
  const limitOf = (task: TaskName) => options.timeLimitsMs?.[task] ?? TASK_TIME_LIMIT_MS[task];
  const pending = new Map<number, Pending>();
  /** Tasks that came while every thread was being replaced: the next thread to start takes them. */
  let waiting: Task[] = [];
  let nextId = 0;
  let turn = 0;
  let closing = false;

  function settle(id: number, p: Pending): void {
    pending.delete(id);
    clearTimeout(p.timer);
    p.thread.held--;
  }

  function spawn(index: number): Thread {
    const thread: Thread = { worker: new Worker(new URL('./thread-entry.mjs', import.meta.url)), ready: false, held: 0 };
    const { worker } = thread;
    worker.unref();
    worker.on('message', (message: { id: number; output?: unknown; error?: WireError } | { ready: true }) => {
      if ('ready' in message) {
        thread.ready = true;
        let ahead = 0;
        for (const [id, p] of pending) if (p.thread === thread) p.timer = clock(thread, id, p.task, ahead++);
        return;
      }
      const p = pending.get(message.id);
      if (!p) return;
      settle(message.id, p);
      if (message.error) p.reject(fromWireError(message.error));
      else p.resolve(message.output as never);
    });
    worker.on('error', (error) => {
      // A crash, not a time limit: its tasks fail with it (running them again could crash again).
      for (const [id, p] of pending) {
        if (p.thread !== thread) continue;
        settle(id, p);
        p.reject(error);
      }
    });
    worker.on('exit', () => {
      if (threads[index] === thread) threads[index] = null;
      const mine = [...pending].filter(([, p]) => p.thread === thread);
      for (const [id, p] of mine) {
        settle(id, p);
        if (closing) p.reject(new Error('thread pool is closed'));
        else if (thread.tooSlow === undefined) p.reject(new Error('pool thread exited'));
        else if (id === thread.tooSlow) p.reject(new TaskTooSlow(p.task, limitOf(p.task)));
        // Innocent tasks queued behind the slow one: run them again.
        else start(p);
      }
      if (closing) return;
      // Ended for a time limit: replace it at once. Crashed: after a pause.
      setTimeout(
        () => {
          if (closing) return;
          threads[index] = spawn(index);
          const queued = waiting;
          waiting = [];
          for (const t of queued) start(t);
        },
        thread.tooSlow === undefined ? RESPAWN_DELAY_MS : 0,
      ).unref();
    });
    return thread;
  }

  const threads: (Thread | null)[] = Array.from({ length: options.threads }, (_, i) => spawn(i));

  function nextThread(): Thread | null {
    for (let i = 0; i < threads.length; i++) {
      const thread = threads[turn++ % threads.length];
      if (thread) return thread;
    }
    return null;
  }

  /**
   * A task's time limit. A thread runs its tasks in turn: the clock allows for
   * the `ahead` tasks before it, so a task is blamed only for time it ran itself.
   */
  function clock(thread: Thread, id: number, task: TaskName, ahead: number): NodeJS.Timeout {
    const limitMs = limitOf(task);
    const timer = setTimeout(() => {
      // Past its limit: end the thread (the only way to stop a busy one). Its exit
      // fails this task and runs the thread's other tasks again.
      thread.tooSlow ??= id;
      void thread.worker.terminate();
    }, limitMs * (ahead + 1));
    timer.unref();
    return timer;
  }

  function start(t: Task): void {
    if (closing) {
      t.reject(new Error('thread pool is closed'));
      return;
    }
    const thread = nextThread();
    if (!thread) {
      // Not here instead: the task that ended the last thread may come again, and
      // on this thread nothing could stop it.
      waiting.push(t);
      return;
    }
    const id = nextId++;
    const timer = thread.ready ? clock(thread, id, t.task, thread.held) : undefined;
    try {
      thread.worker.postMessage({ id, task: t.task, input: t.input });
    } catch (error) {
      // The input could not be copied to the thread: fail this task alone.
      clearTimeout(timer);
      t.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    thread.held++;
    pending.set(id, { ...t, thread, timer });
  }

  return {
    run(task, input) {
      return new Promise((resolve, reject) => start({ task, input, resolve: resolve as (output: never) => void, reject }));
    },
    async close() {
      closing = true;
      for (const t of waiting.splice(0)) t.reject(new Error('thread pool is closed'));
      const live = threads.filter((t): t is Thread => t !== null);
      await Promise.all(live.map((t) => t.worker.terminate()));
    },
  };
}
