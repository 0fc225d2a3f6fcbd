import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberV1 } from '../../servers/http/v1/shapes.ts';
import type { AuthContext } from '../../src/index.ts';
import { startTestServer, TEST_TOKEN, type TestServer } from '../helpers/server.ts';

/**
 * The REST v2 routes generated from the binding table and the operation
 * definitions, through fetch on a real socket: answers serialized by the
 * routes' schemas are byte for byte what the core returns, and input is read
 * from the parts of the request the table names.
 */
describe('routes generated from the operations', () => {
  let server: TestServer;
  let auth: AuthContext;

  beforeAll(async () => {
    server = await startTestServer({ worker: false });
    auth = await server.core.tokens.authenticate(TEST_TOKEN);
  });
  afterAll(async () => server?.close());

  const text = async (path: string, init?: Parameters<TestServer['api']>[1]) => {
    const res = await server.api(path, init);
    return { status: res.status, body: await res.text() };
  };

  it('serializes every record exactly as the core returns it (byte for byte)', async () => {
    const core = server.core;
    const { id: emailId } = await core.emails.send(
      auth,
      {
        from: { address: 'a@example.com', name: 'A' },
        to: { address: 'delivered+wire@mailgate.test', name: null },
        subject: 'Wire',
        content: { kind: 'markdown', markdown: '# Hi' },
        replyTo: null,
        preview: 'Pre',
      },
      { source: 'api' },
    );
    const { subscriber } = await core.audience.upsertSubscriber(auth, {
      changes: { email: 'wire@example.com', firstName: 'Wi', attributes: { plan: 'pro', nested: { a: [1, null, 'x'] } }, tags: ['wired'] },
      triggerWorkflows: true,
    });
    await core.audience.recordEvent(auth, { email: 'wire@example.com', name: 'order_placed', properties: { total: 42.5 } });
    const workflow = await core.workflows.create(auth, {
      name: 'Wire',
      trigger: { type: 'event', name: 'order_placed' },
      steps: [
        { type: 'send_email', from: 'a@example.com', subject: 'Thanks', markdown: 'Thanks!' },
        { type: 'wait', seconds: 60 },
      ],
    });
    const tag = await core.audience.getTag(auth, 'wired');
    const page = { limit: 20 };

    const cases: [string, unknown][] = [
      [`/api/v2/emails/${emailId}`, await core.emails.get(auth, emailId)],
      ['/api/v2/emails', await core.emails.list(auth, page)],
      [`/api/v2/subscribers/${subscriber.id}`, await core.audience.getSubscriber(auth, subscriber.id)],
      ['/api/v2/subscribers?tag=wired', await core.audience.listSubscribers(auth, { tag: 'wired' }, page)],
      [`/api/v2/subscribers/${subscriber.id}/events`, await core.audience.listSubscriberEvents(auth, subscriber.id, page)],
      ['/api/v2/tags', await core.audience.listTags(auth, page)],
      [`/api/v2/tags/${tag.id}`, tag],
      [`/api/v2/workflows/${workflow.id}`, await core.workflows.get(auth, workflow.id)],
      ['/api/v2/workflows', await core.workflows.list(auth, page)],
      [`/api/v2/workflows/${workflow.id}/runs`, await core.workflows.listRuns(auth, workflow.id, page)],
      [`/api/v1/subscribers/${subscriber.id}`, { success: true, subscriber: subscriberV1(await core.audience.getSubscriber(auth, subscriber.id)) }],
    ];
    for (const [path, expected] of cases) {
      const answer = await text(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toBe(JSON.stringify(expected));
    }
  });

  it('answers an upsert 201 when it created and 200 when it updated', async () => {
    expect((await text('/api/v2/subscribers', { body: { email: 'twice@example.com' } })).status).toBe(201);
    expect((await text('/api/v2/subscribers', { body: { email: 'twice@example.com', first_name: 'T' } })).status).toBe(200);
  });

  it('names a batch problem by the body itself, with the rule as the message', async () => {
    const notArray = await server.api('/api/v2/emails/batch', { body: { from: 'a@example.com' } });
    expect(notArray.status).toBe(422);
    expect(await notArray.json()).toEqual({
      name: 'validation_error',
      message: 'The batch body must be a JSON array of send bodies',
      statusCode: 422,
      details: [{ path: '', message: 'must be a JSON array of send bodies' }],
    });
    const item = { from: 'a@example.com', to: 'delivered@mailgate.test', subject: 'x', html: '<p>x</p>' };
    const tooMany = await server.api('/api/v2/emails/batch', { body: Array.from({ length: 101 }, () => item) });
    expect(await tooMany.json()).toEqual({
      name: 'validation_error',
      message: 'A batch must hold 1 to 100 emails (got 101)',
      statusCode: 422,
      details: [{ path: '', message: 'must hold 1 to 100 emails (got 101)' }],
    });
  });

  it('checks input as every door does: a NUL anywhere in a batch refuses it, permissive or not, as /tools does', async () => {
    const item = { from: 'a@example.com', to: 'delivered+nul@mailgate.test', subject: 'x', html: '<p>x</p>' };
    const emails = [item, { ...item, html: '<p>x\u0000</p>' }];
    const rest = await server.api('/api/v2/emails/batch', { body: emails, headers: { 'Batch-Validation': 'permissive' } });
    expect([rest.status, await rest.json()]).toEqual([
      422,
      {
        name: 'validation_error',
        message: '[1].html must not contain the NUL character (U+0000)',
        statusCode: 422,
        details: [{ path: '[1].html', message: 'must not contain the NUL character (U+0000)' }],
      },
    ]);
    const tool = await server.api('/api/v2/tools/send_batch', { body: { emails, validation: 'permissive' } });
    expect([tool.status, await tool.json()]).toEqual([
      422,
      {
        name: 'validation_error',
        message: 'emails.1.html must not contain the NUL character (U+0000)',
        statusCode: 422,
        details: [{ path: 'emails.1.html', message: 'must not contain the NUL character (U+0000)' }],
      },
    ]);
    const sent = await server.core.db.db.selectFrom('emails').select('id').where('to_address', '=', 'delivered+nul@mailgate.test').execute();
    expect(sent).toEqual([]);
  });

  it('takes header fields only from their header: in the body they are unknown fields', async () => {
    const send = { from: 'a@example.com', to: 'delivered+hdr@mailgate.test', subject: 'x', html: '<p>x</p>' };
    const res = await server.api('/api/v2/emails', { body: { ...send, idempotency_key: 'in-the-body' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      name: 'validation_error',
      message: 'idempotency_key is not a known field',
      statusCode: 422,
      details: [{ path: 'idempotency_key', message: 'is not a known field' }],
    });
    const badHeader = await server.api('/api/v2/emails', { body: send, headers: { 'Idempotency-Key': ' ' } });
    expect(await badHeader.json()).toMatchObject({
      name: 'validation_error',
      message: 'Idempotency-Key must be 1 to 256 printable ASCII characters without spaces',
      details: [{ path: 'Idempotency-Key', message: 'must be 1 to 256 printable ASCII characters without spaces' }],
    });
  });

  it('takes path fields only from the path: in the body they are unknown fields', async () => {
    await server.api('/api/v2/subscribers', { body: { email: 'path@example.com' } });
    const res = await server.api('/api/v2/subscribers/path@example.com', { method: 'PATCH', body: { subscriber: 'other@example.com', first_name: 'P' } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { details: unknown }).details).toEqual([{ path: 'subscriber', message: 'is not a known field' }]);
  });

  it('reads a query limit of digits as a number, and ignores query parameters it does not know', async () => {
    for (const name of ['query-a', 'query-b']) await server.api('/api/v2/tags', { body: { name } });
    const res = await server.api('/api/v2/tags?limit=%201%20&utm_source=x');
    expect(res.status).toBe(200);
    const page = (await res.json()) as { data: { name: string }[]; has_more: boolean };
    expect([page.data.map((t) => t.name), page.has_more]).toEqual([['query-b'], true]);
    const bad = await server.api('/api/v2/tags?limit=1.5');
    expect(await bad.json()).toEqual({
      name: 'validation_error',
      message: 'limit must be an integer from 1 to 100',
      statusCode: 422,
      details: [{ path: 'limit', message: 'must be an integer from 1 to 100' }],
    });
  });
});
