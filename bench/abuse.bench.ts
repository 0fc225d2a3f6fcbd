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
import net from 'node:net';
import os from 'node:os';
import { deliveryLagsMs, percentile, runNoisyNeighbours, type NeighboursResult } from '../test/helpers/noisy-neighbours.ts';
import { createOrg, freePort, startMailgate, stopAll, tempDir, watchdog } from './lib.ts';
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
  const refused = Object.entries(run.victimRefused).map(([status, n]) => `${n}×${status}`).join(', ') || 'none';
  const delivered = lags.filter((lag): lag is number => lag !== null);
  const attacks = Object.entries(run.attackerAnswers).map(([status, n]) => `${n}×${status}`).join(', ') || 'none';
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
    const run = await runNoisyNeighbours({ url, victimToken: victim.token, attackerTokens: attackers, durationMs: DURATION_MS, victimEveryMs: VICTIM_EVERY_MS });
    await sleep(2_000);
    const lags = await deliveryLagsMs(url, victim.token, run.victimIds);
    console.log(describeRun(count, run, lags));
    p99s.set(count, percentile(run.victimMs, 99));
    lagP99s.set(count, percentile(lags.filter((l): l is number => l !== null), 99));
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
  const closedAfter = timedOut.length ? percentile(timedOut.map((a) => a.at - started), 50) / 1000 : Number.NaN;
  const p99 = percentile(attacked.times, 99);
  const quietP99 = percentile(quiet.times, 99);
  console.log(
    `HTTP: ${HTTP_SLOW} slow-header connections from 127.0.0.2: ${count('HTTP/1.1 429')} refused at once (429), ${timedOut.length} held then sent away (408, median after ${closedAfter.toFixed(1)} s; HTTP_HEADERS_TIMEOUT_SECONDS=${HTTP_HEADERS_TIMEOUT_SECONDS}), ${count('still open')} still open; ` +
      `honest GETs on 127.0.0.1: ${attacked.times.length} answered, ${attacked.failed} failed, p99 ${ms(p99)} (quiet: p99 ${ms(quietP99)}); ratio p99 attacked/quiet ${(p99 / quietP99).toFixed(2)}`,
  );
}

async function main(): Promise<void> {
  console.log(
    `bench:abuse  ${os.cpus().length} cores, CPU_THREADS default; fair CPU: a victim sending every ${VICTIM_EVERY_MS} ms for ${DURATION_MS / 1000} s ` +
      `with ${ATTACKER_COUNTS.join(', ')} free-plan organizations sending 120 KB of \`_a\` markdown back to back`,
  );
  watchdog((120 + ATTACKER_COUNTS.length * (DURATION_MS / 1000 + 30) + 60) * 1000);
  const dataDir = tempDir('mailgate-bench-abuse-');
  const smtpPort = await freePort();
  try {
    const server = await startMailgate(
      dataDir,
      {
        SMTP_PORT: String(smtpPort),
        SMTP_ALLOW_INSECURE_AUTH: 'true',
        HTTP_HEADERS_TIMEOUT_SECONDS: String(HTTP_HEADERS_TIMEOUT_SECONDS),
      },
      { timeoutMs: 40_000 },
    );
    await fairCpu(server.url, dataDir);
    const app = await createOrg(dataDir, { name: 'honest', plan: 'enterprise' });
    await smtpSlots(smtpPort, app.token);
    await httpSlots(server.url, Number(new URL(server.url).port), app.token);
  } finally {
    await stopAll();
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
