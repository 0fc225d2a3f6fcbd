import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../../servers/smtp/report-parser.ts';
import type { OriginalMessage, ReportRecipient, ReturnReport } from '../../src/returns/report.ts';
import { emlFixture } from '../helpers/fixtures.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/reports');
const report = (name: string) => emlFixture(`reports/${name}`);
const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'));

/** The VERP return path of each fixture's returned message: `bounce+<email id>-<mac>@bounces.example.com`. */
const verp = (id: string, mac: string) => `bounce+01jabcdefghjkmnpqrstvwxyz${id}-${mac}@bounces.example.com`;

const recipient = (fields: Partial<ReportRecipient>): ReportRecipient => ({
  finalRecipient: null,
  originalRecipient: null,
  action: null,
  status: null,
  diagnosticCode: null,
  remoteMta: null,
  ...fields,
});

const original = (fields: Partial<OriginalMessage>): OriginalMessage => ({ messageId: null, returnPath: null, from: null, to: null, subject: null, ...fields });

/** Work a report may take at most: generous, a bound on hanging and not a measure of speed. */
const BOUND_MS = 5000;

async function timed(raw: Buffer): Promise<{ result: ReturnReport; ms: number }> {
  const start = performance.now();
  const result = await parseReport(raw);
  return { result, ms: performance.now() - start };
}

