// bench:abuse — what cheap abuse costs everyone else, on the server as it ships
// (compiled, SQLite, capture delivery, default CPU_THREADS).
//
// 1. Fair CPU. A victim organization (enterprise plan) sends an ordinary email
//    every BENCH_VICTIM_EVERY_MS (100) ms, one at a time, while 0, 2 and 4
//    free-plan organizations (new ones each round) send 120 KB of `_a` markdown
//    back to back, as fast as their plan lets them. Printed: the victim's send
//    time p50/p99 (target p99 ≤ 250 ms) and how long its emails took from
//    accepted to delivered, with the ratio against the round without attackers.
// 2. SMTP slots. 256 connections from 127.0.0.2 that trickle a byte every 5 s,
//    while an honest client on 127.0.0.1 connects, authenticates and sends one
//    message per connection; its p99 against the same client without them.
// 3. HTTP slots. 600 connections from 127.0.0.2 that trickle header lines, while
//    an honest client on 127.0.0.1 sends GETs; how many were held and refused,
//    when the held ones were sent away, and the honest p99 against a quiet run.
// 4. Webhook storms. A victim sends an email every BENCH_VICTIM_EVERY_MS ms while
//    another organization's 20 webhooks to a receiver that never answers take
//    2 000 deliveries (20 × 100 new subscribers), then while a third's 10
//    webhooks point at names whose DNS never answers (1 000 deliveries). Printed:
//    the victim's accepted→delivered p99 against a quiet round (target ≤ 2×),
//    and, once the receiver answers again, how long until all 2 000 are delivered.
import dgram from 'node:dgram';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { deliveryLagsMs, percentile, runNoisyNeighbours, type NeighboursResult } from '../test/helpers/noisy-neighbours.ts';
import { createOrg, freePort, readDb, startMailgate, stopAll, tempDir, watchdog } from './lib.ts';
import { smtpLoad } from './smtp-client.ts';

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 15) * 1000;
const VICTIM_EVERY_MS = Number(process.env.BENCH_VICTIM_EVERY_MS ?? 100);
const ATTACKER_COUNTS = [0, 2, 4];
const SMTP_SLOW = 256;
const HTTP_SLOW = 600;
const HTTP_HEADERS_TIMEOUT_SECONDS = 10;
const TARGET_P99_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (value: number) => `${value.toFixed(1)} ms`;

function describeRun(count: number, run: NeighboursResult, lags: (number | null)[]): string {
  const refused =
    Object.entries(run.victimRefused)
      .map(([status, n]) => `${n}×${status}`)
      .join(', ') || 'none';
  const delivered = lags.filter((lag): lag is number => lag !== null);
  const attacks =
    Object.entries(run.attackerAnswers)
      .map(([status, n]) => `${n}×${status}`)
      .join(', ') || 'none';
  return (
    `${count} attackers: victim send p50 ${ms(percentile(run.victimMs, 50))}, p99 ${ms(percentile(run.victimMs, 99))}, max ${ms(Math.max(...run.victimMs))} ` +
    `(${run.victimMs.length} sends, refused: ${refused}); delivered ${delivered.length}/${lags.length}, accepted→delivered p50 ${ms(percentile(delivered, 50))}, p99 ${ms(percentile(delivered, 99))}` +
    (count > 0 ? `; attackers: ${run.attackerRequests} requests, answers ${attacks} (the rest still open at the end)` : '')
  );
}

