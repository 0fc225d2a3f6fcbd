// A small SMTP load client for bench:smtp and bench:e2e: pre-built messages over
// raw sockets, lock-step or with MAIL/RCPT/DATA pipelined (RFC 2920), so that the
// client is not what is measured. As fast as the server answers, or paced at a
// fixed offered rate.
import net from 'node:net';

export interface SmtpLoadResult {
  /** Messages answered 250 after DATA. */
  accepted: number;
  /** Messages refused or cut off (any reply other than the expected one, or a socket error). */
  failed: number;
  /** First few unexpected replies, for the report. */
  samples: string[];
  seconds: number;
  rate: number;
  /** Per message, from the first command of its transaction (or connecting) to the final 250, in ms. */
  p50: number;
  p99: number;
}

/** Reads SMTP replies off a socket, one complete (multi-line) reply at a time. */
class ReplyReader {
  private buffer = '';
  private lines: string[] = [];
  private ready: string[] = [];
  private waiting: { resolve: (reply: string) => void; reject: (error: Error) => void }[] = [];
  private closed = false;
  constructor(readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.push(chunk));
    socket.once('close', () => {
      this.closed = true;
      for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('connection closed'));
    });
  }
  private push(chunk: string) {
    this.buffer += chunk;
    let at: number;
    while ((at = this.buffer.indexOf('\r\n')) >= 0) {
      const line = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 2);
      this.lines.push(line);
      if (line[3] !== '-') {
        const reply = this.lines.join('\n');
        this.lines = [];
        const next = this.waiting.shift();
        if (next) next.resolve(reply);
        else this.ready.push(reply);
      }
    }
  }
  next(): Promise<string> {
    const r = this.ready.shift();
    if (r !== undefined) return Promise.resolve(r);
    if (this.closed) return Promise.reject(new Error('connection closed'));
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }
}

function connect(port: number): Promise<{ socket: net.Socket; reader: ReplyReader }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, reader: new ReplyReader(socket) }));
  });
}

async function expectCode(reader: ReplyReader, code: string): Promise<void> {
  const reply = await reader.next();
  if (!reply.startsWith(code)) throw new Error(reply);
}

async function open(port: number, authPlain: string | undefined) {
  const { socket, reader } = await connect(port);
  socket.on('error', () => {});
  await expectCode(reader, '220');
  socket.write('EHLO bench.client\r\n');
  await expectCode(reader, '250');
  if (authPlain !== undefined) {
    socket.write(`AUTH PLAIN ${authPlain}\r\n`);
    await expectCode(reader, '235');
  }
  return { socket, reader };
}

/**
 * One transaction; null when it was queued, else the reply that refused it.
 * Pipelined (RFC 2920): MAIL, RCPT and DATA in one write. Lock-step: each
 * command waits for its reply, as nodemailer, Python's smtplib and most
 * application mailers do.
 */
async function transaction(socket: net.Socket, reader: ReplyReader, from: string, to: string, message: Buffer, pipelining: boolean): Promise<string | null> {
  let mail: string, rcpt: string, data: string;
  if (pipelining) {
    socket.write(`MAIL FROM:<${from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    mail = await reader.next();
    rcpt = await reader.next();
    data = await reader.next();
  } else {
    socket.write(`MAIL FROM:<${from}>\r\n`);
    mail = await reader.next();
    if (!mail.startsWith('250')) return mail;
    socket.write(`RCPT TO:<${to}>\r\n`);
    rcpt = await reader.next();
    if (!rcpt.startsWith('250')) return rcpt;
    socket.write('DATA\r\n');
    data = await reader.next();
  }
  if (!data.startsWith('354')) {
    if (!mail.startsWith('250')) return mail;
    if (!rcpt.startsWith('250')) return rcpt;
    return data;
  }
  socket.write(message);
  const done = await reader.next();
  return done.startsWith('250') ? null : done;
}

/** The p-th percentile of ascending values (0 when there are none). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

export interface LoadOptions {
  port: number;
  connections: number;
  durationMs: number;
  /** base64 of "\0user\0password"; none: no AUTH (a relay that trusts loopback). */
  authPlain?: string;
  from: string;
  /** The recipient and message of the n-th transaction (message already dot-stuffed, ending in CRLF.CRLF). */
  next: (n: number) => { to: string; message: Buffer };
  /** true: one connection per message (connect, EHLO, AUTH, transaction, QUIT), as many app mailers do. */
  perMessageConnection?: boolean;
  /** true: MAIL, RCPT and DATA in one write (RFC 2920); false: each waits for its reply. */
  pipelining: boolean;
  /** At most this many transactions in all (none: as many as the time allows). */
  count?: number;
  /** Offered load: the n-th message is not started before start + n / ratePerSecond. None: each connection goes as fast as it is answered. */
  ratePerSecond?: number;
  /** Called for each message answered 250, with its number and when (ms since the epoch, sub-ms). */
  onAccepted?: (n: number, at: number) => void;
}

/** Now, in ms since the epoch with sub-ms precision: comparable across processes on one machine. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** With a rate, wait until the n-th message's slot; false when the slot is past the deadline. */
export async function paced(start: number, n: number, ratePerSecond: number | undefined, deadline: number): Promise<boolean> {
  if (ratePerSecond === undefined) return true;
  const slot = start + (n * 1000) / ratePerSecond;
  if (slot >= deadline) return false;
  const wait = slot - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return true;
}

/** Run the load for a fixed time; every connection stops after its transaction in flight. */
export async function smtpLoad(options: LoadOptions): Promise<SmtpLoadResult> {
  const latencies: number[] = [];
  const samples: string[] = [];
  let accepted = 0;
  let failed = 0;
  let n = 0;
  const start = performance.now();
  const deadline = start + options.durationMs;

  /** Count one transaction: queued (with its latency from t0), or refused or failed (with a sample of why). */
  function settle(refusal: string | null, t0: number, number: number): void {
    if (refusal === null) {
      accepted++;
      latencies.push(performance.now() - t0);
      options.onAccepted?.(number, epochNow());
    } else {
      failed++;
      if (samples.length < 5) samples.push(refusal);
    }
  }

  async function reused(): Promise<void> {
    const { socket, reader } = await open(options.port, options.authPlain);
    try {
      while (performance.now() < deadline) {
        const number = n++;
        if (options.count !== undefined && number >= options.count) break;
        if (!(await paced(start, number, options.ratePerSecond, deadline))) break;
        const { to, message } = options.next(number);
        const t0 = performance.now();
        settle(await transaction(socket, reader, options.from, to, message, options.pipelining), t0, number);
      }
      socket.write('QUIT\r\n');
    } finally {
      socket.end();
    }
  }

  async function perMessage(): Promise<void> {
    while (performance.now() < deadline) {
      const number = n++;
      if (options.count !== undefined && number >= options.count) break;
      if (!(await paced(start, number, options.ratePerSecond, deadline))) break;
      const t0 = performance.now();
      const { to, message } = options.next(number);
      try {
        const { socket, reader } = await open(options.port, options.authPlain);
        const refusal = await transaction(socket, reader, options.from, to, message, options.pipelining);
        socket.end('QUIT\r\n');
        settle(refusal, t0, number);
      } catch (error) {
        settle(String(error), t0, number);
      }
    }
  }

  const loops = Array.from({ length: options.connections }, () =>
    (options.perMessageConnection ? perMessage() : reused()).catch((error: unknown) => settle(String(error), 0, -1)),
  );
  await Promise.all(loops);
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { accepted, failed, samples, seconds, rate: accepted / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
