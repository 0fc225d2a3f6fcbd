// bench:returns — the return path under load. Mailgate runs as it ships
// (compiled, SQLite, DURABILITY=fsync, its inbound listener on INBOUND_SMTP_PORT)
// and delivers through RELAY_URL into a relay that takes every message (an
// smtp-server in this process). The relay reports on some of them later, as
// relays do: for a message to a mailbox that does not exist (`gone-…`) it writes
// the DSN Postfix writes for a 550 5.1.1 (test/helpers/dsn.ts, checked byte for
// byte against Postfix's own in test/process/postfix-returns.test.ts) to the
// message's envelope sender, the return path, and delivers it over SMTP from <>
// to the inbound listener (bench/report-client.ts, nodemailer's SMTPConnection).
//
//   quiet: BENCH_SENDS/2 REST sends to mailboxes that exist, before and again
//     after the bounce round: the send rate without reports (end to end, from
//     the first send to the last arrival at the relay).
//   bounces: BENCH_SENDS sends, one in five to a mailbox that bounces, each
//     report delivered as soon as its message reaches the relay while the sends
//     go on: the send rate with reports flowing (target ≥ 0.9 of quiet's), and,
//     for every BENCH_VISIBILITY_EVERY-th report, the time from the listener's
//     250 until GET /api/v2/suppressions/{email} answers 200 (p99 target ≤ 1 s).
//   reports: BENCH_REPORTS sends to mailboxes that bounce, their reports held
//     until every message has reached the relay, then delivered as fast as the
//     listener takes them (BENCH_REPORT_CONNECTIONS at once) with nothing else
//     running: reports handled per second, and Mailgate's CPU per report against
//     the floor, mailparser alone parsing the same reports in this process,
//     timed just before and just after (target ≤ 2).
//
// Postfix is not the relay here: its queue, synced per message, carries about a
// third of what Mailgate sends on this machine (bench:e2e), so it would be what
// is measured, and its bounce daemon would share the cores with Mailgate.
//
// What the server does not have yet is said and not measured (the inbound
// listener answering, envelope senders that are return-path addresses, the
// suppression route). Timing never fails the bench; a send lost, refused or
// delivered twice, a report refused, or a suppression that never shows does.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { postfixDsn } from '../test/helpers/dsn.ts';
import { greetsWith220 } from '../test/helpers/free-port.ts';
import { reportFloor } from './library-floor.ts';
import { cpuSeconds, createOrg, freePort, insertVerifiedDomain, startMailgate, stopAll, tempDir, watchdog } from './lib.ts';
import { reportClient, type ReportResult } from './report-client.ts';
import { restLoad } from './rest-client.ts';
import { epochNow, percentile } from './smtp-client.ts';

const SENDS = Math.max(100, Number(process.env.BENCH_SENDS ?? 10_000));
/** Sends before anything is measured (V8 compiles the hot paths meanwhile). */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 2_000);
const REPORTS = Math.max(10, Number(process.env.BENCH_REPORTS ?? 2_000));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const REPORT_CONNECTIONS = Number(process.env.BENCH_REPORT_CONNECTIONS ?? 10);
/** One send in this many of the bounce round goes to a mailbox that bounces: 20 %. */
const BOUNCE_EVERY = 5;
/** One report in this many is watched through the API until its suppression shows (the reports round: one in 20, so that watching costs little). */
/** BENCH_CPU_PROF=DIR: the server writes a V8 CPU profile there when it stops (read it with bench/lib.ts topSelfTime). */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const VISIBILITY_EVERY = Math.max(1, Number(process.env.BENCH_VISIBILITY_EVERY ?? 5));
const VISIBILITY_POLL_MS = 10;
const VISIBILITY_LIMIT_MS = 10_000;
const DRAIN_LIMIT_MS = 120_000;
const RETURN_PATH_DOMAIN = 'returns.bench.example';
const TOKEN = 'mailgate_bench_token_0123456789abcdefghij';
const ORG_QUOTA = 1_000_000_000;
const FROM = 'Acme Orders <orders@acme.example>';
const MARKDOWN = 'Thanks for your order, **Ada**. We are getting it ready and will let you know as soon as it ships.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const f0 = (x: number) => x.toFixed(0);
const f2 = (x: number) => x.toFixed(2);
const problems: string[] = [];

// --- the relay ---------------------------------------------------------------

