import { Worker } from 'node:worker_threads';
import { composeMessage, type ComposeInput } from './compose-message.ts';

/**
 * Building a MIME message costs more CPU than accepting the email did. A small
 * pool of worker threads does it, so the thread that answers requests and owns
 * the database connection stays free. `threads: 0` composes inline (tests, tiny hosts).
 */
export interface ComposePool {
  compose(input: ComposeInput): Promise<string>;
  close(): Promise<void>;
}

type Pending = { worker: Worker; resolve: (raw: string) => void; reject: (e: Error) => void };

export function createComposePool(options: { threads: number }): ComposePool {
  if (options.threads <= 0) {
    return { compose: composeMessage, close: async () => {} };
  }
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let turn = 0;
  let closing = false;

  function spawn(): Worker {
    const worker = new Worker(new URL('./compose-thread-entry.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (message: { id: number; raw?: string; error?: string }) => {
      const p = pending.get(message.id);
      if (!p) return;
      pending.delete(message.id);
      if (message.error !== undefined) p.reject(new Error(message.error));
      else p.resolve(message.raw!);
    });
    worker.on('error', (error) => failAll(error, worker));
    worker.on('exit', () => {
      if (closing) return;
      // A dead thread fails its own jobs (they are retried from the queue) and is replaced.
      failAll(new Error('compose thread exited'), worker);
      const index = workers.indexOf(worker);
      if (index >= 0) workers[index] = spawn();
    });
    return worker;
  }

  const workers = Array.from({ length: options.threads }, spawn);

  function failAll(error: Error, only?: Worker): void {
    for (const [id, p] of pending) {
      if (only && p.worker !== only) continue;
      pending.delete(id);
      p.reject(error);
    }
  }

  return {
    compose(input) {
      if (closing) return Promise.reject(new Error('compose pool is closed'));
      const id = nextId++;
      const worker = workers[turn++ % workers.length]!;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { worker, resolve, reject });
        worker.postMessage({ id, input });
      });
    },
    async close() {
      closing = true;
      failAll(new Error('compose pool is closed'));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
