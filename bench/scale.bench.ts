// bench:scale — what PostgreSQL and more processes do to the rate Mailgate carries,
// and what each email costs, in one run, end to end into the relay sink:
//
//   (a) one process (roles http,smtp,worker) on SQLite, as bench:e2e runs it;
//   (b) the same one process on PostgreSQL (a fresh schema of its own);
//   (c) two http,smtp processes and two worker processes on PostgreSQL.
//
// Each gets the same load, after BENCH_WARM_UP s of it not counted:
//   transactional: BENCH_CONNECTIONS REST connections (POST /api/v2/emails, markdown)
//     and as many SMTP connections (the ~2 KB message of bench:e2e, AUTH PLAIN)
//     at once, as fast as answered, for BENCH_DURATION s; every accepted email is
//     looked for at the sink by its Message-ID. In (c) each door's connections are
//     split between the two http,smtp processes.
//   campaign: one campaign to BENCH_SUBSCRIBERS (20 000) subscribers, from POST
//     send until the sink has every recipient.
// Printed per setup: emails per second end to end (accepted → at the sink: every
// accepted email over the time from the load's start, or POST send, to the last
// arrival), Mailgate's CPU seconds per 1 000 emails (the sum over its processes,
// /proc/<pid>/stat), and on PostgreSQL the database's CPU: the server's processes
// that served this setup (its backends, found by their application_name, plus the
// server's own background processes: WAL writer, checkpointer, …) from /proc, as a
// share of all the CPU the run used (Mailgate, PostgreSQL, the sink and this
// process's load clients). Then the ratios (c)/(b) and (b)/(a).
//
// Last, the probe: where an email's time in PostgreSQL goes. One core in this
// process on a fresh schema (no HTTP) accepts BENCH_PROBE_EMAILS REST-shaped sends,
// 32 at a time, then its worker delivers them into the sink; every statement is
// timed as it runs (the database handle's onQuery, as bench/sql-profile.ts does) and
// every hand-off to the relay around the transport. Printed: the time of an accept's
// commit (synced), of a claim, of a delivery outcome's commit (unsynced), and of a
// hand-off, and how many of each one email takes. bench/README.md explains why this
// and not a log inside Mailgate, and does the arithmetic for 16 and 64 cores.
//
// 127.0.0.1 only; bounded (a watchdog stops everything); timings never fail it; a
// lost, duplicated or refused email does (exit 1); a campaign still under way when
// its time runs out is noted and its rate taken on what arrived. BENCH_ONLY=a,b,c,probe runs some.
// BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { insertAudienceInto, AUDIENCE_TAG, CAMPAIGN_FROM, CAMPAIGN_MARKDOWN, CAMPAIGN_PREVIEW, CAMPAIGN_SUBJECT } from './campaign-fixture.ts';
import { cpuSeconds, freePort, startChild, startMailgate, stopAll, stopChild, tempDir, verifiedDomainRow, watchdog } from './lib.ts';
import { DOT, restBody, type Sink, smtpMessage, startSink } from './mail-load.ts';
import { restLoad } from './rest-client.ts';
import { epochNow, percentile, smtpLoad } from './smtp-client.ts';
import { createCore, loadConfig, migrateToLatest, openDatabase, parseSendBody, systemClock } from '../src/index.ts';
import { createRelayTransport } from '../src/delivery/relay-transport.ts';
import type { Transport } from '../src/delivery/transport.ts';
import { createOrganizationService } from '../src/orgs/index.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 5);
/** Per door: this many REST connections and this many SMTP connections, at once. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SUBSCRIBERS = Math.max(100, Number(process.env.BENCH_SUBSCRIBERS ?? 20_000));
const PROBE_EMAILS = Math.max(100, Number(process.env.BENCH_PROBE_EMAILS ?? 2_000));
/** Sends in flight in the probe's accept phase: as many as one worker's delivery slots. */
const PROBE_IN_FLIGHT = 32;
const ONLY = new Set((process.env.BENCH_ONLY ?? 'a,b,c,probe').split(',').map((s) => s.trim()));
/** Longest wait for the transactional backlog to reach the sink. */
const DRAIN_LIMIT_MS = 120_000;
/** Longest wait for a campaign (or the probe's deliveries) to reach the sink. */
const CAMPAIGN_LIMIT_MS = Math.max(120_000, SUBSCRIBERS * 6);
const ORG_QUOTA = 1_000_000_000;
/** Mailgate's relay transport pools this many connections per process (src/delivery/relay-transport.ts). */
const RELAY_POOL = 5;
/** How often the database's processes are looked at: a backend that ends between two looks loses its last share. */
const PG_SAMPLE_MS = 500;
const CLOCK_TICKS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '–');
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const problems: string[] = [];
/** What kept a figure from being whole without anything being lost (a limit of time reached). */
const notes: string[] = [];

