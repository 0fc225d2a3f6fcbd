// Body of a pool thread: loads the task set its pool was given, then runs the
// named task on the given input and answers.
import { parentPort, workerData } from 'node:worker_threads';
import type { TaskSet, TaskTable } from './task-set.ts';
import { toWireError } from './wire.ts';

if (!parentPort) throw new Error('threads/thread.ts must run as a worker thread');
const port = parentPort;

const data = workerData as { running: SharedArrayBuffer; tasks: string };
/** Shared with the pool: [id of the uninterrupted task running now (-1: none), when it started (ms)]. */
const running = new BigInt64Array(data.running);

// No stack traces on this thread. Only an error's message and kind cross back
// (wire.ts), so a stack would never be read, and capturing one is not free:
// Node's stream.pipeline builds an AbortError, stack and all, each time a
// pipeline ends, several per message nodemailer builds. Measured: composing a
// message costs about a sixth less without them.
Error.stackTraceLimit = 0;

// The same set the pool holds: the default export of the module it names.
// Messages the pool sends meanwhile wait on the port until the listener below.
const set = ((await import(data.tasks)) as { default?: TaskSet<TaskTable> }).default;
if (set?.module !== data.tasks) throw new Error(`${data.tasks} must export its task set (module: import.meta.url) as its default export`);
const { tasks, uninterrupted } = set;

// Compile what the tasks run before taking work (a warm-up that fails is no reason not to start).
for (const { task, input } of set.warmUp ?? []) {
  try {
    await (tasks[task] as (input: unknown) => unknown)(input);
  } catch {
    // the real task will say what is wrong
  }
}

port.on('message', (message: { id: number; task: string; input: never }) => {
  const task = tasks[message.task] as (input: unknown) => unknown;
  if (uninterrupted.has(message.task)) {
    // It runs to its end before the next message: the pool reads which task has
    // been running since when, and ends this thread if that is past its limit.
    Atomics.store(running, 1, BigInt(Date.now()));
    Atomics.store(running, 0, BigInt(message.id));
    try {
      port.postMessage({ id: message.id, output: task(message.input) });
    } catch (error) {
      port.postMessage({ id: message.id, error: toWireError(error) });
    } finally {
      Atomics.store(running, 0, -1n);
    }
    return;
  }
  Promise.resolve()
    .then(() => task(message.input))
    .then(
      (output) => port.postMessage({ id: message.id, output }),
      (error: unknown) => port.postMessage({ id: message.id, error: toWireError(error) }),
    );
});

// Loaded and listening: a thread that does not say so in time is replaced.
port.postMessage({ ready: true });