describe('parseReport: delivery status notifications (RFC 3464)', () => {
  it('Postfix hard bounce: 5.1.1, its folded diagnostic, headers-only original, the sender from X-Postfix-Sender', async () => {
    expect(await parseReport(report('postfix-user-unknown.eml'))).toEqual({
      kind: 'delivery_status',
      reportingMta: 'relay.example.com',
      recipients: [
        recipient({
          finalRecipient: 'nobody@example.org',
          originalRecipient: 'nobody@example.org',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: '550 5.1.1 <nobody@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
          remoteMta: 'mx.example.org',
        }),
      ],
      // A relay's copy of the headers has no Return-Path (the final delivery adds it): Postfix names the envelope sender instead.
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyz0@example.com>',
        returnPath: verp('0', 'abcdefghjkmnpqr'),
        from: 'hello@example.com',
        to: 'nobody@example.org',
        subject: 'Your receipt from Acme',
      }),
    });
  });

  it('Postfix delay warning: delayed 4.4.1, an X-Postfix diagnostic type, an encoded subject', async () => {
    expect(await parseReport(report('postfix-delayed.eml'))).toEqual({
      kind: 'delivery_status',
      reportingMta: 'relay.example.com',
      recipients: [
        recipient({
          finalRecipient: 'slow@example.net',
          originalRecipient: 'slow@example.net',
          action: 'delayed',
          status: '4.4.1',
          diagnosticCode: 'connect to mx.example.net[203.0.113.40]:25: Connection timed out',
        }),
      ],
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyz1@example.com>',
        returnPath: verp('1', 'bcdefghjkmnpqrs'),
        from: 'hello@example.com',
        to: 'slow@example.net',
        subject: 'Your order has shipped ✓',
      }),
    });
  });

  it('Exim: the status as Exim writes it (5.0.0), the diagnostic from the remote server, its X-Exim field ignored', async () => {
    expect(await parseReport(report('exim-user-unknown.eml'))).toEqual({
      kind: 'delivery_status',
      reportingMta: 'mx.example.net',
      recipients: [
        recipient({
          finalRecipient: 'gone@example.net',
          action: 'failed',
          status: '5.0.0',
          diagnosticCode: '550 5.1.1 <gone@example.net>: Recipient address rejected: User unknown in local recipient table',
          remoteMta: 'mx2.example.net',
        }),
      ],
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyz2@example.com>',
        from: 'hello@example.com',
        to: 'gone@example.net',
        subject: 'Welcome to Acme',
      }),
    });
  });

  it('Exchange Online NDR: 5.1.10 RecipientNotFound, types without a space, a Return-Path without brackets', async () => {
    expect(await parseReport(report('exchange-online-recipient-not-found.eml'))).toEqual({
      kind: 'delivery_status',
      reportingMta: 'AM0PR01MB1234.eurprd01.prod.exchangelabs.com',
      recipients: [
        recipient({
          finalRecipient: 'nobody@contoso.com',
          action: 'failed',
          status: '5.1.10',
          diagnosticCode: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient nobody@contoso.com not found by SMTP address lookup',
        }),
      ],
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyz3@example.com>',
        returnPath: verp('3', 'defghjkmnpqrstv'),
        from: 'hello@example.com',
        to: 'nobody@contoso.com',
        subject: 'Your receipt from Acme',
      }),
    });
  });

  it("Gmail: a multi-line 550-5.1.1 reply joined with its code said once, the Remote-MTA's comment and root dot dropped", async () => {
    expect(await parseReport(report('gmail-no-such-user.eml'))).toEqual({
      kind: 'delivery_status',
      reportingMta: 'googlemail.com',
      recipients: [
        recipient({
          finalRecipient: 'no.such.user@example.org',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode:
            "550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for " +
            'typos or unnecessary spaces. Learn more at https://support.google.com/mail/?p=NoSuchUser d9443c01a7336-1cc4c4f5ab2si1234567plb.123 - gsmtp',
          remoteMta: 'mx.example.org',
        }),
      ],
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyz4@example.com>',
        returnPath: verp('4', 'efghjkmnpqrstvw'),
        from: 'hello@example.com',
        to: 'no.such.user@example.org',
        subject: 'Reset your password',
      }),
    });
  });

  it('several recipients: one entry each, in order', async () => {
    const result = await parseReport(report('postfix-several-recipients.eml'));
    expect(result).toEqual({
      kind: 'delivery_status',
      reportingMta: 'relay.example.com',
      recipients: [
        recipient({
          finalRecipient: 'ann@example.org',
          originalRecipient: 'ann@example.org',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: '550 5.1.1 <ann@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
          remoteMta: 'mx.example.org',
        }),
        recipient({
          finalRecipient: 'bob@example.org',
          originalRecipient: 'bob@example.org',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: '550 5.1.1 <bob@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
          remoteMta: 'mx.example.org',
        }),
        recipient({
          finalRecipient: 'carol@example.net',
          originalRecipient: 'carol@example.net',
          action: 'failed',
          status: '5.2.2',
          diagnosticCode: '552 5.2.2 <carol@example.net>: Mailbox full',
          remoteMta: 'mx.example.net',
        }),
      ],
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyz8@example.com>',
        returnPath: verp('8', 'jkmnpqrstvwxyz0'),
        from: 'hello@example.com',
        to: 'ann@example.org, bob@example.org, carol@example.net',
        subject: 'Team update',
      }),
    });
  });

  it('sendmail, one recipient failed and one delivered; upper-case types; a first part with no Content-Type', async () => {
    expect(await parseReport(report('sendmail-failed-and-delivered.eml'))).toEqual({
      kind: 'delivery_status',
      reportingMta: 'mail.example.org',
      recipients: [
        recipient({
          finalRecipient: 'nobody@example.org',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: '550 5.1.1 <nobody@example.org>... User unknown',
          remoteMta: 'mailhost.example.org',
        }),
        recipient({
          finalRecipient: 'somebody@example.org',
          action: 'delivered',
          status: '2.0.0',
          diagnosticCode: '250 2.0.0 3AEMDVF0012346 Message accepted for delivery',
          remoteMta: 'mailhost.example.org',
        }),
      ],
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyz9@example.com>',
        returnPath: verp('9', 'kmnpqrstvwxyz01'),
        from: 'hello@example.com',
        to: 'nobody@example.org, somebody@example.org',
        subject: 'Meeting notes',
      }),
    });
  });

  it('a DSN cut off inside its delivery-status part: what was read, the rest of the diagnostic lost', async () => {
    expect(await parseReport(report('postfix-truncated.eml'))).toEqual({
      kind: 'delivery_status',
      reportingMta: 'relay.example.com',
      recipients: [
        recipient({
          finalRecipient: 'trunc@example.org',
          originalRecipient: 'trunc@example.org',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: '550 5.1.1 <trunc@example.org>: Recipient addr',
          remoteMta: 'mx.example.org',
        }),
      ],
      original: original({ returnPath: verp('c', 'pqrstvwxyz01234') }),
    });
  });

  it('a malformed DSN: no Final-Recipient, an unknown Action, a malformed Status, fields in capitals, a garbage line', async () => {
    expect(await parseReport(report('malformed-dsn.eml'))).toEqual({
      kind: 'delivery_status',
      reportingMta: null,
      recipients: [
        recipient({ originalRecipient: 'first@example.org', diagnosticCode: '550 user unknown', remoteMta: 'mx.broken.example' }),
        recipient({ finalRecipient: 'second@example.org', action: 'delayed', status: '4.2.2' }),
      ],
      original: null,
    });
  });
});

