import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/index.ts';
import { FANOUT_PAGE_SIZE } from '../../src/campaigns/index.ts';
import { addVerifiedDomain } from '../helpers/domains.ts';
import { waitFor } from '../helpers/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { insertSubscribers } from '../helpers/subscribers.ts';
import { apiCall, createProcessDatabase, openProcessDatabase, startMailgateProcess, type MailgateProcess, type ProcessDatabase } from '../helpers/process.ts';

// Real `servers/main.ts` processes on one database SIGKILLed in the middle of a
// campaign — once in its fan-out, once mid-delivery — and a third finishing it,
// through a real SMTP relay: every subscriber gets the campaign, and only the
// deliveries in flight at a kill (the relay had the message, the database not yet
// its outcome) go out again.

const TOKEN = 'mailgate_campaign_restart_token_0123456789';
/** Five fan-out pages, so a kill can land between two of them. */
const SUBSCRIBERS = 5 * FANOUT_PAGE_SIZE;
const DELIVERY_CONCURRENCY = 8;
/** The relay answers each message this late, so the kill finds hand-offs in progress. */
const RELAY_ANSWER_DELAY_MS = 5;

/**
 * The most repeats one kill can cause. A delivery's job is deleted in the
 * transaction that records its email's `sent` event (the outcome group commit);
 * a job still there when its process dies runs again in the next process once
 * its lease expires, and its message goes out again if the relay had taken it.
 * Such a message's job was running at the kill: deliverEmail returns only once
 * its outcome is committed — after the relay hand-off (nodemailer's pool: 5
 * connections, the rest queued in it) and the group commit (which waits up to
 * OUTCOME_COMMIT_DELAY_MS, 5 ms, for neighbours, then commits them in one
 * transaction) — and the worker runs at most DELIVERY_CONCURRENCY jobs at once
 * (one fewer while the campaign_send job holds a slot). So a kill repeats at most
 * DELIVERY_CONCURRENCY messages. The fan-out adds none: a page's recipient rows,
 * emails and jobs commit with its cursor, or not at all.
 */
const MAX_REPEATS = DELIVERY_CONCURRENCY;

interface Campaign {
  id: string;
  status: string;
  stats: { recipients: number; skipped: number; sent: number; failed: number };
}

/** The fan-out's progress as the database has it, read past the busy process. */
interface Progress {
  recipients: number;
  fanoutDone: boolean;
}

async function body(res: Response, status: number): Promise<any> {
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(status);
  return json;
}

const addressOf = (i: number) => `reader${String(i).padStart(5, '0')}@example.com`;

