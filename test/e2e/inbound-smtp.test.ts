import { readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CannotListenError } from '../../servers/cannot-listen.ts';
import { startServer } from '../../servers/main.ts';
import { createMailReader, mailauthResolver } from '../../servers/smtp/received-mail.ts';
import { INBOUND_MAX_HEADER_BYTES, type InboundHandlers, type ReceivedMessage } from '../../servers/smtp/inbound.ts';
import { loadConfig, type ReturnReport } from '../../src/index.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { rawSmtpSession, sendRawMessage, type RawSmtpSession, type SmtpReply } from '../helpers/smtp.ts';

// The inbound listener, where bounces and complaint reports come back, over real
// sockets: nodemailer and raw sessions against the listener as servers/main.ts
// starts it. The core's return-path service is the test's own here (it owns a
// fixed set of addresses and records what it is handed); the report parser is a
// small one on mailparser that reads the subject only.

const RETURN_PATH = 'bounce+01jx4v7k2m3n4p5q6r7s8t9v0w-7h3k9@bounces.acme.example';
const OTHER_RETURN_PATH = 'bounce+01jx4v7k2m3n4p5q6r7s8t9v0x-2b6d1@bounces.acme.example';

/** A DSN as Postfix writes one, short. */
const DSN = [
  'From: MAILER-DAEMON@mx.example.org (Mail Delivery System)',
  `To: ${RETURN_PATH}`,
  'Subject: Undelivered Mail Returned to Sender',
  'MIME-Version: 1.0',
  'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain',
  '',
  'I could not deliver your message.',
  '.leading dot, stuffed on the wire',
  '--b1',
  'Content-Type: message/delivery-status',
  '',
  'Reporting-MTA: dns; mx.example.org',
  '',
  'Final-Recipient: rfc822; gone@example.org',
  'Action: failed',
  'Status: 5.1.1',
  'Diagnostic-Code: smtp; 550 5.1.1 <gone@example.org>: Recipient address rejected',
  '--b1--',
  '',
].join('\r\n');

/** What the test's return-path service does with each message, and what it was handed. */
interface FakeReturns {
  handlers: (core: unknown) => InboundHandlers;
  received: ReceivedMessage[];
  asked: string[];
  /** How many times receive() was called (stored or not). */
  readonly receiveCalls: number;
  /** The next receive() waits until the returned function is called (with an error: rejects). */
  hold(): (error?: Error) => void;
  /** The next acceptsRecipient() rejects. */
  failNextRecipientCheck(): void;
  /** The next parse throws. */
  failNextParse(): void;
}

/** The test's parser: mailparser reads the message; it is never a report here. */
async function subjectOnly(raw: Buffer): Promise<ReturnReport> {
  const parsed = await simpleParser(raw);
  return { kind: 'none', subject: parsed.subject ?? null };
}

function fakeReturns(owned: readonly string[] = [RETURN_PATH, OTHER_RETURN_PATH]): FakeReturns {
  const addresses = new Set(owned.map((a) => a.toLowerCase()));
  const received: ReceivedMessage[] = [];
  const asked: string[] = [];
  let gate: Promise<Error | undefined> | null = null;
  let recipientCheckFails = false;
  let parseFails = false;
  let receiveCalls = 0;
  return {
    received,
    asked,
    get receiveCalls() {
      return receiveCalls;
    },
    handlers: () => ({
      returns: {
        async acceptsRecipient(address) {
          asked.push(address);
          if (recipientCheckFails) {
            recipientCheckFails = false;
            throw new Error('database unavailable');
          }
          return addresses.has(address.toLowerCase());
        },
        async receive(message) {
          receiveCalls++;
          const waiting = gate;
          gate = null;
          const error = waiting ? await waiting : undefined;
          if (error) throw error;
          received.push(message);
          return { stored: 'unmatched' };
        },
      },
      async parseReport(raw) {
        if (parseFails) {
          parseFails = false;
          throw new Error('parser bug');
        }
        return subjectOnly(raw);
      },
      // No receiving domain here: every recipient is a return path or refused.
      receiving: {
        async acceptsRecipient() {
          return false;
        },
        async receive() {
          throw new Error('no receiving domain in this test');
        },
      },
      readMail: createMailReader({ hostname: 'mx.test', resolver: mailauthResolver([], 100) }),
    }),
    hold() {
      let open!: (error?: Error) => void;
      gate = new Promise((resolve) => (open = resolve));
      return (error) => open(error);
    },
    failNextRecipientCheck() {
      recipientCheckFails = true;
    },
    failNextParse() {
      parseFails = true;
    },
  };
}

