// Delivery status notifications (RFC 3464) written as Postfix 3.7's bounce daemon
// writes them, for a report to a given return path without running Postfix: the
// same headers in the same order, the same three parts (its notification text,
// message/delivery-status with Postfix's own fields, the returned message or its
// headers), the same line folding and CRLF line ends. What Postfix writes for
// the same failure is compared with this in test/process/postfix-returns.test.ts.
import { randomBytes } from 'node:crypto';

export interface DsnInput {
  /** The envelope sender of the message that failed (a VERP address): the report is addressed to it. */
  returnPath: string;
  recipient: string;
  /** failed: the message is returned; delayed: a warning, with the message's headers only. */
  action: 'failed' | 'delayed';
  /** The next hop's reply as it said it, e.g. `550 5.1.1 <a@b.example>: Recipient address rejected: User unknown`. */
  reply: string;
  /** The message as the relay received it (CRLF line ends). */
  original: Buffer;
  /** The relay's host name (Reporting-MTA, the From of the report); default postfix.bench.localhost. */
  reportingMta?: string;
  /** The address the next hop was reached at (Remote-MTA); default 127.0.0.1. */
  remoteMta?: string;
  /** When the relay received the message, and when it wrote the report; default now. */
  arrival?: Date;
  date?: Date;
  /**
   * When the bounce daemon took the request to write the report: the seconds in
   * the MIME boundary; default `date`. Postfix reads them from its event loop's
   * clock as the request comes in, and the report's Date a moment later as it
   * opens the report, so the two differ by a second whenever a second ticks in
   * between.
   */
  requested?: Date;
  /** Postfix's queue ids of the message and of the report; default random. */
  queueId?: string;
  reportQueueId?: string;
}

/** Postfix's date: `Fri, 27 Nov 2026 11:36:36 +0000 (UTC)`. */
function postfixDate(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000 (UTC)');
}

/** A queue id as Postfix's short ids look: 11 upper-case hex digits. */
function queueIdOf(): string {
  return randomBytes(6).toString('hex').toUpperCase().slice(0, 11);
}

/** Postfix folds its text at word boundaries, continuing with four spaces, so that no line passes 79 characters. */
function fold(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > 79) {
      lines.push(line);
      line = `    ${word}`;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}

/** The header of a message: everything before its first empty line. */
function headerOf(message: string): string {
  const end = message.search(/\r?\n\r?\n/);
  return (end >= 0 ? message.slice(0, end) : message).replace(/\r?\n$/, '');
}

/** The report Postfix's bounce daemon writes for one recipient, CRLF line ends, ready to go over SMTP from <> to `returnPath`. */
export function postfixDsn(input: DsnInput): Buffer {
  const host = input.reportingMta ?? 'postfix.bench.localhost';
  const remote = input.remoteMta ?? '127.0.0.1';
  const arrival = input.arrival ?? new Date();
  const date = input.date ?? new Date();
  const queueId = input.queueId ?? queueIdOf();
  const reportQueueId = input.reportQueueId ?? queueIdOf();
  const requested = input.requested ?? date;
  const boundary = `${queueId}.${Math.floor(requested.getTime() / 1000)}/${host}`;
  const status = /^\d{3}[ -](\d\.\d{1,3}\.\d{1,3})\b/.exec(input.reply)?.[1] ?? (input.action === 'failed' ? '5.0.0' : '4.0.0');
  const failed = input.action === 'failed';
  const stamp = date
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, '');
  const original = input.original.toString('utf8').replace(/\r\n/g, '\n');
  // What Postfix's smtpd put in front of the message as it took it.
  const received =
    `Return-Path: <${input.returnPath}>\n` +
    `Received: from [127.0.0.1] (unknown [127.0.0.1])\n\tby ${host} (Postfix) with ESMTP id ${queueId}\n` +
    `\tfor <${input.recipient}>; ${postfixDate(arrival)}\n`;
  const notification = failed
    ? [
        `This is the mail system at host ${host}.`,
        '',
        "I'm sorry to have to inform you that your message could not",
        "be delivered to one or more recipients. It's attached below.",
      ]
    : [
        `This is the mail system at host ${host}.`,
        '',
        '####################################################################',
        '# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #',
        '####################################################################',
        '',
        'Your message could not be delivered for more than 4 hour(s).',
        'It will be retried until it is 5 day(s) old.',
      ];
  const text = [
    ...notification,
    '',
    'For further assistance, please send mail to postmaster.',
    '',
    'If you do so, please include this problem report. You can',
    'delete your own text from the attached returned message.',
    '',
    '                   The mail system',
    '',
    fold(`<${input.recipient}>: host ${remote}[${remote}] said: ${input.reply} (in reply to RCPT TO command)`),
  ].join('\n');
  const retryUntil = failed ? '' : `Will-Retry-Until: ${postfixDate(new Date(arrival.getTime() + 5 * 86_400_000))}\n`;
  const report =
    `Reporting-MTA: dns; ${host}\nX-Postfix-Queue-ID: ${queueId}\nX-Postfix-Sender: rfc822; ${input.returnPath}\nArrival-Date: ${postfixDate(arrival)}\n\n` +
    `Final-Recipient: rfc822; ${input.recipient}\nOriginal-Recipient: rfc822;${input.recipient}\nAction: ${input.action}\nStatus: ${status}\n` +
    `Remote-MTA: dns; ${remote}\n${fold(`Diagnostic-Code: smtp; ${input.reply}`)}\n${retryUntil}`;
  const returned = failed
    ? `Content-Description: Undelivered Message\nContent-Type: message/rfc822\nContent-Transfer-Encoding: 8bit\n\n${received}${original.replace(/\n$/, '')}\n`
    : `Content-Description: Undelivered Message Headers\nContent-Type: text/rfc822-headers\nContent-Transfer-Encoding: 8bit\n\n${received}${headerOf(original)}\n`;
  const message =
    `Received: by ${host} (Postfix)\n\tid ${reportQueueId}; ${postfixDate(date)}\n` +
    `Date: ${postfixDate(date)}\n` +
    `From: Mail Delivery System <MAILER-DAEMON@${host}>\n` +
    `Subject: ${failed ? 'Undelivered Mail Returned to Sender' : 'Delayed Mail (still being retried)'}\n` +
    `To: ${input.returnPath}\n` +
    'Auto-Submitted: auto-replied\n' +
    'MIME-Version: 1.0\n' +
    `Content-Type: multipart/report; report-type=delivery-status;\n\tboundary="${boundary}"\n` +
    'Content-Transfer-Encoding: 8bit\n' +
    `Message-Id: <${stamp}.${reportQueueId}@${host}>\n` +
    '\n' +
    'This is a MIME-encapsulated message.\n' +
    '\n' +
    `--${boundary}\nContent-Description: Notification\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n${text}\n\n` +
    `--${boundary}\nContent-Description: Delivery report\nContent-Type: message/delivery-status\n\n${report}\n` +
    `--${boundary}\n${returned}\n` +
    `--${boundary}--\n`;
  return Buffer.from(message.replace(/\n/g, '\r\n'));
}