describe('parseReport: feedback reports (RFC 5965, ARF)', () => {
  it('Yahoo: abuse, no Original-Rcpt-To, the original attached inline as message/rfc822', async () => {
    expect(await parseReport(report('yahoo-arf-abuse.eml'))).toEqual({
      kind: 'feedback',
      feedbackType: 'abuse',
      originalMailFrom: verp('5', 'fghjkmnpqrstvwx'),
      originalRcptTo: null,
      userAgent: 'Yahoo!-Mail-Feedback/2.0',
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyz5@example.com>',
        returnPath: verp('5', 'fghjkmnpqrstvwx'),
        from: 'news@example.com',
        to: 'redacted@yahoo.com',
        subject: 'Your weekly digest',
      }),
    });
  });

  it('Outlook.com (JMRP): abuse with Original-Rcpt-To, an encoded subject in the original', async () => {
    expect(await parseReport(report('outlook-jmrp-abuse.eml'))).toEqual({
      kind: 'feedback',
      feedbackType: 'abuse',
      originalMailFrom: verp('6', 'ghjkmnpqrstvwxy'),
      originalRcptTo: 'complainer@hotmail.com',
      userAgent: 'Hotmail FBL',
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyz6@example.com>',
        returnPath: verp('6', 'ghjkmnpqrstvwxy'),
        from: 'hello@example.com',
        to: 'complainer@hotmail.com',
        subject: 'Flash sale: 50% off ⚡',
      }),
    });
  });

  it('a fraud report with lower-case field names, two Original-Rcpt-To (the first kept) and headers only', async () => {
    expect(await parseReport(report('arf-headers-only-fraud.eml'))).toEqual({
      kind: 'feedback',
      feedbackType: 'fraud',
      originalMailFrom: verp('7', 'hjkmnpqrstvwxyz'),
      originalRcptTo: 'victim@isp.example.net',
      userAgent: 'SomeGenerator/1.0',
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyz7@example.com>',
        returnPath: verp('7', 'hjkmnpqrstvwxyz'),
        from: 'billing@example.com',
        to: 'victim@isp.example.net, other@isp.example.net',
        subject: 'Account verification needed',
      }),
    });
  });

  it('a feedback report without Feedback-Type is `other`, and wins over a delivery-status part beside it', async () => {
    const raw = crlf([
      'From: fbl@isp.example',
      'Subject: report',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="f"',
      '',
      '--f',
      'Content-Type: message/feedback-report',
      '',
      'User-Agent: Tiny/1',
      'Original-Mail-From: <>',
      '--f',
      'Content-Type: message/delivery-status',
      '',
      'Final-Recipient: rfc822; a@example.org',
      'Action: failed',
      '--f--',
    ]);
    expect(await parseReport(raw)).toEqual({
      kind: 'feedback',
      feedbackType: 'other',
      originalMailFrom: null,
      originalRcptTo: null,
      userAgent: 'Tiny/1',
      original: null,
    });
  });
});