/** A raw session on the inbound port, greeted and through EHLO. */
async function greeted(port: number, localAddress?: string): Promise<RawSmtpSession> {
  const s = rawSmtpSession(port, localAddress);
  expect((await s.greeting).code).toBe(220);
  expect((await s.command('EHLO mx.example.org')).code).toBe(250);
  return s;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('inbound SMTP: what it takes', () => {
  let server: TestServer;
  let port: number;
  const fake = fakeReturns();
  const sessions: RawSmtpSession[] = [];
  const open = async (localAddress?: string) => {
    const s = await greeted(port, localAddress);
    sessions.push(s);
    return s;
  };

  beforeAll(async () => {
    server = await startTestServer({ inbound: fake.handlers, worker: false });
    port = server.inboundPort!;
  });
  afterEach(() => {
    for (const s of sessions.splice(0)) s.destroy();
  });
  afterAll(() => server?.close());

  it('greets as the inbound listener and offers STARTTLS, SIZE and no AUTH', async () => {
    const s = rawSmtpSession(port);
    sessions.push(s);
    expect(await s.greeting).toEqual({ code: 220, text: 'localhost ESMTP Mailgate inbound mail' });
    const hello = 'localhost Nice to meet you, [127.0.0.1]';
    expect(await s.command('EHLO mx.example.org')).toEqual({
      code: 250,
      text: [hello, 'PIPELINING', '8BITMIME', 'SMTPUTF8', 'ENHANCEDSTATUSCODES', 'STARTTLS', 'SIZE 26214400'].join('\n'),
    });
    expect((await s.startTls()).code).toBe(220);
    expect(await s.command('EHLO mx.example.org')).toEqual({
      code: 250,
      text: [hello, 'PIPELINING', '8BITMIME', 'SMTPUTF8', 'ENHANCEDSTATUSCODES', 'SIZE 26214400'].join('\n'),
    });
  });

  it('refuses AUTH, before and after STARTTLS, and takes mail without it', async () => {
    const s = await open();
    const refusal = {
      code: 503,
      text: "5.5.1 Authentication not enabled: this port takes mail for this server's receiving domains and return paths; submit mail on the submission port",
    };
    expect(await s.command('AUTH PLAIN AG1haWxnYXRlAHRva2Vu')).toEqual(refusal);
    expect((await s.startTls()).code).toBe(220);
    await s.command('EHLO mx.example.org');
    expect(await s.command('AUTH LOGIN')).toEqual(refusal);
    expect(await s.command('MAIL FROM:<>')).toEqual({ code: 250, text: '2.1.0 Accepted' });
  });

  it('takes a bounce from the null sender to a return path, and answers 250 only once the core has stored it', async () => {
    const before = fake.received.length;
    const s = await open();
    expect(await s.command('MAIL FROM:<> SIZE=2000 BODY=8BITMIME')).toEqual({ code: 250, text: '2.1.0 Accepted' });
    expect(await s.command(`RCPT TO:<${RETURN_PATH}>`)).toEqual({ code: 250, text: '2.1.5 Accepted' });
    expect((await s.command('DATA')).code).toBe(354);
    const release = fake.hold();
    const calls = fake.receiveCalls;
    s.write(`${DSN.replace(/^\./gm, '..')}\r\n.\r\n`);
    let answered: SmtpReply | null = null;
    const reply = s.reply().then((r) => (answered = r));
    // Read in full and handed to the core, which has not stored it yet: no answer.
    await waitFor(async () => (fake.receiveCalls > calls ? true : undefined));
    await sleep(200);
    expect(answered).toBeNull();
    expect(fake.received.length).toBe(before);
    release();
    expect(await reply).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(fake.received.length).toBe(before + 1);
    const message = fake.received.at(-1)!;
    expect(message).toEqual({
      recipients: [RETURN_PATH],
      mailFrom: null,
      remoteAddress: '127.0.0.1',
      raw: Buffer.from(`${DSN}\r\n`),
      report: { kind: 'none', subject: 'Undelivered Mail Returned to Sender' },
    });
  });

  it('takes a bounce from nodemailer over STARTTLS, checked against the submission certificate', async () => {
    const cert = await readFile(server.core.config.smtp.tlsCertPath);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      requireTLS: true,
      tls: { ca: [cert], servername: 'localhost' },
    });
    try {
      const info = await transport.sendMail({
        envelope: { from: false, to: [RETURN_PATH, OTHER_RETURN_PATH] },
        from: 'MAILER-DAEMON@mx.example.org',
        to: RETURN_PATH,
        subject: 'Delivery Status Notification (Failure)',
        text: 'The recipient does not exist.',
      });
      expect(info.response).toBe('250 2.0.0 Ok: received');
      expect(info.accepted).toEqual([RETURN_PATH, OTHER_RETURN_PATH]);
    } finally {
      transport.close();
    }
    const message = fake.received.at(-1)!;
    expect(message).toMatchObject({
      recipients: [RETURN_PATH, OTHER_RETURN_PATH],
      mailFrom: null,
      report: { kind: 'none', subject: 'Delivery Status Notification (Failure)' },
    });
  });

  it('is no relay: a recipient that is not a return path gets 550 5.7.1, and the others of the message still go', async () => {
    const before = fake.received.length;
    const s = await open();
    expect((await s.command('MAIL FROM:<postmaster@example.org>')).code).toBe(250);
    expect(await s.command('RCPT TO:<someone@gmail.example>')).toEqual({
      code: 550,
      text: '5.7.1 <someone@gmail.example>: relay access denied: not a receiving domain or return path of this server',
    });
    // A token for an address that is not the core's own is refused just the same.
    expect((await s.command('RCPT TO:<bounce+forged-00000@bounces.acme.example>')).code).toBe(550);
    expect(await s.command('DATA')).toEqual({ code: 503, text: '5.5.1 need RCPT command' });
    expect(await s.command(`RCPT TO:<${RETURN_PATH}>`)).toEqual({ code: 250, text: '2.1.5 Accepted' });
    expect((await s.command('DATA')).code).toBe(354);
    s.write('Subject: out of office\r\n\r\nI am away.\r\n.\r\n');
    expect(await s.reply()).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(fake.received.length).toBe(before + 1);
    expect(fake.received.at(-1)).toMatchObject({ recipients: [RETURN_PATH], mailFrom: 'postmaster@example.org' });
  });

  it('answers 451 4.3.0 when the core cannot tell whether it owns a recipient; the client tries again', async () => {
    const s = await open();
    expect((await s.command('MAIL FROM:<>')).code).toBe(250);
    fake.failNextRecipientCheck();
    expect(await s.command(`RCPT TO:<${RETURN_PATH}>`)).toEqual({ code: 451, text: '4.3.0 Temporary server error; try again later' });
    expect((await s.command(`RCPT TO:<${RETURN_PATH}>`)).code).toBe(250);
  });

  it('answers 451 4.3.0 when the core fails to store a message, and the session goes on', async () => {
    const before = fake.received.length;
    const s = await open();
    fake.hold()(new Error('disk full'));
    expect(await sendRawMessage(s, '', [RETURN_PATH], DSN)).toEqual({
      code: 451,
      text: '4.3.0 Temporary server error: the message was not stored; try again later',
    });
    expect(fake.received.length).toBe(before);
    // The sender keeps the message and tries again; this time it is stored.
    expect(await sendRawMessage(s, '', [RETURN_PATH], DSN)).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(fake.received.length).toBe(before + 1);
  });

  it('keeps a message the parser fails on, handed over as no report', async () => {
    const s = await open();
    fake.failNextParse();
    expect(await sendRawMessage(s, '', [RETURN_PATH], DSN)).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(fake.received.at(-1)).toMatchObject({ raw: Buffer.from(`${DSN}\r\n`), report: { kind: 'none', subject: null } });
  });

  it('refuses a 30 MB message with 552 5.3.4 after its end; the session and the listener go on', async () => {
    const before = fake.received.length;
    const s = await open();
    // Declared: refused before any of it is sent.
    expect(await s.command('MAIL FROM:<> SIZE=31457280')).toEqual({ code: 552, text: '5.3.4 Message size exceeds fixed limit' });
    expect((await s.command('MAIL FROM:<>')).code).toBe(250);
    expect((await s.command(`RCPT TO:<${RETURN_PATH}>`)).code).toBe(250);
    expect((await s.command('DATA')).code).toBe(354);
    s.write('Subject: huge\r\n\r\n');
    const line = `${'x'.repeat(998)}\r\n`;
    const chunk = Buffer.from(line.repeat(1000));
    for (let sent = 0; sent < 30 * 1024 * 1024; sent += chunk.length) s.write(chunk);
    s.write('.\r\n');
    expect(await s.reply()).toEqual({ code: 552, text: '5.3.4 Message size exceeds fixed limit (26214400 bytes)' });
    expect(fake.received.length).toBe(before);
    // The same session sends the next message.
    expect(await sendRawMessage(s, '', [RETURN_PATH], DSN)).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    // And so does a new one; nothing of the big message is held.
    const next = await open();
    expect(await sendRawMessage(next, '', [RETURN_PATH], DSN)).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(fake.received.length).toBe(before + 2);
  });
});

