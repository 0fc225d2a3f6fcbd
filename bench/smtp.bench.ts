// bench:smtp — SMTP submission into the real server (SQLite, capture transport,
// worker running) vs a bare smtp-server that only drains the stream, both in this
// run, with the same client: 20 connections, each authenticating once and then
// submitting pre-built ~5 KB messages. The rounds use lock-step commands (each
// waits for its reply, as nodemailer and smtplib do); one more pair of runs
// pipelines MAIL/RCPT/DATA (RFC 2920, as Postfix does). Then the case most
// application mailers are: one connection per message. Counts every message in
// and every email stored: none may be lost.
import os from 'node:os';
import { smtpLoad, type SmtpLoadResult } from './smtp-client.ts';
import { cpuSeconds, createOrg, freePort, medianBy, readDb, startChild, stopAll, tempDir, watchdog } from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TOKEN = 'mailgate_bench_token_0123456789abcdefghij';
const ORG_QUOTA = 1_000_000_000;
/** BENCH_CPU_PROF=DIR: run Mailgate with --cpu-prof into DIR (the profile is written when it stops). */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const ROLES = process.env.BENCH_ROLES ?? 'http,smtp,worker';
const WITH_WORKER = ROLES.split(',').includes('worker');

/** A ~5 KB multipart/alternative message, split where the recipient and the Message-ID go. */
function template(): [Buffer, Buffer, Buffer, Buffer] {
  const paragraph =
    'Thanks for your order. We are getting it ready and will let you know as soon as it ships. ' + 'You can follow its progress from your account at any time.';
  const text = Array.from({ length: 14 }, (_, i) => `${i + 1}. ${paragraph}`).join('\r\n\r\n');
  const html = Array.from({ length: 14 }, (_, i) => `<p><b>${i + 1}.</b> ${paragraph}</p>`).join('\r\n');
  const head = 'From: Acme Orders <orders@acme.example>\r\nTo: <';
  const afterTo = '>\r\nSubject: Your order is confirmed\r\nMessage-ID: <';
  const afterId =
    '@bench.acme.example>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n' +
    'Content-Type: multipart/alternative; boundary="b1"\r\n\r\n' +
    `--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}\r\n` +
    `--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<!doctype html><html><body>${html}</body></html>\r\n` +
    '--b1--\r\n.\r\n';
  return [Buffer.from(head), Buffer.from(afterTo), Buffer.from(afterId), Buffer.alloc(0)];
}

const [HEAD, AFTER_TO, TAIL] = template();
let runId = 0;
/** Every message to its own mailbox, so the recipient guard (5 per 10 minutes) never refuses one. */
function nextMessage(n: number) {
  const to = `reader-${runId}-${n}@example.com`;
  return { to, message: Buffer.concat([HEAD, Buffer.from(to), AFTER_TO, Buffer.from(`m${runId}.${n}`), TAIL]) };
}

const line = (label: string, r: SmtpLoadResult) =>
  `${label.padEnd(34)} ${r.rate.toFixed(0).padStart(6)} msg/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  ` +
  `(${r.accepted} queued, ${r.failed} refused or failed${r.samples.length ? `: ${r.samples[0]}` : ''})`;

