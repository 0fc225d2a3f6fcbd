// bench:inbound — receiving mail: how many messages per second Mailgate's inbound
// listener takes for a receiving domain, with every check on (SPF, DKIM, DMARC,
// ARC), what each costs against the libraries it is built on, and how soon its
// `email.received` webhook leaves.
//
// Mailgate runs as it ships (compiled, SQLite, DURABILITY=fsync, all roles),
// receiving for `inbox.bench.example` (verified, receiving on) with its inbound
// listener on INBOUND_SMTP_PORT and DNS_SERVERS pointing at a DNS server in this
// process (test/helpers/dns-server.ts) that publishes the sending domain's DKIM
// key, SPF (through an include) and DMARC (p=reject). An `email.received`
// webhook points at a receiver in this process, which notes when each delivery
// arrives and which message it is about (bench/inbound-messages.ts
// messageNumberOf: the payload's message id or subject), nothing heavier.
// The messages (bench/inbound-messages.ts): BENCH_MESSAGES of them, built once,
// ~4 KB, DKIM-signed, a PDF on one in five, sent by CONNECTIONS connections
// with MAIL/RCPT/DATA pipelined, as an MTA sends (bench/smtp-client.ts). Each
// round sends each message at most once; a round starts once every webhook of
// the one before has come.
//
//   warm-up: BENCH_WARM_UP s saturated, not counted (V8 compiles the hot paths).
//   saturated: the connections send as fast as they are answered for
//     BENCH_DURATION s. Accepted/s, webhooks/s during the load, and end to end —
//     every accepted message over the time from the load's start to its last
//     webhook — the rate the machine sustains. CPU per message: the server's
//     whole process from the load's start until the last webhook came.
//   paced: 80 % of that end-to-end rate for BENCH_DURATION s; the latency from
//     each final 250 (the answer to DATA) to its webhook's arrival, p99 target
//     ≤ 500 ms.
//   library floor: mailauth's authenticate + mailparser's simpleParser over the
//     same messages, in a child process with the server's node flags
//     (bench/inbound-floor.ts), timed just before the saturated round and just
//     after the paced one; CPU per message against it, target ≤ 1.5.
//
// What the server does not have yet (the listener taking mail for a receiving
// domain, the webhook event) is said and not measured. Timing never fails the
// bench; a message refused, a webhook missing or twice, a webhook or a floor
// whose SPF, DKIM or DMARC did not pass does (exit 1).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startDnsServer } from '../test/helpers/dns-server.ts';
import { greetsWith220 } from '../test/helpers/free-port.ts';
import type { FloorInput, FloorOutput } from './inbound-floor.ts';
import { buildMessages, messageNumberOf, sendingDomain, type BenchMessage, type SendingDomain } from './inbound-messages.ts';
import { cpuSeconds, createOrg, freePort, insertVerifiedDomain, repoRoot, serverNodeFlags, startMailgate, stopAll, tempDir, watchdog } from './lib.ts';
import { epochNow, percentile, smtpLoad } from './smtp-client.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Messages built (and signed) before anything runs; a round sends each at most once. */
const MESSAGES = Math.max(100, Number(process.env.BENCH_MESSAGES ?? 4000));
/** Seconds of saturated load before anything is measured. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 8);
/** Seconds of each measured round. */
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
/** The paced round offers this share of the saturated round's end-to-end rate. */
const PACED_SHARE = 0.8;
/** Longest wait for a round's webhooks once its load has stopped. */
const DRAIN_LIMIT_MS = 30_000;
/** BENCH_CPU_PROF=DIR: the server writes a V8 CPU profile there when it stops; read it with `npm run diagnose:profile DIR`. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const SENDING_DOMAIN = 'mail.bench.example';
const RECEIVING_DOMAIN = 'inbox.bench.example';
const MX_HOST = `mx.${RECEIVING_DOMAIN}`;
/** What the load client says in EHLO (bench/smtp-client.ts): the floor checks SPF with the same. */
const CLIENT_HELO = 'bench.client';
const CLIENT_IP = '127.0.0.1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const f0 = (x: number) => x.toFixed(0);
const f2 = (x: number) => x.toFixed(2);
const problems: string[] = [];

