// Body of a pool thread: runs the named task on the given input and answers.
import { parentPort } from 'node:worker_threads';
import { tasks, type TaskName } from './tasks.ts';
import { toWireError } from './wire.ts';

if (!parentPort) throw new Error('threads/thread.ts must run as a worker thread');
const port = parentPort;

// No stack traces on this thread. Only an error's message and kind cross back
// (wire.ts), so a stack would never be read, and capturing one is not free:
// Node's stream.pipeline builds an AbortError, stack and all, each time a
// pipeline ends, several per message nodemailer builds. Measured: composing a
// message costs about a sixth less without them.
Error.stackTraceLimit = 0;

port.on('message', (message: { id: number; task: TaskName; input: never }) => {
  const task = tasks[message.task] as (input: unknown) => unknown;
  Promise.resolve()
    .then(() => task(message.input))
    .then(
      (output) => port.postMessage({ id: message.id, output }),
      (error: unknown) => port.postMessage({ id: message.id, error: toWireError(error) }),
    );
});

// Loaded and listening: the pool starts its tasks' clocks from here, not from
// the thread's start (loading the renderers takes a while).
port.postMessage({ ready: true });
