import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReceivingDomain } from '../helpers/received.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { rawSmtpSession, sendRawMessage, type RawSmtpSession } from '../helpers/smtp.ts';

// Bad input sent as a remote MTA would to a receiving domain's address (not a
// return path): each gets a clear SMTP answer, what is accepted is stored and
// readable through the API, and other sessions are served meanwhile. The
// listener's own limits are tested on their own in inbound-smtp.test.ts; here
// the message goes all the way into the store.

const RECEIVED = { code: 250, text: '2.0.0 Ok: received' };

describe('bad input to a receiving domain', () => {
  let server: TestServer;
  const sessions: RawSmtpSession[] = [];

  const open = async () => {
    const s = rawSmtpSession(server.inboundPort!);
    sessions.push(s);
    expect((await s.greeting).code).toBe(220);
    expect((await s.command('EHLO mx.example.org')).code).toBe(250);
    return s;
  };
  const listTo = async (to: string) => ((await (await server.api(`/api/v2/received-emails?to=${encodeURIComponent(to)}`)).json()) as { data: any[] }).data;

  beforeAll(async () => {
    // No DNS answers (port 9 discards): SPF and DMARC are temperror, and nothing is refused for it.
    server = await startTestServer({ inbound: true, env: { DNS_SERVERS: '127.0.0.1:9', SMTP_DATA_TIMEOUT_SECONDS: '1' } });
    await addReceivingDomain(server.database.handle, 'inbox.example');
  });
  afterAll(async () => {
    for (const s of sessions) s.destroy();
    await server?.close();
  });

  it('stores malformed MIME as it came, and reads what it can of it', async () => {
    const message = [
      'From: a@x.example',
      'To: mal@inbox.example',
      'Subject: =?bogus?Q?broken?=',
      'Content-Type: multipart/mixed; boundary="never"',
      '',
      '--never',
      'Content-Transfer-Encoding: base64',
      '',
      '!!! not base64 ***',
      '--never',
      '--never',
    ].join('\r\n');
    expect(await sendRawMessage(await open(), 'a@x.example', ['mal@inbox.example'], message)).toEqual(RECEIVED);

    const [listed] = await listTo('mal@inbox.example');
    const full = (await (await server.api(`/api/v2/received-emails/${listed.id}`)).json()) as any;
    expect(full.subject).toBe('broken');
    expect(typeof full.text).toBe('string');
    expect(full.attachments).toEqual([]);
    expect(full.authentication.dkim).toEqual({ result: 'none', signatures: [] });
    const raw = Buffer.from(await (await server.api(`/api/v2/received-emails/${listed.id}/raw`)).arrayBuffer()).toString('latin1');
    expect(raw).toContain('!!! not base64 ***');
  });

  it('keeps NUL bytes in the raw message and out of the parsed fields', async () => {
    const message = 'From: a@x.example\r\nTo: nul@inbox.example\r\nSubject: nul\u0000here\r\n\r\nBody\u0000too.';
    expect(await sendRawMessage(await open(), 'a@x.example', ['nul@inbox.example'], message)).toEqual(RECEIVED);

    const [listed] = await listTo('nul@inbox.example');
    expect(listed.subject).toBe('nulhere');
    const raw = Buffer.from(await (await server.api(`/api/v2/received-emails/${listed.id}/raw`)).arrayBuffer());
    expect(raw.includes(Buffer.from('Body\u0000too.'))).toBe(true);
  });

  it('takes the first 100 of 10 000 recipients, answers the rest 452, and serves another session meanwhile', async () => {
    const flooding = await open();
    expect((await flooding.command('MAIL FROM:<a@x.example>')).code).toBe(250);
    const flood = Array.from({ length: 10_000 }, (_, i) => `u${i}@inbox.example`);
    flooding.write(flood.map((address) => `RCPT TO:<${address}>\r\n`).join(''));
    const [replies, meanwhile] = await Promise.all([
      Promise.all(flood.map(() => flooding.reply())),
      open().then((other) => sendRawMessage(other, 'a@x.example', ['meanwhile@inbox.example'], 'Subject: meanwhile\r\n\r\nhi')),
    ]);
    expect(meanwhile).toEqual(RECEIVED);
    expect(replies.slice(0, 100).every((r) => r.code === 250)).toBe(true);
    expect(new Set(replies.slice(100).map((r) => `${r.code} ${r.text}`))).toEqual(new Set(['452 4.5.3 Too many recipients (at most 100 per message)']));

    expect((await flooding.command('DATA')).code).toBe(354);
    flooding.write('Subject: flood\r\n\r\nbody\r\n.\r\n');
    expect(await flooding.reply()).toEqual(RECEIVED);
    const [stored] = await listTo('u99@inbox.example');
    expect(stored.subject).toBe('flood');
    expect(stored.recipients).toHaveLength(100);
    expect(await listTo('u100@inbox.example')).toEqual([]);
  });

  it('refuses a 1 MB header block with 552 5.3.4, stores nothing, and takes the next message on the same session', async () => {
    const s = await open();
    const filler = Array.from({ length: 13_000 }, (_, i) => `X-F-${i}: ${'h'.repeat(70)}`).join('\r\n');
    expect(await sendRawMessage(s, 'a@x.example', ['hdr@inbox.example'], `Subject: big\r\n${filler}\r\n\r\nbody`)).toEqual({
      code: 552,
      text: '5.3.4 Message header size exceeds fixed limit (262144 bytes before the first empty line)',
    });
    expect(await listTo('hdr@inbox.example')).toEqual([]);
    expect(await sendRawMessage(s, 'a@x.example', ['hdr@inbox.example'], 'Subject: next\r\n\r\nbody')).toEqual(RECEIVED);
    expect((await listTo('hdr@inbox.example')).map((m) => m.subject)).toEqual(['next']);
  });

  it('cuts a client trickling its message at the data deadline, keeps nothing of it, and serves others meanwhile', async () => {
    const trickling = await open();
    expect((await trickling.command('MAIL FROM:<a@x.example>')).code).toBe(250);
    expect((await trickling.command('RCPT TO:<slow@inbox.example>')).code).toBe(250);
    expect((await trickling.command('DATA')).code).toBe(354);
    trickling.write('Subject: slow\r\n\r\n');
    const drip = setInterval(() => trickling.write('x'), 100);
    try {
      const other = sendRawMessage(await open(), 'a@x.example', ['fast@inbox.example'], 'Subject: fast\r\n\r\nhi');
      expect(await other).toEqual(RECEIVED);
      expect((await trickling.reply()).code).toBe(421);
      await trickling.closed;
    } finally {
      clearInterval(drip);
    }
    expect(await listTo('slow@inbox.example')).toEqual([]);
    expect((await listTo('fast@inbox.example')).map((m) => m.subject)).toEqual(['fast']);
  });
});
