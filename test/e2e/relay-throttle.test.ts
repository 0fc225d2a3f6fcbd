import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { eventTypes, getEmail, sendEmail } from '../helpers/emails.ts';
import { startSmtpSink, type SinkReply, type SmtpSink } from '../helpers/smtp-sink.ts';
import { movingClock, startTestServer, type TestServer } from '../helpers/server.ts';

// A relay that throttles (4xx at RCPT TO or after DATA) or drops the connection
// mid-transaction, driven through RELAY_URL on a real socket: the email is
// delayed and retried with backoff, never failed before DELIVERY_MAX_ATTEMPTS,
// failed at it, and a 5xx bounces. Time is a ManualClock the test moves; the
// worker runs only when the test drains it, and the relay pace's cooling waits
// move that clock.

const send = (server: TestServer, to: string) => sendEmail(server, { from: 'support@acme.example', to, subject: 'Throttled', html: '<p>hi</p>' });

const types = eventTypes;

type Refusal = SinkReply | 'drop';
type Stage = 'rcpt' | 'data';

const THROTTLES: [string, Stage, Refusal][] = [
  ...[421, 450, 451, 452, 454].flatMap((code): [string, Stage, Refusal][] => [
    [`${code} at RCPT TO`, 'rcpt', { code, message: '4.7.0 Too many messages, slow down' }],
    [`${code} after DATA`, 'data', { code, message: '4.7.0 Too many messages, slow down' }],
  ]),
  ['a dropped connection at RCPT TO', 'rcpt', 'drop'],
  ['a dropped connection after DATA', 'data', 'drop'],
];

/** The response and code an attempt records for a refusal (a dropped connection has no code). */
const recorded = (refusal: Refusal) =>
  refusal === 'drop'
    ? { response: 'Connection closed unexpectedly', response_code: null }
    : { response: `${refusal.code} ${refusal.message}`, response_code: refusal.code };

let mailbox = 0;
const newMailbox = (label: string) => `${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${++mailbox}@example.com`;

describe('a relay that answers 4xx or drops the connection (DELIVERY_MAX_ATTEMPTS=3)', () => {
  let sink: SmtpSink;
  let server: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      verifiedDomains: ['acme.example'],
      env: { RELAY_URL: sink.url(), DELIVERY_MAX_ATTEMPTS: '3', CPU_THREADS: '0' },
      clock,
      waitUntil: movingClock(clock),
      worker: false,
    });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  /** The relay refuses `to` at `stage` while `refusing()`; everyone else is accepted. Returns how often it refused. */
  function refuse(to: string, stage: Stage, refusal: Refusal, refusing: () => boolean): { count: number } {
    const seen = { count: 0 };
    const decide = (address: string) => {
      if (address !== to || !refusing()) return 'accept' as const;
      seen.count += 1;
      return refusal;
    };
    sink.onRcpt = stage === 'rcpt' ? decide : () => 'accept';
    sink.onData = stage === 'data' ? (message) => decide(message.envelope.rcptTo[0]!) : () => 'accept';
    return seen;
  }

  const deliveriesTo = (to: string) => sink.messages.filter((m) => m.envelope.rcptTo.includes(to));

  it.each(THROTTLES)('%s: delivery_delayed, retried after 30 s and 60 s, then sent once', async (label, stage, refusal) => {
    const to = newMailbox(label);
    let accepting = false;
    const refused = refuse(to, stage, refusal, () => !accepting);
    const id = await send(server, to);
    const t0 = clock.now();

    expect(await server.core.worker.drain()).toBe(1);
    let email = await getEmail(server, id);
    expect(types(email)).toEqual(['queued', 'delivery_delayed']);
    expect(email.events[1]!.detail).toEqual({
      transport: 'relay',
      ...recorded(refusal),
      attempt: 1,
      next_attempt_at: new Date(t0 + 30_000).toISOString(),
    });

    // Not before the backoff is over.
    clock.advance(29_999);
    expect(await server.core.worker.drain()).toBe(0);
    clock.advance(1);
    expect(await server.core.worker.drain()).toBe(1);
    email = await getEmail(server, id);
    expect(types(email)).toEqual(['queued', 'delivery_delayed', 'delivery_delayed']);
    expect(email.events[2]!.detail).toMatchObject({ ...recorded(refusal), attempt: 2, next_attempt_at: new Date(t0 + 90_000).toISOString() });

    accepting = true;
    clock.advance(60_000);
    expect(await server.core.worker.drain()).toBe(1);
    email = await getEmail(server, id);
    expect(types(email)).toEqual(['queued', 'delivery_delayed', 'delivery_delayed', 'sent']);
    expect(email.events[3]!.detail).toEqual({ transport: 'relay', response: expect.stringMatching(/^250 /), attempt: 3 });
    expect(refused.count).toBeGreaterThanOrEqual(2);
    expect(deliveriesTo(to)).toHaveLength(1);
    expect(deliveriesTo(to)[0]!.parsed.messageId).toBe(email.message_id);
  });

  it.each(THROTTLES)('%s every time: delayed at attempts 1 and 2, failed at attempt 3, never a fourth', async (label, stage, refusal) => {
    const to = newMailbox(label);
    const refused = refuse(to, stage, refusal, () => true);
    const id = await send(server, to);

    expect(await server.core.worker.drain()).toBe(1);
    expect((await getEmail(server, id)).last_event).toBe('delivery_delayed');
    clock.advance(30_000);
    expect(await server.core.worker.drain()).toBe(1);
    expect((await getEmail(server, id)).last_event).toBe('delivery_delayed');
    clock.advance(60_000);
    expect(await server.core.worker.drain()).toBe(1);

    const email = await getEmail(server, id);
    expect(types(email)).toEqual(['queued', 'delivery_delayed', 'delivery_delayed', 'failed']);
    expect(email.events.map((e) => e.detail?.attempt ?? null)).toEqual([null, 1, 2, 3]);
    expect(email.events[3]!.detail).toEqual({ transport: 'relay', ...recorded(refusal), attempt: 3 });
    // nodemailer's pool may try once more over a new connection when a reused one
    // was refused before any of the message went out; never more than that.
    const seen = refused.count;
    expect(seen).toBeGreaterThanOrEqual(3);
    expect(seen).toBeLessThanOrEqual(6);

    clock.advance(24 * 60 * 60 * 1000);
    expect(await server.core.worker.drain()).toBe(0);
    expect(refused.count).toBe(seen);
    expect(deliveriesTo(to)).toEqual([]);
  });

  it.each([
    ['550 at RCPT TO', 'rcpt', { code: 550, message: '5.1.1 No such user' }],
    ['554 after DATA', 'data', { code: 554, message: '5.7.1 Message rejected' }],
  ] as [string, Stage, SinkReply][])('%s bounces at the first attempt, no retry', async (label, stage, reply) => {
    const to = newMailbox(label);
    const refused = refuse(to, stage, reply, () => true);
    const id = await send(server, to);
    expect(await server.core.worker.drain()).toBe(1);
    const email = await getEmail(server, id);
    expect(types(email)).toEqual(['queued', 'bounced']);
    const { response } = recorded(reply);
    expect(email.events[1]!.detail).toEqual({
      transport: 'relay',
      ...recorded(reply),
      attempt: 1,
      bounce: { type: 'hard', status: response.match(/\b5\.\d+\.\d+\b/)?.[0] ?? `${response[0]}.0.0`, diagnostic: response, remote_mta: null },
    });
    clock.advance(24 * 60 * 60 * 1000);
    expect(await server.core.worker.drain()).toBe(0);
    expect(refused.count).toBe(1);
  });

  it('the pool recovers after each of them: the next email goes out on the first attempt', async () => {
    sink.onRcpt = () => 'accept';
    sink.onData = () => 'accept';
    const to = newMailbox('after');
    const id = await send(server, to);
    expect(await server.core.worker.drain()).toBe(1);
    expect(types(await getEmail(server, id))).toEqual(['queued', 'sent']);
    expect(deliveriesTo(to)).toHaveLength(1);
  });
});

