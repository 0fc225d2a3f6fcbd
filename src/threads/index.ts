// A small pool of worker threads for CPU-heavy pure functions (rendering content,
// building MIME messages), so the thread that answers requests and owns the
// database connection stays free. Knows no protocol and no storage, and no task:
// its caller gives it the task set (task-set.ts). Imports nothing above errors.ts.
import { Worker } from 'node:worker_threads';
import type { TaskInput, TaskName, TaskOutput, TaskSet, TaskTable } from './task-set.ts';
import { createFairQueue, type Run } from './fair-queue.ts';
import { fromWireError, type WireError } from './wire.ts';

export { defineTaskSet, type TaskInput, type TaskName, type TaskOutput, type TaskSet, type TaskTable } from './task-set.ts';
export { RENDER_TIME_LIMIT_MS } from './time-limits.ts';

/**
 * A pool that runs the tasks of table T. A consumer that needs only some of them
 * declares just those (`ThreadPool<{ render: … }>`); a pool of a larger table is one.
 */
export interface ThreadPool<T extends TaskTable> {
  /** Run a task; rejects with the task's own error (AppErrors keep their kind), or TaskTooSlow. */
  run<K extends TaskName<T>>(task: K, input: TaskInput<T, K>, options?: RunOptions): Promise<TaskOutput<T, K>>;
  close(): Promise<void>;
}

export interface RunOptions {
  /**
   * Whose work this is (an organization's id). Uninterrupted tasks are shared
   * between tenants by the time they used lately, not by arrival: one tenant's
   * slow content delays its own tasks, not everyone's. Tasks without one share
   * the tenant ''.
   */
  tenant?: string;
}

/**
 * A task ran past its time limit (pathological input: markdown whose emphasis
 * parsing is quadratic, say). Its thread was ended and replaced; the other tasks
 * that thread held were run again.
 */
export class TaskTooSlow extends Error {
  constructor(
    readonly task: string,
    readonly limitMs: number,
  ) {
    super(`${task} took longer than ${limitMs} ms`);
    this.name = 'TaskTooSlow';
  }
}

/** A thread that crashed is replaced after this pause, so one that cannot start does not spin. */
const RESPAWN_DELAY_MS = 500;
/** How often the pool looks at what each thread is running: a slow task is ended this much past its limit at most. */
const WATCH_EVERY_MS = 50;
/** A thread that has not loaded by then is stuck: it is ended, and its tasks fail. */
const START_LIMIT_MS = 60_000;

/**
 * What a pool thread runs first. From the TypeScript sources (tests, tsx), an
 * entry that registers tsx in the thread, which Node 20 does not pass on; from
 * the compiled tree (`npm run build`, what `npm start` runs), the thread body itself.
 */
const THREAD_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./thread-entry.mjs', import.meta.url) : new URL('./thread.js', import.meta.url);

interface Task {
  task: string;
  input: unknown;
  tenant: string;
  resolve: (output: never) => void;
  reject: (e: Error) => void;
}

type Pending = Task & { thread: Thread; timer: NodeJS.Timeout | undefined; run?: Run };

interface Thread {
  index: number;
  worker: Worker;
  /** Written by the thread: [id of the uninterrupted task it is running (-1: none), when that started (ms)]. */
  running: BigInt64Array;
  /** The uninterrupted task it was given (one at a time, so none waits on a thread behind another's). */
  holding: number | null;
  /** Loaded: it is given uninterrupted tasks only from then, so none waits for a thread that is loading while another is free. */
  ready: boolean;
  /** Set when a task ran past its limit: that task; the thread is being ended. */
  tooSlow?: number;
}

