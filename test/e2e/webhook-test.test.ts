import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

/**
 * What the Webhooks screen needs besides the resource, through fetch on a real
 * socket: the signing secret read again (by whoever may change webhooks), and
 * a test event sent at once to a receiver that checks its signature.
 */
describe("a webhook's secret and test event", () => {
  // Now: a receiver refuses a signature whose timestamp is over 5 minutes off its own clock.
  const clock = new ManualClock(Date.now());
  const now = () => new Date(clock.now()).toISOString();
  let server: TestServer;
  let receiver: Receiver;
  let webhookId = '';
  let secret = '';
  let readToken = '';

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver(() => secret);
    const created = (await (await server.api('/api/v2/webhooks', { body: { url: receiver.url, events: ['email.delivered'] } })).json()) as {
      id: string;
      secret: string;
    };
    webhookId = created.id;
    secret = created.secret;
    readToken = ((await (await server.api('/api/v2/tokens', { body: { name: 'viewer', permission: 'read' } })).json()) as { token: string }).token;
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  it('gives the signing secret again to a token that may change webhooks', async () => {
    const res = await server.api(`/api/v2/webhooks/${webhookId}/secret`);
    expect([res.status, await res.json()]).toEqual([200, { object: 'webhook_secret', id: webhookId, secret }]);
  });

  it('refuses the secret to a read-only token, and another organization finds no such webhook', async () => {
    const viewer = await server.api(`/api/v2/webhooks/${webhookId}/secret`, { token: readToken });
    expect([viewer.status, await viewer.json()]).toEqual([
      403,
      {
        name: 'forbidden',
        message: 'This API token is read-only: it cannot run get_webhook_secret, which reveals a secret. Use a token with full permission.',
        statusCode: 403,
        code: 'read_only_token',
      },
    ]);
    // The same token still reads the webhook itself.
    expect((await server.api(`/api/v2/webhooks/${webhookId}`, { token: readToken })).status).toBe(200);
    const other = (await server.core.orgs.create({ name: 'Other', plan: 'free' })).token.token;
    for (const [method, path] of [
      ['GET', 'secret'],
      ['POST', 'test'],
    ] as const) {
      const res = await server.api(`/api/v2/webhooks/${webhookId}/${path}`, { method, token: other });
      expect([path, res.status, ((await res.json()) as { message: string }).message]).toEqual([path, 404, `Webhook ${webhookId} not found`]);
    }
    expect(receiver.received).toEqual([]);
  });

  it('sends a signed webhook.test event at once and answers the attempt', async () => {
    const res = await server.api(`/api/v2/webhooks/${webhookId}/test`, { method: 'POST' });
    const answer = (await res.json()) as { id: string };
    expect([res.status, answer]).toEqual([
      200,
      {
        object: 'webhook_test',
        id: expect.stringMatching(/^whd_[0-9a-z]{26}$/),
        webhook_id: webhookId,
        event_type: 'webhook.test',
        url: receiver.url,
        status: 'delivered',
        response_status: 204,
        response_excerpt: '',
        created_at: now(),
      },
    ]);
    // The receiver checked the signature with the secret (a bad one is answered 400 and not kept).
    expect(receiver.received.map((r) => [r.headers['webhook-id'], r.event])).toEqual([
      [
        answer.id,
        {
          type: 'webhook.test',
          timestamp: now(),
          data: { webhook_id: webhookId, message: 'A test event from Mailgate: your endpoint received it.' },
        },
      ],
    ]);
    // Out of band: no delivery is stored.
    expect(((await (await server.api(`/api/v2/webhooks/${webhookId}/deliveries`)).json()) as { data: unknown[] }).data).toEqual([]);
  });

  it("answers failed with the endpoint's status and answer, and sends to a disabled webhook too", async () => {
    expect((await server.api(`/api/v2/webhooks/${webhookId}`, { method: 'PATCH', body: { enabled: false } })).status).toBe(200);
    receiver.answers.push(500);
    const res = await server.api(`/api/v2/webhooks/${webhookId}/test`, { method: 'POST' });
    expect([res.status, await res.json()]).toEqual([
      200,
      expect.objectContaining({ status: 'failed', response_status: 500, response_excerpt: 'answered 500', event_type: 'webhook.test' }),
    ]);
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses a test to a read-only token: it sends something', async () => {
    const res = await server.api(`/api/v2/webhooks/${webhookId}/test`, { method: 'POST', token: readToken });
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([403, 'read_only_token']);
    expect(receiver.received).toEqual([]);
  });
});
