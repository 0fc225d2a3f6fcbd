// bench:campaign — one campaign to BENCH_SUBSCRIBERS (default 100 000) subscribers
// on the real server (http + worker roles, SQLite), delivered through RELAY_URL
// into a local SMTP sink that drains and counts (bench/relay-sink.ts, its own
// process). Measured from POST /api/v2/campaigns/:id/send until the sink has
// every recipient and the campaign is `sent`: messages/s end to end, the fan-out
// time, the server's peak RSS (sampled every 250 ms, and VmHWM), GET /health
// latency during the send (sequential, every 20 ms, one kept-alive socket) and
// CPU per message. The baseline, in the same run and into the same sink: nodemailer
// alone (bench/nodemailer-push.ts, its own process) pushing the same number of
// messages over a pool set up like Mailgate's relay transport (5 connections).
// The headline ratio is against nodemailer composing the same personalized
// message per recipient (what Mailgate has to do too: no two are alike), before
// and after the Mailgate run; pre-built raw MIME (the transport's ceiling) and a
// 10-connection pool are printed beside it.
//
// BENCH_SUBSCRIBERS=10000 for a quick check; BENCH_BASELINES=compose skips the raw
// and 10-connection baselines; DELIVERY_CONCURRENCY and CPU_THREADS are passed to
// Mailgate; BENCH_CPU_PROF=DIR profiles it.
//
// The subscribers are written straight into the SQLite file (after `mailgate
// migrate`, before the server starts), not through the API. Timing never fails
// the bench; a lost, duplicated, refused or failed message does (exit 1).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { AUDIENCE_TAG, CAMPAIGN_FROM, CAMPAIGN_MARKDOWN, CAMPAIGN_PREVIEW, CAMPAIGN_SUBJECT, insertAudience } from './campaign-fixture.ts';
import {
  cpuSeconds,
  createOrg,
  freePort,
  insertVerifiedDomain,
  mailgateCli,
  readDb,
  startChild,
  startMailgate,
  stopAll,
  stopChild,
  tempDir,
  watchdog,
} from './lib.ts';

const SUBSCRIBERS = Math.max(100, Number(process.env.BENCH_SUBSCRIBERS ?? 100_000));
/** Mailgate's relay transport pools this many connections (fixed in src/delivery/relay-transport.ts). */
const RELAY_POOL = 5;
/** Sends in flight in the baseline: Mailgate's DELIVERY_CONCURRENCY default. */
const BASELINE_WINDOW = Number(process.env.BENCH_BASELINE_WINDOW ?? process.env.DELIVERY_CONCURRENCY ?? 32);
/**
 * BENCH_BASELINES=compose runs only the headline baseline (before and after), for quicker runs;
 * `none` runs no baseline (no ratio: for tuning memory, say); default all four.
 */
const ALL_BASELINES = process.env.BENCH_BASELINES === undefined || process.env.BENCH_BASELINES === 'all';
const NO_BASELINE = process.env.BENCH_BASELINES === 'none';
/** BENCH_CPU_PROF=DIR: run Mailgate with --cpu-prof into DIR (written when it stops); read it with `npm run diagnose:profile DIR`. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const ORG_QUOTA = 1_000_000_000;
const IP_RATE_LIMIT = 1_000_000_000;
const HEALTH_EVERY_MS = 20;
const RSS_EVERY_MS = 250;
const POLL_MS = 200;
/** The Mailgate send may take this long before the bench gives up on it; a baseline gets the same. */
const PHASE_LIMIT_S = Math.max(180, SUBSCRIBERS / 100);

