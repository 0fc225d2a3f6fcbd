import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { EmailRecord } from '../../src/emails/index.ts';
import { eventTypes, getEmail, sendEmail } from '../helpers/emails.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { returnPathKey, returnPathLocalPart } from '../../src/returns/verp.ts';

/** The envelope sender an email goes out with: its return path, at RETURN_PATH_DOMAIN here. */
async function returnPathOf(server: TestServer, emailId: string): Promise<string> {
  return `${returnPathLocalPart(await returnPathKey(server.core.db.db, () => Date.now())(), emailId)}@bounces.mailgate.example`;
}

// Delivery through RELAY_URL to a real SMTP server on a real socket: what the
// relay receives, and how its answers (2xx, 4xx, 5xx) move last_event.

const send = sendEmail;

/** Wait (real time, worker running) until the email's last_event is one of `states`. */
function waitForEvent(server: TestServer, id: string, states: string[]): Promise<EmailRecord> {
  return waitFor(
    async () => {
      const email = await getEmail(server, id);
      return states.includes(email.last_event) ? email : undefined;
    },
    10_000,
    `${id} to reach ${states.join('|')}`,
  );
}

const types = eventTypes;

const RELAY_USER = 'relay-user';
const RELAY_PASS = 'p@ss/w:rd';

