import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { EmailRecord } from '../../src/emails/index.ts';
import { eventTypes, getEmail, sendEmail } from '../helpers/emails.ts';
import { startSmtpSink, type SinkReply, type SmtpSink } from '../helpers/smtp-sink.ts';
import { movingClock, startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

// The relay pace, through RELAY_URL on a real socket: after a throttle this
// process pauses its next hand-offs (1 s, doubled per further throttle), the
// throttled recipients come back with the usual backoff until the relay accepts
// them or DELIVERY_MAX_ATTEMPTS runs out, and DELIVERY_RATE_PER_SECOND spreads
// hand-offs out in time.

const send = (server: TestServer, to: string) => sendEmail(server, { from: 'support@acme.example', to, subject: 'Throttled', html: '<p>hi</p>' });

const types = eventTypes;

type Refusal = SinkReply | 'drop';
type Stage = 'rcpt' | 'data';

/** One attempt of each queued email: drain, then move the clock past the longest backoff these tests reach (2 min). */
async function attemptRound(server: TestServer, clock: ManualClock): Promise<void> {
  await server.core.worker.drain();
  clock.advance(5 * 60_000);
}

/** Drain, then move the clock a minute, until nothing is left to run (at most `rounds` times). */
async function runUntilIdle(server: TestServer, clock: ManualClock, rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await server.core.worker.drain();
    const left = await server.core.db.db.selectFrom('jobs').select('id').execute();
    if (left.length === 0) return;
    clock.advance(60_000);
  }
  throw new Error(`jobs still queued after ${rounds} rounds`);
}

describe('a relay that throttles the first two offers of each recipient, then accepts (DELIVERY_CONCURRENCY=1)', () => {
  let sink: SmtpSink;
  let server: TestServer;
  const clock = new ManualClock();

  // One server for every case: each ends with the relay accepting, which sets the cooling back to nothing.
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      verifiedDomains: ['acme.example'],
      env: { RELAY_URL: sink.url(), DELIVERY_MAX_ATTEMPTS: '4', DELIVERY_CONCURRENCY: '1', CPU_THREADS: '0' },
      clock,
      waitUntil: movingClock(clock),
      worker: false,
    });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it.each([
    ['421 at RCPT TO', 'rcpt', { code: 421, message: '4.7.0 Too many messages, slow down' }],
    ['451 after DATA', 'data', { code: 451, message: '4.7.1 Rate limit exceeded, try again later' }],
    ['a dropped connection at RCPT TO', 'rcpt', 'drop'],
    ['a dropped connection after DATA', 'data', 'drop'],
  ] as [string, Stage, Refusal][])('%s: every email ends sent, delayed first, none failed, lost or sent twice', async (label, stage, refusal) => {
    const recipients = Array.from({ length: 4 }, (_, i) => `${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${i}@example.com`);
    /** Each recipient's offers to the relay, in clock time. */
    const offers = new Map<string, number[]>(recipients.map((r) => [r, []]));
    const decide = (address: string) => {
      const seen = offers.get(address)!;
      seen.push(clock.now());
      return seen.length <= 2 ? refusal : ('accept' as const);
    };
    sink.onRcpt = stage === 'rcpt' ? decide : () => 'accept';
    sink.onData = stage === 'data' ? (message) => decide(message.envelope.rcptTo[0]!) : () => 'accept';

    const ids: string[] = [];
    for (const to of recipients) ids.push(await send(server, to));
    const t0 = clock.now();
    await runUntilIdle(server, clock);

    for (const [i, id] of ids.entries()) {
      const email = await getEmail(server, id);
      const seen = types(email);
      expect(email.last_event, `${recipients[i]}: ${seen.join(', ')}`).toBe('sent');
      expect(seen[0]).toBe('queued');
      expect(seen.at(-1)).toBe('sent');
      expect(seen.slice(1, -1).length).toBeGreaterThanOrEqual(1);
      expect(seen.slice(1, -1).every((t) => t === 'delivery_delayed')).toBe(true);
      expect(sink.messages.filter((m) => m.envelope.rcptTo.includes(recipients[i]!))).toHaveLength(1);
    }
    expect(sink.messages.filter((m) => recipients.includes(m.envelope.rcptTo[0]!))).toHaveLength(recipients.length);

    // Back-pressure: each first offer waited out the cooling the throttle before it
    // started, 1 s, then 2 and 4 s, rather than following it at once.
    const firstOffers = recipients.map((r) => offers.get(r)![0]! - t0);
    expect(firstOffers).toEqual([0, 1_000, 3_000, 7_000]);
  });
});