const FLOOR = { ratio: 0.5, rssMb: 300, healthP99Ms: 50 };
const GOAL = { ratio: 0.8, rssMb: 200 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const problems: string[] = [];
/** The verified domain's key, once written: the compose baselines sign with it. */
let dkim: { keyFile: string; selector: string; domain: string } | null = null;

// ---------------------------------------------------------------------------
// The sink's counters (its control port).

interface SinkStats {
  messages: number;
  recipients: number;
  distinct: number;
  bytes: number;
  firstAt: number;
  lastAt: number;
  sample?: string | null;
}

function sinkClient(controlPort: number) {
  const base = `http://127.0.0.1:${controlPort}`;
  return {
    async stats(withSample = false): Promise<SinkStats> {
      return (await (await fetch(`${base}/stats${withSample ? '?sample=1' : ''}`)).json()) as SinkStats;
    },
    async reset(): Promise<void> {
      await fetch(`${base}/reset`, { method: 'POST' });
    },
  };
}
type Sink = ReturnType<typeof sinkClient>;

/** What a sample message must show: personalized (no placeholder left), with its unsubscribe headers. */
function checkSample(label: string, sample: string | null | undefined, signed: boolean): void {
  if (!sample) return void problems.push(`${label}: the sink kept no sample message`);
  if (sample.includes('{{')) problems.push(`${label}: a placeholder was sent unfilled`);
  if (!/^List-Unsubscribe: <[^>]+>\r?$/m.test(sample)) problems.push(`${label}: no List-Unsubscribe header`);
  if (!/^Subject: What shipped in November, /m.test(sample)) problems.push(`${label}: not the campaign's subject`);
  if (signed && !/^DKIM-Signature: .*\bd=acme\.example;/m.test(sample)) problems.push(`${label}: not DKIM-signed by acme.example`);
}

// ---------------------------------------------------------------------------
// Samplers: the server's RSS, and GET /health in a loop.

interface Rss {
  rss: number;
  /** Of which anonymous memory (heaps, malloc) and file-backed pages (code, mapped files). */
  anon: number;
  file: number;
  hwm: number;
}

function rssOf(pid: number): Rss | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') * 1024, anon: kb('RssAnon') * 1024, file: kb('RssFile') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return null;
  }
}

function sampleRss(pid: number): { stop(): { peak: Rss; hwm: number; samples: number } } {
  let peak: Rss = { rss: 0, anon: 0, file: 0, hwm: 0 };
  let samples = 0;
  const take = () => {
    const r = rssOf(pid);
    if (r) {
      if (r.rss > peak.rss) peak = r;
      samples++;
    }
  };
  take();
  const timer = setInterval(take, RSS_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peak, hwm: rssOf(pid)?.hwm ?? NaN, samples };
    },
  };
}

