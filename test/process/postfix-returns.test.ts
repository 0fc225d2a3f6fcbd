import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { postfixDsn } from '../helpers/dsn.ts';
import { startPostfix, type PostfixRelay } from '../helpers/postfix.ts';
import { startSmtpSink, type ReceivedMessage, type SmtpSink } from '../helpers/smtp-sink.ts';

// Postfix (Debian's package, a loopback instance of its own) as the relay of a
// sender that hears its own bounces: its next hop refuses some recipients (550)
// and defers others (451), and the DSNs Postfix's bounce daemon writes itself
// come back over SMTP to an smtp-server standing in for Mailgate's inbound
// listener, addressed to the VERP envelope sender the message was sent with.
// Nothing in these reports was written here: their shape is Postfix's.

const RETURN_PATH_DOMAIN = 'returns.mailgate.test';
const VERP_SENDER = `bounce+abc-def@${RETURN_PATH_DOMAIN}`;
/** What the next hop says to a mailbox that does not exist, and to one it greylists. */
const UNKNOWN_USER = 'Recipient address rejected: User unknown in local recipient table';
const GREYLISTED = 'Recipient address rejected: Greylisted, try again later';
/** How long Postfix retries a deferred message before it gives up with a failed DSN. */
const QUEUE_LIFETIME_SECONDS = 4;

/** The fields of an RFC 3464 message/delivery-status body: the per-message group, then one group per recipient. */
interface DeliveryStatus {
  message: Map<string, string>;
  recipients: Map<string, string>[];
}