describe('parseReport: bounces without a delivery-status part', () => {
  it('qmail: the status and line from "Remote host said", the recipient, the copied headers', async () => {
    expect(await parseReport(report('qmail-failure-notice.eml'))).toEqual({
      kind: 'plain_bounce',
      status: '5.1.1',
      diagnostic: 'Remote host said: 550 5.1.1 <gone@example.net>: Recipient address rejected: User unknown in local recipient table',
      recipient: 'gone@example.net',
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyza@example.com>',
        returnPath: verp('a', 'mnpqrstvwxyz012'),
        from: 'hello@example.com',
        to: 'gone@example.net',
        subject: 'Your invoice 2023-114',
      }),
    });
  });

  it('old Exim text: a basic 550 becomes 5.0.0, the recipient from X-Failed-Recipients', async () => {
    expect(await parseReport(report('exim-text-bounce.eml'))).toEqual({
      kind: 'plain_bounce',
      status: '5.0.0',
      diagnostic: 'host mx.example.net [198.51.100.9]: 550 Requested action not taken: mailbox unavailable',
      recipient: 'old-user@example.net',
      original: original({
        messageId: '<eml_01jabcdefghjkmnpqrstvwxyzb@example.com>',
        returnPath: verp('b', 'npqrstvwxyz0123'),
        from: 'hello@example.com',
        to: 'old-user@example.net',
        subject: 'We miss you',
      }),
    });
  });

  it('a Postfix DSN cut off before its delivery-status part: read from the notice, its indented lines joined', async () => {
    const full = report('postfix-user-unknown.eml');
    const cut = full.subarray(0, full.indexOf('--4SVX3M2Xyzz1Dpq.1700000005/relay.example.com\r\nContent-Description: Delivery report'));
    expect(await parseReport(cut)).toEqual({
      kind: 'plain_bounce',
      status: '5.1.1',
      diagnostic:
        '<nobody@example.org>: host mx.example.org[203.0.113.25] said: 550 5.1.1 <nobody@example.org>: Recipient address rejected: ' +
        'User unknown in virtual mailbox table (in reply to RCPT TO command)',
      recipient: 'nobody@example.org',
      original: null,
    });
  });

  it('a delivery-status part with no readable recipient falls back to the text', async () => {
    const raw = crlf([
      'From: MAILER-DAEMON@relay.example.com',
      'To: bounce+x@bounces.example.com',
      'Subject: Undelivered Mail Returned to Sender',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      '<ann@example.org>: host mx.example.org said: 552 5.2.2 mailbox full',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      '%%%% \x01\x02 ::: garbage',
      '\tfolded onto nothing',
      'Reporting-MTA: dns; relay.example.com',
      '--b--',
    ]);
    expect(await parseReport(raw)).toEqual({
      kind: 'plain_bounce',
      status: '5.2.2',
      diagnostic: '<ann@example.org>: host mx.example.org said: 552 5.2.2 mailbox full',
      recipient: 'ann@example.org',
      original: null,
    });
  });

  it("an enhanced code alone, not a version number; the bounce's own address is no recipient", async () => {
    const raw = crlf([
      'From: MAILER-DAEMON@mx.example.org',
      'To: bounce+x@bounces.example.com',
      'Subject: failure notice',
      '',
      'This is the mail system at mx.example.org, version 4.96.2.',
      '',
      '<bounce+x@bounces.example.com>: your message could not be delivered:',
      '',
      '<ann@example.org>: Host or domain name not found. Status 5.4.4 (no MX)',
      '',
    ]);
    expect(await parseReport(raw)).toEqual({
      kind: 'plain_bounce',
      status: '5.4.4',
      diagnostic: '<ann@example.org>: Host or domain name not found. Status 5.4.4 (no MX)',
      recipient: 'ann@example.org',
      original: null,
    });
  });

  it('X-Failed-Recipients alone makes a bounce, and names its recipient', async () => {
    const raw = crlf([
      'From: Mail System <mail@example.net>',
      'To: bounce+x@bounces.example.com',
      'X-Failed-Recipients: <ann@example.org>',
      'Subject: Notice',
      '',
      'Sorry.',
    ]);
    expect(await parseReport(raw)).toEqual({ kind: 'plain_bounce', status: null, diagnostic: null, recipient: 'ann@example.org', original: null });
  });

  it('an HTML-only bounce is read with its tags dropped', async () => {
    const raw = crlf([
      'From: postmaster@mx.example.org',
      'To: bounce+x@bounces.example.com',
      'Subject: Undeliverable: hi',
      'Content-Type: text/html',
      '',
      "<p>Your message to <b>ann@example.org</b> couldn't be delivered.</p><p>Remote server said: 550 5.1.1 User unknown</p>",
    ]);
    expect(await parseReport(raw)).toEqual({
      kind: 'plain_bounce',
      status: '5.1.1',
      diagnostic: "Your message to ann@example.org couldn't be delivered. Remote server said: 550 5.1.1 User unknown",
      recipient: 'ann@example.org',
      original: null,
    });
  });

  it('a bounce subject from an ordinary sender counts only when the text names a status or a recipient', async () => {
    const message = (body: string) =>
      crlf(['From: Mail Robot <robot@isp.example>', 'To: bounce+x@bounces.example.com', 'Subject: Message not delivered', '', body]);
    expect(await parseReport(message('Sorry, that did not work.'))).toEqual({ kind: 'none', subject: 'Message not delivered' });
    expect(await parseReport(message('Delivery to <ann@example.org> failed: 554 5.7.1 rejected by policy'))).toEqual({
      kind: 'plain_bounce',
      status: '5.7.1',
      diagnostic: 'Delivery to <ann@example.org> failed: 554 5.7.1 rejected by policy',
      recipient: 'ann@example.org',
      original: null,
    });
  });
});