describe('relay delivery (worker running)', () => {
  let sink: SmtpSink;
  let server: TestServer;

  beforeAll(async () => {
    // AUTH required, with credentials that need URL-encoding in RELAY_URL.
    sink = await startSmtpSink({ auth: { user: RELAY_USER, pass: RELAY_PASS } });
    server = await startTestServer({
      verifiedDomains: ['acme.example'],
      env: { RELAY_URL: sink.url({ user: RELAY_USER, pass: RELAY_PASS }), RETURN_PATH_DOMAIN: 'bounces.mailgate.example' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('hands a v2 markdown send to the relay: headers, bodies, Message-ID and envelope as sent', async () => {
    const id = await send(server, {
      from: 'Acme Support <support@acme.example>',
      to: 'Jane Doe <jane@example.com>',
      subject: 'Welcome to Acme',
      markdown: '# Hello Jane\n\nRead [the getting started guide](https://acme.example/guide) first.',
      reply_to: 'Help Desk <help@acme.example>',
      preview: 'Your account is ready',
    });
    const email = await waitForEvent(server, id, ['sent', 'bounced', 'failed', 'delivery_delayed']);
    expect(email.last_event).toBe('sent');
    expect(sink.messages).toHaveLength(1);
    const received = sink.messages[0]!;
    const mail = received.parsed;

    // SMTP envelope and session: the email's return path as sender (the From header is unchanged), AUTH with the URL's (decoded) credentials.
    expect(received.envelope).toEqual({ mailFrom: await returnPathOf(server, id), rcptTo: ['jane@example.com'] });
    expect(received.envelope.mailFrom).toMatch(/^bounce\+[0-9a-z]{26}-[0-9a-z]{16}@bounces\.mailgate\.example$/);
    expect(received.user).toBe(RELAY_USER);

    // Headers.
    expect(mail.subject).toBe('Welcome to Acme');
    expect(mail.from?.value).toEqual([{ address: 'support@acme.example', name: 'Acme Support' }]);
    const to = Array.isArray(mail.to) ? mail.to : [mail.to];
    expect(to.flatMap((a) => a?.value ?? [])).toEqual([{ address: 'jane@example.com', name: 'Jane Doe' }]);
    expect(mail.replyTo?.value).toEqual([{ address: 'help@acme.example', name: 'Help Desk' }]);
    expect(mail.messageId).toBe(email.message_id);
    expect(email.message_id).toBe(`<${id}@acme.example>`);
    expect(mail.headers.get('x-mailgate-email-id')).toBe(id);
    expect(mail.date?.getTime()).toBe(Math.floor(Date.parse(email.created_at) / 1000) * 1000);

    // HTML: the rendered markdown plus the hidden preheader, as stored on the record.
    expect(typeof mail.html).toBe('string');
    const html = mail.html as string;
    expect(html).toMatch(/<h1[^>]*>Hello Jane<\/h1>/);
    expect(html).toContain('<a href="https://acme.example/guide">the getting started guide</a>');
    expect(html).toMatch(/<div style="display:none[^"]*"[^>]*>Your account is ready/);
    expect(html.indexOf('Your account is ready')).toBeLessThan(html.indexOf('Hello Jane'));
    expect(html).toBe(email.html);

    // Text part: no tags, the heading upper-cased, the link text followed by its URL; the same as stored on the record.
    expect(mail.text).toBe('HELLO JANE\n\nRead the getting started guide [https://acme.example/guide] first.');
    expect(email.text).toBe(mail.text);

    // The record: sent through the relay, nothing captured.
    expect(email).toMatchObject({
      object: 'email',
      id,
      from: 'Acme Support <support@acme.example>',
      to: ['Jane Doe <jane@example.com>'],
      subject: 'Welcome to Acme',
      reply_to: 'Help Desk <help@acme.example>',
      preview: 'Your account is ready',
      last_event: 'sent',
      raw: null,
    });
    expect(types(email)).toEqual(['queued', 'sent']);
    expect(email.events[0]!.detail).toBeNull();
    expect(email.events[1]!.detail).toEqual({
      transport: 'relay',
      response: expect.stringMatching(/^250 /),
      attempt: 1,
    });
    expect(Date.parse(email.events[1]!.created_at)).toBeGreaterThanOrEqual(Date.parse(email.events[0]!.created_at));
  });

  it('delivers a v1 send (content + contentType HTML) through the relay too', async () => {
    const res = await server.api('/api/v1/emails', {
      body: {
        from: 'legacy@acme.example',
        to: 'old-client@example.com',
        subject: 'From the v1 API',
        content: '<p>Hello <strong>v1</strong> world</p>',
        contentType: 'HTML',
        replyTo: 'replies@acme.example',
      },
    });
    const answer = (await res.json()) as { success: boolean; message: string; id: string };
    expect(res.status).toBe(200);
    expect(answer).toEqual({ success: true, message: 'Email queued for delivery', id: expect.stringMatching(/^eml_[0-9a-z]{26}$/) });

    const email = await waitForEvent(server, answer.id, ['sent', 'bounced', 'failed', 'delivery_delayed']);
    expect(email.last_event).toBe('sent');
    expect(types(email)).toEqual(['queued', 'sent']);
    // Delivered exactly once: a second delivery of the same email fails here.
    const deliveries = sink.messages.filter((m) => m.envelope.rcptTo.includes('old-client@example.com'));
    expect(deliveries).toHaveLength(1);
    const received = deliveries[0]!;
    expect(received.envelope).toEqual({ mailFrom: await returnPathOf(server, answer.id), rcptTo: ['old-client@example.com'] });
    expect(received.parsed.subject).toBe('From the v1 API');
    expect(received.parsed.messageId).toBe(email.message_id);
    expect(received.parsed.replyTo?.value).toEqual([{ address: 'replies@acme.example', name: '' }]);
    expect(received.parsed.html).toBe('<p>Hello <strong>v1</strong> world</p>');
    expect(received.parsed.text).toBe('Hello v1 world');
    expect(email.text).toBe('Hello v1 world');
  });

  it('bounces on a 5xx at RCPT TO, with the relay answer in the event detail', async () => {
    sink.onRcpt = (address) => (address === 'nobody@example.com' ? { code: 550, message: '5.1.1 <nobody@example.com>: mailbox unavailable' } : 'accept');
    try {
      const before = sink.messages.length;
      const id = await send(server, { from: 'support@acme.example', to: 'nobody@example.com', subject: 'Hi', html: '<p>hi</p>' });
      const email = await waitForEvent(server, id, ['sent', 'bounced', 'failed', 'delivery_delayed']);
      expect(email.last_event).toBe('bounced');
      expect(types(email)).toEqual(['queued', 'bounced']);
      expect(email.events[1]!.detail).toEqual({
        transport: 'relay',
        response: '550 5.1.1 <nobody@example.com>: mailbox unavailable',
        response_code: 550,
        attempt: 1,
        bounce: { type: 'hard', status: '5.1.1', diagnostic: '550 5.1.1 <nobody@example.com>: mailbox unavailable', remote_mta: null },
      });
      // A hard bounce suppresses the address: the next send to it is refused.
      const again = await server.api('/api/v2/emails', { body: { from: 'support@acme.example', to: 'nobody@example.com', subject: 'Hi', html: '<p>hi</p>' } });
      expect(again.status).toBe(422);
      expect(await again.json()).toMatchObject({ name: 'validation_error', code: 'RECIPIENT_SUPPRESSED' });
      expect(sink.rcptAttempts.filter((a) => a === 'nobody@example.com')).toHaveLength(1);
      expect(sink.messages.length).toBe(before);
    } finally {
      sink.onRcpt = () => 'accept';
    }
  });

  it('bounces on a 5xx answer to DATA', async () => {
    sink.onData = (message) => (message.envelope.rcptTo.includes('spamtrap@example.com') ? { code: 554, message: '5.7.1 Message rejected as spam' } : 'accept');
    try {
      const id = await send(server, { from: 'support@acme.example', to: 'spamtrap@example.com', subject: 'Hi', html: '<p>hi</p>' });
      const email = await waitForEvent(server, id, ['sent', 'bounced', 'failed', 'delivery_delayed']);
      expect(email.last_event).toBe('bounced');
      expect(types(email)).toEqual(['queued', 'bounced']);
      expect(email.events[1]!.detail).toEqual({
        transport: 'relay',
        response: '554 5.7.1 Message rejected as spam',
        response_code: 554,
        attempt: 1,
        bounce: { type: 'hard', status: '5.7.1', diagnostic: '554 5.7.1 Message rejected as spam', remote_mta: null },
      });
      expect(sink.messages.some((m) => m.envelope.rcptTo.includes('spamtrap@example.com'))).toBe(false);
    } finally {
      sink.onData = () => 'accept';
    }
  });

  it('walks a fixture recipient queued → sent → bounced without touching the relay', async () => {
    const transactionsBefore = sink.transactions;
    const messagesBefore = sink.messages.length;
    const id = await send(server, { from: 'support@acme.example', to: 'bounced@mailgate.test', subject: 'Fixture', html: '<p>x</p>' });
    const email = await waitForEvent(server, id, ['bounced', 'delivered', 'failed']);
    expect(email.last_event).toBe('bounced');
    expect(types(email)).toEqual(['queued', 'sent', 'bounced']);
    expect(email.events[1]!.detail).toEqual({ fixture: true });
    expect(email.events[2]!.detail).toEqual({
      fixture: true,
      bounce: {
        type: 'hard',
        status: '5.1.1',
        diagnostic: 'smtp; 550 5.1.1 <bounced@mailgate.test>: fixture address: the mailbox does not exist',
        remote_mta: null,
      },
    });
    expect(sink.transactions).toBe(transactionsBefore);
    expect(sink.messages.length).toBe(messagesBefore);
    expect(sink.rcptAttempts).not.toContain('bounced@mailgate.test');
  });
});

describe('fixture recipients with a relay configured', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ verifiedDomains: ['acme.example'], env: { RELAY_URL: sink.url() } });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('keeps the relay count at 0 for delivered, bounced and complained fixtures', async () => {
    const ids = await Promise.all(
      ['delivered@mailgate.test', 'bounced+a1@mailgate.test', 'complained@mailgate.test'].map((to) =>
        send(server, { from: 'support@acme.example', to, subject: 'Fixture', html: '<p>x</p>' }),
      ),
    );
    const outcomes = await Promise.all(ids.map((id) => waitForEvent(server, id, ['delivered', 'bounced', 'complained', 'failed'])));
    expect(outcomes.map((e) => types(e))).toEqual([
      ['queued', 'sent', 'delivered'],
      ['queued', 'sent', 'bounced'],
      ['queued', 'sent', 'complained'],
    ]);
    expect(sink.transactions).toBe(0);
    expect(sink.rcptAttempts).toEqual([]);
    expect(sink.messages).toEqual([]);
  });
});

describe('relay answering 4xx: retried with backoff on a manual clock', () => {
  let sink: SmtpSink;
  let server: TestServer;
  const clock = new ManualClock();

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ verifiedDomains: ['acme.example'], env: { RELAY_URL: sink.url(), DELIVERY_MAX_ATTEMPTS: '3' }, clock, worker: false });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('records delivery_delayed, reschedules 30 s then 60 s later, and ends sent once the relay accepts', async () => {
    let accepting = false;
    sink.onRcpt = (address) => (address === 'later@example.com' && !accepting ? { code: 451, message: '4.3.0 Mailbox busy, try again later' } : 'accept');

    const id = await send(server, { from: 'support@acme.example', to: 'later@example.com', subject: 'Retry me', html: '<p>retry</p>' });
    const t0 = clock.now();
    expect(await server.core.worker.drain()).toBe(1);

    let email = await getEmail(server, id);
    expect(email.last_event).toBe('delivery_delayed');
    expect(types(email)).toEqual(['queued', 'delivery_delayed']);
    expect(email.events[1]!.detail).toEqual({
      transport: 'relay',
      response: '451 4.3.0 Mailbox busy, try again later',
      response_code: 451,
      attempt: 1,
      next_attempt_at: new Date(t0 + 30_000).toISOString(),
    });
    expect(sink.rcptAttempts).toEqual(['later@example.com']);

    // Not due yet: nothing runs, the relay sees nothing new.
    clock.advance(29_999);
    expect(await server.core.worker.drain()).toBe(0);
    expect(sink.rcptAttempts).toHaveLength(1);

    // Second attempt, still refused: the next wait doubles.
    clock.advance(1);
    expect(await server.core.worker.drain()).toBe(1);
    email = await getEmail(server, id);
    expect(types(email)).toEqual(['queued', 'delivery_delayed', 'delivery_delayed']);
    expect(email.events[2]!.detail).toMatchObject({ attempt: 2, next_attempt_at: new Date(t0 + 30_000 + 60_000).toISOString() });
    expect(sink.rcptAttempts).toHaveLength(2);

    clock.advance(59_999);
    expect(await server.core.worker.drain()).toBe(0);

    accepting = true;
    clock.advance(1);
    expect(await server.core.worker.drain()).toBe(1);
    email = await getEmail(server, id);
    expect(email.last_event).toBe('sent');
    expect(types(email)).toEqual(['queued', 'delivery_delayed', 'delivery_delayed', 'sent']);
    expect(email.events[3]!.detail).toEqual({ transport: 'relay', response: expect.stringMatching(/^250 /), attempt: 3 });
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]!.envelope.rcptTo).toEqual(['later@example.com']);
    expect(sink.messages[0]!.parsed.messageId).toBe(email.message_id);

    // Done: the job is gone.
    clock.advance(24 * 60 * 60 * 1000);
    expect(await server.core.worker.drain()).toBe(0);
    expect(sink.messages).toHaveLength(1);
  });

  it('ends failed after DELIVERY_MAX_ATTEMPTS when the relay never accepts', async () => {
    // Not 421: nodemailer's pool takes a 421 on a reused connection for a dropped idle
    // connection and silently retries once over a new one, which would blur the count.
    sink.onRcpt = (address) => (address === 'never@example.com' ? { code: 452, message: '4.2.2 Mailbox full' } : 'accept');
    const id = await send(server, { from: 'support@acme.example', to: 'never@example.com', subject: 'Never', html: '<p>never</p>' });

    expect(await server.core.worker.drain()).toBe(1);
    clock.advance(30_000);
    expect(await server.core.worker.drain()).toBe(1);
    clock.advance(60_000);
    expect(await server.core.worker.drain()).toBe(1);

    const email = await getEmail(server, id);
    expect(email.last_event).toBe('failed');
    expect(types(email)).toEqual(['queued', 'delivery_delayed', 'delivery_delayed', 'failed']);
    expect(email.events[3]!.detail).toEqual({
      transport: 'relay',
      response: '452 4.2.2 Mailbox full',
      response_code: 452,
      attempt: 3,
    });
    expect(sink.rcptAttempts.filter((a) => a === 'never@example.com')).toHaveLength(3);

    // No fourth attempt, however long we wait.
    clock.advance(24 * 60 * 60 * 1000);
    expect(await server.core.worker.drain()).toBe(0);
    expect(sink.rcptAttempts.filter((a) => a === 'never@example.com')).toHaveLength(3);
  });
});
