import type { Worker as ThreadWorker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../src/delivery/deliver-email.ts';
import { DeliveryFailure, type OutboundMessage, type Transport, type TransportResult } from '../../src/delivery/transport.ts';
import { createCore, loadConfig, ManualClock, parseSendBody, type Core, type WaitUntil } from '../../src/index.ts';
import type { AuthContext } from '../../src/auth-scope/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import type { DnsResolver } from '../../src/dns/resolver.ts';
import { readReturnPath, returnPathKey, returnPathLocalPart } from '../../src/returns/verp.ts';

const TOKEN = `mailgate_${'t'.repeat(40)}`;
const BASE_ENV = { LOG_LEVEL: 'silent', CPU_THREADS: '0', DELIVERY_MAX_ATTEMPTS: '3' };

type Step = TransportResult | DeliveryFailure;

/** A transport that answers each call with the next scripted step (a result, or a DeliveryFailure to throw). */
class ScriptedTransport implements Transport {
  readonly name = 'scripted';
  readonly calls: OutboundMessage[] = [];
  closed = false;
  constructor(private readonly steps: Step[] = []) {}

  script(...steps: Step[]): void {
    this.steps.push(...steps);
  }

  async deliver(message: OutboundMessage): Promise<TransportResult> {
    this.calls.push(message);
    const step = this.steps.shift();
    if (step === undefined) throw new Error(`unscripted transport call #${this.calls.length}`);
    if (step instanceof DeliveryFailure) throw step;
    return step;
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

const sent = (response = '250 ok'): TransportResult => ({ outcome: 'sent', response });

describe('retryDelayMs', () => {
  it.each([
    [0, 30_000],
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [4, 240_000],
    [7, 1_920_000],
    [8, 3_600_000],
    [20, 3_600_000],
  ])('attempt %i waits %i ms', (attempt, ms) => {
    expect(retryDelayMs(attempt)).toBe(ms);
  });
});

describe('delivering an email through the worker', () => {
  // Only what this test opened is closed: a failed setup leaves nothing to close twice.
  const cleanups: (() => Promise<void>)[] = [];
  let testDb: TestDatabase;
  let clock: ManualClock;
  let transport: ScriptedTransport;
  let core: Core;
  let auth: AuthContext;
  let t0: number;

  /** The relay pace's waits: each one noted (as clock time) and, by default, made by moving the clock. */
  let waits: number[];
  let waitUntil: WaitUntil;

  async function startCore(env: Record<string, string> = {}, withTransport = true, dns?: DnsResolver): Promise<void> {
    core = createCore(loadConfig({ ...BASE_ENV, ...env }), {
      db: testDb.handle,
      clock,
      ...(withTransport ? { transport } : {}),
      ...(dns ? { dns } : {}),
      waitUntil: (at, signal) => {
        waits.push(at);
        return waitUntil(at, signal);
      },
    });
    const started = core;
    cleanups.push(() => started.close());
    await core.orgs.bootstrap(TOKEN);
    auth = await core.tokens.authenticate(TOKEN);
  }

  beforeEach(async () => {
    testDb = await createTestDatabase();
    const opened = testDb;
    cleanups.push(() => opened.cleanup());
    clock = new ManualClock();
    t0 = clock.now();
    transport = new ScriptedTransport();
    waits = [];
    waitUntil = async (at) => {
      if (at > clock.now()) clock.set(at);
    };
  });

  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  async function send(to: string, extra: Record<string, unknown> = {}): Promise<string> {
    const body = { from: 'Sender <sender@example.com>', to, subject: 'Hello there', html: '<p>Hi <b>you</b></p>', ...extra };
    const { id } = await core.emails.send(auth, parseSendBody(body), { source: 'api' });
    return id;
  }

  const eventTypes = async (id: string) => (await core.emails.get(auth, id)).events.map((e) => e.type);
  /** The return path of an email, made with the key the database keeps. */
  const returnPathOf = async (id: string) => returnPathLocalPart(await returnPathKey(core.db.db, () => clock.now())(), id);
  const jobs = () => core.db.db.selectFrom('jobs').selectAll().execute();

  it('a relay that accepts: queued, sent', async () => {
    await startCore();
    transport.script(sent('250 2.0.0 queued as 1234'));
    const id = await send('someone@example.com');
    expect(await core.emails.get(auth, id)).toMatchObject({ last_event: 'queued', raw: null });

    expect(await core.worker.drain()).toBe(1);
    const email = await core.emails.get(auth, id);
    expect(email.last_event).toBe('sent');
    expect(email.events.map((e) => e.type)).toEqual(['queued', 'sent']);
    expect(email.events[1]).toMatchObject({
      detail: { transport: 'scripted', response: '250 2.0.0 queued as 1234', attempt: 1 },
      created_at: new Date(t0).toISOString(),
    });
    expect(email.raw).toBeNull();

    expect(transport.calls).toHaveLength(1);
    const call = transport.calls[0]!;
    expect(call.emailId).toBe(id);
    // The envelope sender is the email's return path (at BASE_URL's host: no domain of its own, no RETURN_PATH_DOMAIN); the From header is the sender's.
    expect(call.envelope).toEqual({ from: `${await returnPathOf(id)}@[127.0.0.1]`, to: ['someone@example.com'] });
    const raw = Buffer.from(call.raw).toString('utf8');
    expect(raw).toContain(`Message-ID: ${email.message_id}`);
    expect(raw).toContain('Subject: Hello there');

    expect(await jobs()).toEqual([]);
    expect(await core.worker.drain()).toBe(0);
    expect(transport.calls).toHaveLength(1);
  });

  it('records nothing for an attempt whose lease was taken over meanwhile', async () => {
    // The hand-off stalls past the lease and another worker takes the job over.
    const takenOver: Transport = {
      name: 'stalling',
      async deliver() {
        await core.db.db.updateTable('jobs').set({ lease_owner: 'another-worker' }).execute();
        return sent();
      },
      async close() {},
    };
    transport = takenOver as ScriptedTransport;
    await startCore();
    const id = await send('someone@example.com');
    await core.worker.drain();
    const email = await core.emails.get(auth, id);
    expect(email.last_event).toBe('queued');
    expect(email.events.map((e) => e.type)).toEqual(['queued']);
    // The job is the new holder's to finish.
    expect((await jobs()).map((j) => j.lease_owner)).toEqual(['another-worker']);
  });

  it('a transport that is the final destination: queued, sent, delivered', async () => {
    await startCore();
    transport.script({ outcome: 'delivered', response: '250 stored' });
    const id = await send('someone@example.com');
    await core.worker.drain();
    const email = await core.emails.get(auth, id);
    expect(email.last_event).toBe('delivered');
    expect(email.events.map((e) => [e.type, e.detail])).toEqual([
      ['queued', null],
      ['sent', { transport: 'scripted', response: '250 stored', attempt: 1 }],
      ['delivered', { transport: 'scripted' }],
    ]);
  });

  it('a permanent failure bounces at once: queued, bounced, with the response code', async () => {
    await startCore();
    transport.script(new DeliveryFailure('550 5.1.1 <nobody@example.com>: no such user', true, 550));
    const id = await send('nobody@example.com');
    expect(await core.worker.drain()).toBe(1);
    const email = await core.emails.get(auth, id);
    expect(email.last_event).toBe('bounced');
    expect(email.events.map((e) => e.type)).toEqual(['queued', 'bounced']);
    expect(email.events[1]!.detail).toEqual({
      transport: 'scripted',
      response: '550 5.1.1 <nobody@example.com>: no such user',
      response_code: 550,
      attempt: 1,
      bounce: { type: 'hard', status: '5.1.1', diagnostic: '550 5.1.1 <nobody@example.com>: no such user', remote_mta: null },
    });
    expect(await jobs()).toEqual([]);
    clock.advance(24 * 60 * 60 * 1000);
    expect(await core.worker.drain()).toBe(0);
    expect(transport.calls).toHaveLength(1);
  });

  it('a temporary failure is delayed 30 s, not retried early, then retried and sent', async () => {
    await startCore();
    transport.script(new DeliveryFailure('421 4.7.0 try again later', false, 421), sent('250 ok'));
    const id = await send('someone@example.com');

    expect(await core.worker.drain()).toBe(1);
    let email = await core.emails.get(auth, id);
    expect(email.last_event).toBe('delivery_delayed');
    expect(email.events.map((e) => e.type)).toEqual(['queued', 'delivery_delayed']);
    expect(email.events[1]!.detail).toEqual({
      transport: 'scripted',
      response: '421 4.7.0 try again later',
      response_code: 421,
      attempt: 1,
      next_attempt_at: new Date(t0 + 30_000).toISOString(),
    });
    const [job] = await jobs();
    expect(job).toMatchObject({ run_at: t0 + 30_000, attempts: 1, lease_owner: null, lease_until: null, last_error: '421 4.7.0 try again later' });

    // Not before its time.
    expect(await core.worker.drain()).toBe(0);
    clock.advance(29_999);
    expect(await core.worker.drain()).toBe(0);
    expect(transport.calls).toHaveLength(1);

    clock.advance(1);
    expect(await core.worker.drain()).toBe(1);
    expect(transport.calls).toHaveLength(2);
    email = await core.emails.get(auth, id);
    expect(email.last_event).toBe('sent');
    expect(email.events.map((e) => e.type)).toEqual(['queued', 'delivery_delayed', 'sent']);
    expect(email.events[2]!.created_at).toBe(new Date(t0 + 30_000).toISOString());
    expect(email.updated_at).toBe(new Date(t0 + 30_000).toISOString());
    expect(await jobs()).toEqual([]);
  });

  it('a failure without a response code records response_code null', async () => {
    await startCore();
    transport.script(new DeliveryFailure('connect ECONNREFUSED 127.0.0.1:25', false), sent());
    const id = await send('someone@example.com');
    await core.worker.drain();
    const email = await core.emails.get(auth, id);
    expect(email.events[1]!.detail).toMatchObject({ response: 'connect ECONNREFUSED 127.0.0.1:25', response_code: null });
  });

  it('an unexpected error is a temporary failure with a limit, never an endless silent retry', async () => {
    await startCore();
    // Nothing scripted: every call throws a plain Error, as a bug in our own code would.
    const id = await send('someone@example.com');
    await core.worker.drain();
    clock.advance(30_000);
    await core.worker.drain();
    clock.advance(60_000);
    await core.worker.drain();
    const email = await core.emails.get(auth, id);
    expect(email.events.map((e) => e.type)).toEqual(['queued', 'delivery_delayed', 'delivery_delayed', 'failed']);
    expect(email.events[3]!.detail).toMatchObject({ response: 'internal error: unscripted transport call #3', attempt: 3 });
    expect(transport.calls).toHaveLength(3);
    expect(await jobs()).toEqual([]);
  });

  it('always temporary: delayed 30 s, then 60 s, then failed after DELIVERY_MAX_ATTEMPTS (3)', async () => {
    await startCore();
    const tempfail = () => new DeliveryFailure('451 4.3.0 mailbox busy', false, 451);
    transport.script(tempfail(), tempfail(), tempfail(), tempfail());
    const id = await send('someone@example.com');

    expect(await core.worker.drain()).toBe(1); // attempt 1 at t0
    clock.advance(30_000);
    expect(await core.worker.drain()).toBe(1); // attempt 2 at t0 + 30 s
    clock.advance(59_999);
    expect(await core.worker.drain()).toBe(0);
    clock.advance(1);
    expect(await core.worker.drain()).toBe(1); // attempt 3 at t0 + 90 s

    const email = await core.emails.get(auth, id);
    expect(email.last_event).toBe('failed');
    expect(email.events.map((e) => e.type)).toEqual(['queued', 'delivery_delayed', 'delivery_delayed', 'failed']);
    expect(email.events.map((e) => e.detail?.next_attempt_at ?? null)).toEqual([
      null,
      new Date(t0 + 30_000).toISOString(),
      new Date(t0 + 30_000 + 60_000).toISOString(),
      null,
    ]);
    expect(email.events.map((e) => e.detail?.attempt ?? null)).toEqual([null, 1, 2, 3]);
    expect(email.events[3]!.detail).toEqual({
      transport: 'scripted',
      response: '451 4.3.0 mailbox busy',
      response_code: 451,
      attempt: 3,
    });
    expect(transport.calls).toHaveLength(3);
    expect(await jobs()).toEqual([]);
    clock.advance(60 * 60 * 1000);
    expect(await core.worker.drain()).toBe(0);
    expect(transport.calls).toHaveLength(3);
  });

  it.each([
    ['delivered@mailgate.test', 'delivered'],
    ['bounced+x@mailgate.test', 'bounced'],
    ['complained@mailgate.test', 'complained'],
    ['anyone@mailgate.test', 'delivered'],
  ])('fixture %s never reaches the transport and ends %s', async (to, outcome) => {
    await startCore();
    const id = await send(to);
    expect(await core.worker.drain()).toBe(1);
    const email = await core.emails.get(auth, id);
    expect(email.last_event).toBe(outcome);
    const outcomeDetail = {
      delivered: { fixture: true },
      bounced: {
        fixture: true,
        bounce: { type: 'hard', status: '5.1.1', diagnostic: `smtp; 550 5.1.1 <${to}>: fixture address: the mailbox does not exist`, remote_mta: null },
      },
      complained: { fixture: true, complaint: { feedback_type: 'abuse', user_agent: 'Mailgate fixtures' } },
    }[outcome];
    expect(email.events.map((e) => [e.type, e.detail])).toEqual([
      ['queued', null],
      ['sent', { fixture: true }],
      [outcome, outcomeDetail],
    ]);
    expect(email.raw).toBeNull();
    expect(transport.calls).toEqual([]);
    expect(await jobs()).toEqual([]);
  });

  it('fixtures and real recipients in one drain each get their own outcome', async () => {
    await startCore();
    transport.script(sent());
    const real = await send('someone@example.com');
    const bounced = await send('bounced@mailgate.test');
    const delivered = await send('Delivered <delivered+a1@mailgate.test>');
    expect(await core.worker.drain()).toBe(3);
    expect(await eventTypes(real)).toEqual(['queued', 'sent']);
    expect(await eventTypes(bounced)).toEqual(['queued', 'sent', 'bounced']);
    expect(await eventTypes(delivered)).toEqual(['queued', 'sent', 'delivered']);
    expect(transport.calls.map((c) => c.emailId)).toEqual([real]);
  });

  it('the capture transport (the default) stores the finished message', async () => {
    await startCore({}, false);
    expect(core.transport.name).toBe('capture');
    const id = await send('Someone <someone@example.com>', { subject: 'Captured subject', reply_to: 'replies@example.com' });
    expect((await core.emails.get(auth, id)).raw).toBeNull();

    expect(await core.worker.drain()).toBe(1);
    const email = await core.emails.get(auth, id);
    expect(email.last_event).toBe('delivered');
    expect(email.events.map((e) => [e.type, e.detail])).toEqual([
      ['queued', null],
      ['sent', { transport: 'capture', response: 'captured', attempt: 1 }],
      ['delivered', { transport: 'capture' }],
    ]);
    expect(email.message_id).toBe(`<${id}@example.com>`);
    const raw = email.raw!;
    // Like a receiving server, the capture records the envelope sender on top.
    expect(raw.startsWith(`Return-Path: <${await returnPathOf(id)}@[127.0.0.1]>\r\n`)).toBe(true);
    expect(raw).toContain('Subject: Captured subject\r\n');
    expect(raw).toContain(`Message-ID: ${email.message_id}\r\n`);
    expect(raw).toContain(`X-Mailgate-Email-ID: ${id}\r\n`);
    expect(raw).toContain('From: Sender <sender@example.com>\r\n');
    expect(raw).toContain('To: Someone <someone@example.com>\r\n');
    expect(raw).toContain('Reply-To: replies@example.com\r\n');
    expect(t0).toBe(Date.UTC(2026, 0, 1));
    expect(raw).toContain('Date: Thu, 01 Jan 2026 00:00:00 +0000\r\n');
    expect(raw).toMatch(/Content-Type: multipart\/alternative;/);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(raw).toContain('<p>Hi <b>you</b></p>');
    expect(raw).toContain('Hi you');
  });

  describe('the envelope sender: a return path naming the email', () => {
    it('at RETURN_PATH_DOMAIN when set, any header From; the token reads back as that email only', async () => {
      await startCore({ RETURN_PATH_DOMAIN: 'Bounces.Example.NET', INBOUND_MX_HOST: 'mx.example.net' });
      transport.script(sent(), sent());
      const first = await send('someone@example.com');
      const second = await send('other@example.com', { from: 'Other <other@elsewhere.example>' });
      expect(await core.worker.drain()).toBe(2);
      const key = await returnPathKey(core.db.db, () => clock.now())();
      const byEmail = new Map(transport.calls.map((c) => [c.emailId, c.envelope.from]));
      expect(byEmail.get(first)).toBe(`${returnPathLocalPart(key, first)}@bounces.example.net`);
      expect(byEmail.get(second)).toBe(`${returnPathLocalPart(key, second)}@bounces.example.net`);
      expect(readReturnPath(key, byEmail.get(first)!)).toEqual({ emailId: first });
      expect(readReturnPath(key, byEmail.get(second)!)).toEqual({ emailId: second });
      const raw = Buffer.from(transport.calls.find((c) => c.emailId === second)!.raw).toString('utf8');
      expect(raw).toContain('From: Other <other@elsewhere.example>\r\n');
      // Receiving servers add Return-Path; a sender that does is wrong (RFC 5321 §4.4).
      expect(raw).not.toMatch(/^Return-Path:/im);
    });

    it('at INBOUND_MX_HOST otherwise, an IP address as an address literal', async () => {
      await startCore({ INBOUND_MX_HOST: '2001:db8::25' });
      transport.script(sent());
      const id = await send('someone@example.com');
      expect(await core.worker.drain()).toBe(1);
      expect(transport.calls[0]!.envelope.from).toBe(`${await returnPathOf(id)}@[IPv6:2001:db8::25]`);
    });

    it("at a verified domain's own bounces.<domain> once its MX was found, seen by delivery within 10 s", async () => {
      // DNS as the person publishes it: at first the required records only, later the return path's MX too.
      const published = new Map<string, string[]>();
      const mx = new Map<string, { exchange: string; priority: number }[]>();
      const dns: DnsResolver = {
        txt: async (name) => published.get(name) ?? [],
        mx: async (name) => ({ records: mx.get(name) ?? [], nxdomain: false }),
        addresses: async () => [],
        hostAddresses: async () => [],
      };
      await startCore({ RETURN_PATH_DOMAIN: 'rp.example.net', INBOUND_MX_HOST: 'mx.example.net' }, true, dns);
      const domain = await core.domains.create(auth, 'example.com');
      for (const r of domain.records.filter((r) => r.required)) published.set(r.name, [r.value]);
      expect((await core.domains.verify(auth, domain.id)).status).toBe('verified');

      transport.script(sent(), sent(), sent());
      const before = await send('someone@example.com');
      expect(await core.worker.drain()).toBe(1);
      expect(transport.calls[0]!.envelope.from).toBe(`${await returnPathOf(before)}@rp.example.net`);

      mx.set('bounces.example.com', [{ exchange: 'MX.example.net', priority: 10 }]);
      const checked = await core.domains.verify(auth, domain.id);
      expect(checked.records.find((r) => r.purpose === 'return_path_mx')).toMatchObject({ status: 'verified', found: ['10 mx.example.net'] });
      // Delivery takes a domain as it found it for 10 s.
      const cached = await send('someone@example.com');
      expect(await core.worker.drain()).toBe(1);
      expect(transport.calls[1]!.envelope.from).toBe(`${await returnPathOf(cached)}@rp.example.net`);

      clock.advance(10_000);
      const after = await send('someone@example.com');
      expect(await core.worker.drain()).toBe(1);
      expect(transport.calls[2]!.envelope.from).toBe(`${await returnPathOf(after)}@bounces.example.com`);
      const raw = Buffer.from(transport.calls[2]!.raw).toString('utf8');
      expect(raw).toContain('From: Sender <sender@example.com>\r\n');
      expect(raw).toMatch(/^DKIM-Signature: [\s\S]*?\bd=example\.com;/m);
    });
  });

  it('a real compose thread (CPU_THREADS=1) builds the message, and close() ends the thread', async () => {
    // Node announces each new thread on `process` once it is online.
    const threads: ThreadWorker[] = [];
    const onWorker = (worker: ThreadWorker) => threads.push(worker);
    process.on('worker', onWorker);
    let id: string;
    try {
      await startCore({ CPU_THREADS: '1' }, false);
      id = await send('someone@example.com', { subject: 'Composed off-thread' });
      // The compose goes through the thread, so it is online by the time the drain ends.
      expect(await core.worker.drain()).toBe(1);
    } finally {
      process.off('worker', onWorker);
    }
    expect(threads).toHaveLength(1);
    const thread = threads[0]!;
    expect(thread.threadId).toBeGreaterThan(0);
    const exited = new Promise<number>((resolve) => thread.once('exit', resolve));

    const email = await core.emails.get(auth, id);
    expect(email.last_event).toBe('delivered');
    expect(email.raw).toContain('Subject: Composed off-thread\r\n');
    expect(email.raw).toContain(`Message-ID: ${email.message_id}\r\n`);

    await core.close();
    await exited;
    expect(thread.threadId).toBe(-1);
  });

  describe('the relay pace', () => {
    it('DELIVERY_RATE_PER_SECOND paces real hand-offs; fixtures never wait for it', async () => {
      await startCore({ DELIVERY_RATE_PER_SECOND: '1', DELIVERY_CONCURRENCY: '1' });
      transport.script(sent(), sent(), sent());
      const real = [await send('one@example.com'), await send('two@example.com'), await send('three@example.com')];
      const fixtures = [await send('delivered+p1@mailgate.test'), await send('bounced+p2@mailgate.test')];
      expect(await core.worker.drain()).toBe(5);
      // One hand-off a second: the second and third waited their turn, the fixtures not at all.
      expect(waits).toEqual([t0 + 1_000, t0 + 2_000]);
      for (const id of real) expect(await eventTypes(id)).toEqual(['queued', 'sent']);
      expect(await eventTypes(fixtures[0]!)).toEqual(['queued', 'sent', 'delivered']);
      expect(await eventTypes(fixtures[1]!)).toEqual(['queued', 'sent', 'bounced']);
      expect(transport.calls.map((c) => c.emailId)).toEqual(real);
    });

    it('after a throttle the next hand-off waits out the cooling; a success ends it', async () => {
      await startCore({ DELIVERY_CONCURRENCY: '1' });
      transport.script(new DeliveryFailure('421 4.7.0 Too many messages', false, 421), sent(), sent());
      const throttled = await send('one@example.com');
      const next = await send('two@example.com');
      const after = await send('three@example.com');
      expect(await core.worker.drain()).toBe(3);
      // Only `next` waited (1 s after the 421); `after` followed a success at once.
      expect(waits).toEqual([t0 + 1_000]);
      expect(await eventTypes(throttled)).toEqual(['queued', 'delivery_delayed']);
      expect(await eventTypes(next)).toEqual(['queued', 'sent']);
      expect(await eventTypes(after)).toEqual(['queued', 'sent']);
      // The throttled one keeps its own backoff: 30 s from its attempt, not from the cooling.
      expect((await jobs()).map((j) => [j.ref_id, j.run_at, j.attempts])).toEqual([[throttled, t0 + 30_000, 1]]);
    });

    it('a failure that is not a throttle (a 5xx, a 4xx like 441) pauses nothing', async () => {
      await startCore({ DELIVERY_CONCURRENCY: '1' });
      transport.script(new DeliveryFailure('550 5.1.1 No such user', true, 550), new DeliveryFailure('441 4.4.1 No answer from host', false, 441), sent());
      await send('nobody@example.com');
      await send('slow@example.com');
      const ok = await send('someone@example.com');
      expect(await core.worker.drain()).toBe(3);
      expect(waits).toEqual([]);
      expect(await eventTypes(ok)).toEqual(['queued', 'sent']);
    });

    it('a turn further off than the longest cooling goes back to the queue untried: no event, no attempt used', async () => {
      // One hand-off every 100 s: the second would wait longer than a job may hold its lease for nothing.
      await startCore({ DELIVERY_RATE_PER_SECOND: '0.01' });
      transport.script(sent(), sent());
      const first = await send('one@example.com');
      const second = await send('two@example.com');
      expect(await core.worker.drain()).toBe(2);
      expect(waits).toEqual([]);
      expect(await eventTypes(first)).toEqual(['queued', 'sent']);
      expect(await eventTypes(second)).toEqual(['queued']);
      expect(await jobs()).toEqual([
        expect.objectContaining({ ref_id: second, run_at: t0 + 100_000, attempts: 0, lease_owner: null, lease_until: null, last_error: null }),
      ]);
      clock.advance(99_999);
      expect(await core.worker.drain()).toBe(0);
      clock.advance(1);
      expect(await core.worker.drain()).toBe(1);
      expect(await eventTypes(second)).toEqual(['queued', 'sent']);
      expect(transport.calls).toHaveLength(2);
    });

    it('close() gives a hand-off waiting for its turn back to the queue at once, untried', async () => {
      // Waits that only end when the pace is closed.
      waitUntil = (_at, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      await startCore({ DELIVERY_RATE_PER_SECOND: '1' });
      transport.script(sent());
      const first = await send('one@example.com');
      const second = await send('two@example.com');
      core.worker.start();
      while (waits.length === 0 || transport.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const closing = Date.now();
      await core.close();
      // Not SHUTDOWN_GRACE_SECONDS (8 s) spent waiting for a turn that would not come.
      expect(Date.now() - closing).toBeLessThan(2_000);
      expect(await eventTypes(first)).toEqual(['queued', 'sent']);
      expect(await eventTypes(second)).toEqual(['queued']);
      expect((await jobs()).map((j) => [j.ref_id, j.attempts, j.lease_owner])).toEqual([[second, 0, null]]);
      expect(transport.calls).toHaveLength(1);
    });
  });

  it('close() closes the transport', async () => {
    await startCore();
    await core.close();
    expect(transport.closed).toBe(true);
  });
});
