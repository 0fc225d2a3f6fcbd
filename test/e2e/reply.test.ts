import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/db.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { removeTestTls, startTestSmtpServer, submissionTransport, type TestSmtpServer } from '../helpers/smtp.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

// Answering a received email (in_reply_to) at the doors: what REST refuses, and
// that a message submitted over SMTP keeps its own threading on its way to the relay.

afterAll(() => removeTestTls());

const emailCount = (server: TestServer) => countRows(server.database.handle, 'emails');

describe('POST /api/v2/emails with in_reply_to', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ worker: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = (extra: Record<string, unknown>) => ({ from: 'help@shop.example', to: 'ada@customer.example', html: '<p>x</p>', ...extra });

  it.each([
    [
      'names no received email of the organization',
      { in_reply_to: 'rcv_01kb0000000000000000000000' },
      'in_reply_to',
      'is not a received email of this organization (rcv_01kb0000000000000000000000): list_received_emails lists them',
    ],
    ['is not a received email id', { in_reply_to: 'eml_01kb0000000000000000000000' }, 'in_reply_to', 'must be the id of a received email (rcv_…)'],
    ['is left out, with the subject', {}, 'subject', 'is required'],
  ])('refuses an in_reply_to that %s: 422 naming the field, nothing stored', async (_case, extra, path, message) => {
    const res = await server.api('/api/v2/emails', { body: send(extra) });
    expect(res.status).toBe(422);
    expect(await res.json()).toStrictEqual({ name: 'validation_error', message: `${path} ${message}`, statusCode: 422, details: [{ path, message }] });
    expect(await emailCount(server)).toBe(0);
  });

  it('is refused at its index in a strict batch', async () => {
    const res = await server.api('/api/v2/emails/batch', {
      body: [send({ subject: 'Plain' }), send({ in_reply_to: 'rcv_01kb0000000000000000000000' })],
    });
    expect(res.status).toBe(422);
    const message = 'is not a received email of this organization (rcv_01kb0000000000000000000000): list_received_emails lists them';
    expect(await res.json()).toStrictEqual({
      name: 'validation_error',
      message: `Batch refused: [1].in_reply_to ${message}`,
      statusCode: 422,
      details: [{ path: '[1].in_reply_to', message }],
    });
    expect(await emailCount(server)).toBe(0);
  });

  it('is documented in /openapi.json: a received email id, and the subject it makes optional', async () => {
    const doc = (await (await server.api('/openapi.json')).json()) as any;
    const body = doc.paths['/api/v2/emails'].post.requestBody.content['application/json'].schema;
    expect(body.properties.in_reply_to).toMatchObject({ type: 'string', pattern: '^rcv_[0-9a-hjkmnp-tv-z]{26}$' });
    expect(body.required).toEqual(['from', 'to']);
    expect(body.not).toEqual({ not: { anyOf: [{ required: ['subject'] }, { required: ['in_reply_to'] }] } });
  });
});

describe("SMTP submission: a client's own In-Reply-To and References reach the relay unchanged", () => {
  let server: TestSmtpServer;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestSmtpServer({ verifiedDomains: ['shop.example'], env: { RELAY_URL: sink.url() } });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  /** A header field of a raw message, unfolded. */
  const field = (raw: string, name: string) => {
    const found = new RegExp(`^${name}:(.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(raw.slice(0, raw.indexOf('\r\n\r\n')));
    return found ? found[1]!.replace(/\r\n[ \t]/g, ' ').trim() : null;
  };

  it('keeps an In-Reply-To naming two messages and a References long enough to be folded', async () => {
    const thread = Array.from({ length: 30 }, (_, i) => `<m${i}.thread@customer.example>`);
    await submissionTransport(server).sendMail({
      from: 'help@shop.example',
      to: 'Ada <ada@customer.example>',
      subject: 'Re: Where is my order?',
      inReplyTo: '<m28.thread@customer.example> <m29.thread@customer.example>',
      references: thread,
      text: 'On its way.',
    });
    const message = await waitFor(async () => sink.messages[0]);
    expect(field(message.raw, 'In-Reply-To')).toBe('<m28.thread@customer.example> <m29.thread@customer.example>');
    expect(field(message.raw, 'References')).toBe(thread.join(' '));
    expect(message.parsed.references).toEqual(thread);
    expect(message.parsed.subject).toBe('Re: Where is my order?');
  });
});