/** A message as it reached the relay. */
interface Arrival {
  messageId: string;
  /** The envelope sender: the return path a report about it goes to. */
  mailFrom: string;
  to: string;
  at: number;
  raw: Buffer;
}

interface Relay {
  port: number;
  /** Message-ID → [first arrival (ms since the epoch), times received]. */
  arrivals: Map<string, [number, number]>;
  /** The envelope sender of the last message received. */
  lastMailFrom: string | null;
  /** Called for each message to a mailbox that bounces (`gone-…`). */
  onBounce: (arrival: Arrival) => void;
  close(): Promise<void>;
}

/** The Message-ID in a message's header, without its angle brackets; null when none. */
function messageIdOf(raw: Buffer): string | null {
  const head = raw.subarray(0, 16 * 1024).toString('latin1');
  const end = head.indexOf('\r\n\r\n');
  const match = /^message-id:\s*<([^>\r\n]+)>/im.exec(end >= 0 ? head.slice(0, end) : head);
  return match ? match[1]! : null;
}

/** The relay Mailgate delivers to: takes every message (no AUTH, no TLS), notes when each arrived, and hands the bouncing ones on. */
async function startRelay(): Promise<Relay> {
  const relay: Relay = {
    port: 0,
    arrivals: new Map(),
    lastMailFrom: null,
    onBounce: () => undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const at = epochNow();
        const raw = Buffer.concat(chunks);
        const messageId = messageIdOf(raw) ?? `no-id-${at}`;
        const seen = relay.arrivals.get(messageId);
        if (seen) seen[1]++;
        else relay.arrivals.set(messageId, [at, 1]);
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        relay.lastMailFrom = mailFrom;
        for (const rcpt of session.envelope.rcptTo) {
          if (rcpt.address.startsWith('gone-')) relay.onBounce({ messageId, mailFrom, to: rcpt.address, at, raw });
        }
        callback(null, '2.0.0 Ok: queued');
      });
    },
  });
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  relay.port = port;
  return relay;
}

/** The report the relay writes for a message to a mailbox that bounced. */
function reportFor(arrival: Arrival): Buffer {
  return postfixDsn({
    returnPath: arrival.mailFrom,
    recipient: arrival.to,
    action: 'failed',
    reply: `550 5.1.1 <${arrival.to}>: Recipient address rejected: User unknown in local recipient table`,
    original: arrival.raw,
    reportingMta: 'relay.bench.example',
    arrival: new Date(arrival.at),
  });
}

// --- Mailgate ----------------------------------------------------------------

interface Server {
  url: string;
  pid: number;
  token: string;
  inboundPort: number;
}

