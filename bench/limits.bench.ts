// bench:limits — what the request limits cost. Two real servers (http role only,
// SQLite): one with limits on, set so high that nothing is refused but every
// request goes through the per-IP check and is counted in the organization's
// quota row; one with RATE_LIMITS=off. Both answer the same authenticated
// GET /api/v2/emails?limit=1, loaded in alternating rounds.
//
// BENCH_CPU_PROF=DIR runs the limits-on server with --cpu-prof into DIR and
// prints where its self time went (src/limits, rate-limit.ts, kysely).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cpuSeconds,
  createOrg,
  describe,
  load,
  medianBy,
  quotaTally,
  quotaWindows,
  readDb,
  repoRoot,
  startMailgate,
  stopAll,
  tempDir,
  topSelfTime,
  watchdog,
  type LoadResult,
  type Mailgate,
  type SelfTime,
} from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const CPU_PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
/** Requests per minute for the organization, and per second per IP: counted, never reached. */
const ORG_QUOTA = 1_000_000_000;
const IP_RATE_LIMIT = 1_000_000_000;
const PATH = '/api/v2/emails?limit=1';
const TARGET = 0.15;

interface Server extends Mailgate {
  token: string;
  organizationId: string;
}

async function main(): Promise<void> {
  console.log(`bench:limits  GET ${PATH}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s against each server, ${os.cpus().length} cores`);
  watchdog((90 + (ROUNDS + 1) * 2 * (DURATION + 5)) * 1000);
  const onDir = tempDir('mailgate-bench-limits-on-');
  const offDir = tempDir('mailgate-bench-limits-off-');
  let profilePid: number | undefined;
  const broken: string[] = [];

  try {
    if (CPU_PROF) fs.mkdirSync(CPU_PROF, { recursive: true });
    const start = async (dataDir: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<Server> => {
      const server = await startMailgate(dataDir, { MAILGATE_ROLES: 'http', ...env }, { nodeArgs });
      // The same kind of organization on both; only the switch differs.
      const org = await createOrg(dataDir, { name: 'bench-limits', plan: 'free', rateLimit: ORG_QUOTA });
      return { ...server, token: org.token, organizationId: org.id };
    };
    const [on, off] = await Promise.all([
      start(onDir, { RATE_LIMITS: 'on', IP_RATE_LIMIT: String(IP_RATE_LIMIT) }, CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []),
      start(offDir, { RATE_LIMITS: 'off' }),
    ]);
    console.log(
      `limits on:  organization quota ${ORG_QUOTA} req/min (custom, plan free), per-IP ${IP_RATE_LIMIT} req/s: both checked and counted on every request, neither reached`,
    );
    console.log('limits off: RATE_LIMITS=off (no per-IP check, no quota row, no RateLimit headers)');
    if (CPU_PROF) {
      profilePid = on.child.pid;
      console.log(`CPU profile of the limits-on server (pid ${profilePid}) goes to ${CPU_PROF}`);
    }

    // One email in each, so the page the route answers has an item in it (the worker is off: it stays queued).
    for (const server of [on, off]) await seedEmail(server);
    const counted = quotaTally(onDir, on.organizationId);
    let onAnswered = 1;
    let onSent = 1;
    const all: LoadResult[] = [];
    type Measured = LoadResult & { cpuPerRequest: number | null };
    const run = async (server: Server, duration: number): Promise<Measured> => {
      const before = cpuSeconds(server.child.pid!);
      const result = await load({
        url: server.url,
        connections: CONNECTIONS,
        duration,
        requests: [{ method: 'GET', path: PATH, headers: { authorization: `Bearer ${server.token}` } }],
      });
      const after = cpuSeconds(server.child.pid!);
      all.push(result);
      if (server === on) {
        onAnswered += result.requests;
        onSent += result.sent;
        counted.sample();
      }
      // The server's main thread: the request path, where the limits run.
      const cpuPerRequest = before && after ? ((after.mainThread - before.mainThread) * 1e6) / Math.max(1, result.requests) : null;
      return { ...result, cpuPerRequest };
    };

    await run(on, 2);
    await run(off, 2);
    const rounds: { on: Measured; off: Measured }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate which goes first, so neither always runs on a machine still busy with the other.
      let r: { on: Measured; off: Measured };
      if (round % 2 === 1) {
        const onResult = await run(on, DURATION);
        r = { on: onResult, off: await run(off, DURATION) };
      } else {
        const offResult = await run(off, DURATION);
        r = { on: await run(on, DURATION), off: offResult };
      }
      rounds.push(r);
      console.log(
        `round ${round}: on ${r.on.rps.toFixed(0)} req/s (p50 ${r.on.p50} ms, p99 ${r.on.p99} ms), ` +
          `off ${r.off.rps.toFixed(0)} req/s (p50 ${r.off.p50} ms, p99 ${r.off.p99} ms), ratio on/off ${(r.on.rps / r.off.rps).toFixed(3)}`,
      );
    }

    const median = medianBy(rounds, (r) => r.on.rps / r.off.rps);
    const ratio = median.on.rps / median.off.rps;
    console.log(describe('limits on', median.on));
    console.log(describe('limits off', median.off));
    const ratios = rounds.map((r) => (r.on.rps / r.off.rps).toFixed(3)).join(', ');
    console.log(`ratio on/off: ${ratio.toFixed(3)} median of ${ROUNDS} rounds (${ratios})`);
    if (median.on.cpuPerRequest !== null && median.off.cpuPerRequest !== null) {
      console.log(
        `server CPU per request (main thread, median round): on ${median.on.cpuPerRequest.toFixed(0)} µs, off ${median.off.cpuPerRequest.toFixed(0)} µs`,
      );
    }
    console.log(`limits cost: ${((1 - ratio) * 100).toFixed(1)} %  (target ≤ ${TARGET * 100} %)`);

    const non2xx = all.reduce((n, r) => n + r.non2xx, 0);
    const errors = all.reduce((n, r) => n + r.errors, 0);
    const statuses = all
      .map((r) => r.statuses)
      .filter(Boolean)
      .join(', ');
    console.log(
      `non-2xx: ${non2xx}${statuses ? ` [${statuses}]` : ''}, errors: ${errors} in ${all.reduce((n, r) => n + r.requests, 0)} requests (warm-up included)`,
    );
    if (non2xx > 0 || errors > 0) broken.push('requests were refused or failed');

    // Did the limits-on server really count? One more request, then its headers and the quota rows.
    const last = await fetch(`${on.url}${PATH}`, { headers: { authorization: `Bearer ${on.token}` } });
    await last.arrayBuffer();
    onAnswered++;
    onSent++;
    const total = counted.total();
    const windows = quotaWindows(onDir, on.organizationId);
    const current = Math.max(...windows.keys());
    const limit = Number(last.headers.get('ratelimit-limit'));
    const remaining = Number(last.headers.get('ratelimit-remaining'));
    console.log(
      `quota counted (limits on): ${total} in quota_windows over ${counted.windows()} window(s), for ${onAnswered} requests answered ` +
        `(${onSent} sent; up to ${onSent - onAnswered} were in flight when a load stopped)`,
    );
    console.log(
      `last response (limits on): ${last.status}, RateLimit-Limit ${limit}, RateLimit-Remaining ${remaining} ` +
        `(= ${limit - remaining} used; this window's row holds ${windows.get(current)})`,
    );
    if (last.status !== 200) broken.push(`the last request answered ${last.status}`);
    if (total < onAnswered || total > onSent) broken.push(`the quota counted ${total}, not between ${onAnswered} answered and ${onSent} sent`);
    if (limit !== ORG_QUOTA || limit - remaining !== windows.get(current)) broken.push('the RateLimit headers do not match the quota row');

    const offRows = readDb(offDir, (db) => db.prepare('select count(*) as n from quota_windows').get()) as { n: number };
    const offLast = await fetch(`${off.url}${PATH}`, { headers: { authorization: `Bearer ${off.token}` } });
    await offLast.arrayBuffer();
    console.log(`limits off: ${offRows.n} quota rows, RateLimit-Limit header ${offLast.headers.has('ratelimit-limit') ? 'present' : 'absent'}`);
    if (offRows.n !== 0 || offLast.headers.has('ratelimit-limit')) broken.push('the limits-off server counted or reported a quota');
  } finally {
    await stopAll();
  }

  if (CPU_PROF && profilePid !== undefined) {
    // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (the others render and compose).
    const name = fs.readdirSync(CPU_PROF).find((f) => f.includes(`.${profilePid}.0.`) && f.endsWith('.cpuprofile'));
    if (name) reportProfile(path.join(CPU_PROF, name));
    else console.log(`no main-thread .cpuprofile of pid ${profilePid} in ${CPU_PROF} (the server did not exit cleanly?)`);
  }
  if (broken.length > 0) {
    console.error(`bench:limits is broken: ${broken.join('; ')}`);
    process.exitCode = 1;
  }
}

