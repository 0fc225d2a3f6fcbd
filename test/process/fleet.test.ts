import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_QUOTAS } from '../../src/auth-scope/index.ts';
import { CAMPAIGN_SEND_JOB } from '../../src/campaigns/index.ts';
import { DELIVER_EMAIL_JOB } from '../../src/emails/index.ts';
import type { DatabaseHandle } from '../../src/index.ts';
import { WORKFLOW_RUN_JOB } from '../../src/workflows/index.ts';
import { testDatabaseUrl } from '../helpers/db.ts';
import { addVerifiedDomain } from '../helpers/domains.ts';
import {
  apiCall,
  createProcessDatabase,
  freePort,
  openProcessDatabase,
  runCli,
  startHeadlessProcess,
  startMailgateProcess,
  type MailgateProcess,
  type ProcessDatabase,
  type RunningProcess,
} from '../helpers/process.ts';
import { waitFor } from '../helpers/server.ts';
import { startSmtpSink, type RawReceivedMessage, type SmtpSink } from '../helpers/smtp-sink.ts';
import { insertSubscribers } from '../helpers/subscribers.ts';

// A fleet on one PostgreSQL schema, as child processes of the compiled build: two
// `http,smtp` processes and two `worker` processes, relaying to a real SMTP server
// in the test that records every message. Sends through both HTTP processes and
// both SMTP listeners, a campaign to 5 000 subscribers, a scheduled campaign, a
// workflow that sends, 300 requests of a Free organization racing for its quota
// over both HTTP processes, and one worker SIGKILLed mid-run and started again.
// Every accepted email reaches the relay exactly once (more only as often as its
// events say an attempt's outcome is unknown), the quota admits exactly the
// plan's count, each campaign reaches each of its subscribers once and starts
// once, and no job is left.

const TOKEN = 'mailgate_fleet_token_0123456789abcdefghij';
const SUBSCRIBERS = 5_000;
/** Subscribers tagged for the scheduled campaign (the first ones). */
const EARLY = 20;
/** The scheduled campaign starts this long after it is scheduled. */
const SCHEDULED_IN_MS = 3_000;
/** REST sends and SMTP submissions through each HTTP process. */
const REST_SENDS = 20;
const SMTP_SENDS = 10;
/** Workflow runs started (one event each), each sending one email. */
const WORKFLOW_RUNS = 10;
/** Requests of the Free organization, half through each HTTP process. */
const QUOTA_REQUESTS = 300;
const FREE_QUOTA = PLAN_QUOTAS.free;
/** The first worker is SIGKILLed once the relay has taken this many messages. */
const KILL_AFTER_RELAYED = 1_500;

/**
 * How long a process may take to come up. Four starting at once on a busy machine (other test
 * files, other work) took up to 48 s here; on a quiet one, a few seconds.
 */
const START_MS = 60_000;

const addressOf = (i: number) => `reader${String(i).padStart(5, '0')}@example.com`;

async function body<T = any>(res: Response, status: number): Promise<T> {
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(status);
  return json as T;
}

