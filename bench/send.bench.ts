// bench:send — markdown sends against the real server (SQLite, capture transport,
// worker running) vs a bare Fastify JSON route, both measured in this run.
// Limits stay on, so the quota and the per-IP check are part of every send, but
// they are set so high that they never refuse: the load runs as an organization
// with a custom quota, and the per-IP rate is raised.
import os from 'node:os';
import {
  cpuSeconds,
  createOrg,
  describe,
  freePort,
  load,
  medianBy,
  quotaTally,
  readDb,
  startChild,
  startMailgate,
  stopAll,
  tempDir,
  watchdog,
  type LoadResult,
} from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TOKEN = 'mailgate_bench_token_0123456789abcdefghij';
/** BENCH_CPU_PROF=DIR: run Mailgate with --cpu-prof into DIR (the profile is written when it stops); read it with `npm run diagnose:profile DIR`. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** Requests per minute for the load's organization, and per second per IP: counted, never reached. */
const ORG_QUOTA = 1_000_000_000;
const IP_RATE_LIMIT = 1_000_000_000;

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
  const dataDir = tempDir('mailgate-bench-');
  console.log(
    `bench:send  ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s against each, ~${sampleSize}-byte markdown body, ${os.cpus().length} cores`,
  );
  // Generous: warm-up, then per round two loads and a drain of at most 120 s, plus starting and stopping.
  watchdog((60 + 130 + ROUNDS * (2 * DURATION + 130)) * 1000);

  let headers: Record<string, string> = {};
  const sendOptions = (url: string, duration: number) => ({
    url,
    connections: CONNECTIONS,
    duration,
    requests: [{ method: 'POST' as const, path: '/api/v2/emails', headers, setupRequest: (req: object) => ({ ...req, body: body() }) }],
  });

  const roles = process.env.BENCH_ROLES ?? 'http,worker';
  const withWorker = roles.split(',').includes('worker');
  const barePort = await freePort();
  const bareUrl = `http://127.0.0.1:${barePort}`;

  /** Wait until the worker has delivered everything accepted; returns deliveries/s while draining. */
  async function drain(): Promise<{ seconds: number; rate: number; left: number }> {
    const start = performance.now();
    const first = await deliveryCounts(dataDir);
    let now = first;
    while (withWorker && now.delivered < now.accepted && performance.now() - start < 120_000) {
      await new Promise((r) => setTimeout(r, 250));
      now = await deliveryCounts(dataDir);
    }
    const seconds = (performance.now() - start) / 1000;
    return { seconds, rate: (now.delivered - first.delivered) / Math.max(seconds, 0.001), left: now.accepted - now.delivered };
  }

  try {
    await startChild('bench/bare-server.ts', { PORT: String(barePort) }, /LISTENING \d+/);
    const { child: mailgate, url: mailgateUrl } = await startMailgate(
      dataDir,
      {
        MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
        MAILGATE_ROLES: roles,
        RATE_LIMITS: 'on',
        IP_RATE_LIMIT: String(IP_RATE_LIMIT),
        ...(process.env.DELIVERY_CONCURRENCY ? { DELIVERY_CONCURRENCY: process.env.DELIVERY_CONCURRENCY } : {}),
      },
      CPU_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] } : {},
    );
    // The bootstrap organization is enterprise (2000 a minute): the load runs as one with its own quota.
    const org = await createOrg(dataDir, { name: 'bench-send', plan: 'enterprise', rateLimit: ORG_QUOTA });
    headers = { 'content-type': 'application/json', authorization: `Bearer ${org.token}` };
    const counted = quotaTally(dataDir, org.id);
    console.log(
      `limits on: organization quota ${org.rateLimit} req/min (custom, org ${org.id}), per-IP ${IP_RATE_LIMIT} req/s; both counted on every request, neither reached`,
    );

    // Warm both up; then alternate: the bare route with Mailgate idle (its backlog drained), then the send route.
    await load(sendOptions(bareUrl, 2));
    await load(sendOptions(mailgateUrl, 2));
    await drain();
    const rounds: {
      bare: LoadResult;
      send: LoadResult;
      cpu: { main: number; process: number } | null;
      deliveredInRun: number;
      acceptedInRun: number;
      drained: Awaited<ReturnType<typeof drain>>;
    }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const bare = await load(sendOptions(bareUrl, DURATION));
      const atStart = await deliveryCounts(dataDir);
      const before = cpuSeconds(mailgate.pid!);
      const send = await load(sendOptions(mailgateUrl, DURATION));
      const after = cpuSeconds(mailgate.pid!);
      counted.sample();
      const afterLoad = await deliveryCounts(dataDir);
      const drained = await drain();
      counted.sample();
      const perSend = (seconds: number) => (seconds * 1e6) / Math.max(1, send.requests);
      rounds.push({
        bare,
        send,
        cpu: before && after ? { main: perSend(after.mainThread - before.mainThread), process: perSend(after.process - before.process) } : null,
        deliveredInRun: afterLoad.delivered - atStart.delivered,
        acceptedInRun: afterLoad.accepted - atStart.accepted,
        drained,
      });
      console.log(
        `round ${round}: send ${send.rps.toFixed(0)} req/s (p99 ${send.p99} ms), bare ${bare.rps.toFixed(0)} req/s, ratio ${(send.rps / bare.rps).toFixed(3)}`,
      );
    }

    // The median round by ratio speaks for the run; every round's ratio is listed.
    const median = medianBy(rounds, (r) => r.send.rps / r.bare.rps);
    console.log(describe('send (POST /api/v2/emails)', median.send));
    console.log(describe('bare Fastify route', median.bare));
    if (median.cpu) {
      console.log(
        `server CPU per send: ${median.cpu.main.toFixed(0)} µs on the request thread, ` +
          `${median.cpu.process.toFixed(0)} µs in the whole process (render/compose threads included)`,
      );
    }
    if (withWorker) {
      console.log(
        `delivery during the run: ${median.deliveredInRun} delivered (capture) of ${median.acceptedInRun} accepted; ` +
          `the rest drained in ${median.drained.seconds.toFixed(1)} s with no load: ${median.drained.rate.toFixed(0)} deliveries/s` +
          (median.drained.left > 0 ? ` (gave up with ${median.drained.left} left)` : ''),
      );
    } else {
      console.log(`worker off (BENCH_ROLES=${roles}): accepting only`);
    }
    const ratios = rounds.map((r) => (r.send.rps / r.bare.rps).toFixed(3)).join(', ');
    console.log(
      `ratio send/bare: ${(median.send.rps / median.bare.rps).toFixed(3)} median of ${ROUNDS} rounds (${ratios})  (a diagnostic of accepting alone; the throughput target is bench:e2e's, end to end)`,
    );

    // Broken, not slow: any refusal or failure of a send means the numbers above measured something else.
    const sends = rounds.reduce((n, r) => n + r.send.requests, 0);
    const non2xx = rounds.reduce((n, r) => n + r.send.non2xx, 0);
    const errors = rounds.reduce((n, r) => n + r.send.errors, 0);
    const statuses = rounds
      .map((r) => r.send.statuses)
      .filter(Boolean)
      .join(', ');
    console.log(
      `quota counted in the database: ${counted.total()} requests of the load's organization (warm-up and all rounds); ` +
        `${non2xx} non-2xx${statuses ? ` [${statuses}]` : ''} and ${errors} errors in ${sends} measured sends`,
    );
    if (non2xx > 0 || errors > 0) {
      console.error('bench:send is broken: sends were refused or failed');
      process.exitCode = 1;
    }
  } finally {
    await stopAll();
  }
}

/** Emails accepted and delivered so far, from the server's SQLite file. */
async function deliveryCounts(dataDir: string): Promise<{ accepted: number; delivered: number }> {
  const row = readDb(dataDir, (db) =>
    db.prepare("select count(*) as accepted, sum(case when last_event = 'delivered' then 1 else 0 end) as delivered from emails").get(),
  ) as { accepted: number; delivered: number | null };
  return { accepted: row.accepted, delivered: row.delivered ?? 0 };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
