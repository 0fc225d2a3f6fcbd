import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, WEBHOOK_RETRY_DELAYS_MS } from '../../src/index.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

// Outbound webhooks through real sockets: the API over fetch, and a receiver (a
// node http server on loopback) that verifies every delivery's signature with
// the Standard Webhooks package. Events from real sends (fixture outcomes),
// subscriber changes and a campaign; retries on a manual clock; the private
// address rule at creation and at delivery time.

interface Delivery {
  id: string;
  event_type: string;
  status: string;
  attempts: number;
  response_status: number | null;
  response_excerpt: string | null;
  next_attempt_at: string | null;
}

describe('outbound webhooks', () => {
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  let receiver: Receiver;
  let webhookId = '';
  let secret = '';

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver(() => secret);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  const received = (type: string, match: (data: Record<string, any>) => boolean = () => true) =>
    waitFor(async () => receiver.received.find((r) => r.event.type === type && match(r.event.data)), 10_000, `a ${type} delivery`);

  async function deliveries(id = webhookId): Promise<Delivery[]> {
    const res = await server.api(`/api/v2/webhooks/${id}/deliveries?limit=100`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Delivery[] }).data;
  }

  it('creates a webhook and shows its secret once', async () => {
    const res = await server.api('/api/v2/webhooks', {
      body: {
        url: receiver.url,
        events: ['email.sent', 'email.delivered', 'email.bounced', 'subscriber.created', 'subscriber.updated', 'subscriber.unsubscribed', 'campaign.sent'],
      },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, any>;
    expect(created).toEqual({
      object: 'webhook',
      id: expect.stringMatching(/^whk_[0-9a-z]{26}$/),
      url: receiver.url,
      events: ['email.sent', 'email.delivered', 'email.bounced', 'subscriber.created', 'subscriber.updated', 'subscriber.unsubscribed', 'campaign.sent'],
      enabled: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    webhookId = created.id;
    secret = created.secret;
    const { secret: _s, ...shown } = created;
    expect(await (await server.api(`/api/v2/webhooks/${webhookId}`)).json()).toEqual(shown);
    const list = (await (await server.api('/api/v2/webhooks')).json()) as { data: unknown[] };
    expect(list.data).toEqual([shown]);
  });

  it('refuses bad input with 422 naming the field, and creates nothing', async () => {
    const cases: [unknown, string][] = [
      [{ url: 'ftp://example.com/x', events: ['email.sent'] }, 'url'],
      [{ url: 'not a url', events: ['email.sent'] }, 'url'],
      [{ url: 'https://user:pw@example.com/x', events: ['email.sent'] }, 'url'],
      [{ url: 'https://example.com/x', events: ['email.nope'] }, 'events.0'],
      [{ url: 'https://example.com/x', events: [] }, 'events'],
      [{ url: 'https://example.com/x' }, 'events'],
    ];
    for (const [body, path] of cases) {
      const res = await server.api('/api/v2/webhooks', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const error = (await res.json()) as { name: string; details: { path: string; message: string }[] };
      expect(error.name).toBe('validation_error');
      expect(error.details.map((d) => d.path)).toContain(path);
    }
    const unknown = await server.api('/api/v2/webhooks', { body: { url: 'https://example.com/x', events: ['email.nope'] } });
    expect(JSON.stringify(await unknown.json())).toContain('unknown event type \\"email.nope\\"');
    const list = (await (await server.api('/api/v2/webhooks')).json()) as { data: unknown[] };
    expect(list.data).toHaveLength(1);
  });

  it('delivers email events of a real send, signed, with the email in data', async () => {
    const sent = await server.api('/api/v2/emails', {
      body: { from: 'App <app@example.com>', to: 'bounced+hook@mailgate.test', subject: 'Hooked', markdown: 'Hi' },
    });
    const { id } = (await sent.json()) as { id: string };
    const bounced = await received('email.bounced', (d) => d.email_id === id);
    expect(bounced.event).toEqual({
      type: 'email.bounced',
      timestamp: expect.any(String),
      data: {
        email_id: id,
        from: 'App <app@example.com>',
        to: ['bounced+hook@mailgate.test'],
        subject: 'Hooked',
        created_at: expect.any(String),
        bounce: {
          type: 'hard',
          status: '5.1.1',
          diagnostic: 'smtp; 550 5.1.1 <bounced+hook@mailgate.test>: fixture address: the mailbox does not exist',
          remote_mta: null,
        },
        detail: {
          fixture: true,
          bounce: {
            type: 'hard',
            status: '5.1.1',
            diagnostic: 'smtp; 550 5.1.1 <bounced+hook@mailgate.test>: fixture address: the mailbox does not exist',
            remote_mta: null,
          },
        },
      },
    });
    await received('email.sent', (d) => d.email_id === id);
    // The webhook-id is the delivery's id, listed with its outcome.
    const listed = await waitFor(async () => (await deliveries()).find((d) => d.id === bounced.headers['webhook-id'] && d.status === 'delivered'));
    expect(listed).toMatchObject({ event_type: 'email.bounced', attempts: 1, response_status: 204, next_attempt_at: null });
    expect(bounced.headers['webhook-signature']).toMatch(/^v1,/);
    expect(bounced.headers['content-type']).toBe('application/json');
  });

  it('delivers subscriber.created, subscriber.updated and subscriber.unsubscribed with the subscriber as data', async () => {
    const created = await server.api('/api/v2/subscribers', { body: { email: 'hooked@example.com', first_name: 'Ada' } });
    expect(created.status).toBe(201);
    const first = await received('subscriber.created', (d) => d.email === 'hooked@example.com');
    expect(first.event.data).toMatchObject({ object: 'subscriber', email: 'hooked@example.com', first_name: 'Ada', status: 'subscribed' });
    await server.api('/api/v2/subscribers/hooked@example.com', { method: 'PATCH', body: { last_name: 'Lovelace' } });
    expect((await received('subscriber.updated', (d) => d.last_name === 'Lovelace')).event.data.email).toBe('hooked@example.com');
    // A write that changes nothing is no update.
    const before = receiver.received.length;
    await server.api('/api/v2/subscribers/hooked@example.com', { method: 'PATCH', body: { last_name: 'Lovelace' } });
    await server.api('/api/v2/subscribers/hooked@example.com/unsubscribe', { method: 'POST' });
    expect((await received('subscriber.unsubscribed')).event.data).toMatchObject({ email: 'hooked@example.com', status: 'unsubscribed' });
    expect(receiver.received.slice(before).filter((r) => r.event.type === 'subscriber.updated' && r.event.data.status === 'subscribed')).toEqual([]);
  });

  it('delivers campaign.sent when a campaign has sent to everyone', async () => {
    await server.api('/api/v2/subscribers', { body: { email: 'delivered+camp@mailgate.test', tags: ['hooked'] } });
    const created = await server.api('/api/v2/campaigns', {
      body: {
        name: 'Hooked news',
        from: 'News <news@example.com>',
        subject: 'News',
        markdown: 'Hello {{first_name | "there"}}',
        audience: { tags: ['hooked'] },
      },
    });
    const campaign = (await created.json()) as { id: string };
    expect((await server.api(`/api/v2/campaigns/${campaign.id}/send`, { method: 'POST' })).status).toBe(200);
    const sent = await received('campaign.sent', (d) => d.campaign_id === campaign.id);
    expect(sent.event.data).toEqual({ campaign_id: campaign.id, name: 'Hooked news', subject: 'News', recipients: 1, sent_at: expect.any(String) });
  });

  it('tries again after a failed answer, on the schedule, then delivers', async () => {
    // Deliveries of earlier tests still on their way (the campaign's email.delivered) would take the 500 meant for this one.
    await waitFor(async () => ((await deliveries()).every((d) => d.status !== 'pending') ? true : undefined));
    receiver.answers.push(500);
    await server.api('/api/v2/subscribers', { body: { email: 'retry@example.com' } });
    await received('subscriber.created', (d) => d.email === 'retry@example.com');
    const pending = await waitFor(async () =>
      (await deliveries()).find((d) => d.event_type === 'subscriber.created' && d.status === 'pending' && d.attempts === 1),
    );
    expect(pending).toMatchObject({ response_status: 500, response_excerpt: 'answered 500' });
    expect(Date.parse(pending.next_attempt_at!)).toBe(clock.now() + WEBHOOK_RETRY_DELAYS_MS[0]);
    receiver.received.length = 0;
    clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    const again = await received('subscriber.created', (d) => d.email === 'retry@example.com');
    expect(again.headers['webhook-id']).toBe(pending.id);
    expect(await waitFor(async () => (await deliveries()).find((d) => d.id === pending.id && d.status === 'delivered'))).toMatchObject({
      attempts: 2,
      response_status: 204,
    });
  });

  it('marks a delivery failed after about a day of failed attempts', async () => {
    receiver.answers.push(...Array.from({ length: WEBHOOK_RETRY_DELAYS_MS.length + 1 }, () => 503));
    await server.api('/api/v2/subscribers', { body: { email: 'never@example.com' } });
    await received('subscriber.created', (d) => d.email === 'never@example.com');
    const id = receiver.received.find((r) => r.event.data.email === 'never@example.com')!.headers['webhook-id'] as string;
    let total = 0;
    for (const [i, wait] of WEBHOOK_RETRY_DELAYS_MS.entries()) {
      await waitFor(async () => (await deliveries()).find((d) => d.id === id && d.attempts === i + 1 && d.next_attempt_at !== null));
      clock.advance(wait);
      total += wait;
    }
    const failed = await waitFor(async () => (await deliveries()).find((d) => d.id === id && d.status === 'failed'));
    expect(failed).toMatchObject({ attempts: WEBHOOK_RETRY_DELAYS_MS.length + 1, next_attempt_at: null });
    // 503 while the receiver's clock agrees with the signature's timestamp; once the
    // manual clock is hours ahead, its Standard Webhooks check refuses it (400): a failure too.
    expect([400, 503]).toContain(failed.response_status);
    expect(total / 3_600_000).toBeGreaterThan(20);
    expect(total / 3_600_000).toBeLessThan(28);
  });

  it('a disabled webhook gets no deliveries; a deleted one is gone', async () => {
    const off = await server.api(`/api/v2/webhooks/${webhookId}`, { method: 'PATCH', body: { enabled: false } });
    expect(((await off.json()) as { enabled: boolean }).enabled).toBe(false);
    const count = (await deliveries()).length;
    await server.api('/api/v2/subscribers', { body: { email: 'quiet@example.com' } });
    expect((await deliveries()).length).toBe(count);
    expect((await server.api(`/api/v2/webhooks/${webhookId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await server.api(`/api/v2/webhooks/${webhookId}`)).status).toBe(404);
    expect((await server.api(`/api/v2/webhooks/${webhookId}/deliveries`)).status).toBe(404);
  });
});

describe('outbound webhooks to private addresses, not allowed', () => {
  let server: TestServer;
  let receiver: Receiver;
  let secret = '';

  beforeAll(async () => {
    // hooks.example resolves to loopback (what a DNS rebinding would do).
    server = await startTestServer({ lookupHost: async () => [{ address: '127.0.0.1', family: 4 }] });
    receiver = await startReceiver(() => secret);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('refuses a private or loopback literal at creation', async () => {
    for (const url of ['http://127.0.0.1:9/x', 'http://[::1]/x', 'http://10.1.2.3/x', 'http://169.254.169.254/latest', 'http://localhost:8080/x']) {
      const res = await server.api('/api/v2/webhooks', { body: { url, events: ['subscriber.created'] } });
      expect(res.status, url).toBe(422);
      expect(((await res.json()) as { details: { path: string }[] }).details[0]!.path).toBe('url');
    }
  });

  it('refuses at delivery time a host name that resolves to a private address: failed, never sent', async () => {
    const port = new URL(receiver.url).port;
    const res = await server.api('/api/v2/webhooks', { body: { url: `http://hooks.example:${port}/hooks`, events: ['subscriber.created'] } });
    expect(res.status).toBe(201);
    const hook = (await res.json()) as { id: string; secret: string };
    secret = hook.secret;
    await server.api('/api/v2/subscribers', { body: { email: 'rebind@example.com' } });
    const failed = await waitFor(async () => {
      const list = (await (await server.api(`/api/v2/webhooks/${hook.id}/deliveries`)).json()) as { data: Delivery[] };
      return list.data.find((d) => d.status === 'failed');
    });
    expect(failed).toMatchObject({
      attempts: 1,
      response_status: null,
      response_excerpt: 'refused: hooks.example is a private, loopback or link-local address',
    });
    expect(receiver.received).toEqual([]);
  });
});