describe.skipIf(!testDatabaseUrl)('a fleet of four processes on one PostgreSQL database', () => {
  let database: ProcessDatabase;
  let sink: SmtpSink<RawReceivedMessage>;
  let db: DatabaseHandle | undefined;
  const processes: RunningProcess[] = [];

  beforeAll(async () => {
    // Thousands of messages: counted by their X-Mailgate-Email-Id, not parsed.
    [database, sink] = await Promise.all([createProcessDatabase(), startSmtpSink({ parse: false })]);
  });

  afterAll(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
    await db?.close();
    await sink?.close();
    await database?.cleanup();
  });

  it('delivers every accepted email once, admits exactly the Free quota, sends each campaign once, and leaves no job, across a SIGKILLed worker', {
    timeout: 240_000,
  }, async () => {
    const base = { ...database.env, MAILGATE_BOOTSTRAP_TOKEN: TOKEN, RELAY_URL: sink.url(), DELIVERY_LEASE_SECONDS: '5' };
    // A data directory each: the SMTP listeners generate their certificates there.
    const dataDir = (name: string) => path.join(database.env.DATA_DIR!, name);
    const smtpPorts = [await freePort(), await freePort()];
    const httpEnv = (i: number) => ({
      ...base,
      DATA_DIR: dataDir(`http${i}`),
      MAILGATE_ROLES: 'http,smtp',
      SMTP_PORT: String(smtpPorts[i]),
      SMTP_HOSTNAME: 'localhost',
    });
    const workerEnv = (name: string) => ({ ...base, DATA_DIR: dataDir(name), MAILGATE_ROLES: 'worker' });
    // All four at once on the empty schema: migration and bootstrap are serialized between them.
    const starting = await Promise.allSettled([
      startMailgateProcess(httpEnv(0), START_MS),
      startMailgateProcess(httpEnv(1), START_MS),
      startHeadlessProcess(workerEnv('worker1'), START_MS),
      startHeadlessProcess(workerEnv('worker2'), START_MS),
    ]);
    for (const s of starting) if (s.status === 'fulfilled') processes.push(s.value);
    for (const s of starting) if (s.status === 'rejected') throw s.reason;
    const [h1, h2] = processes as [MailgateProcess, MailgateProcess];
    const http = [h1, h2];
    let worker1 = processes[2]!;

    db = await openProcessDatabase(database);
    const org = await db.db.selectFrom('organizations').select('id').where('name', '=', 'default').executeTakeFirstOrThrow();
    await addVerifiedDomain(db, 'acme.example', org.id);
    const created = await runCli(['org', 'create', '--name', 'Free', '--plan', 'free'], database.env);
    expect(created, created.stderr).toMatchObject({ code: 0, signal: null });
    const free = JSON.parse(created.stdout) as { org: { id: string; plan: string }; token: string };
    expect(free.org.plan).toBe('free');
    await addVerifiedDomain(db, 'free.example', free.org.id);
    const people = Array.from({ length: SUBSCRIBERS }, (_, i) => ({ email: addressOf(i), first_name: `Reader ${i}` }));
    await insertSubscribers(db, org.id, people.slice(0, EARLY), ['early']);
    await insertSubscribers(db, org.id, people.slice(EARLY));

    const workflow = await body(
      await apiCall(h1.url, TOKEN, '/api/v2/workflows', {
        body: {
          name: 'Order thanks',
          trigger: { type: 'event', name: 'ordered' },
          steps: [{ type: 'send_email', from: 'shop@acme.example', subject: 'Thanks for your order', html: '<p>Thank you</p>' }],
        },
      }),
      201,
    );
    const everyone = await body(
      await apiCall(h1.url, TOKEN, '/api/v2/campaigns', {
        body: { name: 'Everyone', from: 'news@acme.example', subject: 'Hello {{first_name}}', html: '<p>Hi {{first_name}}</p>' },
      }),
      201,
    );
    const early = await body(
      await apiCall(h2.url, TOKEN, '/api/v2/campaigns', {
        body: { name: 'Early', from: 'news@acme.example', subject: 'Early news', html: '<p>First to know</p>', audience: { tags: ['early'] } },
      }),
      201,
    );

    // The campaign goes out through one HTTP process, the scheduled one is scheduled through the other.
    expect(await body(await apiCall(h1.url, TOKEN, `/api/v2/campaigns/${everyone.id}/send`, { method: 'POST' }), 200)).toMatchObject({
      status: 'sending',
      recipient_count: SUBSCRIBERS,
    });
    const scheduledAt = new Date(Date.now() + SCHEDULED_IN_MS).toISOString();
    expect(await body(await apiCall(h2.url, TOKEN, `/api/v2/campaigns/${early.id}/send`, { body: { scheduled_at: scheduledAt } }), 200)).toMatchObject({
      status: 'scheduled',
      scheduled_at: scheduledAt,
    });

    /** Emails answered 200 (REST) or 250 (SMTP), by id. */
    const accepted: string[] = [];
    const restSends = async (proc: MailgateProcess, from: number) => {
      for (let i = 0; i < REST_SENDS; i += 8) {
        const batch = Array.from({ length: Math.min(8, REST_SENDS - i) }, (_, k) =>
          apiCall(proc.url, TOKEN, '/api/v2/emails', {
            body: { from: 'ops@acme.example', to: `rest${from + i + k}@example.org`, subject: `REST ${from + i + k}`, html: '<p>rest</p>' },
          }).then((res) => body<{ id: string }>(res, 200)),
        );
        for (const { id } of await Promise.all(batch)) accepted.push(id);
      }
    };
    const smtpSends = async (port: number, from: number) => {
      const mailer = nodemailer.createTransport({
        host: '127.0.0.1',
        port,
        requireTLS: true,
        tls: { rejectUnauthorized: false },
        auth: { user: 'mailgate', pass: TOKEN },
        pool: true,
        maxConnections: 3,
      });
      try {
        const infos = await Promise.all(
          Array.from({ length: SMTP_SENDS }, (_, k) =>
            mailer.sendMail({ from: 'ops@acme.example', to: `smtp${from + k}@example.org`, subject: `SMTP ${from + k}`, text: 'smtp' }),
          ),
        );
        for (const info of infos) {
          expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as eml_[0-9a-z]{26}$/);
          accepted.push(info.response.replace('250 2.0.0 Ok: queued as ', ''));
        }
      } finally {
        mailer.close();
      }
    };
    const workflowEvents = async () => {
      await Promise.all(
        Array.from({ length: WORKFLOW_RUNS }, async (_, i) =>
          body(await apiCall(http[i % 2]!.url, TOKEN, '/api/v2/events', { body: { email: addressOf(100 + i), name: 'ordered' } }), 201),
        ),
      );
    };
    let quota: { statuses: Record<number, number>; ids: string[]; windows: { count: number }[] } | undefined;
    const quotaBurst = async () => {
      const responses = await Promise.all(
        Array.from({ length: QUOTA_REQUESTS }, (_, i) =>
          apiCall(http[i % 2]!.url, free.token, '/api/v2/emails', {
            body: { from: 'hello@free.example', to: `quota${i}@example.org`, subject: `Quota ${i}`, html: '<p>quota</p>' },
          }),
        ),
      );
      const bodies = (await Promise.all(responses.map((r) => r.json()))) as { id?: string; name?: string }[];
      const statuses: Record<number, number> = {};
      for (const r of responses) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      for (const [i, r] of responses.entries()) if (r.status === 429) expect(bodies[i]).toMatchObject({ name: 'rate_limit_exceeded' });
      // The organization's counters, one per minute the burst touched: every request counts, admitted or not.
      const windows = await db!.db.selectFrom('quota_windows').select('count').where('organization_id', '=', free.org.id).execute();
      quota = { statuses, ids: bodies.flatMap((b, i) => (responses[i]!.status === 200 ? [b.id!] : [])), windows };
      accepted.push(...quota.ids);
    };
    let killedAfter = 0;
    const burst = quotaBurst();
    const killAndRestart = async () => {
      // After the burst: a worker starting purges quota counters of windows that are over, which the burst's checks read.
      await burst;
      await waitFor(async () => (sink.messages.length >= KILL_AFTER_RELAYED ? true : undefined), 120_000, `the relay to take ${KILL_AFTER_RELAYED} messages`);
      killedAfter = sink.messages.length;
      expect(await worker1.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      worker1 = await startHeadlessProcess(workerEnv('worker1'), START_MS);
      processes.push(worker1);
    };
    await Promise.all([
      restSends(h1, 0),
      restSends(h2, REST_SENDS),
      smtpSends(smtpPorts[0]!, 0),
      smtpSends(smtpPorts[1]!, SMTP_SENDS),
      workflowEvents(),
      burst,
      killAndRestart(),
    ]);

    // Everything accepted goes out, and the queue empties.
    const work = [DELIVER_EMAIL_JOB, CAMPAIGN_SEND_JOB, WORKFLOW_RUN_JOB];
    await waitFor(
      async () => {
        const queued = await db!.db.selectFrom('emails').select('id').where('last_event', '=', 'queued').limit(1).execute();
        const jobs = await db!.db.selectFrom('jobs').select('id').where('kind', 'in', work).limit(1).execute();
        const campaigns = await db!.db.selectFrom('campaigns').select('status').where('status', '!=', 'sent').execute();
        return queued.length === 0 && jobs.length === 0 && campaigns.length === 0 ? true : undefined;
      },
      120_000,
      'the fleet to deliver everything',
    );

    // The quota admitted exactly the Free plan's count of the burst's minute, over both processes (of each
    // minute, when the burst straddled two: it is counted per minute), and stored exactly those.
    expect(quota!.windows.reduce((n, w) => n + Number(w.count), 0)).toBe(QUOTA_REQUESTS);
    const admitted = quota!.windows.reduce((n, w) => n + Math.min(FREE_QUOTA, Number(w.count)), 0);
    expect(quota!.statuses).toEqual({ 200: admitted, 429: QUOTA_REQUESTS - admitted });
    if (quota!.windows.length === 1) expect(admitted).toBe(FREE_QUOTA);
    const freeEmails = await db.db.selectFrom('emails').select('id').where('organization_id', '=', free.org.id).execute();
    expect(freeEmails.map((e) => e.id).sort()).toEqual([...quota!.ids].sort());

    // Every email is sent; every one reached the relay, once, or again only as often as its events
    // say an attempt's outcome is unknown (a hand-off the SIGKILL cut off after the relay had it).
    const emails = await db.db.selectFrom('emails').select(['id', 'last_event', 'campaign_id', 'source', 'to_address']).execute();
    expect(emails.filter((e) => e.last_event !== 'sent')).toEqual([]);
    const unknown = new Map<string, number>();
    const delays = await db.db.selectFrom('email_events').select(['email_id', 'detail']).where('type', '=', 'delivery_delayed').execute();
    for (const d of delays) {
      // No relay refused anything here: an attempt delayed is one whose outcome was never recorded.
      expect(JSON.parse(d.detail!)).toMatchObject({ unknown_outcome: true });
      unknown.set(d.email_id, (unknown.get(d.email_id) ?? 0) + 1);
    }
    const copies = new Map<string, number>();
    for (const m of sink.messages) {
      const id = m.header('x-mailgate-email-id')!;
      copies.set(id, (copies.get(id) ?? 0) + 1);
    }
    const ids = new Set(emails.map((e) => e.id));
    expect(
      [...copies.keys()].filter((id) => !ids.has(id)),
      'messages at the relay that are no email',
    ).toEqual([]);
    expect(
      emails.filter((e) => !copies.has(e.id)).map((e) => e.id),
      'emails that never reached the relay',
    ).toEqual([]);
    const repeats = emails.filter((e) => copies.get(e.id)! > 1);
    expect(
      repeats.filter((e) => copies.get(e.id)! - 1 > (unknown.get(e.id) ?? 0)).map((e) => e.id),
      'repeats without an unknown outcome',
    ).toEqual([]);
    // Everything a door accepted is among them.
    expect(accepted).toHaveLength(2 * REST_SENDS + 2 * SMTP_SENDS + admitted);
    expect(accepted.filter((id) => !ids.has(id))).toEqual([]);

    // Each campaign reached each of its subscribers once: one recipient row, one email, one address each.
    for (const [campaign, audience] of [
      [everyone, people],
      [early, people.slice(0, EARLY)],
    ] as const) {
      const sent = emails.filter((e) => e.campaign_id === campaign.id);
      expect(sent.map((e) => e.to_address).sort()).toEqual(audience.map((p) => p.email).sort());
      const rows = await db.db
        .selectFrom('campaign_recipients')
        .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.count<number>('subscriber_id').distinct().as('subscribers')])
        .where('campaign_id', '=', campaign.id)
        .executeTakeFirstOrThrow();
      expect({ rows: Number(rows.rows), subscribers: Number(rows.subscribers) }).toEqual({ rows: audience.length, subscribers: audience.length });
      const stats = await db.db
        .selectFrom('campaigns')
        .select(['status', 'stat_recipients', 'stat_sent', 'scheduled_at', 'started_at'])
        .where('id', '=', campaign.id)
        .executeTakeFirstOrThrow();
      expect(stats).toMatchObject({ status: 'sent', stat_recipients: audience.length, stat_sent: audience.length });
    }
    // The scheduled one started once, at its time, by whichever worker claimed it.
    const scheduled = await db.db.selectFrom('campaigns').select(['scheduled_at', 'started_at']).where('id', '=', early.id).executeTakeFirstOrThrow();
    expect(Number(scheduled.started_at)).toBeGreaterThanOrEqual(Date.parse(scheduledAt));

    // The workflow ran once per event, each run sending once.
    const runs = await db.db.selectFrom('workflow_runs').select(['status']).where('workflow_id', '=', workflow.id).execute();
    expect(runs.map((r) => r.status)).toEqual(Array(WORKFLOW_RUNS).fill('completed'));
    expect(
      emails
        .filter((e) => e.source === 'workflow')
        .map((e) => e.to_address)
        .sort(),
    ).toEqual(Array.from({ length: WORKFLOW_RUNS }, (_, i) => addressOf(100 + i)).sort());

    // No job is left waiting past its time; the killed worker was killed mid-run, and every process but it lives.
    expect(
      await db.db
        .selectFrom('jobs')
        .select(['kind', 'run_at'])
        .where('run_at', '<=', Date.now() - 5_000)
        .execute(),
    ).toEqual([]);
    expect(killedAfter).toBeLessThan(SUBSCRIBERS);
    for (const p of [h1, h2, processes[3]!, worker1]) expect(p.child.exitCode, p.output()).toBe(null);
  });
});
