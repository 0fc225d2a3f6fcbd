// Delivery reports into an inbound SMTP listener, as a relay delivers its DSNs:
// MAIL FROM:<>, one recipient (the return path the report is addressed to), the
// report's bytes, over at most `connections` of nodemailer's SMTPConnections kept
// open (lock-step, one report at a time on each, as Postfix's smtp client does),
// reports taken first come first served. Each report's promise says when it was
// answered 250 or what refused it; a refused report leaves its connection reset
// for the next, a failed connection is replaced.
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import { epochNow } from './smtp-client.ts';

export type ReportResult = { accepted: true; at: number } | { accepted: false; reply: string };

export interface ReportClient {
  /** Queue one report to `to`; resolves once the listener has answered it (never rejects). */
  send(to: string, raw: Buffer): Promise<ReportResult>;
  /** Reports queued or in flight. */
  readonly pending: number;
  close(): void;
}

interface Queued {
  to: string;
  raw: Buffer;
  done: (result: ReportResult) => void;
}

export function reportClient(port: number, connections: number): ReportClient {
  const queue: Queued[] = [];
  /** Connections open and between reports; one the listener closes meanwhile leaves the list. */
  const idle: SMTPConnection[] = [];
  const open = new Set<SMTPConnection>();
  let workers = 0;
  let inFlight = 0;
  let closed = false;

  function discard(connection: SMTPConnection): void {
    open.delete(connection);
    const at = idle.indexOf(connection);
    if (at >= 0) idle.splice(at, 1);
    connection.close();
  }

  function connect(): Promise<SMTPConnection> {
    const connection = new SMTPConnection({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 10_000, socketTimeout: 60_000 });
    open.add(connection);
    connection.on('error', () => discard(connection));
    connection.once('end', () => discard(connection));
    return new Promise((resolve, reject) => {
      // A failed connection is an error event (its callback may never be called).
      connection.once('error', reject);
      connection.connect((error) => (error ? reject(error) : resolve(connection)));
    });
  }

  function deliver(connection: SMTPConnection, item: Queued): Promise<{ result: ReportResult; usable: boolean }> {
    return new Promise((resolve) => {
      connection.send({ from: '', to: [item.to] }, item.raw, (error) => {
        if (!error) return resolve({ result: { accepted: true, at: epochNow() }, usable: true });
        const reply = error.response ?? error.message;
        if ((error.code === 'EENVELOPE' || error.code === 'EMESSAGE') && error.responseCode !== 421) {
          // Refused, the session fine: reset it for the next report.
          connection.reset((resetError) => resolve({ result: { accepted: false, reply }, usable: !resetError }));
        } else resolve({ result: { accepted: false, reply }, usable: false });
      });
    });
  }

  /** Take reports off the queue until it is empty, each on an idle connection or a new one. */
  async function work(): Promise<void> {
    workers++;
    try {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
        inFlight++;
        let connection: SMTPConnection | null = null;
        try {
          connection = idle.pop() ?? (await connect());
          const { result, usable } = await deliver(connection, item);
          item.done(result);
          if (usable && open.has(connection)) idle.push(connection);
          else discard(connection);
        } catch (error) {
          item.done({ accepted: false, reply: error instanceof Error ? error.message : String(error) });
          if (connection) discard(connection);
        } finally {
          inFlight--;
        }
      }
    } finally {
      workers--;
    }
  }

  return {
    send(to, raw) {
      if (closed) return Promise.resolve({ accepted: false, reply: 'report client closed' });
      return new Promise((done) => {
        queue.push({ to, raw, done });
        if (workers < connections) void work();
      });
    },
    get pending() {
      return queue.length + inFlight;
    },
    close() {
      closed = true;
      for (const item of queue.splice(0)) item.done({ accepted: false, reply: 'report client closed' });
      for (const connection of [...open]) {
        open.delete(connection);
        connection.quit();
      }
      idle.length = 0;
    },
  };
}