describe('parseReport: messages that are no report', () => {
  it('an auto-reply whose subject quotes a bounce subject, and whose text names an address', async () => {
    const raw = crlf([
      'From: Pat Lee <pat@example.org>',
      'To: bounce+x@bounces.example.com',
      'Subject: Out of Office: Returned mail from your store',
      '',
      'I am away until Monday. For anything urgent, write to',
      '    urgent@example.org',
    ]);
    expect(await parseReport(raw)).toEqual({ kind: 'none', subject: 'Out of Office: Returned mail from your store' });
  });

  it('an out-of-office auto-reply, even one quoting numbers like a status', async () => {
    expect(await parseReport(report('out-of-office.eml'))).toEqual({ kind: 'none', subject: 'Automatic reply: Your receipt from Acme' });
  });

  it('a person replying', async () => {
    expect(await parseReport(report('human-reply.eml'))).toEqual({ kind: 'none', subject: 'Re: Your receipt from Acme' });
  });

  it('nothing at all, or random bytes', async () => {
    expect(await parseReport(Buffer.alloc(0))).toEqual({ kind: 'none', subject: null });
    const bytes = Buffer.alloc(1 << 20);
    // xorshift32: the same bytes on every run.
    for (let i = 0, seed = 7; i < bytes.length; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      bytes[i] = seed & 0xff;
    }
    const { result, ms } = await timed(bytes);
    expect(result).toEqual({ kind: 'none', subject: null });
    expect(ms).toBeLessThan(BOUND_MS);
  });
});