async function seedEmail(server: Server): Promise<void> {
  const response = await fetch(`${server.url}/api/v2/emails`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ from: 'Acme <hello@acme.example>', to: 'seed@example.com', subject: 'Seed', markdown: 'One email to list.' }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`seeding an email answered ${response.status}: ${text}`);
}

function reportProfile(file: string): void {
  const groups: [string, (url: string) => boolean][] = [
    ['src/limits', (url) => url.includes('/src/limits/')],
    ['servers/http/rate-limit.ts', (url) => url.includes('/servers/http/rate-limit.ts')],
    // executeQuery's self time is mostly better-sqlite3 running every query of the request, not only the quota's.
    ['kysely (all queries)', (url) => url.includes('/node_modules/kysely/')],
  ];
  const top = topSelfTime(file);
  console.log(`CPU profile ${file}: ${top.totalMs.toFixed(0)} ms sampled, ${top.busyMs.toFixed(0)} ms not idle`);
  for (const [label, match] of groups) {
    const entries = top.entries.filter((e) => match(e.url));
    const sum = entries.reduce((n, e) => n + e.selfMs, 0);
    console.log(`  ${label}: ${sum.toFixed(0)} ms self (${((100 * sum) / top.busyMs).toFixed(1)} % of busy)`);
    for (const e of entries.slice(0, 6)) {
      console.log(`    ${e.selfMs.toFixed(1).padStart(8)} ms  ${e.functionName || '(anonymous)'}  ${where(e)}`);
    }
  }
  console.log('  top overall:');
  for (const e of top.entries.slice(0, 12)) console.log(`    ${e.selfMs.toFixed(1).padStart(8)} ms  ${e.functionName || '(anonymous)'}  ${where(e)}`);
}

/** A profile entry's file (and line, where the profile knows it: tsx-compiled files report line 1). */
function where(e: SelfTime): string {
  if (!e.url) return '(native)';
  const file = e.url.startsWith('file://') ? path.relative(repoRoot, fileURLToPath(e.url)) : e.url;
  return e.line > 1 ? `${file}:${e.line}` : file;
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
