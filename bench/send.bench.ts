// bench:send — markdown sends against the real server (SQLite, capture transport,
// worker running) vs a bare Fastify JSON route, both measured in this run.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuSeconds, describe, freePort, load, startChild, stopChild } from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TOKEN = 'mailgate_bench_token_0123456789abcdefghij';

const markdown = [
  '# Welcome aboard, Ada',
  '',
  'Thanks for signing up for **Acme**. Your workspace is ready, and here is what to do next:',
  '',
  '1. Verify your sending domain',
  '2. Create an API token',
  '3. Send your first email with the [quick start](https://acme.example/docs/quick-start).',
  '',
  'If you did not sign up, you can ignore this message.',
].join('\n');

let counter = 0;
function body(): string {
  counter++;
  return JSON.stringify({
    from: 'Acme <hello@acme.example>',
    to: `user${counter}@example.com`,
    subject: `Welcome to Acme, #${counter}`,
    markdown,
    preview: 'Your workspace is ready',
  });
}

async function main(): Promise<void> {
  const sampleSize = Buffer.byteLength(body());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailgate-bench-'));
  console.log(`bench:send  ${CONNECTIONS} connections, ${DURATION} s each, ~${sampleSize}-byte markdown body, ${os.cpus().length} cores`);

  const headers = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` };
  const sendOptions = (url: string, duration: number) => ({
    url,
    connections: CONNECTIONS,
    duration,
    requests: [{ method: 'POST' as const, path: '/api/v2/emails', headers, setupRequest: (req: object) => ({ ...req, body: body() }) }],
  });

  // The baseline first, alone on the machine: nothing of Mailgate's is running yet.
  const barePort = await freePort();
  const bareChild = await startChild('bench/bare-server.ts', { PORT: String(barePort) }, /LISTENING \d+/);
  let bare: Awaited<ReturnType<typeof load>>;
  try {
    await load(sendOptions(`http://127.0.0.1:${barePort}`, 2));
    bare = await load(sendOptions(`http://127.0.0.1:${barePort}`, DURATION));
  } finally {
    await stopChild(bareChild);
  }

  const port = await freePort();
  const mailgate = await startChild(
    'servers/main.ts',
    {
      PORT: String(port),
      SMTP_PORT: '0',
      DATA_DIR: dataDir,
      MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
      MAILGATE_ROLES: process.env.BENCH_ROLES ?? 'http,worker',
      LOG_LEVEL: 'warn',
      ...(process.env.DELIVERY_CONCURRENCY ? { DELIVERY_CONCURRENCY: process.env.DELIVERY_CONCURRENCY } : {}),
    },
    /HTTP listening/,
  );

  try {
    const mailgateUrl = `http://127.0.0.1:${port}`;
    // Warm up for 2 s, let the worker catch up, then measure.
    await load(sendOptions(mailgateUrl, 2));
    for (let i = 0; i < 40; i++) {
      const c = await deliveryCounts(dataDir);
      if (c.delivered >= c.accepted) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const atStart = await deliveryCounts(dataDir);
    const before = cpuSeconds(mailgate.pid!);
    const send = await load(sendOptions(mailgateUrl, DURATION));
    const after = cpuSeconds(mailgate.pid!);

    const afterLoad = await deliveryCounts(dataDir);
    console.log(describe('send (POST /api/v2/emails)', send));
    console.log(describe('bare Fastify route', bare));
    if (before && after) {
      const perSend = (seconds: number) => ((seconds * 1e6) / Math.max(1, send.requests)).toFixed(0);
      console.log(
        `server CPU per send: ${perSend(after.mainThread - before.mainThread)} µs on the request thread, ` +
          `${perSend(after.process - before.process)} µs in the whole process (render/compose threads included)`,
      );
    }
    const acceptedInRun = afterLoad.accepted - atStart.accepted;
    const deliveredInRun = afterLoad.delivered - atStart.delivered;
    console.log(
      `delivery during the run: ${deliveredInRun} delivered (capture) of ${acceptedInRun} accepted, ` +
        `${afterLoad.accepted - afterLoad.delivered} still queued at the end`,
    );
    const drainStart = performance.now();
    let drained = afterLoad;
    while (drained.delivered < drained.accepted && performance.now() - drainStart < 120_000) {
      await new Promise((r) => setTimeout(r, 250));
      drained = await deliveryCounts(dataDir);
    }
    const drainSeconds = (performance.now() - drainStart) / 1000;
    console.log(
      `backlog drained in ${drainSeconds.toFixed(1)} s with no load: ` +
        `${((drained.delivered - afterLoad.delivered) / Math.max(drainSeconds, 0.001)).toFixed(0)} deliveries/s` +
        (drained.delivered < drained.accepted ? ` (gave up with ${drained.accepted - drained.delivered} left)` : ''),
    );
    console.log(`ratio send/bare: ${(send.rps / bare.rps).toFixed(3)}  (target ≥ 0.25 with p99 ≤ 50 ms)`);
  } finally {
    await stopChild(mailgate);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Read the server's SQLite file (WAL readers do not block the writer). */
async function deliveryCounts(dataDir: string): Promise<{ accepted: number; delivered: number }> {
  const db = new Database(path.join(dataDir, 'mailgate.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("select count(*) as accepted, sum(case when last_event = 'delivered' then 1 else 0 end) as delivered from emails")
      .get() as { accepted: number; delivered: number | null };
    return { accepted: row.accepted, delivered: row.delivered ?? 0 };
  } finally {
    db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