/** Resolves to the status of GET `path` with the organization's token. */
function getStatus(agent: http.Agent, server: Server, pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(pathname, server.url), { agent, headers: { authorization: `Bearer ${server.token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Whether the server's API has the suppression route GET /api/v2/suppressions/{…}. */
async function hasSuppressionRoute(server: Server): Promise<boolean> {
  const spec = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths ?? {}).some(([route, methods]) => route.startsWith('/api/v2/suppressions/{') && 'get' in methods);
}

/** When the suppression of `email` first shows through the API, in ms after `from` (null: not within the limit). */
async function visibleAfter(agent: http.Agent, server: Server, email: string, from: number): Promise<number | null> {
  const pathname = `/api/v2/suppressions/${encodeURIComponent(email)}`;
  for (;;) {
    const status = await getStatus(agent, server, pathname);
    const now = epochNow();
    if (status === 200) return now - from;
    if (status !== 404) {
      problems.push(`GET ${pathname} answered ${status}`);
      return null;
    }
    if (now - from > VISIBILITY_LIMIT_MS) return null;
    await sleep(VISIBILITY_POLL_MS);
  }
}

// --- the rounds --------------------------------------------------------------

interface SendRound {
  accepted: number;
  failed: number;
  samples: string[];
  /** Every accepted send over the time from the first send to the last arrival at the relay. */
  endToEndPerS: number;
  acceptedPerS: number;
  cpuMsPerSend: number;
  missing: number;
  twice: number;
}

let runCounter = 0;

/** `count` REST sends to `to(n)` from CONNECTIONS connections, as fast as answered; measured until every accepted one has reached the relay. */
async function sendRound(server: Server, relay: Relay, count: number, to: (run: string, n: number) => string): Promise<SendRound> {
  const run = `r${process.pid}x${++runCounter}`;
  const accepted = new Map<string, number>();
  const cpu0 = cpuSeconds(server.pid)?.process ?? NaN;
  const t0 = epochNow();
  const load = await restLoad({
    url: server.url,
    token: server.token,
    connections: CONNECTIONS,
    durationMs: DRAIN_LIMIT_MS * 10,
    count,
    body: (n) => JSON.stringify({ from: FROM, to: to(run, n), subject: 'Your order is confirmed', markdown: MARKDOWN }),
    // Mailgate's Message-ID for a REST send: <id@the sender's domain>.
    onAccepted: (_n, id) => accepted.set(`${id}@acme.example`, 0),
  });
  const t1 = epochNow();
  const drainStart = performance.now();
  while ([...accepted.keys()].some((id) => !relay.arrivals.has(id)) && performance.now() - drainStart < DRAIN_LIMIT_MS) await sleep(50);
  const cpu1 = cpuSeconds(server.pid)?.process ?? NaN;
  let last = t1;
  let missing = 0;
  let twice = 0;
  for (const id of accepted.keys()) {
    const arrival = relay.arrivals.get(id);
    if (!arrival) missing++;
    else {
      last = Math.max(last, arrival[0]);
      if (arrival[1] > 1) twice++;
    }
  }
  const delivered = accepted.size - missing;
  return {
    accepted: accepted.size,
    failed: load.failed,
    samples: load.samples,
    endToEndPerS: delivered / ((last - t0) / 1000),
    acceptedPerS: accepted.size / ((t1 - t0) / 1000),
    cpuMsPerSend: ((cpu1 - cpu0) * 1000) / Math.max(1, delivered),
    missing,
    twice,
  };
}

const reader = (run: string, n: number) => `reader-${run}-${n}@example.com`;
const gone = (run: string, n: number) => `gone-${run}-${n}@example.com`;

function sendLine(label: string, r: SendRound): string {
  return (
    `${label.padEnd(34)} end to end ${f0(r.endToEndPerS).padStart(5)}/s  accepted ${f0(r.acceptedPerS).padStart(5)}/s  CPU ${f2(r.cpuMsPerSend)} ms/send  ` +
    `(${r.accepted} accepted, ${r.failed} refused or failed${r.samples.length ? `: ${r.samples[0]}` : ''}; ${r.missing} missing, ${r.twice} twice)`
  );
}

function account(label: string, r: SendRound): void {
  if (r.failed + r.missing + r.twice > 0)
    problems.push(`${label}: ${r.failed} sends refused or failed, ${r.missing} missing at the relay, ${r.twice} delivered twice`);
}

/** Visibility latencies and what the watching found. */
interface Watched {
  latencies: number[];
  never: number;
}

function latencyLine(w: Watched): string {
  const sorted = [...w.latencies].sort((a, b) => a - b);
  return (
    `report 250 → suppression visible (GET /api/v2/suppressions/{email} 200): p50 ${f0(percentile(sorted, 50))} ms p99 ${f0(percentile(sorted, 99))} ms ` +
    `max ${f0(sorted.at(-1) ?? 0)} ms (${sorted.length} watched, polled every ${VISIBILITY_POLL_MS} ms; ${w.never} not within ${VISIBILITY_LIMIT_MS / 1000} s)`
  );
}

/** The bounce round: sends go on while the relay's reports flow back into the inbound listener. */
async function bounceRound(server: Server, relay: Relay): Promise<{ sends: SendRound; reports: number; refused: string[]; watched: Watched }> {
  const client = reportClient(server.inboundPort, REPORT_CONNECTIONS);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const watching: Promise<void>[] = [];
  const watched: Watched = { latencies: [], never: 0 };
  const refused: string[] = [];
  const results: Promise<ReportResult>[] = [];
  let reports = 0;
  relay.onBounce = (arrival) => {
    const number = reports++;
    const result = client.send(arrival.mailFrom, reportFor(arrival));
    results.push(result);
    void result.then((r) => {
      if (!r.accepted) refused.push(r.reply);
      else if (number % VISIBILITY_EVERY === 0) {
        watching.push(
          visibleAfter(agent, server, arrival.to, r.at).then((ms) => {
            if (ms === null) watched.never++;
            else watched.latencies.push(ms);
          }),
        );
      }
    });
  };
  const sends = await sendRound(server, relay, SENDS, (run, n) => (n % BOUNCE_EVERY === 0 ? gone(run, n) : reader(run, n)));
  relay.onBounce = () => undefined;
  await Promise.all(results);
  await Promise.all(watching);
  client.close();
  agent.destroy();
  return { sends, reports, refused, watched };
}

/** The reports round: reports held until their messages are all at the relay, then delivered at once, nothing else running. */
async function reportsRound(
  server: Server,
  relay: Relay,
  deliver: boolean,
): Promise<{ sends: SendRound; raws: Buffer[]; handled?: { perS: number; cpuMsPerReport: number; floorUs: number; refused: string[]; watched: Watched } }> {
  const held: Arrival[] = [];
  relay.onBounce = (arrival) => held.push(arrival);
  const sends = await sendRound(server, relay, REPORTS, gone);
  relay.onBounce = () => undefined;
  const raws = held.map(reportFor);
  if (!deliver) return { sends, raws };
  const floorBefore = await reportFloor(raws);
  const client = reportClient(server.inboundPort, REPORT_CONNECTIONS);
  const refused: string[] = [];
  const cpu0 = cpuSeconds(server.pid)?.process ?? NaN;
  const t0 = epochNow();
  const results = await Promise.all(held.map((arrival, i) => client.send(arrival.mailFrom, raws[i]!)));
  let last = t0;
  for (const r of results) {
    if (r.accepted) last = Math.max(last, r.at);
    else refused.push(r.reply);
  }
  // Handled once its suppression shows: every 20th watched, in order, before the CPU is read again.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const watched: Watched = { latencies: [], never: 0 };
  for (let i = 0; i < held.length; i += 20) {
    const r = results[i]!;
    if (!r.accepted) continue;
    const ms = await visibleAfter(agent, server, held[i]!.to, r.at);
    if (ms === null) watched.never++;
    else watched.latencies.push(ms);
  }
  const cpu1 = cpuSeconds(server.pid)?.process ?? NaN;
  agent.destroy();
  client.close();
  const floorAfter = await reportFloor(raws);
  const handledCount = results.length - refused.length;
  return {
    sends,
    raws,
    handled: {
      perS: handledCount / ((last - t0) / 1000),
      cpuMsPerReport: ((cpu1 - cpu0) * 1000) / Math.max(1, handledCount),
      floorUs: (floorBefore + floorAfter) / 2,
      refused,
      watched,
    },
  };
}

// --- main --------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(
    `bench:returns  ${SENDS} sends with ${100 / BOUNCE_EVERY} % bouncing (after ${WARM_UP} of warm-up), quiet rounds of ${SENDS / 2} before and after, ` +
      `${REPORTS} reports at once; ${CONNECTIONS} REST connections, ${REPORT_CONNECTIONS} report connections, ${os.cpus().length} cores`,
  );
  watchdog((300 + ((WARM_UP + 2 * SENDS + REPORTS) / 50) * 2) * 1000);
  const dir = tempDir('mailgate-bench-returns-');
  const relay = await startRelay();
  try {
    const dataDir = path.join(dir, 'mailgate');
    fs.mkdirSync(dataDir, { recursive: true });
    const inboundPort = await freePort();
    const mailgate = await startMailgate(
      dataDir,
      {
        RELAY_URL: `smtp://127.0.0.1:${relay.port}`,
        INBOUND_SMTP_PORT: String(inboundPort),
        RETURN_PATH_DOMAIN,
        MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
        RATE_LIMITS: 'on',
        IP_RATE_LIMIT: '1000000000',
      },
      { timeoutMs: 40_000, ...(PROFILE_DIR ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] } : {}) },
    );
    const org = await createOrg(dataDir, { name: 'bench-returns', plan: 'enterprise', rateLimit: ORG_QUOTA });
    // With a relay only a verified domain sends; every message goes out DKIM-signed, as in production.
    insertVerifiedDomain(dataDir, org.id, 'acme.example');
    const server: Server = { url: mailgate.url, pid: mailgate.child.pid!, token: org.token, inboundPort };
    console.log(
      `mailgate: compiled, SQLite, DURABILITY=${process.env.DURABILITY ?? 'fsync'}, RELAY_URL=smtp://127.0.0.1:${relay.port} (takes every message), ` +
        `INBOUND_SMTP_PORT=${inboundPort}, RETURN_PATH_DOMAIN=${RETURN_PATH_DOMAIN}; from acme.example (verified, DKIM-signed)`,
    );

    const warm = await sendRound(server, relay, WARM_UP, reader);
    account('warm-up', warm);
    // What of the return path this build has.
    const missing: string[] = [];
    if (!(await greetsWith220(inboundPort))) missing.push(`no inbound listener answers on INBOUND_SMTP_PORT ${inboundPort}`);
    if (!relay.lastMailFrom?.startsWith('bounce+'))
      missing.push(`the envelope sender is ${relay.lastMailFrom ?? 'unknown'}, not a return-path address (bounce+…)`);
    if (!(await hasSuppressionRoute(server))) missing.push('no GET /api/v2/suppressions/{…} in /openapi.json');

    const before = await sendRound(server, relay, Math.floor(SENDS / 2), reader);
    account('quiet before', before);
    console.log(sendLine('quiet (before)', before));
    const bounced = missing.length === 0 ? await bounceRound(server, relay) : null;
    if (bounced) {
      account('with bounces', bounced.sends);
      console.log(sendLine('with bounces', bounced.sends));
      console.log(
        `  reports: ${bounced.reports} delivered to the inbound listener, ${bounced.refused.length} refused${bounced.refused[0] ? `: ${bounced.refused[0]}` : ''}`,
      );
      console.log(`  ${latencyLine(bounced.watched)}`);
    }
    const after = await sendRound(server, relay, Math.floor(SENDS / 2), reader);
    account('quiet after', after);
    console.log(sendLine('quiet (after)', after));
    const reports = await reportsRound(server, relay, missing.length === 0);
    account('reports round sends', reports.sends);

    const quietPerS = (before.endToEndPerS + after.endToEndPerS) / 2;
    console.log('\nsummary:');
    if (!reports.handled) {
      console.log(
        `library floor, a delivery report: ${f0(await reportFloor(reports.raws))} µs/report (mailparser, ${reports.raws.length} Postfix-shaped reports)`,
      );
      console.log(`send rate without reports: ${f0(quietPerS)}/s end to end (mean of before and after)`);
      console.log(`return path: not measured — ${missing.join('; ')}`);
    } else {
      const h = reports.handled;
      console.log(
        `library floor, a delivery report: ${f0(h.floorUs)} µs/report (mailparser, the same ${reports.raws.length} reports, timed just before and after)`,
      );
      console.log(
        `reports handled: ${f0(h.perS)}/s (${reports.raws.length - h.refused.length} answered 250 at ${REPORT_CONNECTIONS} connections, ${h.refused.length} refused` +
          `${h.refused[0] ? `: ${h.refused[0]}` : ''})`,
      );
      console.log(`  ${latencyLine(h.watched)}`);
      console.log(
        `CPU per report / library floor ${f2((h.cpuMsPerReport * 1000) / h.floorUs)} (${f2(h.cpuMsPerReport)} ms / ${f2(h.floorUs / 1000)} ms)  (target ≤ 2)`,
      );
      const b = bounced!;
      const sorted = [...b.watched.latencies].sort((x, y) => x - y);
      console.log(`p99 report 250 → suppression visible, sends running: ${f0(percentile(sorted, 99))} ms  (target ≤ 1000)`);
      console.log(
        `send rate with bounces / without ${f2(b.sends.endToEndPerS / quietPerS)} (${f0(b.sends.endToEndPerS)}/s / ${f0(quietPerS)}/s, ` +
          `without: the mean of before ${f0(before.endToEndPerS)} and after ${f0(after.endToEndPerS)})  (target ≥ 0.9)`,
      );
      for (const [label, refused] of [
        ['bounce round', b.refused],
        ['reports round', h.refused],
      ] as const) {
        if (refused.length > 0) problems.push(`${label}: ${refused.length} reports refused (${refused[0]})`);
      }
      const never = b.watched.never + h.watched.never;
      if (never > 0) problems.push(`${never} watched suppressions never showed through the API within ${VISIBILITY_LIMIT_MS / 1000} s`);
    }
    if (problems.length > 0) {
      for (const problem of problems) console.error(`bench:returns: ${problem}`);
      process.exitCode = 1;
    } else if (reports.handled)
      console.log('every send reached the relay exactly once; every report was answered 250, and each one watched showed its suppression');
    else console.log('every send reached the relay exactly once');
  } finally {
    await stopAll();
    await relay.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
