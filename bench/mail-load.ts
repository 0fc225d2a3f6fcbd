// What bench:e2e and bench:scale send and where it lands: the ~2 KB SMTP
// message and the REST markdown send (the recipient and Message-ID go in their
// gaps, so every email is told apart at the sink), and the relay sink
// (bench/relay-sink.ts, its own process) with the client of its control port.
import { freePort, startChild } from './lib.ts';

/** A ~2 KB multipart/alternative message, as an application mailer submits it; the recipient and Message-ID go in its gaps. */
const SMTP_PARTS = (() => {
  const paragraph = 'Thanks for your order. We are getting it ready and will let you know as soon as it ships.';
  const text = Array.from({ length: 5 }, (_, i) => `${i + 1}. ${paragraph}`).join('\r\n\r\n');
  const html = Array.from({ length: 5 }, (_, i) => `<p><b>${i + 1}.</b> ${paragraph}</p>`).join('\r\n');
  return [
    'From: Acme Orders <orders@acme.example>\r\nTo: <',
    '>\r\nSubject: Your order is confirmed\r\nMessage-ID: <',
    '>\r\nDate: Wed, 25 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n' +
      'Content-Type: multipart/alternative; boundary="b1"\r\n\r\n' +
      `--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}\r\n` +
      `--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<!doctype html><html><body>${html}</body></html>\r\n` +
      '--b1--\r\n',
  ].map((s) => Buffer.from(s));
})();

/** The n-th SMTP message of a run: to its own mailbox, with a Message-ID of its own (`<run>.<n>@bench.acme.example`). */
export function smtpMessage(run: string, n: number): { to: string; messageId: string; message: Buffer } {
  const to = `reader-${run}-${n}@example.com`;
  const messageId = `${run}.${n}@bench.acme.example`;
  return { to, messageId, message: Buffer.concat([SMTP_PARTS[0]!, Buffer.from(to), SMTP_PARTS[1]!, Buffer.from(messageId), SMTP_PARTS[2]!]) };
}

/** What ends a message after DATA. */
export const DOT = Buffer.from('.\r\n');

const MARKDOWN = [
  '# Your order is confirmed',
  '',
  'Thanks for your order, **Ada**. We are getting it ready and will let you know as soon as it ships:',
  '',
  '1. Packing',
  '2. Handed to the carrier',
  '3. Delivered; follow it from [your account](https://acme.example/account).',
].join('\n');

/** The JSON body of the n-th REST send of a run (POST /api/v2/emails): markdown, to its own mailbox. */
export function restBody(run: string, n: number): string {
  return JSON.stringify({
    from: 'Acme Orders <orders@acme.example>',
    to: `reader-${run}-${n}@example.com`,
    subject: 'Your order is confirmed',
    markdown: MARKDOWN,
  });
}

/** What the sink counted since its last reset. */
export interface SinkStats {
  messages: number;
  recipients: number;
  distinct: number;
  bytes: number;
  /** Wall-clock ms of the first and the last message, 0 when none. */
  firstAt: number;
  lastAt: number;
}

export interface Sink {
  port: number;
  pid: number;
  reset(): Promise<void>;
  /** Message-ID → [first arrival, ms since the epoch; times received]. */
  arrivals(): Promise<Map<string, [number, number]>>;
  count(): Promise<number>;
  stats(): Promise<SinkStats>;
}

/** Start bench/relay-sink.ts on free ports of 127.0.0.1. */
export async function startSink(): Promise<Sink> {
  const port = await freePort();
  const controlPort = await freePort();
  const child = await startChild('bench/relay-sink.ts', { PORT: String(port), CONTROL_PORT: String(controlPort) }, /LISTENING \d+ \d+/);
  const base = `http://127.0.0.1:${controlPort}`;
  const stats = async () => (await (await fetch(`${base}/stats`)).json()) as SinkStats;
  return {
    port,
    pid: child.pid!,
    reset: async () => void (await fetch(`${base}/reset`, { method: 'POST' })).arrayBuffer(),
    async arrivals() {
      const list = (await (await fetch(`${base}/arrivals`)).json()) as [string, number, number][];
      return new Map(list.map(([id, at, times]) => [id, [at, times]]));
    },
    count: async () => (await stats()).messages,
    stats,
  };
}
