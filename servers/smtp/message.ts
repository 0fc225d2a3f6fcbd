import { simpleParser, type AddressObject, type EmailAddress } from 'mailparser';
import { SUBMISSION_IDEMPOTENCY_HEADER, type SubmittedMailbox, type SubmittedMessage } from '../../src/index.ts';
import { REPLIES } from './replies.ts';

/** The message header that makes a resubmission idempotent, like REST's Idempotency-Key (lower-cased, as mailparser keys headers). */
export const IDEMPOTENCY_HEADER = SUBMISSION_IDEMPOTENCY_HEADER.toLowerCase();

export interface ParsedSubmission {
  message: SubmittedMessage;
  idempotencyKey: string | undefined;
}

/** A raw header line's value: after the colon, unfolded, trimmed. */
const headerValue = (line: string) =>
  line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]/g, ' ')
    .trim();

/** Mailboxes of an address header, groups flattened (a group's members are mailboxes too). */
function mailboxes(field: AddressObject | AddressObject[] | undefined): SubmittedMailbox[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const flatten = (a: EmailAddress): SubmittedMailbox[] => (a.group ? a.group.flatMap(flatten) : [{ name: a.name ?? '', address: a.address ?? '' }]);
  return objects.flatMap((o) => o.value.flatMap(flatten));
}

/**
 * Parse a submitted message (mailparser) into the core's SubmittedMessage, as
 * given: the core decides what is acceptable. The envelope's recipients are the
 * adapter's to add.
 */
export async function parseSubmission(raw: Buffer, recipients: string[]): Promise<ParsedSubmission> {
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
    // The HTML is sent on as written: inline images stay cid: references to their parts.
    keepCidLinks: true,
  });
  // Read from the header lines, not parsed.headers: mailparser leaves an empty
  // header out there, and an empty key must be refused, not ignored.
  const idempotencyLines = parsed.headerLines.filter((h) => h.key === IDEMPOTENCY_HEADER);
  if (idempotencyLines.length > 1) throw REPLIES.idempotencyHeaderTwice();
  const idempotency = idempotencyLines[0] && headerValue(idempotencyLines[0].line);
  // mailparser gives header lines as latin1 strings: an 8-bit (SMTPUTF8) header is UTF-8 bytes.
  const headers = parsed.headerLines.map(({ line: latin1 }) => {
    const line = /[\u0080-\u00ff]/.test(latin1) ? Buffer.from(latin1, 'latin1').toString('utf8') : latin1;
    const colon = line.indexOf(':');
    return colon < 0 ? { name: line, value: '' } : { name: line.slice(0, colon).trim(), value: line.slice(colon + 1) };
  });
  const references = parsed.references === undefined ? [] : Array.isArray(parsed.references) ? parsed.references : [parsed.references];
  // mailparser puts the current time in place of a Date it cannot read: read the header itself.
  const dateLine = parsed.headerLines.find((h) => h.key === 'date');
  const dateValue = dateLine ? Date.parse(headerValue(dateLine.line)) : Number.NaN;
  const date = Number.isNaN(dateValue) ? null : dateValue;
  return {
    message: {
      recipients,
      from: mailboxes(parsed.from),
      replyTo: mailboxes(parsed.replyTo),
      to: mailboxes(parsed.to),
      cc: mailboxes(parsed.cc),
      subject: parsed.subject ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : null,
      // mailparser gives an HTML-only message an empty text: that is no text part.
      text: parsed.text ? parsed.text : null,
      messageId: parsed.messageId ?? null,
      inReplyTo: parsed.inReplyTo ?? null,
      references,
      date,
      headers,
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename ?? null,
        contentType: a.contentType,
        contentId: a.cid ?? null,
        inline: a.contentDisposition === 'inline' || (a.related === true && a.cid !== undefined),
        content: a.content,
      })),
    },
    idempotencyKey: idempotency,
  };
}