describe('a relay that turns connections away (a fresh pool for each case)', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    sink = await startSmtpSink();
    server = await startTestServer({
      verifiedDomains: ['acme.example'],
      env: { RELAY_URL: sink.url(), DELIVERY_MAX_ATTEMPTS: '3', CPU_THREADS: '0' },
      clock,
      waitUntil: movingClock(clock),
      worker: false,
    });
  });
  afterEach(async () => {
    await server?.close();
    await sink?.close();
  });

  const deliveriesTo = (to: string) => sink.messages.filter((m) => m.envelope.rcptTo.includes(to));

  it.each([
    ['421 instead of a greeting', { code: 421, message: '4.7.0 Too many connections, try again later' }],
    ['a connection dropped before the greeting', 'drop'],
  ] as [string, Refusal][])('%s: delayed, at most two connections per attempt, then sent', async (label, refusal) => {
    let accepting = false;
    sink.onConnect = () => (accepting ? 'accept' : refusal);
    try {
      const to = newMailbox(label);
      const id = await send(server, to);
      const before = sink.connections;
      const started = Date.now();
      expect(await server.core.worker.drain()).toBe(1);
      const email = await getEmail(server, id);
      expect(types(email)).toEqual(['queued', 'delivery_delayed']);
      expect(email.events[1]!.detail).toMatchObject({ attempt: 1, response_code: refusal === 'drop' ? null : 421 });
      // One retry over a new connection covers a connection that went stale while
      // idle; more only hammers a relay that is turning connections away.
      expect(sink.connections - before).toBeGreaterThanOrEqual(1);
      expect(sink.connections - before).toBeLessThanOrEqual(2);
      expect(Date.now() - started).toBeLessThan(1_500);

      accepting = true;
      clock.advance(30_000);
      expect(await server.core.worker.drain()).toBe(1);
      expect(types(await getEmail(server, id))).toEqual(['queued', 'delivery_delayed', 'sent']);
      expect(deliveriesTo(to)).toHaveLength(1);
    } finally {
      sink.onConnect = () => 'accept';
    }
  });
});