describe('the DELIVERY_MAX_ATTEMPTS boundary under a throttling relay (DELIVERY_MAX_ATTEMPTS=4)', () => {
  let sink: SmtpSink;
  let server: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      verifiedDomains: ['acme.example'],
      env: { RELAY_URL: sink.url(), DELIVERY_MAX_ATTEMPTS: '4', CPU_THREADS: '0' },
      clock,
      waitUntil: movingClock(clock),
      worker: false,
    });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('throttled at attempts 1–3 and accepted at 4: sent; throttled at attempt 4 too: failed there, not earlier', async () => {
    const offers = new Map<string, number>();
    const accepted = new Set(['last-chance@example.com']);
    sink.onData = (message) => {
      const to = message.envelope.rcptTo[0]!;
      const n = (offers.get(to) ?? 0) + 1;
      offers.set(to, n);
      return accepted.has(to) && n === 4 ? 'accept' : { code: 451, message: '4.7.1 Throttled, try again later' };
    };
    const lastChance = await send(server, 'last-chance@example.com');
    const never = await send(server, 'never-accepted@example.com');

    for (let attempt = 1; attempt <= 3; attempt++) {
      await attemptRound(server, clock);
      for (const id of [lastChance, never]) {
        const email = await getEmail(server, id);
        expect(email.last_event).toBe('delivery_delayed');
        expect(email.events.at(-1)!.detail).toMatchObject({ response_code: 451, attempt });
      }
    }
    await attemptRound(server, clock);

    const sent = await getEmail(server, lastChance);
    expect(types(sent)).toEqual(['queued', 'delivery_delayed', 'delivery_delayed', 'delivery_delayed', 'sent']);
    const failed = await getEmail(server, never);
    expect(types(failed)).toEqual(['queued', 'delivery_delayed', 'delivery_delayed', 'delivery_delayed', 'failed']);
    expect(failed.events.at(-1)!.detail).toEqual({
      transport: 'relay',
      response: '451 4.7.1 Throttled, try again later',
      response_code: 451,
      attempt: 4,
    });
    expect(Object.fromEntries(offers)).toEqual({ 'last-chance@example.com': 4, 'never-accepted@example.com': 4 });

    // Nothing after: no fifth offer, however long we wait.
    clock.advance(24 * 60 * 60 * 1000);
    expect(await server.core.worker.drain()).toBe(0);
    expect(offers.get('never-accepted@example.com')).toBe(4);
    expect(sink.messages.map((m) => m.envelope.rcptTo)).toEqual([['last-chance@example.com']]);
  });
});

describe('DELIVERY_RATE_PER_SECOND=20 (real time, worker running)', () => {
  let sink: SmtpSink;
  let server: TestServer;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ verifiedDomains: ['acme.example'], env: { RELAY_URL: sink.url(), DELIVERY_RATE_PER_SECOND: '20' } });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('30 emails reach the relay spread over about 1.45 s, each once', async () => {
    const recipients = Array.from({ length: 30 }, (_, i) => `paced-${i}@example.com`);
    const res = await server.api('/api/v2/emails/batch', {
      body: recipients.map((to) => ({ from: 'support@acme.example', to, subject: 'Paced', html: '<p>paced</p>' })),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: string }[] };
    expect(data).toHaveLength(30);

    await waitFor(async () => (sink.messages.length >= 30 ? true : undefined), 15_000, '30 messages at the relay');
    const ids = await Promise.all(data.map(({ id }) => waitForSent(server, id)));
    expect(ids).toHaveLength(30);
    expect(sink.messages.map((m) => m.envelope.rcptTo[0]).sort()).toEqual([...recipients].sort());

    // 30 starts at least 50 ms apart span 29 × 50 ms = 1.45 s; the relay's receive
    // times can only be later, and a little jittered, hence the margin below.
    const times = sink.messages.map((m) => m.receivedAt).sort((a, b) => a - b);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(1_300);
  });
});

function waitForSent(server: TestServer, id: string): Promise<EmailRecord> {
  return waitFor(
    async () => {
      const email = await getEmail(server, id);
      return email.last_event === 'sent' ? email : undefined;
    },
    10_000,
    `${id} to be sent`,
  );
}