async function fairCpu(url: string, dataDir: string): Promise<void> {
  const victim = await createOrg(dataDir, { name: 'victim', plan: 'enterprise' });
  // Warm: the victim is known to the pool, its first sends behind it.
  await runNoisyNeighbours({ url, victimToken: victim.token, attackerTokens: [], durationMs: 1_000, victimEveryMs: 50 });
  const p99s = new Map<number, number>();
  const lagP99s = new Map<number, number>();
  for (const count of ATTACKER_COUNTS) {
    const attackers: string[] = [];
    for (let i = 0; i < count; i++) attackers.push((await createOrg(dataDir, { name: `attacker-${count}-${i}`, plan: 'free' })).token);
    const run = await runNoisyNeighbours({
      url,
      victimToken: victim.token,
      attackerTokens: attackers,
      durationMs: DURATION_MS,
      victimEveryMs: VICTIM_EVERY_MS,
    });
    await sleep(2_000);
    const lags = await deliveryLagsMs(url, victim.token, run.victimIds);
    console.log(describeRun(count, run, lags));
    p99s.set(count, percentile(run.victimMs, 99));
    lagP99s.set(
      count,
      percentile(
        lags.filter((l): l is number => l !== null),
        99,
      ),
    );
  }
  for (const count of ATTACKER_COUNTS.filter((c) => c > 0)) {
    const p99 = p99s.get(count)!;
    console.log(
      `ratio victim p99 with ${count} attackers / none: ${(p99 / p99s.get(0)!).toFixed(2)} (${ms(p99)}; target ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'MISSED'}); ` +
        `delivery lag p99 ratio ${(lagP99s.get(count)! / lagP99s.get(0)!).toFixed(2)}`,
    );
  }
}

/** Open a connection from `localAddress`; resolves with it once connected (or null when refused at once). */
function connectFrom(port: number, localAddress: string): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    socket.once('connect', () => resolve(socket));
    socket.once('error', () => resolve(null));
  });
}

/** The first line the server sends on `socket` (null when it closes without one), and when. */
function firstLine(socket: net.Socket): Promise<{ line: string | null; at: number }> {
  return new Promise((resolve) => {
    let buffer = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      const at = buffer.indexOf('\r\n');
      if (at >= 0) resolve({ line: buffer.slice(0, at), at: performance.now() });
    });
    socket.once('close', () => resolve({ line: buffer ? buffer : null, at: performance.now() }));
    socket.on('error', () => {});
  });
}

async function smtpSlots(smtpPort: number, token: string): Promise<void> {
  const authPlain = Buffer.from(`\u0000mailgate\u0000${token}`).toString('base64');
  let n = 0;
  const honest = (durationMs: number) =>
    smtpLoad({
      port: smtpPort,
      connections: 1,
      durationMs,
      authPlain,
      from: 'app@acme.example',
      next: () => ({ to: `smtp-${n++}@example.com`, message: Buffer.from(`Subject: slots ${n}\r\nFrom: app@acme.example\r\n\r\nhello\r\n.\r\n`) }),
      perMessageConnection: true,
      pipelining: false,
    });
  const quiet = await honest(5_000);
  const sockets = (await Promise.all(Array.from({ length: SMTP_SLOW }, () => connectFrom(smtpPort, '127.0.0.2')))).filter((s): s is net.Socket => s !== null);
  const greetings = sockets.map((s) => firstLine(s));
  const answered = await Promise.all(greetings);
  const held = sockets.filter((_, i) => answered[i]!.line?.startsWith('220'));
  const refused = answered.filter((g) => g.line?.startsWith('421')).length;
  const trickle = setInterval(() => held.forEach((s) => s.writable && s.write('N')), 5_000);
  const attacked = await honest(10_000);
  clearInterval(trickle);
  for (const s of sockets) s.destroy();
  console.log(
    `SMTP: ${SMTP_SLOW} slow connections from 127.0.0.2: ${held.length} held, ${refused} refused (${answered.find((g) => g.line?.startsWith('421'))?.line ?? 'none'}); ` +
      `honest client on 127.0.0.1 (a connection per message): ${attacked.accepted} sent, ${attacked.failed} failed, p99 ${ms(attacked.p99)} ` +
      `(quiet: ${quiet.accepted} sent, p99 ${ms(quiet.p99)}); ratio p99 attacked/quiet ${(attacked.p99 / quiet.p99).toFixed(2)}`,
  );
}

