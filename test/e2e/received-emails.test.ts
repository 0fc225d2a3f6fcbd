import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReceivingDomain, incomingMail } from '../helpers/received.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

// Received email through its doors, on real sockets: the REST routes (exact
// JSON shapes; the raw message and the attachments answered as bytes with
// their media types), another organization's mail not found on every route,
// the email.received webhook checked with the Standard Webhooks package, the
// tools at /mcp through the MCP SDK client, and /openapi.json.

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ATT = /^att_[0-9a-z]{26}$/;
type ToolResult = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, any> };

describe('received email through its doors', () => {
  let server: TestServer;
  let receiver: Receiver;
  let secret = '';
  let otherToken = '';
  let id = '';
  let record: Record<string, any>;
  const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\nnot really a pdf\n', 'latin1');
  const note = Buffer.from('reçu nº 42\n');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const mail = incomingMail({
    cc: [{ name: 'Bob', address: 'bob@sender.example' }],
    html: '<p>Where is my order?</p>',
    attachments: [
      { filename: 'invoice.pdf', contentType: 'application/pdf', content: pdf },
      { filename: 'reçu "2026" (copy).txt', contentType: 'text/plain', content: note },
      { filename: null, contentType: 'image/png', content: png, inline: true, contentId: 'logo@sender' },
    ],
    recipients: ['support@inbox.example'],
  });

  const json = (res: Response) => res.json() as Promise<any>;
  const asOther = (path: string) => server.api(path, { token: otherToken });

  beforeAll(async () => {
    server = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver(() => secret);
    const hook = await server.api('/api/v2/webhooks', { body: { url: receiver.url, events: ['email.received'] } });
    expect(hook.status).toBe(201);
    secret = (await json(hook)).secret;
    await addReceivingDomain(server.database.handle, 'inbox.example');
    // Another organization that receives mail of its own.
    const other = await server.core.orgs.create({ name: 'Other', plan: 'free' });
    otherToken = other.token.token;
    await addReceivingDomain(server.database.handle, 'other.example', other.org.id);
    await server.core.receiving.receive(incomingMail({ to: [{ name: null, address: 'sales@other.example' }], subject: 'For the other organization' }));

    [id] = (await server.core.receiving.receive(mail)).ids as [string];
    record = await json(await server.api(`/api/v2/received-emails/${id}`));
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('GET /received-emails/{id} answers the whole record; the list the same without bodies', async () => {
    const res = await server.api(`/api/v2/received-emails/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const listItem = {
      object: 'received_email',
      id,
      from: 'Ada Lovelace <ada@sender.example>',
      to: ['support@inbox.example'],
      cc: ['Bob <bob@sender.example>'],
      reply_to: [],
      subject: 'Question about my order',
      message_id: '<m1@sender.example>',
      in_reply_to: null,
      references: [],
      date: '2026-11-27T14:00:00.000Z',
      mail_from: 'ada@sender.example',
      recipients: ['support@inbox.example'],
      size: mail.raw.byteLength,
      authentication: {
        spf: { result: 'pass', domain: 'sender.example' },
        dkim: { result: 'pass', signatures: [{ domain: 'sender.example', selector: 's1', result: 'pass' }] },
        dmarc: { result: 'pass', domain: 'sender.example', policy: 'none' },
        arc: { result: 'none' },
      },
      attachments: [
        {
          id: expect.stringMatching(ATT),
          filename: 'invoice.pdf',
          content_type: 'application/pdf',
          size: pdf.length,
          content_id: null,
          disposition: 'attachment',
        },
        {
          id: expect.stringMatching(ATT),
          filename: 'reçu "2026" (copy).txt',
          content_type: 'text/plain',
          size: note.length,
          content_id: null,
          disposition: 'attachment',
        },
        { id: expect.stringMatching(ATT), filename: null, content_type: 'image/png', size: png.length, content_id: 'logo@sender', disposition: 'inline' },
      ],
      created_at: expect.stringMatching(ISO),
    };
    expect(await json(res)).toEqual({ ...listItem, text: mail.parsed.text, html: '<p>Where is my order?</p>', headers: mail.parsed.headers });

    const list = await server.api('/api/v2/received-emails');
    expect(list.status).toBe(200);
    expect(await json(list)).toEqual({ object: 'list', data: [listItem], has_more: false });
    expect((await json(await server.api('/api/v2/received-emails?to=SUPPORT@inbox.example&from=ada@sender.example'))).data.map((r: any) => r.id)).toEqual([id]);
    expect((await json(await server.api('/api/v2/received-emails?from=bob@sender.example'))).data).toEqual([]);
  });

  it('GET …/raw answers the message itself as message/rfc822', async () => {
    const res = await server.api(`/api/v2/received-emails/${id}/raw`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('message/rfc822');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(mail.raw));
  });

  it('GET …/attachments/{attachment} answers the bytes with their own media type, as an attachment named by its filename', async () => {
    const [invoice, receipt, logo] = record.attachments;
    const cases = [
      [invoice.id, 'application/pdf', 'attachment; filename="invoice.pdf"; filename*=UTF-8\'\'invoice.pdf', pdf],
      [receipt.id, 'text/plain', 'attachment; filename="re_u _2026_ (copy).txt"; filename*=UTF-8\'\'re%C3%A7u%20%222026%22%20%28copy%29.txt', note],
      [logo.id, 'image/png', 'attachment', png],
    ] as const;
    for (const [attachment, type, disposition, bytes] of cases) {
      const res = await server.api(`/api/v2/received-emails/${id}/attachments/${attachment}`);
      expect(res.status, attachment).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-disposition')).toBe(disposition);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    }
  });

  it("another organization's received email is not found on every route; its list does not show it", async () => {
    const attachment = record.attachments[0].id;
    const notFound = { name: 'not_found', message: `Received email ${id} not found`, statusCode: 404 };
    for (const path of [`/api/v2/received-emails/${id}`, `/api/v2/received-emails/${id}/raw`]) {
      const res = await asOther(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await json(res)).toEqual(notFound);
    }
    const res = await asOther(`/api/v2/received-emails/${id}/attachments/${attachment}`);
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ name: 'not_found', message: `Attachment ${attachment} of received email ${id} not found`, statusCode: 404 });
    const theirs = await json(await asOther('/api/v2/received-emails'));
    expect(theirs.data.map((r: any) => r.subject)).toEqual(['For the other organization']);
    // And theirs is not found here, attachments included.
    const theirId = theirs.data[0].id;
    expect((await server.api(`/api/v2/received-emails/${theirId}`)).status).toBe(404);
    expect((await server.api(`/api/v2/received-emails/${theirId}/raw`)).status).toBe(404);
    expect((await server.api(`/api/v2/received-emails/${theirId}/attachments/${attachment}`)).status).toBe(404);
  });

  it('answers 404 for an id that names nothing and 422 for a filter that is not an address', async () => {
    const missing = 'rcv_01jd3zq8x6v5t0n2c4b7m9k1pq';
    expect(await json(await server.api(`/api/v2/received-emails/${missing}/raw`))).toEqual({
      name: 'not_found',
      message: `Received email ${missing} not found`,
      statusCode: 404,
    });
    const noSuchAttachment = await server.api(`/api/v2/received-emails/${id}/attachments/att_01jd3zq8x6v5t0n2c4b7m9k1pq`);
    expect(noSuchAttachment.status).toBe(404);
    const bad = await server.api('/api/v2/received-emails?to=nobody&after=eml_01jd3zq8x6v5t0n2c4b7m9k1pq');
    expect(bad.status).toBe(422);
    expect(await json(bad)).toMatchObject({
      name: 'validation_error',
      details: [
        { path: 'to', message: 'must be a valid email address (addr@example.com)' },
        { path: 'after', message: 'must be an id starting with rcv_' },
      ],
    });
  });

  it('tells the webhook email.received with the metadata, signed', async () => {
    const delivery = await waitFor(async () => receiver.received.find((r) => r.event.data.received_email_id === id), 10_000, 'email.received');
    expect(delivery.event).toEqual({
      type: 'email.received',
      timestamp: expect.stringMatching(ISO),
      data: {
        received_email_id: id,
        from: 'Ada Lovelace <ada@sender.example>',
        to: ['support@inbox.example'],
        cc: ['Bob <bob@sender.example>'],
        subject: 'Question about my order',
        message_id: '<m1@sender.example>',
        in_reply_to: null,
        recipients: ['support@inbox.example'],
        created_at: record.created_at,
        authentication: { spf: 'pass', dkim: 'pass', dmarc: 'pass', arc: 'none' },
        attachments: record.attachments.map(({ id, filename, content_type, size }: any) => ({ id, filename, content_type, size })),
      },
    });
    // The other organization's mail went to no webhook of this one.
    expect(receiver.received.filter((r) => r.event.type === 'email.received')).toHaveLength(1);
  });

  it('over MCP: the tools are listed, and answer the record, the raw message and an attachment base64', async () => {
    const client = new Client({ name: 'mailgate-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }),
    );
    try {
      const { tools } = await client.listTools();
      const names = ['list_received_emails', 'get_received_email', 'get_received_email_raw', 'get_received_email_attachment'];
      expect(tools.filter((t) => names.includes(t.name)).map((t) => [t.name, t.annotations?.readOnlyHint])).toEqual(names.map((name) => [name, true]));

      const got = (await client.callTool({ name: 'get_received_email', arguments: { id } })) as ToolResult;
      expect(got.structuredContent).toEqual(record);
      const raw = (await client.callTool({ name: 'get_received_email_raw', arguments: { id } })) as ToolResult;
      expect(raw.structuredContent).toEqual({
        object: 'received_email_raw',
        id,
        content_type: 'message/rfc822',
        size: mail.raw.byteLength,
        content: Buffer.from(mail.raw).toString('base64'),
      });
      const [invoice] = record.attachments;
      const attachment = (await client.callTool({ name: 'get_received_email_attachment', arguments: { id, attachment: invoice.id } })) as ToolResult;
      expect(attachment.structuredContent).toEqual({ object: 'received_email_attachment', ...invoice, received_email_id: id, content: pdf.toString('base64') });
      const listed = (await client.callTool({ name: 'list_received_emails', arguments: { to: 'support@inbox.example' } })) as ToolResult;
      expect(listed.structuredContent!.data.map((r: any) => r.id)).toEqual([id]);
    } finally {
      await client.close();
    }
  });

  it('/openapi.json documents the raw message and the attachments as bytes', async () => {
    const doc = await json(await fetch(`${server.url}/openapi.json`));
    const raw = doc.paths['/api/v2/received-emails/{id}/raw'].get.responses['200'];
    expect(raw.content).toEqual({ 'message/rfc822': { schema: { type: 'string', format: 'binary' } } });
    const attachment = doc.paths['/api/v2/received-emails/{id}/attachments/{attachment}'].get;
    expect(attachment.parameters.map((p: any) => [p.in, p.name])).toEqual([
      ['path', 'id'],
      ['path', 'attachment'],
    ]);
    expect(attachment.responses['200'].content).toEqual({ '*/*': { schema: { type: 'string', format: 'binary' } } });
    expect(attachment.responses['200'].headers['Content-Disposition']).toMatchObject({ schema: { type: 'string' } });
    expect(attachment.responses['200'].headers['RateLimit-Limit']).toBeDefined();
    expect(attachment.responses['404'].content['application/json']).toBeDefined();
  });
});
