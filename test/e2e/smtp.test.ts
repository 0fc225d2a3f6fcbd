import { reportDsn } from '../helpers/returns.ts';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { EmailRecord } from '../../src/emails/index.ts';
import { emlFixture } from '../helpers/fixtures.ts';
import { waitFor } from '../helpers/server.ts';
import {
  authenticatedSession,
  authPlain,
  submissionTransport as transport,
  rawSmtpSession,
  removeTestTls,
  sendRawMessage,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../helpers/smtp.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { readReturnPath, returnPathKey } from '../../src/returns/verp.ts';

// The SMTP submission door over real sockets: nodemailer with STARTTLS and AUTH,
// a raw socket for the error paths, and SMTP in → relay out into a second SMTP server.

const QUEUED = /^250 2\.0\.0 Ok: queued as (eml_[0-9a-z]{26})( eml_[0-9a-z]{26})*$/;

const idsOf = (response: string) => response.replace(/^250 2\.0\.0 Ok: queued as /, '').split(' ');

async function getEmail(server: TestSmtpServer, id: string, token = server.token): Promise<EmailRecord> {
  const res = await server.api(`/api/v2/emails/${id}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as EmailRecord;
}

async function emailCount(server: TestSmtpServer): Promise<number> {
  const row = await server.database.handle.db
    .selectFrom('emails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A message of test/fixtures/ for rawMessage, which ends it: its last line end goes. */
const fixture = (name: string) => emlFixture(name).toString('utf8').replace(/\r\n$/, '');

afterAll(() => removeTestTls());

describe('SMTP submission: the session', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer({ implicitTls: true });
  });
  afterAll(() => server?.close());

  it('advertises AUTH PLAIN LOGIN only once the session is encrypted: after STARTTLS, and on the implicit-TLS port', async () => {
    // A client that saw AUTH before STARTTLS might send its token in the clear (swaks does), before the 538.
    const hello = `${server.core.config.smtp.hostname} Nice to meet you, [127.0.0.1]`;
    const s = rawSmtpSession(server.smtpPort);
    expect(await s.greeting).toEqual({ code: 220, text: `${server.core.config.smtp.hostname} ESMTP Mailgate mail submission` });
    expect(await s.command('EHLO client.test')).toEqual({
      code: 250,
      text: [hello, 'PIPELINING', '8BITMIME', 'SMTPUTF8', 'ENHANCEDSTATUSCODES', 'STARTTLS', 'SIZE 10485760'].join('\n'),
    });
    expect((await s.startTls()).code).toBe(220);
    expect(await s.command('EHLO client.test')).toEqual({
      code: 250,
      text: [hello, 'PIPELINING', '8BITMIME', 'SMTPUTF8', 'ENHANCEDSTATUSCODES', 'AUTH PLAIN LOGIN', 'SIZE 10485760'].join('\n'),
    });
    s.destroy();

    const secure = rawSmtpSession(server.smtpsPort!, undefined, true);
    expect((await secure.greeting).code).toBe(220);
    expect(await secure.command('EHLO client.test')).toEqual({
      code: 250,
      text: [hello, 'PIPELINING', '8BITMIME', 'SMTPUTF8', 'ENHANCEDSTATUSCODES', 'AUTH PLAIN LOGIN', 'SIZE 10485760'].join('\n'),
    });
    secure.destroy();
  });

  it('takes a message from nodemailer left to its defaults: it upgrades with STARTTLS before it authenticates', async () => {
    const info = await transport(server, server.token, { requireTLS: false }).sendMail({
      from: 'app@example.com',
      to: 'defaults@example.org',
      subject: 'Opportunistic TLS',
      text: 'hi',
    });
    expect(info.response).toMatch(QUEUED);
  });

  it('gives every reply after EHLO an enhanced status code, as ENHANCEDSTATUSCODES promises (RFC 2034)', async () => {
    const s = rawSmtpSession(server.smtpPort);
    expect((await s.greeting).code).toBe(220);
    const ehlo = await s.command('EHLO client.test');
    expect(ehlo.text.split('\n')).toContain('ENHANCEDSTATUSCODES');
    expect(await s.startTls()).toMatchObject({ code: 220, text: expect.stringMatching(/^2\.0\.0 /) });
    await s.command('EHLO client.test');
    const transcript = [
      await s.command(`AUTH PLAIN ${authPlain(server.token)}`),
      await s.command('MAIL FROM:<app@example.com>'),
      await s.command('RCPT TO:<codes@example.org>'),
    ];
    expect(transcript.map((r) => `${r.code} ${r.text.slice(0, 5)}`)).toEqual(['235 2.7.0', '250 2.1.0', '250 2.1.5']);
    expect((await s.command('DATA')).code).toBe(354);
    s.write('From: app@example.com\r\nSubject: codes\r\n\r\nbody\r\n.\r\n');
    expect(await s.reply()).toMatchObject({ code: 250, text: expect.stringMatching(/^2\.0\.0 Ok: queued as eml_/) });
    expect(await s.command('NOOP')).toMatchObject({ code: 250, text: expect.stringMatching(/^2\.0\.0/) });
    expect(await s.command('BOGUS')).toMatchObject({ code: 500, text: expect.stringMatching(/^5\.5\.2 /) });
    expect(await s.command('QUIT')).toMatchObject({ code: 221, text: expect.stringMatching(/^2\.0\.0 /) });
    s.destroy();
  });

  it('refuses AUTH before TLS with 538 5.7.11', async () => {
    const s = rawSmtpSession(server.smtpPort);
    await s.greeting;
    await s.command('EHLO client.test');
    const auth = await s.command(`AUTH PLAIN ${authPlain(server.token)}`);
    expect(auth.code).toBe(538);
    expect(auth.text).toMatch(/^5\.7\.11 /);
    const login = await s.command('AUTH LOGIN');
    expect(login.code).toBe(538);
    s.destroy();
  });

  it('refuses MAIL FROM without AUTH with 530 5.7.0: never an open relay', async () => {
    const s = rawSmtpSession(server.smtpPort);
    await s.greeting;
    await s.command('EHLO client.test');
    await s.startTls();
    await s.command('EHLO client.test');
    const mail = await s.command('MAIL FROM:<app@example.com>');
    expect(mail).toEqual({ code: 530, text: '5.7.0 Authentication required' });
    const rcpt = await s.command('RCPT TO:<someone@example.org>');
    expect(rcpt.code).toBe(530);
    s.destroy();
  });

  it('refuses a wrong username or token with 535 5.7.8, over PLAIN and LOGIN', async () => {
    const s = rawSmtpSession(server.smtpPort);
    await s.greeting;
    await s.command('EHLO client.test');
    await s.startTls();
    await s.command('EHLO client.test');
    expect((await s.command(`AUTH PLAIN ${authPlain(server.token, 'admin')}`)).code).toBe(535);
    const bad = await s.command(`AUTH PLAIN ${authPlain('mailgate_not_a_real_token_0000000000')}`);
    expect(bad).toEqual({ code: 535, text: '5.7.8 Authentication credentials invalid' });
    expect((await s.command('AUTH LOGIN')).code).toBe(334);
    expect((await s.command(Buffer.from('mailgate').toString('base64'))).code).toBe(334);
    expect((await s.command(Buffer.from(server.token).toString('base64'))).code).toBe(235);
    s.destroy();
  });

  it('takes a message from nodemailer over STARTTLS (certificate checked) with HTML, text and an attachment', async () => {
    const attachment = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));
    const info = await transport(server).sendMail({
      from: 'App <app@example.com>',
      to: 'Ada <ada@example.org>',
      cc: 'grace@example.org',
      bcc: 'audit@example.net',
      replyTo: 'support@example.com',
      subject: 'Your invoice ✓',
      html: '<p>Hello <b>Ada</b></p>',
      text: 'Hello Ada',
      attachments: [{ filename: 'invoice.bin', content: attachment, contentType: 'application/octet-stream' }],
    });
    expect(info.response).toMatch(QUEUED);
    const ids = idsOf(info.response);
    expect(ids).toHaveLength(3);
    expect(info.accepted).toEqual(['ada@example.org', 'grace@example.org', 'audit@example.net']);

    const list = (await (await server.api('/api/v2/emails?limit=10')).json()) as { data: { id: string; to: string[] }[] };
    for (const id of ids) expect(list.data.map((e) => e.id)).toContain(id);

    const records = await Promise.all(ids.map((id) => getEmail(server, id)));
    expect(records.map((r) => r.to)).toEqual([['ada@example.org'], ['grace@example.org'], ['audit@example.net']]);
    for (const r of records) {
      expect(r).toMatchObject({
        from: 'App <app@example.com>',
        subject: 'Your invoice ✓',
        reply_to: 'support@example.com',
        html: '<p>Hello <b>Ada</b></p>',
        text: 'Hello Ada',
      });
      expect(r.message_id).toBe(info.messageId);
    }

    // Capture: the delivered message keeps To, Cc and the attachment; Bcc is not shown to anyone.
    const delivered = await waitFor(async () => {
      const r = await getEmail(server, ids[2]!);
      return r.last_event === 'delivered' && r.raw ? r : undefined;
    });
    const parsed = await simpleParser(delivered.raw!);
    expect(parsed.to).toMatchObject({ value: [{ address: 'ada@example.org', name: 'Ada' }] });
    expect(parsed.cc).toMatchObject({ value: [{ address: 'grace@example.org' }] });
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.subject).toBe('Your invoice ✓');
    expect(parsed.html).toBe('<p>Hello <b>Ada</b></p>');
    expect(parsed.text?.trim()).toBe('Hello Ada');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({ filename: 'invoice.bin', contentType: 'application/octet-stream' });
    expect(Buffer.compare(parsed.attachments[0]!.content, attachment)).toBe(0);
  });

  it('gives a text-only message an HTML rendering of its text', async () => {
    const info = await transport(server).sendMail({
      from: 'app@example.com',
      to: 'text@example.org',
      subject: 'Plain',
      text: 'Line one\nline two <not a tag>\n\nSecond paragraph',
    });
    const [id] = idsOf(info.response);
    const record = await getEmail(server, id!);
    expect(record.text.trim()).toBe('Line one\nline two <not a tag>\n\nSecond paragraph');
    expect(record.html).toContain('<p>Line one<br>\nline two &lt;not a tag&gt;</p>\n<p>Second paragraph</p>');
  });

  it('takes a message over the implicit-TLS port too', async () => {
    const info = await transport(server, server.token, { port: server.smtpsPort, secure: true, requireTLS: false }).sendMail({
      from: 'app@example.com',
      to: 'tls@example.org',
      subject: 'Implicit TLS',
      text: 'hi',
    });
    expect(info.response).toMatch(QUEUED);
  });

  it('makes a resubmission with the same Mailgate-Idempotency-Key create nothing new, and refuses the key on another message', async () => {
    const message = {
      from: 'app@example.com',
      to: 'idem@example.org',
      subject: 'Once',
      text: 'only once',
      messageId: '<fixed-1@example.com>',
      date: new Date('2026-11-01T10:00:00Z'),
      headers: { 'Mailgate-Idempotency-Key': 'order-42' },
    };
    const before = await emailCount(server);
    const first = await transport(server).sendMail(message);
    const second = await transport(server).sendMail(message);
    expect(second.response).toBe(first.response);
    expect(await emailCount(server)).toBe(before + 1);
    const other = transport(server).sendMail({ ...message, text: 'something else' });
    await expect(other).rejects.toMatchObject({ responseCode: 550, response: '550 5.7.0 Mailgate-Idempotency-Key was already used for a different message' });
    expect(await emailCount(server)).toBe(before + 1);
    // The header is ours: it does not travel on.
    const record = await getEmail(server, idsOf(first.response)[0]!);
    const raw = await waitFor(async () => (await getEmail(server, record.id)).raw ?? undefined);
    expect(raw).not.toMatch(/Mailgate-Idempotency-Key/i);
  });

  it("answers a mailer's retry with a fresh Date and Message-ID from the first time, and sends a recipient deferred earlier when it comes back alone", async () => {
    const message = {
      from: 'app@example.com',
      subject: 'Retry',
      text: 'once per recipient',
      headers: { 'Mailgate-Idempotency-Key': 'retry-7' },
    };
    const before = await emailCount(server);
    const first = await transport(server).sendMail({ ...message, to: ['a@example.org', 'c@example.org'] });
    // nodemailer makes a new Message-ID and Date for the same message: still the same submission.
    const retry = await transport(server).sendMail({ ...message, to: ['a@example.org', 'c@example.org'] });
    expect(retry.response).toBe(first.response);
    expect(await emailCount(server)).toBe(before + 2);
    // The same message and key for one recipient alone (as after a 450 at RCPT TO): that recipient is sent.
    const alone = await transport(server).sendMail({ ...message, to: 'c@example.org' });
    expect(alone.response).toMatch(QUEUED);
    expect(idsOf(first.response)).not.toContain(idsOf(alone.response)[0]);
    expect(await emailCount(server)).toBe(before + 3);
  });

  it('keeps the final reply within the 512-octet line limit however many recipients there are', async () => {
    const to = Array.from({ length: 60 }, (_, i) => `many${i}@example.org`);
    const before = await emailCount(server);
    const info = await transport(server).sendMail({ from: 'app@example.com', to, subject: 'Many', text: 'hi' });
    expect(info.response.length).toBeLessThanOrEqual(510);
    expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as (eml_[0-9a-z]{26} )+and \d+ more$/);
    const shown = idsOf(info.response.replace(/ and \d+ more$/, ''));
    const more = Number(/and (\d+) more$/.exec(info.response)![1]);
    expect(shown.length + more).toBe(60);
    expect(await emailCount(server)).toBe(before + 60);
  });

  it('passes an 8-bit UTF-8 header on, encoded, and drops Resent-* fields (Resent-Bcc would show a hidden recipient)', async () => {
    const s = await authenticatedSession(server);
    const reply = await sendRawMessage(s, 'app@example.com', ['utf8@example.org'], fixture('utf8-header-resent.eml'));
    expect(reply.code).toBe(250);
    s.destroy();
    const id = reply.text.replace('2.0.0 Ok: queued as ', '');
    const raw = await waitFor(async () => (await getEmail(server, id)).raw ?? undefined);
    expect(raw).not.toMatch(/resent-/i);
    expect(raw).not.toContain('hidden@example.net');
    const parsed = await simpleParser(raw);
    // RFC 2047: the UTF-8 bytes as given (not latin1 read as UTF-8), in an encoded word any relay takes.
    expect(raw).toMatch(/^X-Note: =\?UTF-8\?Q\?Gr=C3=BC=C3=9Fe_aus_K=C3=B6ln\?=\r$/m);
    expect(parsed.subject).toBe('Grüße');
  });
});

describe('SMTP submission: bad input', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer({ env: { SMTP_MAX_MESSAGE_BYTES: '4096', SMTP_MAX_RECIPIENTS: '3' } });
  });
  afterAll(() => server?.close());

  it('refuses an oversized message with 552 5.3.4, declared or not, and stores nothing', async () => {
    const before = await emailCount(server);
    const s = await authenticatedSession(server);
    const declared = await s.command('MAIL FROM:<app@example.com> SIZE=999999');
    expect(declared.code).toBe(552);
    expect(declared.text).toMatch(/^5\.3\.4 /);
    const big = `From: app@example.com\nTo: big@example.org\nSubject: big\n\n${'x'.repeat(70).concat('\n').repeat(100)}`;
    const reply = await sendRawMessage(s, 'app@example.com', ['big@example.org'], big);
    expect(reply).toEqual({ code: 552, text: '5.3.4 Message size exceeds fixed limit (4096 bytes)' });
    // The session goes on.
    const ok = await sendRawMessage(s, 'app@example.com', ['small@example.org'], 'From: app@example.com\nTo: small@example.org\nSubject: small\n\nok');
    expect(ok.code).toBe(250);
    expect(await emailCount(server)).toBe(before + 1);
    s.destroy();
  });

  it('refuses malformed recipient addresses with 501 5.1.3', async () => {
    const s = await authenticatedSession(server);
    expect((await s.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    for (const bad of ['RCPT TO:<not an address>', 'RCPT TO:<nobody@localhost>', 'RCPT TO:<a..b@example.org>']) {
      const reply = await s.command(bad);
      expect(reply.code, bad).toBe(501);
      expect(reply.text, bad).toMatch(/^5\.1\.3 /);
    }
    s.destroy();
  });

  it('refuses more recipients than the cap with 452 4.5.3 and keeps the ones before it', async () => {
    const s = await authenticatedSession(server);
    expect((await s.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    for (const r of ['r1@example.org', 'r2@example.org', 'r3@example.org']) expect((await s.command(`RCPT TO:<${r}>`)).code).toBe(250);
    const fourth = await s.command('RCPT TO:<r4@example.org>');
    expect(fourth.code).toBe(452);
    expect(fourth.text).toMatch(/^4\.5\.3 Too many recipients/);
    expect((await s.command('DATA')).code).toBe(354);
    s.write('From: app@example.com\r\nSubject: three\r\n\r\nthree of them\r\n.\r\n');
    const reply = await s.reply();
    expect(reply.code).toBe(250);
    expect(idsOf(`250 ${reply.text}`)).toHaveLength(3);
    s.destroy();
  });

  it('refuses a message without From, and a line break smuggled into a header, with 550 5.6.0; nothing is stored', async () => {
    const before = await emailCount(server);
    const s = await authenticatedSession(server);
    const noFrom = await sendRawMessage(s, 'app@example.com', ['x@example.org'], fixture('no-from.eml'));
    expect(noFrom.code).toBe(550);
    expect(noFrom.text).toMatch(/^5\.6\.0 .*From/);
    const injected = Buffer.from('hi\r\nBcc: victim@example.net').toString('base64');
    const subject = await sendRawMessage(
      s,
      'app@example.com',
      ['x@example.org'],
      `From: app@example.com\nTo: x@example.org\nSubject: =?utf-8?B?${injected}?=\n\nbody`,
    );
    expect(subject.code).toBe(550);
    expect(subject.text).toMatch(/^5\.6\.0 .*subject must not contain CR or LF/);
    const name = Buffer.from('Evil\r\nBcc: victim@example.net').toString('base64');
    const display = await sendRawMessage(
      s,
      'app@example.com',
      ['x@example.org'],
      `From: =?utf-8?B?${name}?= <app@example.com>\nTo: x@example.org\nSubject: s\n\nbody`,
    );
    expect(display.code).toBe(550);
    expect(await emailCount(server)).toBe(before);
    s.destroy();
  });

  it('refuses a message whose subject or body holds a NUL character with 550 5.6.0, on either database; nothing is stored', async () => {
    const s = await authenticatedSession(server);
    const before = await emailCount(server);
    const inSubject = Buffer.from('a\u0000b').toString('base64');
    const subject = await sendRawMessage(s, 'app@example.com', ['x@example.org'], `From: app@example.com\nSubject: =?utf-8?B?${inSubject}?=\n\nbody`);
    expect([subject.code, subject.text]).toEqual([550, '5.6.0 Message refused: subject must not contain the NUL character (U+0000)']);
    // Its text part, base64: "hello \u0000 there".
    const body = await sendRawMessage(s, 'app@example.com', ['x@example.org'], fixture('nul-in-body.eml'));
    expect([body.code, body.text]).toEqual([550, '5.6.0 Message refused: text must not contain the NUL character (U+0000)']);
    expect(await emailCount(server)).toBe(before);
    s.destroy();
  });

  it('refuses a bad or repeated Mailgate-Idempotency-Key with 550 5.6.0 naming it, and stores nothing', async () => {
    const before = await emailCount(server);
    const s = await authenticatedSession(server);
    const long = await sendRawMessage(
      s,
      'app@example.com',
      ['key@example.org'],
      `From: app@example.com\nMailgate-Idempotency-Key: ${'k'.repeat(257)}\nSubject: k\n\nk`,
    );
    expect(long).toEqual({
      code: 550,
      text: '5.6.0 Message refused: Mailgate-Idempotency-Key must be 1 to 256 printable ASCII characters without spaces',
    });
    const twice = await sendRawMessage(s, 'app@example.com', ['key@example.org'], fixture('idempotency-key-twice.eml'));
    expect(twice).toEqual({ code: 550, text: '5.6.0 Message refused: Mailgate-Idempotency-Key must appear once, as one key' });
    // A blank key is a bad key, as a blank Idempotency-Key is over REST, and it counts when repeated.
    const blank = await sendRawMessage(s, 'app@example.com', ['key@example.org'], 'From: app@example.com\nMailgate-Idempotency-Key:\nSubject: k\n\nk');
    expect(blank).toEqual({
      code: 550,
      text: '5.6.0 Message refused: Mailgate-Idempotency-Key must be 1 to 256 printable ASCII characters without spaces',
    });
    const blankTwice = await sendRawMessage(
      s,
      'app@example.com',
      ['key@example.org'],
      'From: app@example.com\nMailgate-Idempotency-Key:\nMailgate-Idempotency-Key: b\nSubject: k\n\nk',
    );
    expect(blankTwice).toEqual({ code: 550, text: '5.6.0 Message refused: Mailgate-Idempotency-Key must appear once, as one key' });
    expect(await emailCount(server)).toBe(before);
    s.destroy();
  });

  it('refuses MAIL and RCPT parameters it does not advertise or honour with 555 5.5.4, and the session goes on', async () => {
    const s = await authenticatedSession(server);
    for (const [command, name] of [
      ['MAIL FROM:<app@example.com> XYZZY=1', 'XYZZY'],
      ['MAIL FROM:<app@example.com> RET=FULL', 'RET'],
    ]) {
      expect(await s.command(command!)).toEqual({ code: 555, text: `5.5.4 Unsupported parameter ${name}` });
    }
    expect((await s.command('MAIL FROM:<app@example.com> SIZE=100 BODY=8BITMIME')).code).toBe(250);
    expect(await s.command('RCPT TO:<p@example.org> NOTIFY=SUCCESS')).toEqual({ code: 555, text: '5.5.4 Unsupported parameter NOTIFY' });
    expect((await s.command('RCPT TO:<p@example.org>')).code).toBe(250);
    expect((await s.command('RSET')).code).toBe(250);
    s.destroy();
  });

  it('takes a non-ASCII address only in a transaction opened with SMTPUTF8 (RFC 6531), else 553 5.6.7', async () => {
    const s = await authenticatedSession(server);
    const refused = { code: 553, text: '5.6.7 A non-ASCII address needs SMTPUTF8 on MAIL FROM' };
    expect(await s.command('MAIL FROM:<prüfer@example.com>')).toEqual(refused);
    expect((await s.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    expect(await s.command('RCPT TO:<jürgen@example.org>')).toEqual(refused);
    expect((await s.command('RSET')).code).toBe(250);
    expect((await s.command('MAIL FROM:<app@example.com> SMTPUTF8')).code).toBe(250);
    expect((await s.command('RCPT TO:<jürgen@example.org>')).code).toBe(250);
    s.destroy();
  });

  it('stores nothing when the client disconnects in the middle of DATA, and keeps serving', async () => {
    const before = await emailCount(server);
    const s = await authenticatedSession(server);
    expect((await s.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    expect((await s.command('RCPT TO:<cut@example.org>')).code).toBe(250);
    expect((await s.command('DATA')).code).toBe(354);
    s.write('From: app@example.com\r\nTo: cut@example.org\r\nSubject: cut\r\n\r\nhalf a mess');
    await new Promise((r) => setTimeout(r, 50));
    s.destroy();
    await s.closed;
    await new Promise((r) => setTimeout(r, 100));
    expect(await emailCount(server)).toBe(before);
    const next = await transport(server).sendMail({ from: 'app@example.com', to: 'after@example.org', subject: 'after', text: 'still here' });
    expect(next.response).toMatch(QUEUED);
  });
});

describe('SMTP submission: AUTH before TLS, where SMTP_ALLOW_INSECURE_AUTH=true allows it', () => {
  // Without the flag the same AUTH gets 538 5.7.11 (the session, above).
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer({ env: { SMTP_ALLOW_INSECURE_AUTH: 'true' } });
  });
  afterAll(() => server?.close());

  it('takes AUTH PLAIN and a message over a plain session, and the message is stored', async () => {
    const s = rawSmtpSession(server.smtpPort);
    expect((await s.greeting).code).toBe(220);
    const ehlo = await s.command('EHLO client.test');
    expect(ehlo.text.split('\n')).toEqual(expect.arrayContaining(['STARTTLS', 'AUTH PLAIN LOGIN']));
    expect(await s.command(`AUTH PLAIN ${authPlain(server.token)}`)).toEqual({ code: 235, text: '2.7.0 Authentication successful' });
    const reply = await sendRawMessage(
      s,
      'app@example.com',
      ['plain@example.org'],
      'From: app@example.com\nTo: plain@example.org\nSubject: No TLS\n\nover a plain session',
    );
    expect(reply.code, reply.text).toBe(250);
    const [id] = idsOf(`250 ${reply.text}`);
    expect(id).toMatch(/^eml_[0-9a-z]{26}$/);
    const list = (await (await server.api('/api/v2/emails?limit=10')).json()) as { data: { id: string }[] };
    expect(list.data.map((e) => e.id)).toContain(id);
    expect(await getEmail(server, id!)).toMatchObject({ from: 'app@example.com', to: ['plain@example.org'], subject: 'No TLS' });
    s.destroy();
  });

  it('still checks the credentials, and still refuses MAIL FROM without AUTH: allowing it in the clear is not making it optional', async () => {
    const s = rawSmtpSession(server.smtpPort);
    await s.greeting;
    await s.command('EHLO client.test');
    expect(await s.command('MAIL FROM:<app@example.com>')).toEqual({ code: 530, text: '5.7.0 Authentication required' });
    expect(await s.command(`AUTH PLAIN ${authPlain('mailgate_not_a_real_token_0000000000')}`)).toEqual({
      code: 535,
      text: '5.7.8 Authentication credentials invalid',
    });
    expect((await s.command('AUTH LOGIN')).code).toBe(334);
    expect((await s.command(Buffer.from('mailgate').toString('base64'))).code).toBe(334);
    expect((await s.command(Buffer.from(server.token).toString('base64'))).code).toBe(235);
    s.destroy();
  });
});

describe('SMTP submission: HTML that cannot be rendered', () => {
  // The same refusals as REST's 422, as a permanent 550: a client that got 451 would retry for ever.
  let server: TestSmtpServer;
  let limited: TestSmtpServer;
  beforeAll(async () => {
    // Room to find a too-deep document on a loaded machine; \`limited\` checks the time limit.
    server = await startTestSmtpServer({ env: { RENDER_TIME_LIMIT_SECONDS: '30' } });
    limited = await startTestSmtpServer({ env: { RENDER_TIME_LIMIT_SECONDS: '0.1' } });
  });
  afterAll(async () => {
    await server.close();
    await limited.close();
  });

  const htmlOnly = (html: string) => `From: app@example.com\nSubject: html only\nContent-Type: text/html; charset=utf-8\n\n${html}`;

  it('refuses an HTML-only message too deeply nested to derive its text part with 550 5.6.0, and stores nothing', async () => {
    const s = await authenticatedSession(server);
    const before = await emailCount(server);
    const deep = await sendRawMessage(s, 'app@example.com', ['deep@example.org'], htmlOnly(`${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}`));
    expect(deep).toEqual({ code: 550, text: '5.6.0 Message refused: html cannot be rendered: it is nested too deeply' });
    expect(await emailCount(server)).toBe(before);
    s.destroy();
  });

  it('refuses an HTML-only message whose text part takes longer than RENDER_TIME_LIMIT_SECONDS to derive with 550 5.6.0; the next message goes through', async () => {
    const s = await authenticatedSession(limited);
    const before = await emailCount(limited);
    // About 6 MB of HTML: over a second of html-to-text, against a 0.1 s limit.
    const big = '<p>word <b>bold</b> <a href="https://x.example/">l</a></p>\n'.repeat(100_000);
    const slow = await sendRawMessage(s, 'app@example.com', ['big@example.org'], htmlOnly(big));
    expect(slow).toEqual({ code: 550, text: '5.6.0 Message refused: html cannot be rendered: it takes longer than 0.1 s' });
    expect(await emailCount(limited)).toBe(before);
    const next = await sendRawMessage(s, 'app@example.com', ['small@example.org'], htmlOnly('<p>small</p>'));
    expect(next.code).toBe(250);
    expect(await emailCount(limited)).toBe(before + 1);
    s.destroy();
  });
});

describe('SMTP submission: the memory all sessions may hold', () => {
  // Messages of up to 60 000 bytes, and 100 000 bytes held at once across sessions.
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer({ env: { SMTP_MAX_MESSAGE_BYTES: '60000', SMTP_MAX_BUFFERED_BYTES: '100000' } });
  });
  afterAll(() => server?.close());

  const message = (to: string, bytes: number) =>
    `From: app@example.com\r\nTo: ${to}\r\nSubject: ${bytes}\r\n\r\n` +
    'x'
      .repeat(76)
      .concat('\r\n')
      .repeat(Math.floor(bytes / 78));
  const holding = (atLeast: number) => waitFor(async () => (server.smtpBufferedBytes() >= atLeast ? true : undefined), 5_000, `${atLeast} bytes held`);
  const released = () => waitFor(async () => (server.smtpBufferedBytes() === 0 ? true : undefined), 5_000, 'the budget released');

  it('answers 452 4.3.1 while other sessions hold the budget, declared or not; the same message passes once they are done', async () => {
    const before = await emailCount(server);
    const a = await authenticatedSession(server);
    expect((await a.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    expect((await a.command('RCPT TO:<first@example.org>')).code).toBe(250);
    expect((await a.command('DATA')).code).toBe(354);
    a.write(message('first@example.org', 55_000));
    await holding(50_000);

    const b = await authenticatedSession(server);
    const declared = await b.command('MAIL FROM:<app@example.com> SIZE=50000');
    expect(declared.code).toBe(452);
    expect(declared.text).toBe('4.3.1 Insufficient system storage: too many messages are being received at once, try again later');
    const refused = await sendRawMessage(b, 'app@example.com', ['second@example.org'], message('second@example.org', 50_000));
    expect(refused.code).toBe(452);
    expect(refused.text).toBe('4.3.1 Insufficient system storage: too many messages are being received at once, try again later');
    expect(await emailCount(server)).toBe(before);

    a.write('\r\n.\r\n');
    expect((await a.reply()).code).toBe(250);
    await released();
    const again = await sendRawMessage(b, 'app@example.com', ['second@example.org'], message('second@example.org', 50_000));
    expect(again.code, again.text).toBe(250);
    expect(await emailCount(server)).toBe(before + 2);
    await released();
    a.destroy();
    b.destroy();
  });

  it('gives back what a client held when it leaves in the middle of DATA', async () => {
    const s = await authenticatedSession(server);
    expect((await s.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    expect((await s.command('RCPT TO:<gone@example.org>')).code).toBe(250);
    expect((await s.command('DATA')).code).toBe(354);
    s.write(message('gone@example.org', 55_000));
    await holding(50_000);
    s.destroy();
    await released();
  });
});

describe('SMTP submission: a message to thousands of recipients', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer({ env: { SMTP_MAX_RECIPIENTS: '3000' } });
  });
  afterAll(() => server?.close());

  it('accepts all 3 000 at once: more rows than one SQL statement takes parameters for', { timeout: 60_000 }, async () => {
    const before = await emailCount(server);
    const s = await authenticatedSession(server);
    const to = Array.from({ length: 3000 }, (_, i) => `r${i}@example.org`);
    const reply = await sendRawMessage(s, 'app@example.com', to, fixture('undisclosed-recipients.eml'));
    expect(reply.code, reply.text).toBe(250);
    const shown = reply.text
      .replace(/^2\.0\.0 Ok: queued as /, '')
      .replace(/ and \d+ more$/, '')
      .split(' ');
    const more = Number(/ and (\d+) more$/.exec(reply.text)![1]);
    expect(shown.every((id) => /^eml_[0-9a-z]{26}$/.test(id))).toBe(true);
    expect(shown.length + more).toBe(3000);
    expect(await emailCount(server)).toBe(before + 3000);
    // One email per recipient, every one of them.
    const stored = await server.database.handle.db.selectFrom('emails').select('to_address').where('subject', '=', 'many').execute();
    expect(new Set(stored.map((r) => r.to_address))).toEqual(new Set(to));
    s.destroy();
  });
});

describe('SMTP submission: the same limits as REST', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer({ env: { BOUNCE_COOLDOWN_SECONDS: '3600' } });
  });
  afterAll(() => server?.close());

  it('counts each message against the organization quota and answers 451 4.7.1 beyond it', async () => {
    const {
      token: { token },
    } = await server.core.orgs.create({ name: 'Small', plan: 'free', rateLimit: 2 });
    const s = await authenticatedSession(server, token);
    for (let i = 0; i < 2; i++) {
      const r = await sendRawMessage(s, 'app@example.com', [`q${i}@example.org`], `From: app@example.com\nSubject: q${i}\n\nbody`);
      expect(r.code).toBe(250);
    }
    const third = await s.command('MAIL FROM:<app@example.com>');
    expect(third.code).toBe(451);
    expect(third.text).toMatch(/^4\.7\.1 Rate limit exceeded, try again later/);
    s.destroy();
    // REST shares the quota: it is spent.
    const res = await server.api('/api/v2/emails?limit=1', { token });
    expect(res.status).toBe(429);
  });

  it('applies the recipient guard at RCPT TO with 450 4.7.1 (5 per 10 minutes, shared with REST)', async () => {
    const {
      token: { token },
    } = await server.core.orgs.create({ name: 'Guarded', plan: 'enterprise' });
    for (let i = 0; i < 3; i++) {
      const res = await server.api('/api/v2/emails', { token, body: { from: 'app@example.com', to: 'Busy@Example.org', subject: `r${i}`, html: '<p>x</p>' } });
      expect(res.status).toBe(200);
    }
    const mailer = transport(server, token);
    for (let i = 0; i < 2; i++) await mailer.sendMail({ from: 'app@example.com', to: 'busy@example.org', subject: `s${i}`, text: 'x' });
    const s = await authenticatedSession(server, token);
    expect((await s.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    expect((await s.command('RCPT TO:<other@example.org>')).code).toBe(250);
    const refused = await s.command('RCPT TO:<busy@example.org>');
    expect(refused.code).toBe(450);
    expect(refused.text).toMatch(/^4\.7\.1 Recipient temporarily rate limited/);
    // The others in the transaction still go.
    expect((await s.command('DATA')).code).toBe(354);
    s.write('From: app@example.com\r\nSubject: rest\r\n\r\nrest\r\n.\r\n');
    expect((await s.reply()).code).toBe(250);
    s.destroy();
  });

  it('refuses a fixture address that bounced (hard: suppressed), as over REST', async () => {
    const {
      token: { token },
    } = await server.core.orgs.create({ name: 'Bouncer', plan: 'enterprise' });
    const info = await transport(server, token).sendMail({ from: 'app@example.com', to: 'bounced+smtp@mailgate.test', subject: 'b', text: 'b' });
    const [id] = idsOf(info.response);
    await waitFor(async () => ((await getEmail(server, id!, token)).last_event === 'bounced' ? true : undefined));
    const s = await authenticatedSession(server, token);
    expect((await s.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    const refused = await s.command('RCPT TO:<bounced+smtp@mailgate.test>');
    expect(refused.code).toBe(550);
    expect(refused.text).toMatch(/^5\.1\.1 .*suppress/i);
    s.destroy();
  });

  it('holds an address that bounced softly in its cooldown (450 4.7.1), as over REST', async () => {
    const {
      token: { token },
    } = await server.core.orgs.create({ name: 'Soft', plan: 'enterprise' });
    const info = await transport(server, token).sendMail({ from: 'app@example.com', to: 'delivered+soft@mailgate.test', subject: 'b', text: 'b' });
    const [id] = idsOf(info.response);
    await waitFor(async () => ((await getEmail(server, id!, token)).last_event === 'delivered' ? true : undefined));
    expect(await reportDsn(server.core, id!)).toEqual({ stored: 'matched' });
    const s = await authenticatedSession(server, token);
    expect((await s.command('MAIL FROM:<app@example.com>')).code).toBe(250);
    const refused = await s.command('RCPT TO:<delivered+soft@mailgate.test>');
    expect(refused.code).toBe(450);
    expect(refused.text).toMatch(/^4\.7\.1 .*bounce/);
    s.destroy();
  });
});

describe('SMTP submission: the rules of emails.send, as over REST', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer();
  });
  afterAll(() => server?.close());

  const encoded = (text: string) => `=?utf-8?B?${Buffer.from(text).toString('base64')}?=`;
  // 999 characters: one over SUBJECT_MAX. In the message it is folded, and unfolding keeps the space.
  const long = `${'x'.repeat(500)} ${'x'.repeat(498)}`;

  // One input given to both doors: both end in emails.send and the send request's
  // field rules, so REST's 422 detail and SMTP's 550 5.6.0 name the same problem.
  it.each([
    {
      rule: 'a subject over 998 characters',
      rest: { subject: long },
      smtp: `From: app@example.com\nSubject: ${'x'.repeat(500)}\n ${'x'.repeat(498)}`,
      detail: { path: 'subject', message: 'must be at most 998 characters' },
    },
    {
      rule: 'a line break in the subject',
      rest: { subject: 'hi\r\nBcc: victim@example.net' },
      smtp: `From: app@example.com\nSubject: ${encoded('hi\r\nBcc: victim@example.net')}`,
      detail: { path: 'subject', message: 'must not contain CR or LF' },
    },
    {
      rule: "a line break in the sender's name",
      rest: { from: 'Evil\r\nBcc: victim@example.net <app@example.com>' },
      smtp: `From: ${encoded('Evil\r\nBcc: victim@example.net')} <app@example.com>\nSubject: s`,
      detail: { path: 'from', message: 'must not contain CR or LF' },
    },
  ])('refuses $rule over REST (422) and over SMTP (550 5.6.0) with the same detail; nothing is stored', async ({ rest, smtp, detail }) => {
    const before = await emailCount(server);
    const res = await server.api('/api/v2/emails', { body: { from: 'app@example.com', to: 'same@example.org', subject: 's', html: '<p>x</p>', ...rest } });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ name: 'validation_error', details: [detail] });
    const s = await authenticatedSession(server);
    const reply = await sendRawMessage(s, 'app@example.com', ['same@example.org'], `${smtp}\n\nbody`);
    expect(reply).toEqual({ code: 550, text: `5.6.0 Message refused: ${detail.path} ${detail.message}` });
    s.destroy();
    expect(await emailCount(server)).toBe(before);
  });
});

describe('SMTP submission: in through SMTP, out through the relay', () => {
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

  it('delivers one message per envelope recipient, with what was submitted', async () => {
    const logo = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const pdf = Buffer.from('%PDF-1.4 fake but binary \u0000\u0001\u0002');
    const info = await transport(server).sendMail({
      from: '"Shop, Inc." <orders@shop.example>',
      to: ['Ada <ada@example.org>'],
      cc: ['Grace <grace@example.org>'],
      bcc: ['archive@example.net'],
      replyTo: 'help@shop.example',
      subject: 'Order #42 — confirmed',
      inReplyTo: '<order-41@shop.example>',
      references: ['<order-40@shop.example>', '<order-41@shop.example>'],
      headers: { 'X-Order-Id': '42', 'List-Unsubscribe': '<https://shop.example/u/42>' },
      html: '<p>Thanks! <img src="cid:logo@shop"></p>',
      text: 'Thanks!',
      attachments: [
        { filename: 'logo.png', content: logo, cid: 'logo@shop', contentType: 'image/png' },
        { filename: 'order.pdf', content: pdf, contentType: 'application/pdf' },
      ],
    });
    const ids = idsOf(info.response);
    expect(ids).toHaveLength(3);
    await waitFor(async () => (sink.messages.length >= 3 ? true : undefined));
    expect(sink.messages.map((m) => m.envelope.rcptTo).sort()).toEqual([['ada@example.org'], ['archive@example.net'], ['grace@example.org']]);
    // Each goes out with its own email's return path as envelope sender (at BASE_URL's host here), the From header as submitted.
    const key = await returnPathKey(server.core.db.db, () => Date.now())();
    expect(sink.messages.map((m) => readReturnPath(key, m.envelope.mailFrom)?.emailId).sort()).toEqual([...ids].sort());
    for (const m of sink.messages) {
      expect(m.envelope.mailFrom).toMatch(/^bounce\+[0-9a-z]{26}-[0-9a-z]{16}@\[127\.0\.0\.1\]$/);
      const p = await simpleParser(m.raw, { keepCidLinks: true });
      expect(p.from?.value).toEqual([{ address: 'orders@shop.example', name: 'Shop, Inc.' }]);
      expect(p.to).toMatchObject({ value: [{ address: 'ada@example.org', name: 'Ada' }] });
      expect(p.cc).toMatchObject({ value: [{ address: 'grace@example.org', name: 'Grace' }] });
      expect(p.bcc).toBeUndefined();
      expect(m.raw).not.toMatch(/^bcc:/im);
      expect(p.replyTo?.value).toEqual([{ address: 'help@shop.example', name: '' }]);
      expect(p.subject).toBe('Order #42 — confirmed');
      expect(p.messageId).toBe(info.messageId);
      expect(p.inReplyTo).toBe('<order-41@shop.example>');
      expect(p.references).toEqual(['<order-40@shop.example>', '<order-41@shop.example>']);
      expect(p.headers.get('x-order-id')).toBe('42');
      expect(p.headers.get('list')).toMatchObject({ unsubscribe: { url: 'https://shop.example/u/42' } });
      expect(p.html).toBe('<p>Thanks! <img src="cid:logo@shop"></p>');
      expect(p.text?.trim()).toBe('Thanks!');
      const byName = new Map(p.attachments.map((a) => [a.filename, a]));
      expect(byName.get('logo.png')).toMatchObject({ contentType: 'image/png', cid: 'logo@shop' });
      expect(Buffer.compare(byName.get('logo.png')!.content, logo)).toBe(0);
      expect(Buffer.compare(byName.get('order.pdf')!.content, pdf)).toBe(0);
      expect(ids).toContain(p.headers.get('x-mailgate-email-id'));
    }
    expect(new Set(sink.messages.map((m) => m.parsed.headers.get('x-mailgate-email-id'))).size).toBe(3);
    for (const id of ids) {
      await waitFor(async () => ((await getEmail(server, id)).last_event === 'sent' ? true : undefined), 10_000, `${id} sent`);
    }
  });
});

describe('SMTP submission: sessions over time', () => {
  let server: TestSmtpServer;
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  beforeAll(async () => {
    server = await startTestSmtpServer({ clock, worker: false });
  });
  afterAll(() => server?.close());

  it('stops a session whose token was revoked after AUTH at its next MAIL FROM', async () => {
    const {
      token: { token, id },
    } = await server.core.orgs.create({ name: 'Revoked later', plan: 'enterprise' });
    const s = await authenticatedSession(server, token);
    const first = await sendRawMessage(s, 'app@example.com', ['one@example.org'], 'From: app@example.com\nSubject: one\n\nbody');
    expect(first.code).toBe(250);
    await server.database.handle.db.updateTable('api_tokens').set({ revoked_at: clock.now() }).where('id', '=', id).execute();
    clock.advance(10_000); // past the token cache
    const mail = await s.command('MAIL FROM:<app@example.com>');
    expect(mail.code).toBe(535);
    expect(mail.text).toMatch(/^5\.7\.8 /);
    s.destroy();
  });
});

describe('SMTP submission: closing the listener', () => {
  it('tells idle sessions 421 and closes at once, without waiting out the grace period', async () => {
    const server = await startTestSmtpServer({ env: { SHUTDOWN_GRACE_SECONDS: '30' } });
    const s = await authenticatedSession(server);
    const started = performance.now();
    const closing = server.close();
    const reply = await s.reply();
    expect(reply.code).toBe(421);
    expect(reply.text).toMatch(/^4\.3\.2 /);
    await closing;
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
