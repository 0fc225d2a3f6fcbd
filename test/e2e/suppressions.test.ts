import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppressAddresses } from '../../src/suppressions/index.ts';
import { getEmail, eventTypes } from '../helpers/emails.ts';
import { waitFor } from '../helpers/server.ts';
import { removeTestTls, startTestSmtpServer, submissionTransport, type TestSmtpServer } from '../helpers/smtp.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

// The suppression list through its doors, on real sockets: REST v2 (exact
// shapes and status codes) and v1, the MCP SDK client at /mcp, SMTP with
// nodemailer (550 5.1.1 at RCPT TO), batches and a campaign that skip
// suppressed recipients, and the suppression.added/removed webhooks checked
// with the Standard Webhooks package.

const ID = /^sup_[0-9a-z]{26}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
type ToolResult = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, any> };

async function json(res: Response): Promise<any> {
  return res.json();
}

afterAll(() => removeTestTls());

describe('the suppression list through its doors', () => {
  let server: TestSmtpServer;
  let receiver: Receiver;
  let secret = '';
  let organizationId = '';

  beforeAll(async () => {
    server = await startTestSmtpServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver(() => secret);
    const hook = await server.api('/api/v2/webhooks', { body: { url: receiver.url, events: ['suppression.added', 'suppression.removed'] } });
    expect(hook.status).toBe(201);
    secret = (await json(hook)).secret;
    organizationId = (await server.core.tokens.authenticate(server.token)).organizationId;
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  /** The first delivery of this type whose data names this address, once its signature verified. */
  const received = (type: string, email: string) =>
    waitFor(async () => receiver.received.find((r) => r.event.type === type && r.event.data.email === email), 10_000, `${type} for ${email}`);
  const add = (body: unknown) => server.api('/api/v2/suppressions', { body });
  /** Suppress as a bounce or complaint report would (the outcome rules' call). */
  const report = (email: string, reason: 'bounce' | 'complaint', sourceId: string | null = null) =>
    suppressAddresses(server.core.db.db, [{ organizationId, email, reason, sourceId, at: server.core.clock.now() }]);

  it('POST adds (201) and answers an address already there with its entry (200); GET finds it by id or address', async () => {
    const res = await add({ emails: ['Ada+news@Example.com', 'bob@example.com'], expires_at: '2999-01-01T00:00:00Z' });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toEqual({
      data: [
        {
          object: 'suppression',
          id: expect.stringMatching(ID),
          email: 'Ada+news@Example.com',
          reason: 'manual',
          source_id: null,
          created_at: expect.stringMatching(ISO),
          expires_at: '2999-01-01T00:00:00.000Z',
        },
        {
          object: 'suppression',
          id: expect.stringMatching(ID),
          email: 'bob@example.com',
          reason: 'manual',
          source_id: null,
          created_at: expect.stringMatching(ISO),
          expires_at: '2999-01-01T00:00:00.000Z',
        },
      ],
    });
    const [ada, bob] = body.data;

    const again = await add({ emails: ['ada+NEWS@example.com'] });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual({ data: [ada] });

    for (const ref of [ada.id, 'ada+news@example.com', encodeURIComponent('ADA+NEWS@EXAMPLE.COM')]) {
      const got = await server.api(`/api/v2/suppressions/${ref}`);
      expect(got.status, ref).toBe(200);
      expect(await json(got)).toEqual(ada);
    }
    const missing = await server.api('/api/v2/suppressions/carol@example.com');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ name: 'not_found', message: 'Suppression carol@example.com not found', statusCode: 404 });

    const list = await server.api('/api/v2/suppressions?limit=1');
    expect(list.status).toBe(200);
    expect(await json(list)).toEqual({ object: 'list', data: [bob], has_more: true });
    const next = await json(await server.api(`/api/v2/suppressions?limit=1&after=${bob.id}`));
    expect(next).toEqual({ object: 'list', data: [ada], has_more: false });
    expect((await json(await server.api('/api/v2/suppressions?query=%2Bnews&reason=manual'))).data).toEqual([ada]);
    expect((await json(await server.api('/api/v2/suppressions?email=BOB@example.com'))).data).toEqual([bob]);
    expect((await json(await server.api('/api/v2/suppressions?reason=bounce'))).data).toEqual([]);

    // The webhook heard of both, signed (the receiver keeps only what verifies).
    expect((await received('suppression.added', 'Ada+news@Example.com')).event).toEqual({
      type: 'suppression.added',
      timestamp: expect.stringMatching(ISO),
      data: ada,
    });
    expect((await received('suppression.added', 'bob@example.com')).event.data).toEqual(bob);
  });

  it('refuses bad input with 422 naming each field, and adds nothing', async () => {
    const before = (await json(await server.api('/api/v2/suppressions?limit=100'))).data.length;
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{}, [{ path: 'emails', message: expect.any(String) }]],
      [{ emails: [] }, [{ path: 'emails', message: 'must name at least one address' }]],
      [{ emails: ['ok@example.com', 'nope'] }, [{ path: 'emails.1', message: 'must be a valid email address (addr@example.com)' }]],
      [{ emails: Array.from({ length: 101 }, (_, i) => `r${i}@example.com`) }, [{ path: 'emails', message: 'must hold at most 100 addresses' }]],
      [
        { emails: ['ok@example.com'], expires_at: 'tomorrow' },
        [{ path: 'expires_at', message: 'must be an ISO 8601 date and time with an offset, like 2026-12-01T09:00:00Z' }],
      ],
      [{ emails: ['ok@example.com'], expires_at: '2001-01-01T00:00:00Z' }, [{ path: 'expires_at', message: 'must be in the future' }]],
      [{ emails: ['ok@example.com'], reason: 'bounce' }, [{ path: 'reason', message: expect.any(String) }]],
    ];
    for (const [body, details] of cases) {
      const res = await add(body);
      const answer = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(answer).toMatchObject({ name: 'validation_error', statusCode: 422, details });
    }
    const badList = await server.api('/api/v2/suppressions?reason=spam&limit=0');
    expect(badList.status).toBe(422);
    expect((await json(badList)).details.map((d: { path: string }) => d.path).sort()).toEqual(['limit', 'reason']);
    expect((await json(await server.api('/api/v2/suppressions?limit=100'))).data).toHaveLength(before);
  });

  it('DELETE removes an entry (200) and tells the webhook; a complaint only with force (409 without)', async () => {
    const { data } = await json(await add({ emails: ['remove-me@example.com'] }));
    const removed = await server.api('/api/v2/suppressions/remove-me@example.com', { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await json(removed)).toEqual({ object: 'suppression', id: data[0].id, email: 'remove-me@example.com', deleted: true });
    expect((await received('suppression.removed', 'remove-me@example.com')).event.data).toEqual(data[0]);
    expect((await server.api(`/api/v2/suppressions/${data[0].id}`, { method: 'DELETE' })).status).toBe(404);

    await report('complainer@example.com', 'complaint', 'eml_01jd3zq8x6v5t0n2c4b7m9k1pq');
    const complaint = await json(await server.api('/api/v2/suppressions/complainer@example.com'));
    expect(complaint).toMatchObject({ reason: 'complaint', source_id: 'eml_01jd3zq8x6v5t0n2c4b7m9k1pq', expires_at: null });
    expect((await received('suppression.added', 'complainer@example.com')).event.data).toEqual(complaint);

    const refused = await server.api('/api/v2/suppressions/complainer@example.com', { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({
      name: 'conflict',
      message:
        'complainer@example.com is suppressed because its recipient reported a message as spam; mailing it again harms the sending domain. Remove it only with force: true',
      statusCode: 409,
      code: 'COMPLAINT_SUPPRESSION',
      details: { id: complaint.id, email: 'complainer@example.com', reason: 'complaint' },
    });
    const forced = await server.api(`/api/v2/suppressions/${complaint.id}`, { method: 'DELETE', body: { force: true } });
    expect(forced.status).toBe(200);
    expect(await json(forced)).toEqual({ object: 'suppression', id: complaint.id, email: 'complainer@example.com', deleted: true });
    expect((await server.api('/api/v2/suppressions/complainer@example.com')).status).toBe(404);
  });

  it('refuses a send to a suppressed address with 422 RECIPIENT_SUPPRESSED (v2 and v1), and stores nothing', async () => {
    await report('bounced-hard@example.com', 'bounce');
    const countEmails = async () =>
      Number(
        (
          await server.core.db.db
            .selectFrom('emails')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countEmails();
    const v2 = await server.api('/api/v2/emails', {
      body: { from: 'Acme <hello@acme.example>', to: 'Bounced-Hard@example.com', subject: 'Hi', html: '<p>Hi</p>' },
    });
    expect(v2.status).toBe(422);
    expect(await json(v2)).toEqual({
      name: 'validation_error',
      message: 'Recipient bounced-hard@example.com (bounce) is on the suppression list: nothing is sent to it (remove_suppression takes it off)',
      statusCode: 422,
      code: 'RECIPIENT_SUPPRESSED',
      details: [{ path: 'to', message: 'bounced-hard@example.com is on the suppression list (bounce)', email: 'bounced-hard@example.com', reason: 'bounce' }],
    });
    const v1 = await server.api('/api/v1/emails', { body: { from: 'hello@acme.example', to: 'bounced-hard@example.com', subject: 'Hi', content: 'Hi' } });
    expect(v1.status).toBe(422);
    expect(await json(v1)).toEqual({
      success: false,
      message: 'Recipient bounced-hard@example.com (bounce) is on the suppression list: nothing is sent to it (remove_suppression takes it off)',
    });
    expect(await countEmails()).toBe(before);
  });

  it('a batch sends to the others and records the suppressed ones as suppressed; a batch of suppressed recipients only is refused', async () => {
    await add({ emails: ['delivered+suppressed-in-batch@mailgate.test'] });
    const item = (to: string) => ({ from: 'Acme <hello@acme.example>', to, subject: 'Receipt', html: '<p>Thanks</p>' });
    const res = await server.api('/api/v2/emails/batch', {
      body: [item('delivered+batch-1@mailgate.test'), item('delivered+suppressed-in-batch@mailgate.test'), item('delivered+batch-2@mailgate.test')],
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toHaveLength(3);
    const [first, suppressed, last] = body.data.map((d: { id: string }) => d.id);
    for (const id of [first, last]) {
      await waitFor(async () => ((await getEmail(server, id)).last_event === 'delivered' ? true : undefined), 10_000, `${id} delivered`);
    }
    const record = await getEmail(server, suppressed);
    expect(record.last_event).toBe('suppressed');
    expect(record.events).toEqual([
      {
        id: expect.any(String),
        type: 'suppressed',
        created_at: expect.stringMatching(ISO),
        detail: { suppression_id: expect.stringMatching(ID), reason: 'manual' },
      },
    ]);

    await add({ emails: ['delivered+suppressed-too@mailgate.test'] });
    const refused = await server.api('/api/v2/emails/batch', {
      body: [item('delivered+suppressed-in-batch@mailgate.test'), item('Delivered+Suppressed-Too@mailgate.test')],
    });
    expect(refused.status).toBe(422);
    expect(await json(refused)).toEqual({
      name: 'validation_error',
      message:
        'Every recipient is on the suppression list, so nothing was sent: delivered+suppressed-in-batch@mailgate.test (manual), delivered+suppressed-too@mailgate.test (manual)',
      statusCode: 422,
      code: 'RECIPIENT_SUPPRESSED',
      details: [
        {
          path: '[0].to',
          message: 'delivered+suppressed-in-batch@mailgate.test is on the suppression list (manual)',
          email: 'delivered+suppressed-in-batch@mailgate.test',
          reason: 'manual',
        },
        {
          path: '[1].to',
          message: 'delivered+suppressed-too@mailgate.test is on the suppression list (manual)',
          email: 'delivered+suppressed-too@mailgate.test',
          reason: 'manual',
        },
      ],
    });
  });

  it('over MCP: the tools add and list, and send_email to a suppressed address is a tool error naming it', async () => {
    const client = new Client({ name: 'mailgate-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }),
    );
    try {
      const added = (await client.callTool({ name: 'add_suppressions', arguments: { emails: ['agent-blocked@example.com'] } })) as ToolResult;
      expect(added.isError).not.toBe(true);
      expect(added.structuredContent).toEqual({ data: [expect.objectContaining({ email: 'agent-blocked@example.com', reason: 'manual' })] });
      const listed = (await client.callTool({ name: 'list_suppressions', arguments: { query: 'agent-blocked' } })) as ToolResult;
      expect(listed.structuredContent).toEqual({ object: 'list', data: added.structuredContent!.data, has_more: false });

      const send = (await client.callTool({
        name: 'send_email',
        arguments: { from: 'Agent <agent@acme.example>', to: 'agent-blocked@example.com', subject: 'Hello', markdown: 'Hi' },
      })) as ToolResult;
      expect(send.isError).toBe(true);
      const [message, answer] = send.content[0]!.text.split('\n');
      expect(message).toBe('Recipient agent-blocked@example.com (manual) is on the suppression list: nothing is sent to it (remove_suppression takes it off)');
      expect(JSON.parse(answer!)).toMatchObject({
        name: 'validation_error',
        code: 'RECIPIENT_SUPPRESSED',
        details: [{ path: 'to', email: 'agent-blocked@example.com' }],
      });

      const removed = (await client.callTool({ name: 'remove_suppression', arguments: { suppression: 'agent-blocked@example.com' } })) as ToolResult;
      expect(removed.structuredContent).toMatchObject({ email: 'agent-blocked@example.com', deleted: true });
    } finally {
      await client.close();
    }
  });

  it('over SMTP: RCPT TO a suppressed address is 550 5.1.1 with the reason; the other recipients are sent', async () => {
    await report('smtp-bounced@example.com', 'bounce');
    const transport = submissionTransport(server);
    try {
      const refused = transport.sendMail({ from: 'hello@acme.example', to: 'smtp-bounced@example.com', subject: 'Hi', text: 'Hi' });
      await expect(refused).rejects.toMatchObject({
        code: 'EENVELOPE',
        rejected: ['smtp-bounced@example.com'],
        rejectedErrors: [
          expect.objectContaining({
            responseCode: 550,
            response:
              '550 5.1.1 Recipient address rejected: Recipient smtp-bounced@example.com (bounce) is on the suppression list: nothing is sent to it (remove_suppression takes it off)',
          }),
        ],
      });

      const info = await transport.sendMail({
        from: 'hello@acme.example',
        to: ['smtp-bounced@example.com', 'delivered+smtp@mailgate.test'],
        subject: 'Hi',
        text: 'Hi',
      });
      expect(info.accepted).toEqual(['delivered+smtp@mailgate.test']);
      expect(info.rejected).toEqual(['smtp-bounced@example.com']);
      const [id] = info.response.replace(/^250 2\.0\.0 Ok: queued as /, '').split(' ');
      expect((await getEmail(server, id!)).to).toEqual(['delivered+smtp@mailgate.test']);
    } finally {
      transport.close();
    }
  });

  it('a campaign skips suppressed members and counts them in stats.suppressed', async () => {
    for (const email of ['delivered+camp-1@mailgate.test', 'delivered+camp-2@mailgate.test', 'delivered+camp-3@mailgate.test']) {
      expect([200, 201]).toContain((await server.api('/api/v2/subscribers', { body: { email, tags: ['supp-news'] } })).status);
    }
    await report('delivered+camp-2@mailgate.test', 'bounce');
    const created = await json(
      await server.api('/api/v2/campaigns', {
        body: { name: 'News', from: 'News <news@acme.example>', subject: 'News', markdown: 'Hello', audience: { tags: ['supp-news'] } },
      }),
    );
    expect((await server.api(`/api/v2/campaigns/${created.id}/send`, { method: 'POST' })).status).toBe(200);
    const done = await waitFor(
      async () => {
        const c = await json(await server.api(`/api/v2/campaigns/${created.id}`));
        return c.status === 'sent' ? c : undefined;
      },
      15_000,
      'the campaign to be sent',
    );
    expect(done.stats).toEqual({
      recipients: 2,
      skipped: 1,
      suppressed: 1,
      sent: 2,
      delivered: 2,
      bounced: 0,
      complained: 0,
      failed: 0,
      opened: 0,
      clicked: 0,
      unsubscribed: 0,
    });
    const mailed = await server.core.db.db.selectFrom('emails').select('to_address').where('campaign_id', '=', created.id).orderBy('to_address').execute();
    expect(mailed.map((m) => m.to_address)).toEqual(['delivered+camp-1@mailgate.test', 'delivered+camp-3@mailgate.test']);
    const skipped = await server.core.db.db
      .selectFrom('campaign_recipients')
      .select(['skip_reason'])
      .where('campaign_id', '=', created.id)
      .where('email_id', 'is', null)
      .execute();
    expect(skipped).toEqual([{ skip_reason: 'suppressed' }]);
    expect(
      eventTypes(
        await getEmail(server, (await server.core.db.db.selectFrom('emails').select('id').where('campaign_id', '=', created.id).executeTakeFirstOrThrow()).id),
      ),
    ).toContain('delivered');
  });
});