async function main(): Promise<void> {
  const size = nextMessage(0).message.length;
  console.log(`bench:smtp  ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s against each, ~${size}-byte messages, ${os.cpus().length} cores`);
  watchdog((90 + (ROUNDS + 1) * (2 * DURATION + 130) + 2 * 6 + 130) * 1000);

  const dataDir = tempDir('mailgate-bench-smtp-');
  const barePort = await freePort();
  const smtpPort = await freePort();
  const httpPort = await freePort();
  try {
    const bareChild = await startChild('bench/bare-smtp-server.ts', { PORT: String(barePort) }, /LISTENING \d+/);
    const mailgateChild = await startChild(
      'servers/main.ts',
      {
        HOST: '127.0.0.1',
        PORT: String(httpPort),
        SMTP_PORT: String(smtpPort),
        // Plain TCP on loopback for both servers: the bench measures the pipeline, not TLS.
        SMTP_ALLOW_INSECURE_AUTH: 'true',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
        RATE_LIMITS: 'on',
        IP_RATE_LIMIT: '1000000000',
        // Every bench connection comes from 127.0.0.1: its share of the port must hold them all.
        SMTP_MAX_CONNECTIONS_PER_ADDRESS: String(Math.max(20, CONNECTIONS * 2)),
        // BENCH_ROLES=http,smtp measures accepting alone (nothing is delivered; the drain waits are skipped).
        MAILGATE_ROLES: ROLES,
      },
      /SMTP submission listening/,
      {
        timeoutMs: 40_000,
        nodeArgs: [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [])],
      },
    );
    const org = await createOrg(dataDir, { name: 'bench-smtp', plan: 'enterprise', rateLimit: ORG_QUOTA });
    const authPlain = Buffer.from(`\u0000mailgate\u0000${org.token}`).toString('base64');
    console.log(`limits on: organization quota ${ORG_QUOTA}/min (custom), recipient guard on (every message to a new mailbox); worker delivering to capture`);

    type Mode = { perMessageConnection?: boolean; pipelining?: boolean };
    const run = (port: number, durationMs: number, mode: Mode = {}) => {
      runId++;
      return smtpLoad({
        port,
        connections: CONNECTIONS,
        durationMs,
        authPlain,
        from: 'orders@acme.example',
        next: nextMessage,
        perMessageConnection: mode.perMessageConnection ?? false,
        pipelining: mode.pipelining ?? false,
      });
    };
    let queuedByMailgate = 0;
    let failedAtMailgate = 0;
    const mailgate = async (durationMs: number, mode: Mode = {}) => {
      const r = await run(smtpPort, durationMs, mode);
      queuedByMailgate += r.accepted;
      failedAtMailgate += r.failed;
      return r;
    };

    // Warm both up, then alternate: bare with Mailgate idle (its backlog delivered), then Mailgate.
    await run(barePort, 2000);
    await mailgate(2000);
    await drain(dataDir);
    type Cpu = { main: number; process: number } | null;
    /** CPU µs per queued message of a child over one load: its main thread, and the whole process (threads included). */
    const measured = async <T extends SmtpLoadResult>(pid: number, load: () => Promise<T>): Promise<[T, Cpu]> => {
      const before = cpuSeconds(pid);
      const result = await load();
      const after = cpuSeconds(pid);
      const per = (s: number) => (s * 1e6) / Math.max(1, result.accepted);
      return [result, before && after ? { main: per(after.mainThread - before.mainThread), process: per(after.process - before.process) } : null];
    };
    const rounds: { bare: SmtpLoadResult; mailgate: SmtpLoadResult; bareCpu: Cpu; mailgateCpu: Cpu }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const [bare, bareCpu] = await measured(bareChild.pid!, () => run(barePort, DURATION * 1000));
      const [mg, mailgateCpu] = await measured(mailgateChild.pid!, () => mailgate(DURATION * 1000));
      rounds.push({ bare, mailgate: mg, bareCpu, mailgateCpu });
      const left = await drain(dataDir);
      console.log(
        `round ${round}: mailgate ${mg.rate.toFixed(0)} msg/s (p99 ${mg.p99.toFixed(1)} ms), bare ${bare.rate.toFixed(0)} msg/s, ratio ${(mg.rate / bare.rate).toFixed(3)}` +
          `; delivered backlog in ${left.seconds.toFixed(1)} s`,
      );
    }
    const median = medianBy(rounds, (r) => r.mailgate.rate / r.bare.rate);
    console.log(line('mailgate (20 sessions, reused)', median.mailgate));
    console.log(line('bare smtp-server (drain only)', median.bare));
    if (median.mailgateCpu && median.bareCpu) {
      console.log(
        `server CPU per message: mailgate ${median.mailgateCpu.main.toFixed(0)} µs on the main thread, ${median.mailgateCpu.process.toFixed(0)} µs in the whole process ` +
          `(including the deliveries to capture made during the load); bare ${median.bareCpu.process.toFixed(0)} µs`,
      );
    }
    const ratios = rounds.map((r) => (r.mailgate.rate / r.bare.rate).toFixed(3)).join(', ');
    console.log(
      `ratio mailgate/bare: ${(median.mailgate.rate / median.bare.rate).toFixed(3)} median of ${ROUNDS} rounds (${ratios})  (a diagnostic of accepting alone; the throughput target is bench:e2e's, end to end)`,
    );

    // The same, with MAIL/RCPT/DATA pipelined: fewer round trips, which the bare server turns into speed.
    const barePiped = await run(barePort, DURATION * 1000, { pipelining: true });
    const mgPiped = await mailgate(DURATION * 1000, { pipelining: true });
    await drain(dataDir);
    console.log(line('mailgate, pipelined', mgPiped));
    console.log(line('bare, pipelined', barePiped));
    console.log(`ratio pipelined mailgate/bare: ${(mgPiped.rate / barePiped.rate).toFixed(3)}`);

    // One connection per message: connect, greeting (smtp-server waits 100 ms first), EHLO, AUTH, one transaction, QUIT.
    const bareOnce = await run(barePort, 6000, { perMessageConnection: true });
    const mgOnce = await mailgate(6000, { perMessageConnection: true });
    await drain(dataDir);
    console.log(line('mailgate, one connection/message', mgOnce));
    console.log(line('bare, one connection/message', bareOnce));
    console.log(`ratio one-connection-per-message mailgate/bare: ${(mgOnce.rate / bareOnce.rate).toFixed(3)}; latency is connect to 250 after DATA`);

    const stored = readDb(dataDir, (db) =>
      db.prepare("select count(*) as n, sum(case when last_event = 'delivered' then 1 else 0 end) as delivered from emails where source = 'smtp'").get(),
    ) as {
      n: number;
      delivered: number | null;
    };
    const failed = failedAtMailgate;
    console.log(
      `messages queued (250) by Mailgate: ${queuedByMailgate}; emails stored: ${stored.n}; delivered to capture: ${stored.delivered ?? 0}; refused or failed: ${failed}`,
    );
    if (stored.n !== queuedByMailgate || failed > 0) {
      console.error('bench:smtp is broken: messages were lost, refused or failed');
      process.exitCode = 1;
    } else {
      console.log('no message lost: every 250 is a stored email');
    }
  } finally {
    await stopAll();
  }
}

/** Wait until the worker has delivered every stored email (at most 120 s). */
async function drain(dataDir: string): Promise<{ seconds: number }> {
  const start = performance.now();
  for (;;) {
    if (!WITH_WORKER) break;
    const row = readDb(dataDir, (db) => db.prepare("select count(*) as n from emails where last_event = 'queued'").get()) as { n: number };
    if (row.n === 0 || performance.now() - start > 120_000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { seconds: (performance.now() - start) / 1000 };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