/**
 * A pool running the tasks of `tasks`, a set its caller defines (each thread
 * loads the set's module). `threads: 0` runs tasks on the calling thread (tests,
 * the CLI, one-core hosts), without time limits or sharing. `timeLimitsMs`
 * replaces tasks' own limits (the set's timeLimitsMs), `startLimitMs` the time a
 * thread has to load (START_LIMIT_MS).
 *
 * Uninterrupted tasks (rendering) wait in the pool, one queue per tenant
 * (fair-queue.ts), and a thread is given one only when it has none: the next
 * comes from the tenant that used the least thread time lately. With two
 * threads or more, the last free thread goes only to a tenant known to have
 * short tasks, so tenants with slow content hold at most the others, and
 * everyone else's renders find a thread free. Asynchronous tasks (composing) go to a
 * thread at once, preferably one not busy with a render.
 *
 * A thread tells the pool through shared memory which uninterrupted task it is
 * running since when: the pool checks every WATCH_EVERY_MS, so a task is timed
 * from its own start. Asynchronous tasks are timed from when they were handed
 * over, with a limit that only catches one that never ends. A task past its
 * limit ends its thread (the only way to stop a busy one): it fails alone, as
 * TaskTooSlow, and the thread's other tasks run again.
 */
export function createThreadPool<T extends TaskTable>(options: {
  threads: number;
  tasks: TaskSet<T>;
  timeLimitsMs?: Partial<Record<TaskName<T>, number>>;
  startLimitMs?: number;
}): ThreadPool<T> {
  const set = options.tasks;
  if (options.threads <= 0) {
    return { run: async (task, input) => (await set.tasks[task]!(input as never)) as never, close: async () => {} };
  }
  const limits: Partial<Record<string, number>> = { ...set.timeLimitsMs, ...options.timeLimitsMs };
  const uninterrupted: ReadonlySet<string> = set.uninterrupted;
  const limitOf = (task: string) => limits[task]!;
  const pending = new Map<number, Pending>();
  /** Uninterrupted tasks not yet given to a thread. */
  const queue = createFairQueue<Task>();
  /** Asynchronous tasks that came while no thread was free of a render (or every one was being replaced). */
  const waiting: Task[] = [];
  let nextId = 0;
  let turn = 0;
  let closing = false;

  function settle(id: number, p: Pending): void {
    pending.delete(id);
    clearTimeout(p.timer);
    // Its tenant is charged from when the thread started it (it may have finished a compose first).
    if (p.run) queue.end(p.run, Date.now(), Number(Atomics.load(p.thread.running, 1)));
    if (p.thread.holding === id) p.thread.holding = null;
  }

  /** End a thread because task `id` ran past its limit; it takes no new tasks from now. */
  function endForTime(thread: Thread, id: number): void {
    if (thread.tooSlow !== undefined) return;
    thread.tooSlow = id;
    if (threads[thread.index] === thread) threads[thread.index] = null;
    void thread.worker.terminate();
  }

  function spawn(index: number): Thread {
    const shared = new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT);
    const running = new BigInt64Array(shared);
    running[0] = -1n;
    const worker = new Worker(THREAD_ENTRY, { workerData: { running: shared, tasks: set.module } });
    const thread: Thread = { index, worker, running, holding: null, ready: false };
    worker.unref();
    const loading = setTimeout(() => void worker.terminate(), options.startLimitMs ?? START_LIMIT_MS);
    loading.unref();
    worker.on('message', (message: { id: number; output?: unknown; error?: WireError } | { ready: true }) => {
      if ('ready' in message) {
        clearTimeout(loading);
        thread.ready = true;
        dispatch();
        return;
      }
      const p = pending.get(message.id);
      if (!p) return;
      settle(message.id, p);
      if (message.error) p.reject(fromWireError(message.error));
      else p.resolve(message.output as never);
      if (p.run) dispatch();
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
      clearTimeout(loading);
      if (threads[index] === thread) threads[index] = null;
      for (const [id, p] of [...pending].filter(([, q]) => q.thread === thread)) {
        settle(id, p);
        if (closing) p.reject(new Error('thread pool is closed'));
        else if (thread.tooSlow === undefined) p.reject(new Error('pool thread exited'));
        else if (id === thread.tooSlow) p.reject(new TaskTooSlow(p.task, limitOf(p.task)));
        // Not the slow one: it ran beside it (composing), or was held while a compose never ended. Run it again.
        else start(p);
      }
      if (closing) return;
      if (!thread.ready && !threads.some((t) => t?.ready)) {
        // It never loaded, and no thread has: what waits for one would wait for ever.
        for (const t of [...waiting.splice(0), ...queue.drain()]) t.reject(new Error('pool thread exited before it loaded'));
      }
      // Ended for a time limit: replace it at once. Crashed: after a pause.
      setTimeout(() => respawn(index), thread.tooSlow === undefined ? RESPAWN_DELAY_MS : 0).unref();
    });
    return thread;
  }

  /** Replace thread `index`, and give it the tasks that waited for one. */
  function respawn(index: number): void {
    if (closing) return;
    try {
      threads[index] = spawn(index);
    } catch (error) {
      // No thread can be made (resources): with none left, the waiting tasks fail now; it is tried again later.
      const failure = error instanceof Error ? error : new Error(String(error));
      if (!threads.some(Boolean)) for (const t of [...waiting.splice(0), ...queue.drain()]) t.reject(failure);
      setTimeout(() => respawn(index), RESPAWN_DELAY_MS).unref();
      return;
    }
    dispatch();
  }

  const threads: (Thread | null)[] = Array.from({ length: options.threads }, (_, i) => spawn(i));

  const watch = setInterval(() => {
    const now = Date.now();
    for (const thread of threads) {
      if (!thread) continue;
      const id = Number(Atomics.load(thread.running, 0));
      if (id < 0) continue;
      const p = pending.get(id);
      if (p && now - Number(Atomics.load(thread.running, 1)) > limitOf(p.task)) endForTime(thread, id);
    }
  }, WATCH_EVERY_MS);
  watch.unref();

  /** Threads loaded and holding no uninterrupted task. */
  function freeThreads(): Thread[] {
    return threads.filter((t): t is Thread => t !== null && t.ready && t.holding === null);
  }

  /**
   * Give waiting tasks to the threads that hold no render: every asynchronous
   * one (they share a thread), in turn, so that none waits behind a render; then
   * uninterrupted ones, fairly (see createThreadPool).
   */
  function dispatch(): void {
    if (closing) return;
    let free = freeThreads();
    if (free.length > 0) for (const t of waiting.splice(0)) post(t, free[turn++ % free.length]!);
    while (queue.size > 0 && free.length > 0) {
      const now = Date.now();
      const next = queue.take(threads.length >= 2 && free.length === 1, now);
      if (!next) return;
      post(next.item, free[0]!, queue.begin(next.tenant, now));
      free = freeThreads();
    }
  }

  function start(t: Task): void {
    if (closing) {
      t.reject(new Error('thread pool is closed'));
      return;
    }
    if (uninterrupted.has(t.task)) queue.push(t.tenant, t, Date.now());
    else waiting.push(t);
    dispatch();
  }

  /** Hand task `t` to `thread`; `run` when it is the uninterrupted task the thread now holds. */
  function post(t: Task, thread: Thread, run?: Run): void {
    const id = nextId++;
    let timer: NodeJS.Timeout | undefined;
    if (run) {
      thread.holding = id;
    } else {
      timer = setTimeout(() => endForTime(thread, id), limitOf(t.task));
      timer.unref();
    }
    const p: Pending = { ...t, thread, timer, run };
    pending.set(id, p);
    try {
      thread.worker.postMessage({ id, task: t.task, input: t.input });
    } catch (error) {
      // The input could not be copied to the thread: fail this task alone.
      settle(id, p);
      t.reject(error instanceof Error ? error : new Error(String(error)));
      if (run) dispatch();
    }
  }

  return {
    run(task, input, runOptions) {
      return new Promise((resolve, reject) => start({ task, input, tenant: runOptions?.tenant ?? '', resolve: resolve as (output: never) => void, reject }));
    },
    async close() {
      closing = true;
      clearInterval(watch);
      for (const t of [...waiting.splice(0), ...queue.drain()]) t.reject(new Error('thread pool is closed'));
      const live = threads.filter((t): t is Thread => t !== null);
      await Promise.all(live.map((t) => t.worker.terminate()));
    },
  };
}