async function httpSlots(url: string, port: number, token: string): Promise<void> {
  const honest = async (durationMs: number) => {
    const times: number[] = [];
    let failed = 0;
    const until = performance.now() + durationMs;
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/v2/emails?limit=1`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status === 200) times.push(performance.now() - t0);
      else failed++;
      await sleep(20);
    }
    return { times, failed };
  };
  const quiet = await honest(5_000);
  const started = performance.now();
  const sockets = (await Promise.all(Array.from({ length: HTTP_SLOW }, () => connectFrom(port, '127.0.0.2')))).filter((s): s is net.Socket => s !== null);
  const answers = sockets.map((s) => firstLine(s));
  for (const s of sockets) s.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const trickle = setInterval(() => sockets.forEach((s) => s.writable && s.write('X-Slow: 1\r\n')), 1_000);
  const attacked = await honest(HTTP_HEADERS_TIMEOUT_SECONDS * 1000 + 3_000);
  clearInterval(trickle);
  const settled = await Promise.all(answers.map((a) => Promise.race([a, sleep(2_000).then(() => ({ line: 'still open', at: Number.NaN }))])));
  for (const s of sockets) s.destroy();
  const count = (prefix: string) => settled.filter((a) => a.line?.startsWith(prefix)).length;
  const timedOut = settled.filter((a) => a.line?.startsWith('HTTP/1.1 408'));
  const closedAfter = timedOut.length
    ? percentile(
        timedOut.map((a) => a.at - started),
        50,
      ) / 1000
    : Number.NaN;
  const p99 = percentile(attacked.times, 99);
  const quietP99 = percentile(quiet.times, 99);
  console.log(
    `HTTP: ${HTTP_SLOW} slow-header connections from 127.0.0.2: ${count('HTTP/1.1 429')} refused at once (429), ${timedOut.length} held then sent away (408, median after ${closedAfter.toFixed(1)} s; HTTP_HEADERS_TIMEOUT_SECONDS=${HTTP_HEADERS_TIMEOUT_SECONDS}), ${count('still open')} still open; ` +
      `honest GETs on 127.0.0.1: ${attacked.times.length} answered, ${attacked.failed} failed, p99 ${ms(p99)} (quiet: p99 ${ms(quietP99)}); ratio p99 attacked/quiet ${(p99 / quietP99).toFixed(2)}`,
  );
}

/** A webhook receiver that holds every request until `answer()`, then answers 204 to those and every later one. */
async function silentReceiver() {
  let answering = false;
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (answering) response.writeHead(204).end();
      else {
        held.add(response);
        response.on('close', () => held.delete(response));
      }
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    answer() {
      answering = true;
      for (const response of held) response.writeHead(204).end();
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

async function api(url: string, token: string, path: string, body: unknown): Promise<Response> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** An organization with `urls.length` webhooks on subscriber.created, then `subscribers` new subscribers: a delivery per pair. */
async function webhookStorm(url: string, dataDir: string, name: string, urls: string[], subscribers: number): Promise<string> {
  const org = await createOrg(dataDir, { name, plan: 'enterprise' });
  for (const target of urls) await api(url, org.token, '/api/v2/webhooks', { url: target, events: ['subscriber.created'] });
  for (let i = 0; i < subscribers; i++) await api(url, org.token, '/api/v2/subscribers', { email: `lead${i}@${name}.example` });
  return org.id;
}

async function webhookStorms(url: string, dataDir: string, receiver: Awaited<ReturnType<typeof silentReceiver>>): Promise<void> {
  const victim = await createOrg(dataDir, { name: 'webhook-victim', plan: 'enterprise' });
  const victimRound = async () => {
    const run = await runNoisyNeighbours({ url, victimToken: victim.token, attackerTokens: [], durationMs: DURATION_MS, victimEveryMs: VICTIM_EVERY_MS });
    await sleep(2_000);
    const lags = await deliveryLagsMs(url, victim.token, run.victimIds);
    const delivered = lags.filter((l): l is number => l !== null);
    return { sent: lags.length, delivered: delivered.length, p50: percentile(delivered, 50), p99: percentile(delivered, 99) };
  };
  const line = (what: string, r: Awaited<ReturnType<typeof victimRound>>, quiet?: Awaited<ReturnType<typeof victimRound>>) =>
    `webhooks, ${what}: victim delivered ${r.delivered}/${r.sent}, accepted→delivered p50 ${ms(r.p50)}, p99 ${ms(r.p99)}` +
    (quiet ? `; ratio p99 / quiet ${(r.p99 / quiet.p99).toFixed(2)} (target ≤ 2: ${r.p99 <= 2 * quiet.p99 && r.delivered === r.sent ? 'met' : 'MISSED'})` : '');
  const quiet = await victimRound();
  console.log(line('quiet', quiet));

  const silentOrg = await webhookStorm(
    url,
    dataDir,
    'silent-crm',
    Array.from({ length: 20 }, (_, i) => `${receiver.url}/crm/${i}`),
    100,
  );
  const silent = await victimRound();
  console.log(line('2 000 deliveries to a receiver that never answers', silent, quiet));

  const unresolvableOrg = await webhookStorm(
    url,
    dataDir,
    'no-dns',
    Array.from({ length: 10 }, (_, i) => `http://hook${i}.unresolvable.test/in`),
    100,
  );
  const unresolvable = await victimRound();
  console.log(line('10 webhooks to names whose DNS never answers', unresolvable, quiet));

  // The receiver is back: how long until the first organization's deliveries are all through (paused endpoints resume when their pause ends).
  const back = performance.now();
  receiver.answer();
  const count = () =>
    readDb(
      dataDir,
      (db) =>
        db.prepare(`select status, count(*) as n from webhook_deliveries where organization_id = ? group by status`).all(silentOrg) as {
          status: string;
          n: number;
        }[],
    );
  let states = count();
  while (performance.now() - back < 180_000 && states.some((s) => s.status !== 'delivered')) {
    await sleep(1_000);
    states = count();
  }
  const delivered = states.find((s) => s.status === 'delivered')?.n ?? 0;
  const others = readDb(
    dataDir,
    (db) => db.prepare(`select count(*) as n from webhook_deliveries where organization_id = ? and attempts > 0`).get(unresolvableOrg) as { n: number },
  );
  console.log(
    `webhooks, receiver back: ${delivered}/2000 delivered ${((performance.now() - back) / 1000).toFixed(1)} s after it answered again ` +
      `(${states.map((s) => `${s.n} ${s.status}`).join(', ')}); the unresolvable names' deliveries attempted so far: ${others.n} of 1000, the rest paused with their endpoints`,
  );
}