describe('parseReport: malformed and hostile input never throws, and costs bounded work', () => {
  const dsn = (statusLines: string[]) =>
    crlf([
      'From: MAILER-DAEMON@relay.example.com',
      'Subject: Undelivered Mail Returned to Sender',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      ...statusLines,
      '--b--',
      '',
    ]);

  it('every fixture cut off anywhere, or with bytes changed: a report of a known kind, never an error', async () => {
    const names = readdirSync(FIXTURES).filter((n) => n.endsWith('.eml'));
    expect(names.length).toBeGreaterThanOrEqual(16);
    const kinds = new Set(['delivery_status', 'feedback', 'plain_bounce', 'none']);
    for (const name of names) {
      const raw = report(name);
      for (let end = 0; end <= raw.length; end += 61) expect(kinds.has((await parseReport(raw.subarray(0, end))).kind), `${name} cut at ${end}`).toBe(true);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(0x00, 0x0a, 0x0d, 0x20, 0x2d, 0x3a, 0x3b, 0x3c, 0x3e, 0x80, 0xff)), { maxLength: 20 }),
        async (name, edits) => {
          const raw = Buffer.from(report(name));
          for (const [at, byte] of edits) raw[at % raw.length] = byte;
          expect(kinds.has((await parseReport(raw)).kind)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a report whose boundary never appears is read as one delivery-status part', async () => {
    const raw = crlf([
      'From: MAILER-DAEMON@relay.example.com',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="never-used"',
      '',
      'Reporting-MTA: dns; relay.example.com',
      '',
      'Final-Recipient: rfc822; ann@example.org',
      'Action: failed',
      'Status: 5.1.1',
      '',
    ]);
    expect(await parseReport(raw)).toEqual({
      kind: 'delivery_status',
      reportingMta: 'relay.example.com',
      recipients: [recipient({ finalRecipient: 'ann@example.org', action: 'failed', status: '5.1.1' })],
      original: null,
    });
  });

  it('a header line over mailparser’s 1 MiB bound: no report, quickly', async () => {
    const raw = Buffer.concat([Buffer.from('From: MAILER-DAEMON@x.example\r\nSubject: '), Buffer.alloc(2 << 20, 'a'), Buffer.from('\r\n\r\nbody\r\n')]);
    const { result, ms } = await timed(raw);
    expect(result).toEqual({ kind: 'none', subject: null });
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('2000 nested multiparts (over mailparser’s 1000 parts): no report', async () => {
    const nested = Array.from({ length: 2000 }, (_, i) => `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n`).join('');
    const { result, ms } = await timed(Buffer.from(`From: MAILER-DAEMON@x.example\r\n${nested}Content-Type: text/plain\r\n\r\nhi\r\n`));
    expect(result).toEqual({ kind: 'none', subject: null });
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('5000 recipient blocks: the first 1000 are read', async () => {
    const blocks = Array.from({ length: 5000 }, (_, i) => ['', `Final-Recipient: rfc822; r${i}@example.org`, 'Action: failed', 'Status: 5.1.1']).flat();
    const { result, ms } = await timed(dsn(['Reporting-MTA: dns; relay.example.com', ...blocks]));
    if (result.kind !== 'delivery_status') throw new Error(`expected a delivery status, got ${result.kind}`);
    expect(result.recipients).toHaveLength(1000);
    expect(result.recipients[999]).toEqual(recipient({ finalRecipient: 'r999@example.org', action: 'failed', status: '5.1.1' }));
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('a diagnostic folded over 5000 lines, and one on a 20 MB line: 1000 characters kept', async () => {
    const folded = dsn([
      'Final-Recipient: rfc822; a@example.org',
      'Action: failed',
      'Diagnostic-Code: smtp; 550 gone',
      ...Array.from({ length: 5000 }, () => `  ${'y'.repeat(50)}`),
    ]);
    const long = dsn(['Final-Recipient: rfc822; a@example.org', 'Action: failed', `Diagnostic-Code: smtp; ${'z'.repeat(20 << 20)}`]);
    for (const raw of [folded, long]) {
      const { result, ms } = await timed(raw);
      if (result.kind !== 'delivery_status') throw new Error(`expected a delivery status, got ${result.kind}`);
      expect(result.recipients[0]!.diagnosticCode).toHaveLength(1000);
      expect(ms).toBeLessThan(BOUND_MS);
    }
    const folded0 = (await parseReport(folded)) as { recipients: ReportRecipient[] };
    expect(folded0.recipients[0]!.diagnosticCode!.startsWith(`550 gone ${'y'.repeat(50)} y`)).toBe(true);
  });

  it('text built to make the patterns backtrack is searched in bounded time', async () => {
    const hostileLines = [
      '-'.repeat(60_000),
      '<'.repeat(60_000),
      'a@'.repeat(30_000),
      `  ${'<a@'.repeat(20_000)}`,
      `delivered to ${'a'.repeat(60_000)}`,
      '5.'.repeat(30_000),
      '550-'.repeat(15_000),
      ' '.repeat(60_000),
    ];
    const plain = hostileLines.map((line) =>
      crlf(['From: MAILER-DAEMON@x.example', 'To: bounce+x@bounces.example.com', 'Subject: failure notice', '', line, line, '']),
    );
    const html = crlf(['From: MAILER-DAEMON@x.example', 'Subject: failure notice', 'Content-Type: text/html', '', '<'.repeat(3 << 20)]);
    for (const input of [...plain, html]) {
      const { result, ms } = await timed(input);
      expect(result).toEqual({ kind: 'plain_bounce', status: null, diagnostic: null, recipient: null, original: null });
      expect(ms).toBeLessThan(BOUND_MS);
    }
  });
});