describe('inbound SMTP: bad input', () => {
  // Every recipient of the flood below that is even is a return path of this server.
  const flood = Array.from({ length: 10_000 }, (_, i) => `bounce+${String(i).padStart(5, '0')}-flood@bounces.acme.example`);
  const fake = fakeReturns([RETURN_PATH, ...flood.filter((_, i) => i % 2 === 0)]);
  let server: TestServer;
  let port: number;
  const sessions: RawSmtpSession[] = [];
  const open = async () => {
    const s = await greeted(port);
    sessions.push(s);
    return s;
  };

  beforeAll(async () => {
    server = await startTestServer({ inbound: fake.handlers, worker: false, env: { SMTP_IDLE_TIMEOUT_SECONDS: '2' } });
    port = server.inboundPort!;
  });
  afterEach(() => {
    for (const s of sessions.splice(0)) s.destroy();
  });
  afterAll(() => server?.close());

  it('takes malformed MIME as it came (no closing boundary, broken base64, a part without headers), and hands it over whole', async () => {
    const malformed = [
      'From: MAILER-DAEMON@mx.example.org',
      'Subject: =?bogus?Q?broken?=',
      'Content-Type: multipart/report; boundary="never-closed"',
      '',
      '--never-closed',
      'Content-Transfer-Encoding: base64',
      '',
      '!!! this is not base64 ***',
      '--never-closed',
      '--never-closed',
      'Content-Type: message/delivery-status',
      '',
      'Final-Recipient rfc822 without its colon',
    ].join('\r\n');
    const s = await open();
    expect(await sendRawMessage(s, '', [RETURN_PATH], malformed)).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(fake.received.at(-1)).toMatchObject({ recipients: [RETURN_PATH], raw: Buffer.from(`${malformed}\r\n`) });
  });

  it('keeps NUL bytes of a message and hands them over; an address with one is refused (501)', async () => {
    const s = await open();
    expect(await s.command('MAIL FROM:<mailer\u0000daemon@mx.example.org>')).toEqual({ code: 501, text: '5.1.7 Bad sender address syntax' });
    expect((await s.command('MAIL FROM:<>')).code).toBe(250);
    expect(await s.command(`RCPT TO:<${RETURN_PATH.replace('@', '\u0000@')}>`)).toEqual({ code: 501, text: '5.1.3 Bad recipient address syntax' });
    expect(await s.command(`RCPT TO:<${RETURN_PATH}>`)).toEqual({ code: 250, text: '2.1.5 Accepted' });
    expect((await s.command('DATA')).code).toBe(354);
    const message = 'From: MAILER-DAEMON@mx.example.org\r\nSubject: nul\u0000in it\r\n\r\nThe body\u0000has one too.\r\n';
    s.write(`${message}.\r\n`);
    expect(await s.reply()).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(fake.received.at(-1)!.raw).toEqual(Buffer.from(message));
  });

  it('answers 10 000 recipients in one transaction: the first 100 are looked up, the rest get 452 4.5.3 unasked, and others are served meanwhile', async () => {
    const asked = fake.asked.length;
    const s = await open();
    expect((await s.command('MAIL FROM:<>')).code).toBe(250);
    s.write(flood.map((address) => `RCPT TO:<${address}>\r\n`).join(''));
    // Another client hands a bounce over while the flood is answered.
    const other = await open();
    const [replies, bounce] = await Promise.all([Promise.all(flood.map(() => s.reply())), sendRawMessage(other, '', [RETURN_PATH], DSN)]);
    expect(bounce).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    // The first 100 tried: the even ones are return paths, the odd ones are not.
    expect(replies.slice(0, 100)).toEqual(
      flood
        .slice(0, 100)
        .map((address, i) =>
          i % 2 === 0
            ? { code: 250, text: '2.1.5 Accepted' }
            : { code: 550, text: `5.7.1 <${address}>: relay access denied: not a receiving domain or return path of this server` },
        ),
    );
    expect(new Set(replies.slice(100).map((r) => `${r.code} ${r.text}`))).toEqual(new Set(['452 4.5.3 Too many recipients (at most 100 per message)']));
    // The other client's recipient aside, the core was asked about the first hundred and no more.
    const flooded = () => fake.asked.slice(asked).filter((a) => a !== RETURN_PATH);
    expect(flooded()).toEqual(flood.slice(0, 100));
    // A recipient taken already is taken again without asking; then the message goes to the fifty taken.
    expect(await s.command(`RCPT TO:<${flood[0]}>`)).toEqual({ code: 250, text: '2.1.5 Accepted' });
    expect(flooded()).toHaveLength(100);
    expect((await s.command('DATA')).code).toBe(354);
    s.write(`${DSN}\r\n.\r\n`);
    expect(await s.reply()).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(fake.received.at(-1)!.recipients).toEqual(flood.slice(0, 100).filter((_, i) => i % 2 === 0));
    // The next transaction is counted afresh.
    expect((await s.command('MAIL FROM:<>')).code).toBe(250);
    expect(await s.command(`RCPT TO:<${flood[200]}>`)).toEqual({ code: 250, text: '2.1.5 Accepted' });
  });

  it(`refuses a header block of 1 MB with 552 5.3.4 at the end of DATA (the limit: ${INBOUND_MAX_HEADER_BYTES} bytes), and takes the next message`, async () => {
    const before = fake.received.length;
    const filler = (bytes: number) =>
      Array.from({ length: Math.ceil(bytes / 80) }, (_, i) => `X-Filler-${String(i).padStart(6, '0')}: ${'h'.repeat(60)}`).join('\r\n');
    const s = await open();
    const huge = `From: MAILER-DAEMON@mx.example.org\r\n${filler(1024 * 1024)}\r\nSubject: huge header\r\n\r\nbody\r\n`;
    expect(await sendRawMessage(s, '', [RETURN_PATH], huge)).toEqual({
      code: 552,
      text: `5.3.4 Message header size exceeds fixed limit (${INBOUND_MAX_HEADER_BYTES} bytes before the first empty line)`,
    });
    expect(fake.received.length).toBe(before);
    // Under the limit, however many lines, the message is taken; so is a big body after small headers.
    const large = `From: MAILER-DAEMON@mx.example.org\r\n${filler(INBOUND_MAX_HEADER_BYTES - 4096)}\r\nSubject: large header\r\n\r\nbody\r\n`;
    expect(await sendRawMessage(s, '', [RETURN_PATH], large)).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    const bigBody = `Subject: big body\r\n\r\n${filler(1024 * 1024)}\r\n`;
    expect(await sendRawMessage(s, '', [RETURN_PATH], bigBody)).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(fake.received.slice(before).map((m) => m.report)).toEqual([
      { kind: 'none', subject: 'large header' },
      { kind: 'none', subject: 'big body' },
    ]);
  });

  it('sends away a client that trickles bytes without completing a command (421 4.4.2), keeps nothing of it, and serves the others', async () => {
    const before = fake.received.length;
    const s = await open();
    expect((await s.command('MAIL FROM:<>')).code).toBe(250);
    const farewell = s.reply();
    const started = Date.now();
    const line = `RCPT TO:<${RETURN_PATH}>`;
    let sent = 0;
    const trickling = setInterval(() => s.write(line[sent++ % line.length]!), 150);
    try {
      const other = await open();
      expect(await sendRawMessage(other, '', [RETURN_PATH], DSN)).toEqual({ code: 250, text: '2.0.0 Ok: received' });
      expect(await farewell).toEqual({ code: 421, text: '4.4.2 Idle for too long, closing connection' });
      await s.closed;
    } finally {
      clearInterval(trickling);
    }
    expect(Date.now() - started).toBeLessThan(4000);
    expect(fake.received.length).toBe(before + 1);
  });
});

