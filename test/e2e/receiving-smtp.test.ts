import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { addVerifiedDomain } from '../helpers/domains.ts';
import { addReceivingDomain } from '../helpers/received.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { rawSmtpSession, sendRawMessage, type RawSmtpSession, type SmtpReply } from '../helpers/smtp.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

// Mail for a receiving domain as a remote MTA delivers it: nodemailer (its DKIM
// signing, its source address) or a raw socket against the inbound listener of a
// server wired as `npm start` wires it, the senders' SPF, DKIM and DMARC records
// on a DNS server on loopback (DNS_SERVERS). What was stored is read back through
// the REST API, and the email.received webhook through a receiver that checks
// the Standard Webhooks signature.

/** INBOUND_MAX_BYTES, small so that a message at the cap is quick to send. */
const CAP = 64 * 1024;
const SENDER = 'ada@sender.example';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The time in a Received header: RFC 5322, UTC. */
const RECEIVED_AT = /\t\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000\r\n/;
const RECEIVED = { code: 250, text: '2.0.0 Ok: received' };
const notOurs = (address: string) => ({ code: 550, text: `5.7.1 <${address}>: relay access denied: not a receiving domain or return path of this server` });

describe('receiving mail over SMTP, as a remote MTA delivers it', () => {
  let dns: TestDnsServer;
  let server: TestServer;
  let receiver: Receiver;
  let secret = '';
  let port = 0;
  let privateKey = '';
  const sessions: RawSmtpSession[] = [];

  const json = (res: Response) => res.json() as Promise<any>;

  beforeAll(async () => {
    dns = await startDnsServer();
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const published = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    // sender.example signs with s1, sends from 127.0.0.1 only, and asks for no action on failure.
    dns.set('s1._domainkey.sender.example', [{ type: 'TXT', text: `v=DKIM1; k=rsa; p=${published}` }]);
    dns.set('sender.example', [{ type: 'TXT', text: 'v=spf1 ip4:127.0.0.1 -all' }]);
    dns.set('_dmarc.sender.example', [{ type: 'TXT', text: 'v=DMARC1; p=none' }]);
    // strict.example has mail that fails DMARC refused.
    dns.set('strict.example', [{ type: 'TXT', text: 'v=spf1 ip4:127.0.0.1 -all' }]);
    dns.set('_dmarc.strict.example', [{ type: 'TXT', text: 'v=DMARC1; p=reject' }]);

    server = await startTestServer({ inbound: true, env: { DNS_SERVERS: dns.address, INBOUND_MAX_BYTES: String(CAP), WEBHOOK_ALLOW_PRIVATE: 'true' } });
    port = server.inboundPort!;
    await addReceivingDomain(server.database.handle, 'inbox.example');
    // Verified for sending, receiving off: no mail is taken for it.
    await addVerifiedDomain(server.database.handle, 'sending-only.example');
    receiver = await startReceiver(() => secret);
    const hook = await server.api('/api/v2/webhooks', { body: { url: receiver.url, events: ['email.received'] } });
    expect(hook.status).toBe(201);
    secret = (await json(hook)).secret;
  });
  afterAll(async () => {
    for (const s of sessions) s.destroy();
    await server?.close();
    await receiver?.close();
    await dns?.close();
  });

  /** A remote MTA's client from `localAddress`: STARTTLS as offered (the certificate is self-signed), no AUTH. */
  function mta(localAddress = '127.0.0.1') {
    return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, name: 'mx.sender.example', localAddress, tls: { rejectUnauthorized: false } });
  }

  /** Hand a message over with nodemailer from `localAddress`; resolves with the final reply. */
  async function deliver(message: SendMailOptions, localAddress?: string): Promise<string> {
    const transport = mta(localAddress);
    try {
      return (await transport.sendMail(message)).response;
    } finally {
      transport.close();
    }
  }

  /** A raw session from `localAddress`, greeted and past EHLO. */
  async function session(localAddress = '127.0.0.1', helo = 'mx.sender.example'): Promise<RawSmtpSession> {
    const s = rawSmtpSession(port, localAddress);
    sessions.push(s);
    expect((await s.greeting).code).toBe(220);
    expect((await s.command(`EHLO ${helo}`)).code).toBe(250);
    return s;
  }

  /** One transaction of bytes as they are (8-bit ones included; no line may start with a dot). */
  async function sendBytes(s: RawSmtpSession, from: string, to: string, message: Buffer): Promise<SmtpReply> {
    expect((await s.command(`MAIL FROM:<${from}> BODY=8BITMIME`)).code).toBe(250);
    expect((await s.command(`RCPT TO:<${to}>`)).code).toBe(250);
    expect((await s.command('DATA')).code).toBe(354);
    s.write(Buffer.concat([message, Buffer.from('.\r\n')]));
    return s.reply();
  }

  /** What was stored for an envelope recipient, newest first, as the list answers it. */
  async function receivedFor(to: string): Promise<any[]> {
    const res = await server.api(`/api/v2/received-emails?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    return (await json(res)).data;
  }

  /** The one record stored for `to`, whole. */
  async function onlyRecordFor(to: string): Promise<any> {
    const list = await receivedFor(to);
    expect(list).toHaveLength(1);
    const res = await server.api(`/api/v2/received-emails/${list[0].id}`);
    expect(res.status).toBe(200);
    return json(res);
  }

  async function rawOf(id: string): Promise<Buffer> {
    const res = await server.api(`/api/v2/received-emails/${id}/raw`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('message/rfc822');
    return Buffer.from(await res.arrayBuffer());
  }

  /** A message signed by nodemailer's DKIM option with sender.example's published key, as bytes. */
  async function signedMessage(to: string): Promise<Buffer> {
    const composer = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      dkim: { domainName: 'sender.example', keySelector: 's1', privateKey },
    });
    const { message } = await composer.sendMail({
      from: `Ada Lovelace <${SENDER}>`,
      to,
      subject: 'Signed and sealed',
      // CRLF line ends: the bytes are then the same as on the wire.
      text: 'Hello,\r\nwhere is my order?\r\n',
      messageId: '<signed-1@sender.example>',
      date: new Date('2026-11-27T14:00:00Z'),
    });
    return message as Buffer;
  }

  /** The first characters of a message's DKIM signature (b=), as Authentication-Results names it: quoted when it holds a `/` (not an RFC 2045 token). */
  function signaturePrefix(message: Buffer): string {
    const b = /\bb=([A-Za-z0-9+/]{8})/.exec(message.toString('latin1').replace(/\r\n\s+/g, ''))![1]!;
    return b.includes('/') ? `"${b}"` : b;
  }

  it('a message DKIM-signed by a published key, from an address SPF allows: stored with spf, dkim and dmarc pass, Authentication-Results on top', async () => {
    const to = 'signed@inbox.example';
    const message = await signedMessage(to);
    expect(await deliver({ envelope: { from: SENDER, to: [to] }, raw: message })).toBe('250 2.0.0 Ok: received');

    const record = await onlyRecordFor(to);
    const raw = await rawOf(record.id);
    expect(record).toEqual({
      object: 'received_email',
      id: expect.stringMatching(/^rcv_[0-9a-z]{26}$/),
      from: 'Ada Lovelace <ada@sender.example>',
      to: [to],
      cc: [],
      reply_to: [],
      subject: 'Signed and sealed',
      message_id: '<signed-1@sender.example>',
      in_reply_to: null,
      references: [],
      date: '2026-11-27T14:00:00.000Z',
      mail_from: SENDER,
      recipients: [to],
      size: raw.byteLength,
      authentication: {
        spf: { result: 'pass', domain: 'sender.example' },
        dkim: { result: 'pass', signatures: [{ domain: 'sender.example', selector: 's1', result: 'pass' }] },
        dmarc: { result: 'pass', domain: 'sender.example', policy: 'none' },
        arc: { result: 'none' },
      },
      attachments: [],
      created_at: expect.stringMatching(ISO),
      text: 'Hello,\nwhere is my order?\n',
      html: null,
      headers: expect.any(Array),
    });
    expect(record.headers.map((h: { name: string }) => h.name).slice(0, 3)).toEqual(['Authentication-Results', 'Received', 'DKIM-Signature']);

    // This server's headers, then the bytes as they were sent.
    const results = [
      'Authentication-Results: localhost;',
      ` dkim=pass header.i=@sender.example header.s=s1 header.a=rsa-sha256 header.b=${signaturePrefix(message)};`,
      ' spf=pass (localhost: domain of ada@sender.example designates 127.0.0.1 as permitted sender) smtp.mailfrom=ada@sender.example smtp.helo=mx.sender.example;',
      ' dmarc=pass (p=NONE arc=none) policy.dmarc=none header.from=sender.example header.d=sender.example',
      'Received: from mx.sender.example ([127.0.0.1])',
      '\tby localhost (Mailgate) with ESMTPS',
      `\tfor <${to}>;`,
      '\t<date>',
      '',
    ].join('\r\n');
    expect(raw.toString('latin1').replace(RECEIVED_AT, '\t<date>\r\n')).toBe(results + message.toString('latin1'));
  });

  it('the same message altered after signing: accepted, stored with dkim fail (SPF still passes, and DMARC on it)', async () => {
    const to = 'altered@inbox.example';
    const message = (await signedMessage(to)).toString('latin1');
    const altered = message.replace('where is my order?', 'where is my refund?');
    expect(altered).not.toBe(message);
    const s = await session();
    // sendRawMessage ends the message's last line itself.
    expect(await sendRawMessage(s, SENDER, [to], altered.replace(/\r\n$/, ''))).toEqual(RECEIVED);

    const record = await onlyRecordFor(to);
    expect(record.text).toBe('Hello,\nwhere is my refund?\n');
    expect(record.authentication).toEqual({
      spf: { result: 'pass', domain: 'sender.example' },
      dkim: { result: 'fail', signatures: [{ domain: 'sender.example', selector: 's1', result: 'neutral' }] },
      dmarc: { result: 'pass', domain: 'sender.example', policy: 'none' },
      arc: { result: 'none' },
    });
    const raw = (await rawOf(record.id)).toString('latin1');
    expect(raw).toMatch(/^Authentication-Results: localhost;\r\n dkim=neutral \(body hash did not verify\) header\.i=@sender\.example header\.s=s1 /);
    expect(raw.endsWith(altered)).toBe(true);
  });

  it('SPF against the connecting address: pass from 127.0.0.1, fail from 127.0.0.2 (and DMARC with it: p=none, so accepted and marked)', async () => {
    const unsigned = (to: string) => ({ envelope: { from: SENDER, to: [to] }, from: SENDER, to, subject: 'Unsigned', text: 'No signature here.\n' });
    expect(await deliver(unsigned('spf-pass@inbox.example'), '127.0.0.1')).toBe('250 2.0.0 Ok: received');
    expect(await deliver(unsigned('spf-fail@inbox.example'), '127.0.0.2')).toBe('250 2.0.0 Ok: received');

    const pass = await onlyRecordFor('spf-pass@inbox.example');
    expect(pass.authentication).toEqual({
      spf: { result: 'pass', domain: 'sender.example' },
      dkim: { result: 'none', signatures: [] },
      dmarc: { result: 'pass', domain: 'sender.example', policy: 'none' },
      arc: { result: 'none' },
    });
    const fail = await onlyRecordFor('spf-fail@inbox.example');
    expect(fail.authentication).toEqual({
      spf: { result: 'fail', domain: 'sender.example' },
      dkim: { result: 'none', signatures: [] },
      dmarc: { result: 'fail', domain: 'sender.example', policy: 'none' },
      arc: { result: 'none' },
    });
    const raw = (await rawOf(fail.id)).toString('latin1');
    expect(raw).toContain(
      '\r\n spf=fail (localhost: domain of ada@sender.example does not designate 127.0.0.2 as permitted sender) smtp.mailfrom=ada@sender.example',
    );
    expect(raw).toContain('\r\nReceived: from mx.sender.example ([127.0.0.2])\r\n\tby localhost (Mailgate) with ESMTPS\r\n');
  });

  it('a DMARC p=reject domain failing is refused 550 5.7.1 at the end of DATA, nothing stored; the session then delivers the next message', async () => {
    const to = 'reject@inbox.example';
    const s = await session('127.0.0.2', 'mx.strict.example');
    const forged = [
      'From: The Bank <alerts@strict.example>',
      `To: ${to}`,
      'Subject: Your account',
      'Message-ID: <forged-1@strict.example>',
      '',
      'Click here.',
      '',
    ].join('\r\n');
    expect(await sendRawMessage(s, 'alerts@strict.example', [to], forged)).toEqual({
      code: 550,
      text: '5.7.1 The message fails DMARC for strict.example, whose policy is reject',
    });
    expect(await receivedFor(to)).toEqual([]);

    const next = ['From: Ada <ada@sender.example>', `To: ${to}`, 'Subject: After the refusal', '', 'Still here?', ''].join('\r\n');
    expect(await sendRawMessage(s, SENDER, [to], next)).toEqual(RECEIVED);
    expect((await receivedFor(to)).map((r) => [r.subject, r.authentication.dmarc])).toEqual([
      ['After the refusal', { result: 'fail', domain: 'sender.example', policy: 'none' }],
    ]);
  });

  describe('content', () => {
    const blob = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7 + (i >> 8)) % 256));
    const csv = Buffer.from('name,amount\nGrace,42\n');
    let withAttachments: any;

    it('two attachments, one binary, are downloaded byte for byte with their content types', async () => {
      const to = 'files@inbox.example';
      const response = await deliver({
        envelope: { from: SENDER, to: [to] },
        from: `Ada Lovelace <${SENDER}>`,
        to,
        cc: 'Bob <bob@sender.example>',
        subject: 'Two files',
        text: 'Both attached.\n',
        html: '<p>Both attached.</p>',
        messageId: '<files-1@sender.example>',
        attachments: [
          { filename: 'blob.bin', content: blob, contentType: 'application/octet-stream' },
          { filename: 'amounts.csv', content: csv, contentType: 'text/csv' },
        ],
      });
      expect(response).toBe('250 2.0.0 Ok: received');

      withAttachments = await onlyRecordFor(to);
      expect(withAttachments).toMatchObject({
        subject: 'Two files',
        text: 'Both attached.\n',
        html: '<p>Both attached.</p>',
        cc: ['Bob <bob@sender.example>'],
      });
      expect(withAttachments.attachments).toEqual([
        {
          id: expect.stringMatching(/^att_/),
          filename: 'blob.bin',
          content_type: 'application/octet-stream',
          size: blob.length,
          content_id: null,
          disposition: 'attachment',
        },
        {
          id: expect.stringMatching(/^att_/),
          filename: 'amounts.csv',
          content_type: 'text/csv',
          size: csv.length,
          content_id: null,
          disposition: 'attachment',
        },
      ]);
      for (const [attachment, bytes] of [
        [withAttachments.attachments[0], blob],
        [withAttachments.attachments[1], csv],
      ] as const) {
        const res = await server.api(`/api/v2/received-emails/${withAttachments.id}/attachments/${attachment.id}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(attachment.content_type);
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${attachment.filename}"; filename*=UTF-8''${attachment.filename}`);
        expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
      }
    });

    it('a body in ISO-8859-1 (8-bit) and one in Shift_JIS (base64) are read back as their text', async () => {
      const to = 'charsets@inbox.example';
      const latin1 = Buffer.from('Grüße aus Köln: ça coûte 10 £.\r\n', 'latin1');
      // <p>こんにちは、世界</p> in Shift_JIS.
      const shiftJis = Buffer.concat([Buffer.from('<p>'), Buffer.from('82b182f182c982bf82cd814190a28a45', 'hex'), Buffer.from('</p>')]);
      const message = Buffer.concat([
        Buffer.from(
          [
            `From: ${SENDER}`,
            `To: ${to}`,
            'Subject: =?ISO-8859-1?Q?Gr=FC=DFe?=',
            'MIME-Version: 1.0',
            'Content-Type: multipart/alternative; boundary="b1"',
            '',
            '--b1',
            'Content-Type: text/plain; charset=ISO-8859-1',
            'Content-Transfer-Encoding: 8bit',
            '',
            '',
          ].join('\r\n'),
        ),
        latin1,
        Buffer.from(
          ['--b1', 'Content-Type: text/html; charset=Shift_JIS', 'Content-Transfer-Encoding: base64', '', shiftJis.toString('base64'), '--b1--', ''].join(
            '\r\n',
          ),
        ),
      ]);
      const s = await session();
      expect(await sendBytes(s, SENDER, to, message)).toEqual(RECEIVED);

      const record = await onlyRecordFor(to);
      expect([record.subject, record.text, record.html]).toEqual(['Grüße', 'Grüße aus Köln: ça coûte 10 £.', '<p>こんにちは、世界</p>']);
      // The bytes are kept as they came.
      expect((await rawOf(record.id)).subarray(-message.length)).toEqual(message);
    });

    it('email.received reaches a subscribed webhook, signed, with metadata only: the stored id, subject and attachments', async () => {
      expect(withAttachments).toBeDefined();
      // The receiver keeps only deliveries whose Standard Webhooks signature verifies.
      const delivery = await waitFor(
        async () => receiver.received.find((r) => r.event.data.received_email_id === withAttachments.id),
        10_000,
        'email.received',
      );
      expect(delivery.headers['webhook-id']).toEqual(expect.any(String));
      expect(delivery.event).toEqual({
        type: 'email.received',
        timestamp: expect.stringMatching(ISO),
        data: {
          received_email_id: withAttachments.id,
          from: 'Ada Lovelace <ada@sender.example>',
          to: ['files@inbox.example'],
          cc: ['Bob <bob@sender.example>'],
          subject: 'Two files',
          message_id: '<files-1@sender.example>',
          in_reply_to: null,
          recipients: ['files@inbox.example'],
          created_at: withAttachments.created_at,
          authentication: { spf: 'pass', dkim: 'none', dmarc: 'pass', arc: 'none' },
          attachments: [
            { id: withAttachments.attachments[0].id, filename: 'blob.bin', content_type: 'application/octet-stream', size: blob.length },
            { id: withAttachments.attachments[1].id, filename: 'amounts.csv', content_type: 'text/csv', size: csv.length },
          ],
        },
      });
      expect(delivery.body).not.toContain('Both attached');
    });
  });

  it('a message at INBOUND_MAX_BYTES is accepted; one byte over is refused 552 5.3.4 and not stored', async () => {
    const to = 'big@inbox.example';
    const head = `From: ${SENDER}\r\nTo: ${to}\r\nSubject: At the cap\r\n\r\n`;
    const line = `${'x'.repeat(76)}\r\n`;
    const fill = CAP - head.length;
    const atCap = head + line.repeat(Math.floor(fill / line.length)) + 'y'.repeat((fill % line.length) - 2) + '\r\n';
    expect(Buffer.byteLength(atCap)).toBe(CAP);
    const over = atCap.replace(/\r\n$/, 'y\r\n');
    expect(Buffer.byteLength(over)).toBe(CAP + 1);

    const s = await session();
    const data = async (message: string) => {
      expect((await s.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
      expect((await s.command(`RCPT TO:<${to}>`)).code).toBe(250);
      expect((await s.command('DATA')).code).toBe(354);
      s.write(`${message}.\r\n`);
      return s.reply();
    };
    expect(await data(over)).toEqual({ code: 552, text: `5.3.4 Message size exceeds fixed limit (${CAP} bytes)` });
    expect(await receivedFor(to)).toEqual([]);
    expect(await data(atCap)).toEqual(RECEIVED);
    const [record] = await receivedFor(to);
    expect(record.subject).toBe('At the cap');
    expect((await rawOf(record.id)).toString('latin1').endsWith(atCap)).toBe(true);
  });

  it('RCPT TO: an address at a domain nobody receives is refused 550 5.7.1, a verified domain not receiving too; case does not matter', async () => {
    const s = await session();
    expect((await s.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
    expect(await s.command('RCPT TO:<someone@elsewhere.example>')).toEqual(notOurs('someone@elsewhere.example'));
    expect(await s.command('RCPT TO:<hello@sending-only.example>')).toEqual(notOurs('hello@sending-only.example'));
    expect(await s.command('RCPT TO:<Support@INBOX.Example>')).toEqual({ code: 250, text: '2.1.5 Accepted' });
    expect(await s.command('RCPT TO:<sales@inbox.example>')).toEqual({ code: 250, text: '2.1.5 Accepted' });
    expect((await s.command('DATA')).code).toBe(354);
    s.write(`From: ${SENDER}\r\nTo: support@inbox.example, sales@inbox.example\r\nSubject: To two of you\r\n\r\nHello both.\r\n.\r\n`);
    expect(await s.reply()).toEqual(RECEIVED);
    const record = await onlyRecordFor('sales@inbox.example');
    expect([record.subject, record.recipients]).toEqual(['To two of you', ['Support@INBOX.Example', 'sales@inbox.example']]);
    expect((await receivedFor('support@inbox.example')).map((r) => r.id)).toEqual([record.id]);
  });

  it('receiving turned off between RCPT and the end of DATA: 451 4.3.0, nothing stored, and the retry is refused at RCPT', async () => {
    const domain = await addReceivingDomain(server.database.handle, 'brief.example');
    const to = 'hello@brief.example';
    const s = await session();
    expect((await s.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
    expect(await s.command(`RCPT TO:<${to}>`)).toEqual({ code: 250, text: '2.1.5 Accepted' });
    expect((await s.command('DATA')).code).toBe(354);
    const off = await server.api(`/api/v2/domains/${domain}`, { method: 'PATCH', body: { receiving: false } });
    expect(off.status).toBe(200);
    s.write(`From: ${SENDER}\r\nTo: ${to}\r\nSubject: Too late\r\n\r\nHello?\r\n.\r\n`);
    // Answered 250, the message would be dropped: nobody receives it any more.
    expect(await s.reply()).toEqual({ code: 451, text: '4.3.0 Temporary server error: the message was not stored; try again later' });
    expect(await receivedFor(to)).toEqual([]);
    expect((await s.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
    expect(await s.command(`RCPT TO:<${to}>`)).toEqual(notOurs(to));
  });
});