// --- the webhook receiver ------------------------------------------------------

interface Hooks {
  url: string;
  /** Message number → when each webhook about it arrived (ms since the epoch), this round. */
  arrivals: Map<number, number[]>;
  /** Deliveries this round that named no message of the bench, or were not `email.received` with a `rcv_` id. */
  strays: string[];
  /** Deliveries this round whose authentication summary has SPF, DKIM or DMARC other than `pass`: the server's checks did not all run as the floor's. */
  notPassing: string[];
  /** Start a new round: forget the last one's arrivals. */
  reset(): void;
  close(): Promise<void>;
}

/** Answers every delivery 204 at once; notes when it came and which message it is about. Checks no signature: the receiver is not what is measured. */
async function startHooks(): Promise<Hooks> {
  const hooks: Hooks = {
    url: '',
    arrivals: new Map(),
    strays: [],
    notPassing: [],
    reset() {
      hooks.arrivals = new Map();
      hooks.strays = [];
      hooks.notPassing = [];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    // The moment the request came: what is measured is the webhook leaving the server, not this receiver reading it.
    const at = epochNow();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(204).end();
      const body = Buffer.concat(chunks).toString('utf8');
      let event: { type?: string; data?: Record<string, unknown> };
      try {
        event = JSON.parse(body) as typeof event;
      } catch {
        hooks.strays.push(`not JSON: ${body.slice(0, 80)}`);
        return;
      }
      const data = event.data ?? {};
      const n = messageNumberOf(data);
      if (event.type !== 'email.received' || n === null || typeof data.received_email_id !== 'string' || !data.received_email_id.startsWith('rcv_')) {
        hooks.strays.push(body.slice(0, 160));
        return;
      }
      const list = hooks.arrivals.get(n);
      if (list) list.push(at);
      else hooks.arrivals.set(n, [at]);
      const summary = data.authentication as Record<string, unknown> | undefined;
      if (summary && (summary.spf !== 'pass' || summary.dkim !== 'pass' || summary.dmarc !== 'pass')) hooks.notPassing.push(JSON.stringify(summary));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hooks.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return hooks;
}

// --- Mailgate --------------------------------------------------------------------

interface Server {
  url: string;
  pid: number;
  token: string;
  inboundPort: number;
}

/** Subscribe `url` to `email.received`; null when created, else what the server answered. */
async function subscribe(server: Server, url: string): Promise<string | null> {
  const response = await fetch(`${server.url}/api/v2/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, events: ['email.received'] }),
  });
  const text = await response.text();
  return response.status === 201 ? null : `POST /api/v2/webhooks {events: ["email.received"]} answered ${response.status}: ${text.slice(0, 200)}`;
}

// --- the rounds ------------------------------------------------------------------

interface Round {
  accepted: number;
  refused: number;
  samples: string[];
  loadSeconds: number;
  acceptedPerS: number;
  /** From MAIL FROM to the final 250, ms. */
  smtpP50: number;
  smtpP99: number;
  /** Webhooks that came while the load ran, per second of it. */
  hooksDuringPerS: number;
  /** Accepted messages whose webhook had not come when the load stopped. */
  backlog: number;
  /** Every accepted message whose webhook came, over the time from the load's start to the last webhook. */
  endToEndPerS: number;
  /** From each final 250 to its webhook, ascending, ms. */
  latencies: number[];
  cpuMsPerMessage: number;
  mainThreadMsPerMessage: number;
  missing: number;
  twice: number;
  strays: string[];
  notPassing: string[];
  /** The load stopped because every message had been sent once, before its time was up. */
  ranOut: boolean;
}

/**
 * One round: the messages from number 0 on, for `seconds` (or until each has been sent once), as fast as answered or at
 * `rate`/s; measured until every accepted one's webhook came (waiting at most `drainLimitMs`).
 */
async function round(
  server: Server,
  hooks: Hooks,
  domain: SendingDomain,
  messages: BenchMessage[],
  seconds: number,
  rate?: number,
  drainLimitMs = DRAIN_LIMIT_MS,
): Promise<Round> {
  hooks.reset();
  const acceptedAt = new Map<number, number>();
  const cpu0 = cpuSeconds(server.pid);
  const t0 = epochNow();
  const load = await smtpLoad({
    port: server.inboundPort,
    connections: CONNECTIONS,
    durationMs: seconds * 1000,
    count: messages.length,
    from: domain.mailFrom,
    next: (n) => ({ to: messages[n]!.to, message: messages[n]!.data }),
    pipelining: true,
    ...(rate !== undefined ? { ratePerSecond: rate } : {}),
    onAccepted: (n, at) => acceptedAt.set(n, at),
  });
  const t1 = epochNow();
  const drainStart = performance.now();
  const waiting = new Set(acceptedAt.keys());
  while (waiting.size > 0 && performance.now() - drainStart < drainLimitMs) {
    for (const n of waiting) if (hooks.arrivals.has(n)) waiting.delete(n);
    if (waiting.size > 0) await sleep(10);
  }
  const cpu1 = cpuSeconds(server.pid);
  // Anything coming twice comes about as soon as the first: a moment for it.
  await sleep(200);
  let last = t0;
  let twice = 0;
  let during = 0;
  const latencies: number[] = [];
  for (const [n, at] of acceptedAt) {
    const arrivals = hooks.arrivals.get(n);
    if (!arrivals) continue;
    if (arrivals.length > 1) twice++;
    last = Math.max(last, arrivals[0]!);
    if (arrivals[0]! <= t1) during++;
    latencies.push(arrivals[0]! - at);
  }
  latencies.sort((a, b) => a - b);
  const delivered = latencies.length;
  const cpu = (which: 'process' | 'mainThread') => (cpu0 && cpu1 ? ((cpu1[which] - cpu0[which]) * 1000) / Math.max(1, delivered) : NaN);
  return {
    accepted: load.accepted,
    refused: load.failed,
    samples: load.samples,
    loadSeconds: load.seconds,
    acceptedPerS: load.rate,
    smtpP50: load.p50,
    smtpP99: load.p99,
    hooksDuringPerS: during / load.seconds,
    backlog: load.accepted - during,
    endToEndPerS: delivered / ((last - t0) / 1000),
    latencies,
    cpuMsPerMessage: cpu('process'),
    mainThreadMsPerMessage: cpu('mainThread'),
    missing: load.accepted - delivered,
    twice,
    strays: hooks.strays,
    notPassing: hooks.notPassing,
    ranOut: load.accepted + load.failed >= messages.length,
  };
}

function roundLine(label: string, r: Round): string {
  return (
    `${label.padEnd(24)} accepted ${f0(r.acceptedPerS).padStart(4)}/s (MAIL→250 p50 ${f0(r.smtpP50)} ms p99 ${f0(r.smtpP99)} ms)  webhooks ${f0(r.hooksDuringPerS).padStart(4)}/s during the load  ` +
    `backlog ${String(r.backlog).padStart(4)}  end to end ${f0(r.endToEndPerS).padStart(4)}/s  ` +
    `250→webhook p50 ${f0(percentile(r.latencies, 50))} ms p99 ${f0(percentile(r.latencies, 99))} ms  ` +
    `CPU ${f2(r.cpuMsPerMessage)} ms/message (main thread ${f2(r.mainThreadMsPerMessage)})  ` +
    `(${r.accepted} accepted in ${r.loadSeconds.toFixed(1)} s${r.ranOut ? ', every message sent' : ''}, ${r.refused} refused${r.samples[0] ? `: ${r.samples[0]}` : ''}; ` +
    `${r.missing} webhooks missing, ${r.twice} twice)`
  );
}

function account(label: string, r: Round): void {
  if (r.refused + r.missing + r.twice > 0)
    problems.push(`${label}: ${r.refused} messages refused${r.samples[0] ? ` (${r.samples[0]})` : ''}, ${r.missing} webhooks missing, ${r.twice} came twice`);
  if (r.strays.length > 0) problems.push(`${label}: ${r.strays.length} webhook deliveries the bench could not place, e.g. ${r.strays[0]}`);
  if (r.notPassing.length > 0) problems.push(`${label}: ${r.notPassing.length} webhooks say a check did not pass, e.g. ${r.notPassing[0]}`);
}

// --- the library floor -------------------------------------------------------------

/** mailauth + mailparser over `messages` in a child process with the server's node flags (bench/inbound-floor.ts). */
async function floor(dir: string, messages: BenchMessage[], dnsServer: string, domain: SendingDomain): Promise<FloorOutput> {
  const messagesFile = path.join(dir, 'floor-messages.bin');
  if (!fs.existsSync(messagesFile)) fs.writeFileSync(messagesFile, Buffer.concat(messages.map((m) => m.raw)));
  const input: FloorInput = {
    messagesFile,
    lengths: messages.map((m) => m.raw.length),
    dnsServer,
    ip: CLIENT_IP,
    helo: CLIENT_HELO,
    sender: domain.mailFrom,
    mta: MX_HOST,
    warm: Math.min(messages.length, 1000),
    concurrency: CONNECTIONS,
  };
  const inputFile = path.join(dir, 'floor-input.json');
  fs.writeFileSync(inputFile, JSON.stringify(input));
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [...serverNodeFlags, '--import', 'tsx', 'bench/inbound-floor.ts', inputFile],
      { cwd: repoRoot, timeout: 120_000, maxBuffer: 1 << 20 },
      (error, out, err) => (error ? reject(new Error(`bench/inbound-floor.ts failed: ${error.message}\n${err}`)) : resolve(out)),
    );
  });
  const output = JSON.parse(stdout.trim().split('\n').at(-1)!) as FloorOutput;
  for (const check of ['dkimPass', 'spfPass', 'dmarcPass'] as const) {
    if (output[check] !== output.messages)
      problems.push(`library floor: ${check} for ${output[check]} of ${output.messages} messages (the bench's DNS or signatures are wrong)`);
  }
  return output;
}

function floorLine(label: string, f: FloorOutput): string {
  return (
    `library floor (${label}): mailauth authenticate + mailparser simpleParser ${f0(f.cpuUsPerMessage)} µs/message ` +
    `(${f.messages} messages, ${CONNECTIONS} at a time; dkim=pass ${f.dkimPass}, spf=pass ${f.spfPass}, dmarc=pass ${f.dmarcPass}, ${f.withAttachments} with an attachment)`
  );
}

// --- main --------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(
    `bench:inbound  ${MESSAGES} DKIM-signed messages (SPF, DKIM, DMARC p=reject), ${CONNECTIONS} connections (pipelined), ` +
      `${WARM_UP} s warm-up, ${DURATION} s saturated, ${DURATION} s at ${PACED_SHARE * 100} %, ${os.cpus().length} cores`,
  );
  watchdog(240_000);
  const dir = tempDir('mailgate-bench-inbound-');
  const dns = await startDnsServer();
  const hooks = await startHooks();
  try {
    const domain = sendingDomain(SENDING_DOMAIN, CLIENT_IP);
    for (const [name, records] of domain.records) dns.set(name, records);
    dns.set(RECEIVING_DOMAIN, [{ type: 'MX', exchange: MX_HOST, preference: 10 }]);

    const dataDir = path.join(dir, 'mailgate');
    fs.mkdirSync(dataDir, { recursive: true });
    const inboundPort = await freePort();
    const mailgate = await startMailgate(
      dataDir,
      {
        INBOUND_SMTP_PORT: String(inboundPort),
        INBOUND_MX_HOST: MX_HOST,
        DNS_SERVERS: dns.address,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // Every connection of the bench comes from 127.0.0.1, where a receiving server's come from many senders.
        SMTP_MAX_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS + 10),
      },
      { timeoutMs: 40_000, ...(PROFILE_DIR ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] } : {}) },
    );
    // Built while the server starts: the signing is the bench's, never the server's.
    const building = buildMessages(
      domain,
      MESSAGES,
      `${process.pid}x${Date.now().toString(36)}`,
      (n) => `${['support', 'orders', 'billing', 'hello'][n % 4]}@${RECEIVING_DOMAIN}`,
    );
    const org = await createOrg(dataDir, { name: 'bench-inbound', plan: 'enterprise' });
    insertVerifiedDomain(dataDir, org.id, RECEIVING_DOMAIN, { receiving: true });
    const server: Server = { url: mailgate.url, pid: mailgate.child.pid!, token: org.token, inboundPort };
    const messages = await building;
    const meanBytes = messages.reduce((sum, m) => sum + m.raw.length, 0) / messages.length;
    console.log(
      `mailgate: compiled, SQLite, DURABILITY=${process.env.DURABILITY ?? 'fsync'}, INBOUND_SMTP_PORT=${inboundPort}, DNS_SERVERS=${dns.address} (the bench's); ` +
        `receiving for ${RECEIVING_DOMAIN}; email.received → ${hooks.url}; messages ${f0(meanBytes)} bytes on average, from ${SENDING_DOMAIN}`,
    );

    // What of receiving this build has: the listener, the webhook event, one message through both.
    const missing: string[] = [];
    if (!(await greetsWith220(inboundPort))) missing.push(`no inbound listener answers on INBOUND_SMTP_PORT ${inboundPort}`);
    else {
      const refusedHook = await subscribe(server, hooks.url);
      if (refusedHook) missing.push(refusedHook);
      const probe = await round(server, hooks, domain, messages.slice(0, 1), 10, undefined, refusedHook ? 0 : DRAIN_LIMIT_MS);
      if (probe.accepted === 0) missing.push(`the inbound listener refuses mail for ${RECEIVING_DOMAIN}: ${probe.samples[0] ?? 'no answer'}`);
      else if (!refusedHook && probe.missing > 0) missing.push(`no email.received webhook within ${DRAIN_LIMIT_MS / 1000} s of a message accepted`);
    }

    const before = await floor(dir, messages, dns.address, domain);
    console.log(floorLine('before', before));
    if (missing.length > 0) {
      console.log(`\nreceiving: not measured — ${missing.join('; ')}`);
    } else {
      const warm = await round(server, hooks, domain, messages, WARM_UP);
      account('warm-up', warm);
      console.log(roundLine('warm-up (not counted)', warm));
      const saturated = await round(server, hooks, domain, messages, DURATION);
      account('saturated', saturated);
      console.log(roundLine('saturated', saturated));
      const rate = PACED_SHARE * saturated.endToEndPerS;
      const paced = await round(server, hooks, domain, messages, DURATION, rate);
      account('paced', paced);
      console.log(roundLine(`at ${PACED_SHARE * 100} % (${f0(rate)}/s)`, paced));
      const after = await floor(dir, messages, dns.address, domain);
      console.log(floorLine('after', after));

      const floorUs = (before.cpuUsPerMessage + after.cpuUsPerMessage) / 2;
      console.log('\nsummary:');
      console.log(
        `messages received: ${f0(saturated.endToEndPerS)}/s end to end (accepted ${f0(saturated.acceptedPerS)}/s) at ${CONNECTIONS} connections, SPF, DKIM, DMARC and ARC checked`,
      );
      console.log(
        `CPU per message / library floor ${f2((saturated.cpuMsPerMessage * 1000) / floorUs)} (${f2(saturated.cpuMsPerMessage)} ms / ${f2(floorUs / 1000)} ms, ` +
          `the floor timed just before and after; at ${PACED_SHARE * 100} %: ${f2((paced.cpuMsPerMessage * 1000) / floorUs)})  (target ≤ 1.5)`,
      );
      console.log(
        `p99 final 250 → email.received webhook at ${PACED_SHARE * 100} % of the sustainable rate (${f0(rate)}/s): ${f0(percentile(paced.latencies, 99))} ms ` +
          `(p50 ${f0(percentile(paced.latencies, 50))}, max ${f0(paced.latencies.at(-1) ?? 0)}, ${paced.latencies.length} messages)  (target ≤ 500)`,
      );
      if (PROFILE_DIR) console.log(`CPU profile: the server writes it to ${PROFILE_DIR} as it stops; read it with npm run diagnose:profile ${PROFILE_DIR}`);
    }
    if (problems.length > 0) {
      for (const problem of problems) console.error(`bench:inbound: ${problem}`);
      process.exitCode = 1;
    } else if (missing.length === 0) console.log("every accepted message's email.received webhook came, exactly once");
  } finally {
    await stopAll();
    await hooks.close();
    await dns.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