describe('inbound SMTP: slow and greedy clients', () => {
  let server: TestServer;
  let port: number;
  const fake = fakeReturns();
  const sessions: RawSmtpSession[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      inbound: fake.handlers,
      worker: false,
      env: { SMTP_DATA_TIMEOUT_SECONDS: '1', SMTP_MAX_CONNECTIONS_PER_ADDRESS: '3', SMTP_MAX_CONNECTIONS: '4' },
    });
    port = server.inboundPort!;
  });
  afterEach(() => {
    for (const s of sessions.splice(0)) s.destroy();
  });
  afterAll(() => server?.close());

  it('cuts a client that never finishes DATA at the deadline, keeps nothing of it, and takes the next message', async () => {
    const before = fake.received.length;
    const s = await greeted(port, '127.0.0.5');
    sessions.push(s);
    expect((await s.command('MAIL FROM:<>')).code).toBe(250);
    expect((await s.command(`RCPT TO:<${RETURN_PATH}>`)).code).toBe(250);
    expect((await s.command('DATA')).code).toBe(354);
    s.write('Subject: never ends\r\n\r\nsome of it');
    const started = Date.now();
    expect(await s.reply()).toEqual({
      code: 421,
      text: '4.4.2 The message took longer than 1 s to arrive, closing connection; nothing was kept',
    });
    await s.closed;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(fake.received.length).toBe(before);

    const next = await greeted(port, '127.0.0.5');
    sessions.push(next);
    expect(await sendRawMessage(next, '', [RETURN_PATH], DSN)).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(fake.received.length).toBe(before + 1);
  });

  it('caps the connections of one address (421 4.7.0); another address still gets in', async () => {
    for (let i = 0; i < 3; i++) sessions.push(await greeted(port, '127.0.0.2'));
    const fourth = rawSmtpSession(port, '127.0.0.2');
    sessions.push(fourth);
    expect(await fourth.greeting).toEqual({ code: 421, text: '4.7.0 Too many connections from this address, try again later' });
    await fourth.closed;
    const other = await greeted(port, '127.0.0.3');
    sessions.push(other);
    expect(await sendRawMessage(other, '', [RETURN_PATH], DSN)).toEqual({ code: 250, text: '2.0.0 Ok: received' });
  });

  it('when full, makes room for a less busy address by closing an idle session, never one that is handing over a message', async () => {
    await sleep(200); // the sessions of the test before are gone on the server's side too
    // 127.0.0.2 takes three places; its first session is handing over a bounce.
    const busy = [await greeted(port, '127.0.0.2'), await greeted(port, '127.0.0.2'), await greeted(port, '127.0.0.2')];
    sessions.push(...busy);
    expect((await busy[0]!.command('MAIL FROM:<>')).code).toBe(250);
    expect((await busy[0]!.command(`RCPT TO:<${RETURN_PATH}>`)).code).toBe(250);
    const farewells: SmtpReply[] = [];
    for (const s of busy.slice(1)) void s.reply().then((r) => farewells.push(r));
    // 127.0.0.3 takes the fourth and last; 127.0.0.4 comes in by closing the oldest idle session of 127.0.0.2.
    sessions.push(await greeted(port, '127.0.0.3'));
    const newcomer = await greeted(port, '127.0.0.4');
    sessions.push(newcomer);
    await busy[1]!.closed;
    expect(farewells).toEqual([
      {
        code: 421,
        text: '4.7.0 Too many connections: this session, with no recipient taken yet, makes room for a less busy address, try again later',
      },
    ]);
    // The session with a recipient taken goes on to hand its message over; the other idle one stays.
    expect((await busy[0]!.command('DATA')).code).toBe(354);
    busy[0]!.write(`${DSN}\r\n.\r\n`);
    expect(await busy[0]!.reply()).toEqual({ code: 250, text: '2.0.0 Ok: received' });
    expect(farewells).toHaveLength(1);
  });
});

