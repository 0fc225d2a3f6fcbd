// Body of a pool thread: runs the named task on the given input and answers.
import { parentPort } from 'node:worker_threads';
import { tasks, type TaskName } from './tasks.ts';
import { toWireError } from './wire.ts';

if (!parentPort) throw new Error('threads/thread.ts must run as a worker thread');
const port = parentPort;

port.on('message', (message: { id: number; task: TaskName; input: never }) => {
  const task = tasks[message.task] as (input: unknown) => unknown;
  Promise.resolve()
    .then(() => task(message.input))
    .then(
      (output) => port.postMessage({ id: message.id, output }),
      (error: unknown) => port.postMessage({ id: message.id, error: toWireError(error) }),
    );
});
