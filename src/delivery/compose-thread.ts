// Body of a compose-pool thread: builds MIME messages off the request thread.
import { parentPort } from 'node:worker_threads';
import { composeMessage, type ComposeInput } from './compose-message.ts';

if (!parentPort) throw new Error('compose-thread.ts must run as a worker thread');
const port = parentPort;

port.on('message', (message: { id: number; input: ComposeInput }) => {
  composeMessage(message.input).then(
    (raw) => port.postMessage({ id: message.id, raw }),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