describe('inbound SMTP: started and stopped by servers/main.ts', () => {
  it('prints its line, listens where INBOUND_SMTP_PORT says, and on stop lets a message being stored finish', async () => {
    const database = await createTestDatabase();
    const tlsDir = await mkdtemp(path.join(os.tmpdir(), 'mailgate-inbound-main-'));
    const fake = fakeReturns();
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const busyPort = (probe.address() as net.AddressInfo).port;
    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      MAILGATE_ROLES: 'http,inbound',
      SMTP_HOSTNAME: 'localhost',
      SMTP_TLS_KEY: path.join(tlsDir, 'key.pem'),
      SMTP_TLS_CERT: path.join(tlsDir, 'cert.pem'),
      LOG_LEVEL: 'silent',
      CPU_THREADS: '1',
    };
    try {
      // A port in use is named, with the variable to change, before anything is created.
      await expect(
        startServer(loadConfig({ ...env, INBOUND_SMTP_PORT: String(busyPort) }), () => {}, { db: database.handle, inbound: { handlers: fake.handlers } }),
      ).rejects.toThrow(
        new CannotListenError(
          `mailgate: cannot listen on 127.0.0.1:${busyPort} (inbound SMTP): the address is already in use; set INBOUND_SMTP_PORT to another port`,
        ),
      );
      await new Promise<void>((resolve) => probe.close(() => resolve()));

      const lines: string[] = [];
      const running = await startServer(loadConfig({ ...env, INBOUND_SMTP_PORT: String(busyPort) }), (line) => lines.push(line), {
        db: database.handle,
        inbound: { handlers: fake.handlers },
      });
      expect(running.inbound).toEqual({ port: busyPort });
      expect(lines).toContain(`Mailgate inbound SMTP (received mail, bounces and reports) listening on 127.0.0.1:${busyPort} (STARTTLS)`);
      expect(lines).toContain(`Generated a self-signed SMTP certificate for localhost: ${env.SMTP_TLS_CERT}`);

      const s = await greeted(busyPort);
      const release = fake.hold();
      const reply = sendRawMessage(s, '', [RETURN_PATH], DSN);
      await waitFor(async () => (fake.receiveCalls > 0 ? true : undefined));
      const stopped = running.stop();
      await sleep(100);
      release();
      // Stored, and told so, before the listener closes.
      expect(await reply).toEqual({ code: 250, text: '2.0.0 Ok: received' });
      await stopped;
      expect(fake.received).toHaveLength(1);
      const refused = net.connect(busyPort, '127.0.0.1');
      await expect(new Promise((resolve, reject) => refused.once('connect', resolve).once('error', reject))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      s.destroy();
    } finally {
      probe.close();
      await database.cleanup();
      await rm(tlsDir, { recursive: true, force: true });
    }
  });
});