async function main(): Promise<void> {
  console.log(
    `bench:abuse  ${os.cpus().length} cores, CPU_THREADS default; fair CPU: a victim sending every ${VICTIM_EVERY_MS} ms for ${DURATION_MS / 1000} s ` +
      `with ${ATTACKER_COUNTS.join(', ')} free-plan organizations sending 120 KB of \`_a\` markdown back to back`,
  );
  watchdog((120 + (ATTACKER_COUNTS.length + 3) * (DURATION_MS / 1000 + 30) + 240) * 1000);
  const dataDir = tempDir('mailgate-bench-abuse-');
  const smtpPort = await freePort();
  // A name server that never answers, for the webhooks to unresolvable names.
  const silentDns = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => silentDns.bind(0, '127.0.0.1', resolve));
  const receiver = await silentReceiver();
  try {
    const server = await startMailgate(
      dataDir,
      {
        SMTP_PORT: String(smtpPort),
        SMTP_ALLOW_INSECURE_AUTH: 'true',
        HTTP_HEADERS_TIMEOUT_SECONDS: String(HTTP_HEADERS_TIMEOUT_SECONDS),
        WEBHOOK_ALLOW_PRIVATE: 'true',
        DNS_SERVERS: `127.0.0.1:${silentDns.address().port}`,
      },
      { timeoutMs: 40_000 },
    );
    if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'webhooks') await webhookStorms(server.url, dataDir, receiver);
    if (process.env.BENCH_ONLY === 'webhooks') return;
    await fairCpu(server.url, dataDir);
    const app = await createOrg(dataDir, { name: 'honest', plan: 'enterprise' });
    await smtpSlots(smtpPort, app.token);
    await httpSlots(server.url, Number(new URL(server.url).port), app.token);
  } finally {
    await stopAll();
    await receiver.close();
    silentDns.close();
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
