/**
 * What a pool runs: named pure functions whose inputs and outputs are plain data,
 * so they cross a thread boundary as they are. The pool knows no task of its
 * own: its caller defines a set in a module of its own and gives it to the pool;
 * each pool thread imports that module and runs the same functions.
 */
export type TaskTable = { [name: string]: (input: never) => unknown };
export type TaskName<T extends TaskTable> = keyof T & string;
export type TaskInput<T extends TaskTable, K extends TaskName<T>> = Parameters<T[K]>[0];
export type TaskOutput<T extends TaskTable, K extends TaskName<T>> = Awaited<ReturnType<T[K]>>;

export interface TaskSet<T extends TaskTable> {
  /**
   * The module whose default export is this set: its `import.meta.url`. Each pool
   * thread imports it (as Piscina's workers import their task module).
   */
  readonly module: string;
  readonly tasks: T;
  /** How long each task may run before its thread is ended. */
  readonly timeLimitsMs: Readonly<Record<TaskName<T>, number>>;
  /**
   * Tasks that run from start to end without yielding, so a thread runs them one
   * at a time and the pool can tell exactly which one has run too long. The
   * others are asynchronous: timed from when they were handed over.
   */
  readonly uninterrupted: ReadonlySet<TaskName<T>>;
  /**
   * Tasks each thread runs once before it takes work, so the first real task
   * does not pay for loading and compiling the code it runs (a first render can
   * take a few hundred ms where the next takes one): neither its latency nor its
   * tenant's share of thread time (fair-queue.ts) should carry that.
   */
  readonly warmUp?: readonly { [K in TaskName<T>]: { task: K; input: TaskInput<T, K> } }[TaskName<T>][];
}

/** Define a task set; the defining module exports it as its default export, with `module: import.meta.url`. */
export function defineTaskSet<T extends TaskTable>(set: TaskSet<T>): TaskSet<T> {
  return set;
}