describe('a campaign across a SIGKILL', () => {
  const processes: MailgateProcess[] = [];
  let sink: SmtpSink | undefined;
  let database: ProcessDatabase | undefined;
  /** The test's own connection to the processes' database. */
  let db: DatabaseHandle | undefined;

  beforeEach(async () => {
    sink = await startSmtpSink();
    sink.onData = async () => {
      await new Promise((r) => setTimeout(r, RELAY_ANSWER_DELAY_MS));
      return 'accept' as const;
    };
    database = await createProcessDatabase();
  });

  // Whatever happened: no child outlives its test, then the database and relay go.
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => p.stop('SIGKILL')));
    await db?.close();
    await sink?.close();
    await database?.cleanup();
    db = undefined;
    sink = undefined;
    database = undefined;
  });

  async function start(): Promise<MailgateProcess> {
    const proc = await startMailgateProcess({
      ...database!.env,
      MAILGATE_BOOTSTRAP_TOKEN: TOKEN,
      RELAY_URL: sink!.url(),
      // A killed process's jobs are taken over at most 2 s after its last lease renewal.
      DELIVERY_LEASE_SECONDS: '2',
      DELIVERY_CONCURRENCY: String(DELIVERY_CONCURRENCY),
      // The test reads the campaign as fast as the last process answers, more often than the quota allows.
      RATE_LIMITS: 'off',
    });
    processes.push(proc);
    return proc;
  }

  /**
   * SUBSCRIBERS subscribed rows of the bootstrap organization, written straight
   * into the database: a REST upsert each (a transaction per subscriber in the
   * child) would take most of the test's time.
   */
  async function createSubscribers(): Promise<void> {
    const org = await db!.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    await insertSubscribers(
      db!,
      org.id,
      Array.from({ length: SUBSCRIBERS }, (_, i) => ({ email: addressOf(i), first_name: `Reader ${i}` })),
    );
  }

  async function progressOf(campaignId: string): Promise<Progress> {
    const row = await db!.db.selectFrom('campaigns').select(['stat_recipients', 'fanout_done']).where('id', '=', campaignId).executeTakeFirstOrThrow();
    return { recipients: Number(row.stat_recipients), fanoutDone: Number(row.fanout_done) === 1 };
  }

  /**
   * SIGKILL `proc` once `when` holds, and say what it left: the fan-out's
   * progress, and the deliveries in flight — messages the relay took from this
   * process whose email is still queued (no outcome recorded). Exactly those go
   * out again from the next process.
   */
  async function killWhen(proc: MailgateProcess, campaignId: string, when: (p: Progress, relayed: number) => boolean, what: string) {
    const from = sink!.messages.length;
    await waitFor(async () => (when(await progressOf(campaignId), sink!.messages.length - from) ? true : undefined), 30_000, what);
    expect(await proc.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    // The relay sees the connections close; messages it had read whole get their answer (to nobody) and count as taken.
    await waitFor(async () => (sink!.quiet ? true : undefined), 5_000, 'the relay to settle what the killed process sent');
    const relayed = new Set(sink!.messages.slice(from).map((m) => m.envelope.rcptTo[0]!));
    const queued = await db!.db.selectFrom('emails').select('to_address').where('campaign_id', '=', campaignId).where('last_event', '=', 'queued').execute();
    const inFlight = queued.map((e) => e.to_address).filter((a) => relayed.has(a));
    expect(inFlight.length).toBeLessThanOrEqual(MAX_REPEATS);
    return { progress: await progressOf(campaignId), relayed: relayed.size, inFlight };
  }

  it('killed in its fan-out and again mid-delivery, finishes with every subscriber sent once but the deliveries in flight at each kill', {
    timeout: 120_000,
  }, async () => {
    const first = await start();
    db = await openProcessDatabase(database!);
    await addVerifiedDomain(db, 'acme.example');
    await createSubscribers();
    const created = await body(
      await apiCall(first.url, TOKEN, '/api/v2/campaigns', {
        body: { name: 'Restart', from: 'news@acme.example', subject: 'Hello {{first_name}}', html: '<p>Hi {{first_name}}</p>' },
      }),
      201,
    );
    const sending = await body(await apiCall(first.url, TOKEN, `/api/v2/campaigns/${created.id}/send`, { method: 'POST' }), 200);
    expect(sending).toMatchObject({ status: 'sending', recipient_count: SUBSCRIBERS });

    // First kill: once the fan-out has committed a page, before it has committed the last
    // (deliveries of the committed pages may be under way).
    const inFanOut = await killWhen(first, created.id, (p) => p.recipients >= FANOUT_PAGE_SIZE, 'the fan-out to commit its first page');
    expect(inFanOut.progress.fanoutDone).toBe(false);
    expect(inFanOut.progress.recipients % FANOUT_PAGE_SIZE).toBe(0);

    // Second kill: the next process resumed the fan-out at its cursor, finished it, and is mid-delivery.
    const second = await start();
    const midDelivery = await killWhen(second, created.id, (p, relayed) => p.fanoutDone && relayed >= 300, 'the second process to relay 300 messages');
    expect(midDelivery.progress).toEqual({ recipients: SUBSCRIBERS, fanoutDone: true });
    expect(sink!.messages.length).toBeLessThan(SUBSCRIBERS);

    // The third process finishes.
    const third = await start();
    const done = await waitFor(
      async () => {
        const c = (await body(await apiCall(third.url, TOKEN, `/api/v2/campaigns/${created.id}`), 200)) as Campaign;
        return c.status === 'sent' ? c : undefined;
      },
      60_000,
      'the third process to finish the campaign',
    );
    expect(done.stats).toMatchObject({ recipients: SUBSCRIBERS, skipped: 0, sent: SUBSCRIBERS, failed: 0 });

    // Everybody got it once, plus once more for each kill that found their delivery in flight.
    const received = new Map<string, number>();
    for (const m of sink!.messages) {
      expect(m.envelope.rcptTo).toHaveLength(1);
      const to = m.envelope.rcptTo[0]!;
      received.set(to, (received.get(to) ?? 0) + 1);
    }
    const missing = Array.from({ length: SUBSCRIBERS }, (_, i) => addressOf(i)).filter((a) => !received.has(a));
    expect(missing).toEqual([]);
    expect(received.size).toBe(SUBSCRIBERS);
    const expectedRepeats = new Map<string, number>();
    for (const a of [...inFanOut.inFlight, ...midDelivery.inFlight]) expectedRepeats.set(a, (expectedRepeats.get(a) ?? 1) + 1);
    expect(new Map([...received].filter(([, n]) => n > 1))).toEqual(expectedRepeats);
    expect(sink!.messages.length - SUBSCRIBERS).toBeLessThanOrEqual(2 * MAX_REPEATS);

    // One recipient row and one email per subscriber, whichever process wrote its page; no job left.
    const recipients = await db.db
      .selectFrom('campaign_recipients')
      .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.count<number>('subscriber_id').distinct().as('subscribers')])
      .where('campaign_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect({ rows: Number(recipients.rows), subscribers: Number(recipients.subscribers) }).toEqual({ rows: SUBSCRIBERS, subscribers: SUBSCRIBERS });
    const emails = await db.db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(Number(emails.n)).toBe(SUBSCRIBERS);
    const twice = await db.db
      .selectFrom('emails')
      .select(['to_address', (eb) => eb.fn.countAll<number>().as('n')])
      .where('campaign_id', '=', created.id)
      .groupBy('to_address')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(twice).toEqual([]);
    expect(await db.db.selectFrom('jobs').select('kind').execute()).toEqual([]);
  });
});
