// The relay for bench:campaign and bench:e2e, in its own process: an smtp-server
// on 127.0.0.1 that takes every message (no AUTH, no TLS), drains and discards
// its bytes, and counts. A small HTTP control port on 127.0.0.1 answers GET
// /stats (what was received since the last reset, with wall-clock times and the
// first message kept as a sample), GET /arrivals (each Message-ID received, when
// it first came and how many times) and POST /reset. Mailgate, Postfix and the
// nodemailer baselines deliver into the same one.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

/** The first message after a reset is kept (up to this many bytes), to check what was sent. */
const SAMPLE_BYTES = 64 * 1024;

let messages = 0;
let recipients = 0;
let bytes = 0;
let firstAt = 0;
let lastAt = 0;
let distinct = new Set<string>();
let sample: Buffer[] | null = null;
let sampleBytes = 0;
/** Message-ID → [first arrival (ms since the epoch, sub-ms), times received]. */
let arrivals = new Map<string, [number, number]>();

/** The Message-ID in a message's header (the first bytes), without its angle brackets; null when none. */
function messageIdOf(head: string): string | null {
  const end = head.indexOf('\r\n\r\n');
  const match = /^message-id:\s*<([^>\r\n]+)>/im.exec(end >= 0 ? head.slice(0, end) : head);
  return match ? match[1]! : null;
}

function reset(): void {
  messages = 0;
  recipients = 0;
  bytes = 0;
  firstAt = 0;
  lastAt = 0;
  distinct = new Set();
  sample = null;
  sampleBytes = 0;
  arrivals = new Map();
}

const server = new SMTPServer({
  disabledCommands: ['AUTH', 'STARTTLS'],
  disableReverseLookup: true,
  size: 10 * 1024 * 1024,
  logger: false,
  onData(stream, session, callback) {
    const keep = sample === null;
    if (keep) sample = [];
    // The header is in the first few KB: keep that much to find the Message-ID.
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (head.length < 16 * 1024 && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      if (keep && sampleBytes < SAMPLE_BYTES) {
        sample!.push(chunk);
        sampleBytes += chunk.length;
      }
    });
    stream.on('end', () => {
      messages++;
      for (const rcpt of session.envelope.rcptTo) {
        recipients++;
        distinct.add(rcpt.address.toLowerCase());
      }
      lastAt = Date.now();
      if (firstAt === 0) firstAt = lastAt;
      const id = messageIdOf(head);
      if (id !== null) {
        const seen = arrivals.get(id);
        if (seen) seen[1]++;
        else arrivals.set(id, [performance.timeOrigin + performance.now(), 1]);
      }
      callback(null, `2.0.0 Ok: queued as sink_${messages}`);
    });
  },
});
server.on('error', () => {});

const control = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/reset') {
    reset();
    res.end('{}');
    return;
  }
  if (req.method === 'GET' && req.url === '/arrivals') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify([...arrivals].map(([id, [at, times]]) => [id, at, times])));
    return;
  }
  if (req.method === 'GET' && req.url?.startsWith('/stats')) {
    const withSample = req.url.includes('sample=1');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        messages,
        recipients,
        distinct: distinct.size,
        bytes,
        firstAt,
        lastAt,
        ...(withSample ? { sample: sample ? Buffer.concat(sample).toString('utf8') : null } : {}),
      }),
    );
    return;
  }
  res.statusCode = 404;
  res.end();
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  control.listen(Number(process.env.CONTROL_PORT ?? 0), '127.0.0.1', () => {
    const smtp = server.server.address();
    const ctl = control.address();
    const port = (a: typeof smtp) => (typeof a === 'object' && a ? a.port : '');
    process.stdout.write(`LISTENING ${port(smtp)} ${port(ctl)}\n`);
  });
});
process.on('SIGTERM', () => {
  control.close();
  server.close(() => process.exit(0));
  // Pooled clients keep their connections open; do not wait for them.
  setTimeout(() => process.exit(0), 1000).unref();
});