/** Header-style groups separated by blank lines; field names lower-cased, folded lines unfolded. */
function readDeliveryStatus(text: string): DeliveryStatus {
  const groups = text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((group) => group.replace(/\n[ \t]+/g, ' ').trim())
    .filter((group) => group !== '')
    .map((group) => {
      const fields = new Map<string, string>();
      for (const line of group.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    });
  const [message, ...recipients] = groups;
  return { message: message ?? new Map(), recipients };
}

interface Dsn {
  received: ReceivedMessage;
  contentType: string;
  reportType: string | undefined;
  status: DeliveryStatus;
  /** The returned message (message/rfc822) or its headers (text/rfc822-headers), as text. */
  returned: string;
}

/** A report as mailparser sees it with its delivery-status part kept as a part. */
async function readDsn(received: ReceivedMessage): Promise<Dsn> {
  const parsed = await simpleParser(received.raw, { keepDeliveryStatus: true });
  const contentType = parsed.headers.get('content-type') as { value: string; params: Record<string, string> } | undefined;
  const part = (type: string) => parsed.attachments.find((attachment) => attachment.contentType === type)?.content.toString('utf8');
  return {
    received,
    contentType: contentType?.value ?? '',
    reportType: contentType?.params['report-type'],
    status: readDeliveryStatus(part('message/delivery-status') ?? ''),
    returned: part('message/rfc822') ?? part('text/rfc822-headers') ?? '',
  };
}

/**
 * A report with what changes from one to the next made constant: the delayed
 * report's hours and days (Postfix's settings), and its retry deadline.
 */
function normalized(raw: string): string {
  return raw
    .replace(/for more than \d+ hour\(s\)/, 'for more than N hour(s)')
    .replace(/until it is \d+ day\(s\) old/, 'until it is N day(s) old')
    .replace(/Will-Retry-Until: [^\r\n]+/, 'Will-Retry-Until: DATE');
}

/** What test/helpers/dsn.ts writes for the failure a report of Postfix's describes, with its ids and dates. */
function rewritten(dsn: Dsn, action: 'failed' | 'delayed', reply: string): string {
  const raw = dsn.received.raw;
  const date = (text: string | undefined) => new Date((text ?? '').replace(/ \(UTC\)$/, ''));
  const returned = dsn.returned.replace(/\r\n/g, '\n');
  // The returned message without the two lines Postfix put in front of it as it took it.
  const original = returned.replace(/^Return-Path: [^\n]*\nReceived: [^\n]*\n\t[^\n]*\n\t[^\n]*\n/, '');
  // The bounce daemon stamps its boundary as it takes the request and the report's
  // Date as it opens the report, a moment later: the same second, or the next one
  // when a second ticks in between.
  const written = date(/^Date: ([^\r\n]+)/m.exec(raw)![1]);
  const requested = new Date(Number(/\bboundary="\w+\.(\d+)\//.exec(raw)![1]) * 1000);
  expect(written.getTime() - requested.getTime(), 'seconds from the boundary to the Date, in ms').toBeOneOf([0, 1000]);
  return postfixDsn({
    returnPath: VERP_SENDER,
    recipient: finalRecipient(dsn.status)!.replace('rfc822; ', ''),
    action,
    reply,
    original: Buffer.from(original.replace(/\n/g, '\r\n')),
    queueId: dsn.status.message.get('x-postfix-queue-id')!,
    reportQueueId: /^Received: by \S+ \(Postfix\)\r\n\tid (\w+);/.exec(raw)![1]!,
    arrival: date(dsn.status.message.get('arrival-date')),
    date: written,
    requested,
  }).toString('utf8');
}

function finalRecipient(status: DeliveryStatus): string | undefined {
  return status.recipients[0]?.get('final-recipient');
}

describe('Postfix as the relay: the DSNs it writes come back to the return path', () => {
  let nextHop: SmtpSink;
  let inbound: SmtpSink;
  let started: PostfixRelay | { skipped: string };

  beforeAll(async () => {
    nextHop = await startSmtpSink();
    nextHop.onRcpt = (address) => {
      if (address.startsWith('unknown-')) return { code: 550, message: `5.1.1 <${address}>: ${UNKNOWN_USER}` };
      if (address.startsWith('greylisted-')) return { code: 451, message: `4.2.0 <${address}>: ${GREYLISTED}` };
      return 'accept';
    };
    inbound = await startSmtpSink();
    started = await startPostfix({
      sinkPort: nextHop.port,
      log: true,
      returnPath: { domains: [RETURN_PATH_DOMAIN], inboundPort: inbound.port, queueLifetimeSeconds: QUEUE_LIFETIME_SECONDS },
    });
  }, 120_000);

  afterAll(async () => {
    if (started && !('skipped' in started)) await started.stop();
    await nextHop?.close();
    await inbound?.close();
  });

  /** Postfix, or the test skipped with the reason it cannot run (not root, the package cannot be installed). */
  function postfix(context: TestContext): PostfixRelay {
    if ('skipped' in started) return context.skip(`Postfix is not available: ${started.skipped}`);
    return started;
  }

  /** Submit one message to Postfix with the VERP envelope sender; when Postfix answered 250. */
  async function submit(relay: PostfixRelay, to: string, messageId: string): Promise<number> {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: relay.port, secure: false, ignoreTLS: true });
    try {
      const info = await transport.sendMail({
        from: 'Acme Orders <orders@acme.example>',
        to,
        subject: 'Your order is confirmed',
        text: 'Thanks for your order.',
        messageId,
        envelope: { from: VERP_SENDER, to },
      });
      expect(info.response).toMatch(/^250 /);
      return Date.now();
    } finally {
      transport.close();
    }
  }

  /** Every report at the inbound listener so far that names this recipient, as `action status`. */
  async function reportsFor(recipient: string): Promise<string[]> {
    const reports = await Promise.all(inbound.messages.map(readDsn));
    return reports
      .filter((dsn) => finalRecipient(dsn.status) === `rfc822; ${recipient}`)
      .map((dsn) => `${dsn.status.recipients[0]?.get('action')} ${dsn.status.recipients[0]?.get('status')}`);
  }

  /** The next DSN at the inbound listener naming this recipient with this action, within `ms`; Postfix's log in the error otherwise. */
  async function dsnFor(relay: PostfixRelay, recipient: string, action: string, ms: number): Promise<Dsn> {
    const deadline = Date.now() + ms;
    for (;;) {
      for (const received of inbound.messages) {
        const dsn = await readDsn(received);
        if (finalRecipient(dsn.status) === `rfc822; ${recipient}` && dsn.status.recipients[0]?.get('action') === action) return dsn;
      }
      if (Date.now() > deadline) throw new Error(`no ${action} DSN for ${recipient} within ${ms} ms; Postfix's log:\n${relay.log()}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('returns a refused recipient at once: failed, 5.1.1 and the next hop’s words, from <> to the VERP address', async (context) => {
    const relay = postfix(context);
    const recipient = 'unknown-1@sink.example';
    const accepted = await submit(relay, recipient, '<order-1@acme.example>');
    const dsn = await dsnFor(relay, recipient, 'failed', 10_000);
    await context.annotate(`failed DSN at the inbound listener ${dsn.received.receivedAt - accepted} ms after Postfix's 250`);

    expect(dsn.received.envelope).toEqual({ mailFrom: '', rcptTo: [VERP_SENDER] });
    expect(dsn.contentType).toBe('multipart/report');
    expect(dsn.reportType).toBe('delivery-status');
    expect(dsn.status.message.get('reporting-mta')).toMatch(/^dns; \S+/);
    expect(dsn.status.recipients).toHaveLength(1);
    const [fields] = dsn.status.recipients;
    expect(fields!.get('final-recipient')).toBe(`rfc822; ${recipient}`);
    expect(fields!.get('action')).toBe('failed');
    expect(fields!.get('status')).toBe('5.1.1');
    expect(fields!.get('remote-mta')).toBe('dns; 127.0.0.1');
    expect(fields!.get('diagnostic-code')).toBe(`smtp; 550 5.1.1 <${recipient}>: ${UNKNOWN_USER}`);
    // The message that bounced travels with the report, so a report can be tied to what was sent.
    expect(dsn.returned).toContain('Message-ID: <order-1@acme.example>');
    expect(nextHop.messages.filter((m) => m.envelope.rcptTo.includes(recipient))).toEqual([]);
    expect(await reportsFor(recipient)).toEqual(['failed 5.1.1']);
    // test/helpers/dsn.ts writes the same report for the same failure, byte for byte.
    expect(normalized(rewritten(dsn, 'failed', `550 5.1.1 <${recipient}>: ${UNKNOWN_USER}`))).toBe(normalized(dsn.received.raw));
  });

  it('reports a deferred recipient as delayed at once, then as failed with its 4.x.x when its queue lifetime ends', async (context) => {
    const relay = postfix(context);
    const recipient = 'greylisted-1@sink.example';
    const accepted = await submit(relay, recipient, '<order-2@acme.example>');

    const delayed = await dsnFor(relay, recipient, 'delayed', 10_000);
    await context.annotate(`delayed DSN ${delayed.received.receivedAt - accepted} ms after Postfix's 250`);
    expect(delayed.received.envelope).toEqual({ mailFrom: '', rcptTo: [VERP_SENDER] });
    expect(delayed.contentType).toBe('multipart/report');
    expect(delayed.reportType).toBe('delivery-status');
    const [warned] = delayed.status.recipients;
    expect(warned!.get('status')).toBe('4.2.0');
    expect(warned!.get('diagnostic-code')).toBe(`smtp; 451 4.2.0 <${recipient}>: ${GREYLISTED}`);
    expect(warned!.get('will-retry-until')).toBeTruthy();

    const failed = await dsnFor(relay, recipient, 'failed', QUEUE_LIFETIME_SECONDS * 1000 + 10_000);
    await context.annotate(`failed DSN ${failed.received.receivedAt - accepted} ms after Postfix's 250 (queue lifetime ${QUEUE_LIFETIME_SECONDS} s)`);
    expect(failed.received.envelope).toEqual({ mailFrom: '', rcptTo: [VERP_SENDER] });
    const [gaveUp] = failed.status.recipients;
    expect(gaveUp!.get('status')).toBe('4.2.0');
    expect(gaveUp!.get('diagnostic-code')).toBe(`smtp; 451 4.2.0 <${recipient}>: ${GREYLISTED}`);
    // Postfix counts its queue lifetime in whole seconds from the arrival.
    expect(failed.received.receivedAt - accepted).toBeGreaterThanOrEqual((QUEUE_LIFETIME_SECONDS - 2) * 1000);
    // Retried in the meantime, every second or so, never accepted.
    expect(nextHop.rcptAttempts.filter((address) => address === recipient).length).toBeGreaterThanOrEqual(2);
    expect(await reportsFor(recipient)).toEqual(['delayed 4.2.0', 'failed 4.2.0']);
    // test/helpers/dsn.ts writes the same reports for the same failure, byte for byte.
    const reply = `451 4.2.0 <${recipient}>: ${GREYLISTED}`;
    expect(normalized(rewritten(delayed, 'delayed', reply))).toBe(normalized(delayed.received.raw));
    expect(normalized(rewritten(failed, 'failed', reply))).toBe(normalized(failed.received.raw));
  });

  it('sends no report for a recipient the next hop accepts', async (context) => {
    const relay = postfix(context);
    const recipient = 'reader-1@sink.example';
    await submit(relay, recipient, '<order-3@acme.example>');
    const deadline = Date.now() + 10_000;
    while (!nextHop.messages.some((m) => m.envelope.rcptTo.includes(recipient)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(nextHop.messages.find((m) => m.envelope.rcptTo.includes(recipient))?.envelope.mailFrom).toBe(VERP_SENDER);
    // Postfix writes a report as soon as it has the next hop's answer (well under a second above): give it two.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await reportsFor(recipient)).toEqual([]);
  });
});