// --- the setups ----------------------------------------------------------------

interface Setup {
  key: 'a' | 'b' | 'c';
  label: string;
  postgres: boolean;
  /** Processes with the doors: http,smtp (and worker when `workers` is 0). */
  doors: number;
  workers: number;
}

const SETUPS: Setup[] = [
  { key: 'a', label: '(a) 1 process, SQLite', postgres: false, doors: 1, workers: 0 },
  { key: 'b', label: '(b) 1 process, PostgreSQL', postgres: true, doors: 1, workers: 0 },
  { key: 'c', label: '(c) 2 http,smtp + 2 worker, PostgreSQL', postgres: true, doors: 2, workers: 2 },
];

/** A PostgreSQL URL whose connections say who they are (pg_stat_activity.application_name). */
function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

// --- CPU ------------------------------------------------------------------------

/** Busy and total core-seconds of the whole machine so far (/proc/stat), whoever used them. */
function machineCpu(): { busy: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / CLOCK_TICKS, total: (busy + idle + iowait) / CLOCK_TICKS };
}

/** Parent pid of a process, or null when it is gone. */
function parentOf(pid: number): number | null {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * The CPU of the PostgreSQL processes that serve one setup: its backends (by their
 * application_name) and the server's background processes and postmaster, which
 * serve every client of the server. Looked at every PG_SAMPLE_MS: each process
 * counts from its first look in the window (0 for one born inside it) to its last.
 */
class PostgresCpu {
  private readonly client: pg.Client;
  private constructor(
    client: pg.Client,
    private readonly applicationName: string,
    private readonly postmaster: number | null,
  ) {
    this.client = client;
  }

  static async open(applicationName: string): Promise<PostgresCpu> {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return new PostgresCpu(client, applicationName, parentOf(rows[0]!.pid));
  }

  /** CPU seconds so far of each process that counts, by kind. */
  async look(): Promise<Map<number, { backend: boolean; cpu: number }>> {
    const { rows } = await this.client.query<{ pid: number; backend_type: string | null; application_name: string | null }>(
      'select pid, backend_type, application_name from pg_stat_activity',
    );
    const seen = new Map<number, { backend: boolean; cpu: number }>();
    const add = (pid: number, backend: boolean) => {
      const cpu = cpuSeconds(pid)?.process;
      if (cpu !== undefined) seen.set(pid, { backend, cpu });
    };
    for (const r of rows) {
      if (r.application_name === this.applicationName) add(r.pid, true);
      else if (r.backend_type !== null && r.backend_type !== 'client backend') add(r.pid, false);
    }
    if (this.postmaster !== null) add(this.postmaster, false);
    return seen;
  }

  /** Start a window; its stop() says the CPU used within it. */
  async window(): Promise<{ stop(): Promise<{ backends: number; background: number }> }> {
    const first = await this.look();
    const last = new Map(first);
    let looking = true;
    const loop = (async () => {
      while (looking) {
        await sleep(PG_SAMPLE_MS);
        if (!looking) break;
        for (const [pid, v] of await this.look()) last.set(pid, v);
      }
    })();
    return {
      stop: async () => {
        looking = false;
        await loop;
        for (const [pid, v] of await this.look()) last.set(pid, v);
        let backends = 0;
        let background = 0;
        for (const [pid, v] of last) {
          const used = v.cpu - (first.get(pid)?.cpu ?? 0);
          if (v.backend) backends += used;
          else background += used;
        }
        return { backends, background };
      },
    };
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

interface CpuUse {
  mailgate: number;
  postgres: { backends: number; background: number } | null;
  sink: number;
  /** This process: the load clients (and the polling). */
  clients: number;
  machine: { busy: number; total: number };
}

/** Everything's CPU from now until stop(). */
async function cpuWindow(mailgatePids: number[], sinkPid: number, postgres: PostgresCpu | null): Promise<{ stop(): Promise<CpuUse> }> {
  const mg = () => mailgatePids.reduce((sum, pid) => sum + (cpuSeconds(pid)?.process ?? NaN), 0);
  const sink = () => cpuSeconds(sinkPid)?.process ?? NaN;
  const pgWindow = postgres ? await postgres.window() : null;
  const m0 = mg();
  const s0 = sink();
  const c0 = process.cpuUsage();
  const machine0 = machineCpu();
  return {
    async stop() {
      const m1 = mg();
      const s1 = sink();
      const c1 = process.cpuUsage(c0);
      const machine1 = machineCpu();
      return {
        mailgate: m1 - m0,
        postgres: pgWindow ? await pgWindow.stop() : null,
        sink: s1 - s0,
        clients: (c1.user + c1.system) / 1e6,
        machine: { busy: machine1.busy - machine0.busy, total: machine1.total - machine0.total },
      };
    },
  };
}

const pgTotal = (c: CpuUse) => (c.postgres ? c.postgres.backends + c.postgres.background : 0);
const allCpu = (c: CpuUse) => c.mailgate + pgTotal(c) + c.sink + c.clients;

function addCpu(a: CpuUse, b: CpuUse): CpuUse {
  return {
    mailgate: a.mailgate + b.mailgate,
    postgres:
      a.postgres && b.postgres ? { backends: a.postgres.backends + b.postgres.backends, background: a.postgres.background + b.postgres.background } : null,
    sink: a.sink + b.sink,
    clients: a.clients + b.clients,
    machine: { busy: a.machine.busy + b.machine.busy, total: a.machine.total + b.machine.total },
  };
}

// --- the load -------------------------------------------------------------------

interface Door {
  url: string;
  smtpPort: number;
}

let runCounter = 0;

/**
 * REST and SMTP at once, CONNECTIONS each, split between the doors, for `durationMs`;
 * then wait for every accepted email at the sink. Rate: accepted (and arrived) over
 * the load's start to the last arrival.
 */
async function transactional(doors: Door[], token: string, sink: Sink, durationMs: number) {
  const run = `scale${process.pid}r${++runCounter}`;
  await sink.reset();
  const accepted = new Map<string, number>();
  const authPlain = Buffer.from(`\u0000mailgate\u0000${token}`).toString('base64');
  const per = Math.max(1, Math.round(CONNECTIONS / doors.length));
  const t0 = epochNow();
  const loads = doors.flatMap((door, d) => {
    const ids: string[] = [];
    return [
      restLoad({
        url: door.url,
        token,
        connections: per,
        durationMs,
        body: (n) => restBody(`${run}h${d}`, n),
        // Mailgate's Message-ID for a REST send: <id@the sender's domain>.
        onAccepted: (_n, id, at) => accepted.set(`${id}@acme.example`, at),
      }),
      smtpLoad({
        port: door.smtpPort,
        connections: per,
        durationMs,
        authPlain,
        from: 'orders@acme.example',
        pipelining: false,
        next: (n) => {
          const m = smtpMessage(`${run}s${d}`, n);
          ids[n] = m.messageId;
          return { to: m.to, message: Buffer.concat([m.message, DOT]) };
        },
        onAccepted: (n, at) => accepted.set(ids[n]!, at),
      }),
    ];
  });
  const results = await Promise.all(loads);
  const t1 = epochNow();
  let arrivals = await sink.arrivals();
  const drainStart = performance.now();
  while ([...accepted.keys()].some((id) => !arrivals.has(id)) && performance.now() - drainStart < DRAIN_LIMIT_MS) {
    await sleep(100);
    arrivals = await sink.arrivals();
  }
  let missing = 0;
  let twice = 0;
  let lastArrival = t1;
  for (const id of accepted.keys()) {
    const arrival = arrivals.get(id);
    if (!arrival) {
      missing++;
      continue;
    }
    if (arrival[1] > 1) twice++;
    lastArrival = Math.max(lastArrival, arrival[0]);
  }
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const samples = results.flatMap((r) => r.samples);
  const delivered = accepted.size - missing;
  return {
    accepted: accepted.size,
    delivered,
    failed,
    sample: samples[0],
    missing,
    twice,
    acceptedPerS: accepted.size / ((t1 - t0) / 1000),
    seconds: (lastArrival - t0) / 1000,
    perS: delivered / ((lastArrival - t0) / 1000),
  };
}

async function api(baseUrl: string, token: string, pathname: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(baseUrl + pathname, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}

/** Send a campaign to every subscriber and wait until the sink has them all. Rate: recipients over POST send to the last arrival. */
async function campaign(door: Door, token: string, sink: Sink) {
  const created = await api(door.url, token, '/api/v2/campaigns', {
    name: 'November news (bench:scale)',
    from: CAMPAIGN_FROM,
    subject: CAMPAIGN_SUBJECT,
    preview: CAMPAIGN_PREVIEW,
    markdown: CAMPAIGN_MARKDOWN,
    audience: { tags: [AUDIENCE_TAG] },
    tracking: { opens: false, clicks: false },
  });
  if (created.status !== 201) throw new Error(`POST /api/v2/campaigns answered ${created.status}: ${JSON.stringify(created.json)}`);
  const id = created.json.id as string;
  await sink.reset();
  const t0 = Date.now();
  const sent = await api(door.url, token, `/api/v2/campaigns/${id}/send`, {});
  if (sent.status !== 200) throw new Error(`POST send answered ${sent.status}: ${JSON.stringify(sent.json)}`);
  let stats = await sink.stats();
  while (stats.messages < SUBSCRIBERS && Date.now() - t0 < CAMPAIGN_LIMIT_MS) {
    await sleep(200);
    stats = await sink.stats();
  }
  // Its status turns sent once the last outcome is recorded, just after the last hand-off.
  let status = '';
  for (const until = Date.now() + (stats.messages < SUBSCRIBERS ? 0 : 30_000); ; await sleep(200)) {
    status = (await api(door.url, token, `/api/v2/campaigns/${id}`)).json.status;
    if (status === 'sent' || Date.now() >= until) break;
  }
  await sleep(500);
  stats = await sink.stats();
  const seconds = ((stats.lastAt || Date.now()) - t0) / 1000;
  return { messages: stats.messages, distinct: stats.distinct, status, seconds, perS: stats.messages / seconds };
}

// --- one setup --------------------------------------------------------------------

interface SetupResult {
  setup: Setup;
  tx: Awaited<ReturnType<typeof transactional>>;
  txCpu: CpuUse;
  camp: Awaited<ReturnType<typeof campaign>>;
  campCpu: CpuUse;
}

async function runSetup(setup: Setup, sink: Sink): Promise<SetupResult> {
  const dir = tempDir(`mailgate-bench-scale-${setup.key}-`);
  const schema = setup.postgres ? `bench_scale_${process.pid}_${setup.key}` : null;
  const applicationName = `mailgate_bench_scale_${process.pid}_${setup.key}`;
  const dbEnv: Record<string, string> = schema ? { DATABASE_URL: withApplicationName(PG_URL, applicationName), DATABASE_SCHEMA: schema } : {};
  let postgres: PostgresCpu | null = null;
  const children: Awaited<ReturnType<typeof startChild>>[] = [];
  try {
    // The database, its organization, verified domain and audience, before any process starts.
    const handle = await openDatabase(
      schema ? { databaseUrl: PG_URL, databaseSchema: schema, poolSize: 2 } : { sqlitePath: path.join(dir, 'shared', 'mailgate.db') },
    );
    let token: string;
    try {
      await migrateToLatest(handle);
      const created = await createOrganizationService(handle, systemClock).create({ name: 'bench-scale', plan: 'enterprise', rateLimit: ORG_QUOTA });
      token = created.token.token;
      await handle.db.insertInto('domains').values(verifiedDomainRow(created.org.id, 'acme.example')).execute();
      await insertAudienceInto(handle.db, created.org.id, SUBSCRIBERS);
    } finally {
      await handle.close();
    }

    const common = {
      ...dbEnv,
      RELAY_URL: `smtp://127.0.0.1:${sink.port}`,
      RATE_LIMITS: 'on',
      IP_RATE_LIMIT: String(ORG_QUOTA),
      SMTP_ALLOW_INSECURE_AUTH: 'true',
      SMTP_MAX_CONNECTIONS_PER_ADDRESS: String(Math.max(20, CONNECTIONS * 2)),
    };
    // Each process a DATA_DIR of its own (its generated SMTP certificate), as containers have; SQLite's file is the shared one.
    const dataDir = (name: string) => (schema ? path.join(dir, name) : path.join(dir, 'shared'));
    const doorRoles = setup.workers > 0 ? 'http,smtp' : 'http,smtp,worker';
    const doors: Door[] = [];
    const pids: number[] = [];
    const startDoor = async (i: number) => {
      const smtpPort = await freePort();
      const m = await startMailgate(dataDir(`door${i}`), { ...common, MAILGATE_ROLES: doorRoles, SMTP_PORT: String(smtpPort) }, { timeoutMs: 120_000 });
      children.push(m.child);
      pids.push(m.child.pid!);
      doors.push({ url: m.url, smtpPort });
    };
    const startWorker = async (i: number) => {
      const env = {
        HOST: '127.0.0.1',
        SMTP_PORT: '0',
        INBOUND_SMTP_PORT: '0',
        DATA_DIR: dataDir(`worker${i}`),
        LOG_LEVEL: 'warn',
        ...common,
        MAILGATE_ROLES: 'worker',
      };
      // A worker opens no port: it is ready once it says which storage it runs on.
      const child = await startChild('servers/main.ts', env, /Storage: \w+/, { timeoutMs: 120_000 });
      children.push(child);
      pids.push(child.pid!);
    };
    // One after the other: four node processes starting at once on a busy 2-core machine took over a minute.
    for (let i = 0; i < setup.doors; i++) await startDoor(i);
    for (let i = 0; i < setup.workers; i++) await startWorker(i);
    console.log(
      `${setup.label}: ${setup.doors} × MAILGATE_ROLES=${doorRoles}${setup.workers ? ` + ${setup.workers} × MAILGATE_ROLES=worker` : ''}, ` +
        `${schema ? `PostgreSQL schema ${schema}` : 'SQLite'}, DURABILITY=fsync, RELAY_URL the sink; pids ${pids.join(' ')}`,
    );
    postgres = schema ? await PostgresCpu.open(applicationName) : null;

    if (WARM_UP > 0) {
      const warm = await transactional(doors, token, sink, WARM_UP * 1000);
      if (warm.missing + warm.twice + warm.failed > 0)
        problems.push(`${setup.label}, warm-up: ${warm.missing} missing, ${warm.twice} twice, ${warm.failed} refused`);
    }
    const txWindow = await cpuWindow(pids, sink.pid, postgres);
    const tx = await transactional(doors, token, sink, DURATION * 1000);
    const txCpu = await txWindow.stop();
    if (tx.missing + tx.twice + tx.failed > 0) {
      problems.push(
        `${setup.label}, transactional: ${tx.missing} missing, ${tx.twice} twice, ${tx.failed} refused or failed${tx.sample ? ` (${tx.sample})` : ''}`,
      );
    }
    const campWindow = await cpuWindow(pids, sink.pid, postgres);
    const camp = await campaign(doors[0]!, token, sink);
    const campCpu = await campWindow.stop();
    if (camp.messages !== camp.distinct) problems.push(`${setup.label}, campaign: the sink has ${camp.messages} messages to ${camp.distinct} recipients`);
    else if (camp.messages < SUBSCRIBERS) {
      // Not a loss: the time ran out (a busy machine); the rate stands on what arrived.
      notes.push(
        `${setup.label}, campaign: ${camp.messages} of ${SUBSCRIBERS} at the sink when its ${CAMPAIGN_LIMIT_MS / 1000} s ran out (status ${camp.status})`,
      );
    } else if (camp.messages > SUBSCRIBERS || camp.status !== 'sent') {
      problems.push(`${setup.label}, campaign: the sink has ${camp.messages} messages to ${camp.distinct} recipients of ${SUBSCRIBERS}; status ${camp.status}`);
    }
    const result = { setup, tx, txCpu, camp, campCpu };
    for (const line of setupLines(result)) console.log(`  ${line}`);
    return result;
  } finally {
    await postgres?.close();
    for (const child of children) await stopChild(child);
    if (schema) await dropSchema(schema).catch((error) => console.error(`dropping ${schema}: ${error}`));
  }
}

function cpuLine(label: string, emails: number, c: CpuUse): string {
  const per1000 = (s: number) => (s * 1000) / Math.max(1, emails);
  const pg = c.postgres
    ? `; PostgreSQL ${f2(per1000(pgTotal(c)))} s (backends ${f2(per1000(c.postgres.backends))}, background ${f2(per1000(c.postgres.background))}), ` +
      `${f0((100 * pgTotal(c)) / allCpu(c))} % of all CPU used`
    : '';
  return (
    `${label} CPU per 1 000 emails: Mailgate ${f2(per1000(c.mailgate))} s${pg}; sink ${f2(per1000(c.sink))} s, load clients ${f2(per1000(c.clients))} s ` +
    `(machine busy ${f1(c.machine.busy)} of ${f1(c.machine.total)} core-s, ${f1(allCpu(c))} of them this run's)`
  );
}

function setupLines(r: SetupResult): string[] {
  const { tx, camp } = r;
  const emails = tx.delivered + camp.messages;
  const seconds = tx.seconds + camp.seconds;
  return [
    `transactional: ${tx.accepted} accepted in ${DURATION} s (${f0(tx.acceptedPerS)}/s), all at the sink after ${f1(tx.seconds)} s: ${f0(tx.perS)} emails/s end to end ` +
      `(${tx.missing} missing, ${tx.twice} twice, ${tx.failed} refused)`,
    cpuLine('transactional', tx.delivered, r.txCpu),
    `campaign: ${camp.messages} of ${SUBSCRIBERS} at the sink in ${f1(camp.seconds)} s: ${f0(camp.perS)} emails/s end to end (status ${camp.status})`,
    cpuLine('campaign', camp.messages, r.campCpu),
    `together: ${emails} emails in ${f1(seconds)} s: ${f0(emails / seconds)} emails/s end to end; ${cpuLine('', emails, addCpu(r.txCpu, r.campCpu)).trim()}`,
  ];
}

// --- the probe ------------------------------------------------------------------

type ByStatement = Map<string, { n: number; ms: number }>;

interface ProbeResult {
  accept: { seconds: number; commits: number[]; statements: number; sqlMs: number; byStatement: ByStatement };
  deliver: { seconds: number; claims: number[]; commits: number[]; statements: number; sqlMs: number; byStatement: ByStatement };
  handoffs: number[];
  /** WAL the whole server wrote from the first accept to the last outcome (other clients of the server write too). */
  walBytes: number;
}

/** A statement's SQL as a short key, its lists of values folded. */
function statementKey(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\(\$\d+(, \$\d+)*\)(, \(\$\d+(, \$\d+)*\))*/g, '(…)')
    .slice(0, 80);
}

/** Where a phase's SQL time went: its statements with the most time, per email. */
function topStatements(byStatement: ByStatement, emails: number, count = 5): string[] {
  return [...byStatement]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, count)
    .map(([key, s]) => `${f2(s.ms / emails).padStart(6)} ms ×${f2(s.n / emails)}  ${key}`);
}

/** A claim: the statement that leases due jobs to a worker and returns them. */
const CLAIM = /^update "jobs" set .*"lease_owner" = .*\breturning\b/is;

async function probe(sink: Sink): Promise<ProbeResult> {
  const schema = `bench_scale_${process.pid}_probe`;
  let phase: 'setup' | 'accept' | 'deliver' = 'setup';
  const acceptCommits: number[] = [];
  const deliverCommits: number[] = [];
  const claims: number[] = [];
  const counts = { accept: { statements: 0, sqlMs: 0 }, deliver: { statements: 0, sqlMs: 0 } };
  const byStatement = { accept: new Map<string, { n: number; ms: number }>(), deliver: new Map<string, { n: number; ms: number }>() };
  const onQuery = (sql: string, ms: number) => {
    if (phase === 'setup') return;
    counts[phase].statements++;
    counts[phase].sqlMs += ms;
    const key = statementKey(sql);
    const s = byStatement[phase].get(key) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += ms;
    byStatement[phase].set(key, s);
    if (sql === 'commit') (phase === 'accept' ? acceptCommits : deliverCommits).push(ms);
    else if (phase === 'deliver' && CLAIM.test(sql)) claims.push(ms);
  };
  const handle = await openDatabase({ databaseUrl: PG_URL, databaseSchema: schema, poolSize: 10, onQuery });
  try {
    await migrateToLatest(handle);
    const config = loadConfig({
      DATABASE_URL: PG_URL,
      DATABASE_SCHEMA: schema,
      RELAY_URL: `smtp://127.0.0.1:${sink.port}`,
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'on',
      IP_RATE_LIMIT: String(ORG_QUOTA),
    });
    const relay = createRelayTransport({ url: config.relayUrl! });
    const handoffs: number[] = [];
    const transport: Transport = {
      name: relay.name,
      async deliver(message) {
        const start = performance.now();
        try {
          return await relay.deliver(message);
        } finally {
          handoffs.push(performance.now() - start);
        }
      },
      close: () => relay.close(),
    };
    const core = createCore(config, { db: handle, transport });
    try {
      const { org, token } = await core.orgs.create({ name: 'bench-scale-probe', plan: 'enterprise', rateLimit: ORG_QUOTA });
      await handle.db.insertInto('domains').values(verifiedDomainRow(org.id, 'acme.example')).execute();
      const auth = await core.tokens.authenticate(token.token);
      await sink.reset();
      const run = `probe${process.pid}`;
      const walAt = async () => (await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(handle.db)).rows[0]!.lsn;
      const wal0 = await walAt();
      phase = 'accept';
      let next = 0;
      const a0 = performance.now();
      await Promise.all(
        Array.from({ length: PROBE_IN_FLIGHT }, async () => {
          while (next < PROBE_EMAILS) {
            const i = next++;
            await core.emails.send(auth, parseSendBody(JSON.parse(restBody(run, i))), { source: 'api' });
          }
        }),
      );
      const acceptSeconds = (performance.now() - a0) / 1000;
      phase = 'deliver';
      const d0 = performance.now();
      core.worker.start();
      while ((await sink.count()) < PROBE_EMAILS && performance.now() - d0 < CAMPAIGN_LIMIT_MS) await sleep(50);
      const deliverSeconds = (performance.now() - d0) / 1000;
      // The last outcomes commit a few ms after their hand-off.
      await sleep(500);
      phase = 'setup';
      const wal1 = await walAt();
      const walBytes = Number(
        (await sql<{ bytes: string }>`select pg_wal_lsn_diff(${wal1}::pg_lsn, ${wal0}::pg_lsn)::text as bytes`.execute(handle.db)).rows[0]!.bytes,
      );
      const got = await sink.count();
      if (got !== PROBE_EMAILS) problems.push(`probe: the sink has ${got} of ${PROBE_EMAILS}`);
      return {
        accept: { seconds: acceptSeconds, commits: acceptCommits, ...counts.accept, byStatement: byStatement.accept },
        deliver: { seconds: deliverSeconds, claims, commits: deliverCommits, ...counts.deliver, byStatement: byStatement.deliver },
        handoffs,
        walBytes,
      };
    } finally {
      phase = 'setup';
      await core.close();
    }
  } finally {
    await handle.close();
    await dropSchema(schema).catch((error) => console.error(`dropping ${schema}: ${error}`));
  }
}

function spread(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return `mean ${f2(mean)} ms, p50 ${f2(percentile(sorted, 50))}, p99 ${f2(percentile(sorted, 99))}`;
}

function probeLines(p: ProbeResult): string[] {
  const n = PROBE_EMAILS;
  const sum = (ms: number[]) => ms.reduce((a, b) => a + b, 0);
  return [
    `accept: ${n} sends in ${f1(p.accept.seconds)} s (${f0(n / p.accept.seconds)}/s, ${PROBE_IN_FLIGHT} at a time); per email ${f1(p.accept.statements / n)} statements, ` +
      `${f2(p.accept.sqlMs / n)} ms of SQL; commit (synced): ${p.accept.commits.length} commits, ${f1(n / Math.max(1, p.accept.commits.length))} emails each, ${spread(p.accept.commits)}`,
    `deliver: ${n} in ${f1(p.deliver.seconds)} s (${f0(n / p.deliver.seconds)}/s); per email ${f1(p.deliver.statements / n)} statements, ${f2(p.deliver.sqlMs / n)} ms of SQL; ` +
      `claim (one statement per lane with room, synced): ${p.deliver.claims.length} statements, ${f2(p.deliver.claims.length / n)} per email, ` +
      `${f2(sum(p.deliver.claims) / n)} ms per email, ${spread(p.deliver.claims)}; ` +
      `outcome commit (unsynced): ${p.deliver.commits.length} commits, ${f1(n / Math.max(1, p.deliver.commits.length))} emails each, ${spread(p.deliver.commits)}`,
    ...topStatements(p.accept.byStatement, n).map((line) => `  accept, per email: ${line}`),
    ...topStatements(p.deliver.byStatement, n).map((line) => `  deliver, per email: ${line}`),
    `hand-off to the sink (relay transport, ${RELAY_POOL} pooled connections): ${p.handoffs.length} hand-offs, ${spread(p.handoffs)}`,
    `WAL: ${f0(p.walBytes / n)} bytes per email (written by the whole server meanwhile: an upper bound if anything else used it)`,
  ];
}

// --- main -------------------------------------------------------------------------

async function main(): Promise<void> {
  const cores = os.cpus().length;
  console.log(
    `bench:scale  ${cores} cores, node ${process.version}; per setup ${WARM_UP} s warm-up, then ${CONNECTIONS} REST + ${CONNECTIONS} SMTP connections for ${DURATION} s ` +
      `(~${smtpMessage('x', 0).message.length}-byte SMTP messages, REST markdown sends), then a campaign to ${SUBSCRIBERS} subscribers; PostgreSQL at ${new URL(PG_URL).host}`,
  );
  watchdog((300 + 3 * (WARM_UP + DURATION + (2 * DRAIN_LIMIT_MS + CAMPAIGN_LIMIT_MS) / 1000) + CAMPAIGN_LIMIT_MS / 1000) * 1000);
  const sink = await startSink();
  const results = new Map<string, SetupResult>();
  let probed: ProbeResult | null = null;
  try {
    for (const setup of SETUPS) {
      if (!ONLY.has(setup.key)) continue;
      try {
        results.set(setup.key, await runSetup(setup, sink));
      } catch (error) {
        // The others still run: a setup that could not start says nothing about them.
        problems.push(`${setup.label}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        console.error(`${setup.label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (ONLY.has('probe')) {
      probed = await probe(sink);
      console.log(`probe: one core in this process on PostgreSQL (no HTTP), ${PROBE_EMAILS} REST-shaped sends, every statement and hand-off timed:`);
      for (const line of probeLines(probed)) console.log(`  ${line}`);
    }
  } finally {
    await stopAll();
  }

  console.log('\nsummary:');
  const together = (r: SetupResult) => {
    const emails = r.tx.delivered + r.camp.messages;
    const cpu = addCpu(r.txCpu, r.campCpu);
    return { perS: emails / (r.tx.seconds + r.camp.seconds), mailgatePer1000: (cpu.mailgate * 1000) / emails, cpu, emails };
  };
  for (const r of results.values()) {
    const t = together(r);
    const pg = t.cpu.postgres
      ? `; PostgreSQL ${f2((pgTotal(t.cpu) * 1000) / t.emails)} s per 1 000 emails, ${f0((100 * pgTotal(t.cpu)) / allCpu(t.cpu))} % of all CPU used`
      : '';
    console.log(
      `${r.setup.label.padEnd(40)} ${f0(t.perS).padStart(5)} emails/s end to end (transactional ${f0(r.tx.perS)}/s, campaign ${f0(r.camp.perS)}/s); ` +
        `Mailgate CPU ${f2(t.mailgatePer1000)} s per 1 000 emails (transactional ${f2((r.txCpu.mailgate * 1000) / r.tx.delivered)}, campaign ${f2((r.campCpu.mailgate * 1000) / r.camp.messages)})${pg}`,
    );
  }
  const ratio = (x: string, y: string) => {
    const a = results.get(x);
    const b = results.get(y);
    if (!a || !b) return;
    const ta = together(a);
    const tb = together(b);
    console.log(
      `(${x})/(${y}): emails/s ${f2(ta.perS / tb.perS)} (transactional ${f2(a.tx.perS / b.tx.perS)}, campaign ${f2(a.camp.perS / b.camp.perS)}); ` +
        `Mailgate CPU per email ${f2(ta.mailgatePer1000 / tb.mailgatePer1000)}; all CPU per email ${f2(allCpu(ta.cpu) / ta.emails / (allCpu(tb.cpu) / tb.emails))}`,
    );
  };
  ratio('c', 'b');
  ratio('b', 'a');
  if (probed) {
    const p = probed;
    const mean = (ms: number[]) => ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
    const per = (count: number) => f2(count / PROBE_EMAILS);
    console.log(
      `probe, per email: ${per(p.deliver.claims.length)} claim statements of ${f2(mean(p.deliver.claims))} ms; ` +
        `${per(p.accept.commits.length)} accept commits (synced) of ${f2(mean(p.accept.commits))} ms; ` +
        `${per(p.deliver.commits.length)} outcome commits (unsynced) of ${f2(mean(p.deliver.commits))} ms; ` +
        `1 hand-off of ${f2(mean(p.handoffs))} ms (${RELAY_POOL} connections per process); ` +
        `SQL ${f2((p.accept.sqlMs + p.deliver.sqlMs) / PROBE_EMAILS)} ms in ${f1((p.accept.statements + p.deliver.statements) / PROBE_EMAILS)} statements`,
    );
  }
  console.log(`${cores} cores shared by everything above (and whatever else ran on the machine meanwhile: see "machine busy")`);
  for (const note of notes) console.log(`note: ${note}`);
  if (problems.length > 0) {
    console.error(`bench:scale: emails lost, duplicated or refused:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('every accepted email reached the sink exactly once');
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