function healthLoop(baseUrl: string): { stop(): Promise<{ ms: number[]; at: number[]; failures: number }> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ms: number[] = [];
  /** When each request was sent (Date.now()). */
  const at: number[] = [];
  let failures = 0;
  let running = true;
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(`${baseUrl}/health`, { agent, timeout: 30_000 }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('GET /health timed out')));
      req.on('error', reject);
    });
  const done = (async () => {
    while (running) {
      const start = performance.now();
      const sentAt = Date.now();
      try {
        const status = await get();
        ms.push(performance.now() - start);
        at.push(sentAt);
        if (status !== 200) failures++;
      } catch {
        failures++;
      }
      await sleep(HEALTH_EVERY_MS);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      agent.destroy();
      return { ms, at, failures };
    },
  };
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

const mb = (bytes: number) => bytes / (1024 * 1024);

// ---------------------------------------------------------------------------
// The baseline: nodemailer alone, into the same sink.

interface BaselineResult {
  label: string;
  rate: number;
  seconds: number;
  cpuMsPerMessage: number;
  avgBytes: number;
}

async function runBaseline(sink: Sink, sinkPort: number, mode: 'compose' | 'raw', maxConnections: number, label: string): Promise<BaselineResult | null> {
  await sink.reset();
  const resultFile = path.join(tempDir('mailgate-bench-push-'), 'result.json');
  const child = await startChild(
    'bench/nodemailer-push.ts',
    {
      PORT: String(sinkPort),
      COUNT: String(SUBSCRIBERS),
      MODE: mode,
      MAX_CONNECTIONS: String(maxConnections),
      WINDOW: String(BASELINE_WINDOW),
      RESULT_FILE: resultFile,
      ...(dkim ? { DKIM_KEY_FILE: dkim.keyFile, DKIM_SELECTOR: dkim.selector, DKIM_DOMAIN: dkim.domain } : {}),
    },
    /READY/,
    { timeoutMs: 120_000 },
  );
  const exited = await new Promise<boolean>((resolve) => {
    if (child.exitCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), PHASE_LIMIT_S * 1000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!exited) {
    await stopChild(child);
    problems.push(`${label}: did not finish within ${PHASE_LIMIT_S} s`);
    return null;
  }
  if (!fs.existsSync(resultFile)) {
    problems.push(`${label}: exited with ${child.exitCode} and no result`);
    return null;
  }
  const r = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as {
    sent: number;
    failed: number;
    firstError: string | null;
    startedAt: number;
    cpuSeconds: number;
  };
  const s = await sink.stats(true);
  if (r.failed > 0) problems.push(`${label}: ${r.failed} sends failed (${r.firstError})`);
  if (s.messages !== SUBSCRIBERS || s.distinct !== SUBSCRIBERS)
    problems.push(`${label}: the sink counted ${s.messages} messages to ${s.distinct} distinct recipients, not ${SUBSCRIBERS}`);
  checkSample(label, s.sample, mode === 'compose');
  const seconds = (s.lastAt - r.startedAt) / 1000;
  const result = {
    label,
    rate: s.messages / seconds,
    seconds,
    cpuMsPerMessage: (r.cpuSeconds * 1000) / SUBSCRIBERS,
    avgBytes: s.bytes / Math.max(1, s.messages),
  };
  console.log(
    `  ${label.padEnd(44)} ${result.rate.toFixed(0).padStart(6)} messages/s  (${seconds.toFixed(1)} s, ${result.cpuMsPerMessage.toFixed(3)} ms CPU/message, ${result.avgBytes.toFixed(0)} bytes/message)`,
  );
  return result;
}

// ---------------------------------------------------------------------------

async function api(baseUrl: string, token: string, pathname: string, body?: unknown): Promise<{ status: number; json: any; ms: number }> {
  const start = performance.now();
  const res = await fetch(baseUrl + pathname, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json();
  return { status: res.status, json, ms: performance.now() - start };
}

async function main(): Promise<void> {
  const cores = os.cpus().length;
  console.log(`bench:campaign  ${SUBSCRIBERS} subscribers, ${cores} cores, node ${process.version}`);
  // Setup, then the Mailgate send and up to four baselines, each bounded by PHASE_LIMIT_S, plus starting and stopping.
  watchdog((240 + PHASE_LIMIT_S * 5) * 1000);

  const dataDir = tempDir('mailgate-bench-campaign-');
  try {
    await mailgateCli(['migrate'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const org = await createOrg(dataDir, { name: 'bench-campaign', plan: 'enterprise', rateLimit: ORG_QUOTA });
    const inserted = insertAudience(dataDir, org.id, SUBSCRIBERS);
    dkim = insertVerifiedDomain(dataDir, org.id, CAMPAIGN_FROM.slice(CAMPAIGN_FROM.lastIndexOf('@') + 1, -1));
    console.log(
      `sending domain: ${dkim.domain} written as verified, DKIM selector ${dkim.selector}: Mailgate signs each message (rsa-sha256) and so do the compose baselines, with the same key`,
    );
    console.log(
      `audience: ${SUBSCRIBERS} subscribed subscribers tagged "${AUDIENCE_TAG}", written straight into the SQLite file with better-sqlite3 ` +
        `(one transaction, ${inserted.seconds.toFixed(1)} s, after \`mailgate migrate\`, before the server started; not through the API)`,
    );

    const sinkPort = await freePort();
    const controlPort = await freePort();
    const sinkChild = await startChild('bench/relay-sink.ts', { PORT: String(sinkPort), CONTROL_PORT: String(controlPort) }, /LISTENING \d+ \d+/);
    const sink = sinkClient(controlPort);

    const passThrough = Object.fromEntries(['DELIVERY_CONCURRENCY', 'CPU_THREADS'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
    const mailgate = await startMailgate(
      dataDir,
      {
        RELAY_URL: `smtp://127.0.0.1:${sinkPort}`,
        MAILGATE_ROLES: 'http,worker',
        RATE_LIMITS: 'on',
        IP_RATE_LIMIT: String(IP_RATE_LIMIT),
        ...passThrough,
      },
      { timeoutMs: 40_000, ...(CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] } : {}) },
    );
    const pid = mailgate.child.pid!;
    console.log(
      `mailgate: roles http,worker, RELAY_URL=smtp://127.0.0.1:${sinkPort} (the sink), relay pool ${RELAY_POOL} connections (fixed), ` +
        `DELIVERY_CONCURRENCY=${passThrough.DELIVERY_CONCURRENCY ?? '32 (default)'}, CPU_THREADS=${passThrough.CPU_THREADS ?? `default (${Math.max(2, Math.min(4, cores - 1))})`}; ` +
        `limits on, organization quota ${ORG_QUOTA}/min, never reached`,
    );

    // Baseline first (Mailgate idle), then Mailgate, then the baselines again: the host drifts, so the headline ratio
    // uses the mean of the compose baseline before and after.
    console.log(
      `baselines: nodemailer alone, pooled like the relay transport (maxMessages ∞), ${BASELINE_WINDOW} sends in flight, ${SUBSCRIBERS} messages each, into the same sink`,
    );
    const composeBefore = NO_BASELINE
      ? null
      : await runBaseline(sink, sinkPort, 'compose', RELAY_POOL, `compose per message, ${RELAY_POOL} connections (before)`);

    // ---- Mailgate
    const created = await api(mailgate.url, org.token, '/api/v2/campaigns', {
      name: 'November news (bench)',
      from: CAMPAIGN_FROM,
      subject: CAMPAIGN_SUBJECT,
      preview: CAMPAIGN_PREVIEW,
      markdown: CAMPAIGN_MARKDOWN,
      audience: { tags: [AUDIENCE_TAG] },
      tracking: { opens: false, clicks: false },
    });
    if (created.status !== 201) throw new Error(`POST /api/v2/campaigns answered ${created.status}: ${JSON.stringify(created.json)}`);
    const campaignId = created.json.id as string;
    const counted = await api(mailgate.url, org.token, '/api/v2/audience/count', { campaign_id: campaignId });
    if (counted.json.count !== SUBSCRIBERS) problems.push(`audience count is ${counted.json.count}, not ${SUBSCRIBERS}`);
    console.log(
      `campaign ${campaignId}: markdown ${Buffer.byteLength(CAMPAIGN_MARKDOWN)} bytes with {{first_name | "there"}}, tracking off, audience tag "${AUDIENCE_TAG}" (${counted.json.count} subscribed, counted in ${counted.ms.toFixed(0)} ms)`,
    );

    // /health with the server idle, for comparison.
    const idle = healthLoop(mailgate.url);
    await sleep(2000);
    const idleHealth = await idle.stop();
    const idleRss = rssOf(pid);

    await sink.reset();
    const rss = sampleRss(pid);
    const health = healthLoop(mailgate.url);
    const cpuBefore = cpuSeconds(pid);
    const sinkCpuBefore = cpuSeconds(sinkChild.pid!);
    const t0 = Date.now();
    const sent = await api(mailgate.url, org.token, `/api/v2/campaigns/${campaignId}/send`, {});
    if (sent.status !== 200) throw new Error(`POST send answered ${sent.status}: ${JSON.stringify(sent.json)}`);
    if (sent.json.recipient_count !== SUBSCRIBERS) problems.push(`send reported recipient_count ${sent.json.recipient_count}, not ${SUBSCRIBERS}`);

    let campaign: any = sent.json;
    let stats: SinkStats = await sink.stats();
    let lastReport = t0;
    let finished = false;
    while (Date.now() - t0 < PHASE_LIMIT_S * 1000) {
      await sleep(POLL_MS);
      [campaign, stats] = await Promise.all([api(mailgate.url, org.token, `/api/v2/campaigns/${campaignId}`).then((r) => r.json), sink.stats()]);
      if (Date.now() - lastReport >= 10_000) {
        lastReport = Date.now();
        console.log(
          `  +${((lastReport - t0) / 1000).toFixed(0)} s: fan-out ${campaign.stats.recipients}/${SUBSCRIBERS}, sink ${stats.messages}, RSS ${mb(rssOf(pid)?.rss ?? NaN).toFixed(0)} MB`,
        );
      }
      if (stats.messages >= SUBSCRIBERS && campaign.status === 'sent') {
        finished = true;
        break;
      }
    }
    const cpuAfter = cpuSeconds(pid);
    const sinkCpuAfter = cpuSeconds(sinkChild.pid!);
    const healthResult = await health.stop();
    const memory = rss.stop();
    stats = await sink.stats(true);
    if (!finished) problems.push(`mailgate: not done after ${PHASE_LIMIT_S} s (sink ${stats.messages}/${SUBSCRIBERS}, campaign ${campaign.status})`);
    if (stats.messages !== SUBSCRIBERS || stats.distinct !== SUBSCRIBERS) {
      problems.push(`mailgate: the sink counted ${stats.messages} messages to ${stats.distinct} distinct recipients, not ${SUBSCRIBERS}`);
    }
    const s = campaign.stats;
    if (s.recipients !== SUBSCRIBERS || s.skipped !== 0 || s.sent !== SUBSCRIBERS || s.failed !== 0 || s.bounced !== 0) {
      problems.push(`mailgate: campaign stats ${JSON.stringify(s)}`);
    }
    checkSample('mailgate', stats.sample, true);

    const fanout = readDb(dataDir, (db) =>
      db.prepare('select max(created_at) as last, min(created_at) as first from campaign_recipients where campaign_id = ?').get(campaignId),
    ) as { last: number; first: number };
    const seconds = (stats.lastAt - t0) / 1000;
    const rate = stats.messages / seconds;
    const sentAt = campaign.sent_at ? (Date.parse(campaign.sent_at) - t0) / 1000 : NaN;
    const cpu =
      cpuBefore && cpuAfter ? { main: (cpuAfter.mainThread - cpuBefore.mainThread) * 1000, process: (cpuAfter.process - cpuBefore.process) * 1000 } : null;
    const dbBytes = ['mailgate.db', 'mailgate.db-wal'].reduce(
      (n, f) => n + (fs.existsSync(path.join(dataDir, f)) ? fs.statSync(path.join(dataDir, f)).size : 0),
      0,
    );
    const p = (q: number) => percentile(healthResult.ms, q);

    // ---- Baselines after
    const composeAfter = NO_BASELINE
      ? null
      : await runBaseline(sink, sinkPort, 'compose', RELAY_POOL, `compose per message, ${RELAY_POOL} connections (after)`);
    const raw = ALL_BASELINES ? await runBaseline(sink, sinkPort, 'raw', RELAY_POOL, `pre-built raw MIME, ${RELAY_POOL} connections`) : null;
    const compose10 = ALL_BASELINES ? await runBaseline(sink, sinkPort, 'compose', 10, 'compose per message, 10 connections') : null;

    console.log('');
    console.log(
      `mailgate campaign: ${SUBSCRIBERS} messages in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} messages/s end to end ` +
        `(POST send → the sink has every recipient; POST send answered in ${sent.ms.toFixed(0)} ms; ${(stats.bytes / Math.max(1, stats.messages)).toFixed(0)} bytes/message)`,
    );
    console.log(
      `fan-out: ${SUBSCRIBERS} recipients written in ${((fanout.last - t0) / 1000).toFixed(1)} s (${(SUBSCRIBERS / ((fanout.last - t0) / 1000)).toFixed(0)}/s; last page started at that time); ` +
        `campaign status sent at +${sentAt.toFixed(1)} s`,
    );
    if (cpu) {
      console.log(
        `mailgate CPU per message: ${(cpu.process / SUBSCRIBERS).toFixed(3)} ms in the whole process (${(cpu.main / SUBSCRIBERS).toFixed(3)} ms on the main thread); ` +
          `${(cpu.process / 1000 / seconds).toFixed(2)} of ${cores} cores busy on average`,
      );
    }
    if (sinkCpuBefore && sinkCpuAfter) {
      console.log(
        `sink CPU during the send: ${(((sinkCpuAfter.process - sinkCpuBefore.process) * 1000) / SUBSCRIBERS).toFixed(3)} ms/message (its own process)`,
      );
    }
    console.log(`database after the send: ${mb(dbBytes).toFixed(0)} MB (mailgate.db + WAL)`);
    console.log(
      `/health during the send: p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms, max ${p(1).toFixed(1)} ms (${healthResult.ms.length} requests, ${healthResult.failures} failed); ` +
        `idle before: p50 ${percentile(idleHealth.ms, 0.5).toFixed(1)} ms, p99 ${percentile(idleHealth.ms, 0.99).toFixed(1)} ms`,
    );
    // The fan-out's window apart: its pages are written in synchronous stretches on SQLite, and a
    // request (the dashboard's among them) waits behind each one.
    const inFanOut = healthResult.ms.filter((_, i) => healthResult.at[i]! <= fanout.last);
    const q = (values: number[], at: number) => percentile(values, at).toFixed(1);
    console.log(
      `/health during the fan-out (the first ${((fanout.last - t0) / 1000).toFixed(1)} s): p50 ${q(inFanOut, 0.5)} ms, p99 ${q(inFanOut, 0.99)} ms, ` +
        `max ${q(inFanOut, 1)} ms (${inFanOut.length} requests)`,
    );
    // The loop is sequential: a stall of many seconds is one slow sample, so also say how long the slow ones lasted.
    const slowest = healthResult.ms.indexOf(Math.max(...healthResult.ms));
    const slow = healthResult.ms.filter((v) => v > FLOOR.healthP99Ms);
    console.log(
      `  ${slow.length} of ${healthResult.ms.length} /health requests over ${FLOOR.healthP99Ms} ms, lasting ${(slow.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s ` +
        `of the ${seconds.toFixed(0)} s send; the slowest sent at +${((healthResult.at[slowest]! - t0) / 1000).toFixed(1)} s`,
    );
    if (healthResult.failures > 0) problems.push(`/health failed ${healthResult.failures} times during the send`);

    const composeRuns = [composeBefore, composeAfter].filter((r): r is BaselineResult => r !== null);
    const composeRate = composeRuns.reduce((n, r) => n + r.rate, 0) / Math.max(1, composeRuns.length);
    if (composeRuns.length > 0) {
      console.log(
        `nodemailer (compose per message, ${RELAY_POOL} connections): ${composeRate.toFixed(0)} messages/s, mean of ${composeRuns.map((r) => r.rate.toFixed(0)).join(' and ')} (before and after)`,
      );
      console.log(
        `ratio mailgate/nodemailer: ${(rate / composeRate).toFixed(3)} (floor ${FLOOR.ratio}, goal ${GOAL.ratio})  ` +
          `— against nodemailer composing the same personalized message per recipient over ${RELAY_POOL} pooled connections, like Mailgate's relay transport`,
      );
    }
    if (raw)
      console.log(
        `ratio mailgate/nodemailer-raw: ${(rate / raw.rate).toFixed(3)}  — against nodemailer handing over pre-built raw MIME (${raw.rate.toFixed(0)}/s, ${RELAY_POOL} connections): the transport's ceiling, no MIME building`,
      );
    if (compose10)
      console.log(
        `ratio mailgate/nodemailer-10: ${(rate / compose10.rate).toFixed(3)}  — against nodemailer composing over 10 connections (${compose10.rate.toFixed(0)}/s)`,
      );
    console.log(
      `peak RSS: ${mb(memory.peak.rss).toFixed(0)} MB (floor ${FLOOR.rssMb}, goal ${GOAL.rssMb})  — sampled every ${RSS_EVERY_MS} ms during the send ` +
        `(${mb(memory.peak.anon).toFixed(0)} MB anonymous, ${mb(memory.peak.file).toFixed(0)} MB file-backed); ` +
        `idle before the send ${mb(idleRss?.rss ?? NaN).toFixed(0)} MB; VmHWM since start ${mb(memory.hwm).toFixed(0)} MB`,
    );
    console.log(`/health p99: ${p(0.99).toFixed(1)} ms (floor ${FLOOR.healthP99Ms})`);
    if (CPU_PROF) console.log(`CPU profile of Mailgate: written to ${CPU_PROF} when it stops; read it with npm run diagnose:profile ${CPU_PROF}`);
  } finally {
    await stopAll();
  }
  if (problems.length > 0) {
    console.error(`bench:campaign is broken:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
