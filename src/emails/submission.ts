import { createHash } from 'node:crypto';
import { validationError, type ErrorDetail } from '../errors.ts';
import { nulCharacter } from '../validation.ts';
import { formatMailbox, mailboxKey, type Mailbox } from './address.ts';
import { assertValidIdempotencyKey } from './idempotency.ts';
import { checkMailbox, checkSubject, recipientsOf, type SendRequest } from './send-request.ts';
import { parseTagsHeader, SUBMISSION_TAGS_HEADER, type EmailTag } from './email-tags.ts';

/**
 * A whole message, as a door that takes finished messages (SMTP) hands it over
 * after parsing: the envelope's recipients and the message's own fields. This file
 * holds what is about a submitted MIME message only (header lines, fields allowed
 * once, message ids, attachments, what is rebuilt, resubmission); the fields every
 * send has obey send-request.ts's rules, and the message becomes a SendRequest for
 * `emails.send`, like any other door's input.
 */
export interface SubmittedMailbox {
  name: string;
  address: string;
}

export interface SubmittedAttachment {
  filename: string | null;
  contentType: string;
  contentId: string | null;
  inline: boolean;
  content: Uint8Array;
}

export interface SubmittedMessage {
  /** Envelope recipients (RCPT TO, Bcc included): one email each, whatever To and Cc say. */
  recipients: string[];
  from: SubmittedMailbox[];
  replyTo: SubmittedMailbox[];
  to: SubmittedMailbox[];
  cc: SubmittedMailbox[];
  subject: string;
  html: string | null;
  text: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  /** The Date header, ms since the epoch; null when absent or unreadable. */
  date: number | null;
  /** Other header lines kept on the way out, value as given (folding included). */
  headers: { name: string; value: string }[];
  attachments: SubmittedAttachment[];
}

/** What a submission keeps besides the fields every email has (stored as JSON, shared by its emails). */
export interface SubmissionHeaders {
  to: string[];
  cc: string[];
  inReplyTo: string | null;
  references: string[];
  date: number | null;
  lines: [name: string, value: string][];
}

/** What a submitted message carries besides the fields every send has; its emails share it. */
export interface SubmissionContent {
  /** The client's own Message-ID, kept (its Sent folder and replies thread by it); null: Mailgate makes one. */
  messageId: string | null;
  headers: SubmissionHeaders;
  attachments: SubmittedAttachment[];
}

/** A send request that carries a submitted message. */
export type SubmissionRequest = SendRequest & { submission: SubmissionContent };

export function isSubmissionRequest(request: SendRequest): request is SubmissionRequest {
  return request.submission !== undefined;
}

/**
 * Header fields the message's own fields stand for, or that are rebuilt on the
 * way out (MIME structure, trace fields, signatures that re-encoding would break,
 * and our own idempotency header). Every other header line is kept as given.
 */
/** The header of a submitted message that carries its idempotency key (what REST's Idempotency-Key is to a request). */
export const SUBMISSION_IDEMPOTENCY_HEADER = 'Mailgate-Idempotency-Key';

const REBUILT_HEADERS = new Set([
  'from',
  'sender',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'subject',
  'date',
  'message-id',
  'in-reply-to',
  'references',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
  'content-id',
  'content-description',
  'received',
  'return-path',
  'dkim-signature',
  'arc-seal',
  'arc-message-signature',
  'arc-authentication-results',
  'authentication-results',
  'x-mailgate-email-id',
  SUBMISSION_IDEMPOTENCY_HEADER.toLowerCase(),
  // Read into the email's tags, not sent on.
  SUBMISSION_TAGS_HEADER.toLowerCase(),
]);

/**
 * True when a header line is rebuilt rather than kept. Resent-* fields go too:
 * they describe an earlier hand-off, and Resent-Bcc would show hidden recipients.
 */
export function isRebuiltHeader(name: string): boolean {
  const key = name.toLowerCase();
  return REBUILT_HEADERS.has(key) || key.startsWith('resent-');
}

const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;
/** A folded value: line breaks only as (CR)LF followed by a space or tab, no NUL, no lone CR. */
const FOLDED_VALUE = /^(?:[^\r\n\0]|\r?\n[ \t])*$/;
const MESSAGE_ID = /^<[^<>\s]+>$/;
/** In-Reply-To may name several messages (RFC 5322 §3.6.4). */
const MESSAGE_IDS = /^<[^<>\s]+>(?:\s*<[^<>\s]+>)*$/;
/** Fields RFC 5322 §3.6 allows at most once: a second one would leave which one counts to each reader. */
const SINGLE_FIELDS = new Set(['from', 'sender', 'reply-to', 'to', 'cc', 'bcc', 'subject', 'date', 'message-id', 'in-reply-to', 'references']);
const MEDIA_TYPE = /^[A-Za-z0-9][\w!#$&^.+-]*\/[A-Za-z0-9][\w!#$&^.+-]*$/;

/** The send's mailbox rule, worded for a message: its headers and envelope give an address, not the "Name <addr>" text a JSON field holds. */
function mailboxOf(input: SubmittedMailbox, path: string, details: ErrorDetail[]): Mailbox | null {
  const checked = checkMailbox(input, `is not a valid email address (${JSON.stringify(input.address)})`);
  if ('value' in checked) return checked.value;
  details.push({ path, message: checked.problem });
  return null;
}

/**
 * A submitted message → the send request it stands for: one email per envelope
 * recipient (deduplicated, first spelling kept), its own parts as the content, its
 * Message-ID, kept header lines and attachments. Throws validation_error naming
 * every problem: no From, an address that is not one, a line break smuggled into a
 * field through an encoded word, a header line that is not a header line.
 */
export function submissionToSendRequest(message: SubmittedMessage): SubmissionRequest & { to: Mailbox[] } {
  const details: ErrorDetail[] = [];

  let from: Mailbox | null = null;
  if (message.from.length === 0) details.push({ path: 'from', message: 'is missing: the message has no From header' });
  else if (message.from.length > 1) details.push({ path: 'from', message: 'must name one mailbox' });
  else from = mailboxOf(message.from[0]!, 'from', details);

  let replyTo: Mailbox | null = null;
  if (message.replyTo.length > 1) details.push({ path: 'reply_to', message: 'must name at most one mailbox' });
  else if (message.replyTo.length === 1) replyTo = mailboxOf(message.replyTo[0]!, 'reply_to', details);

  const recipients: Mailbox[] = [];
  const seen = new Set<string>();
  message.recipients.forEach((address, i) => {
    const mailbox = mailboxOf({ name: '', address }, `recipients[${i}]`, details);
    if (!mailbox || seen.has(mailboxKey(mailbox.address))) return;
    seen.add(mailboxKey(mailbox.address));
    recipients.push(mailbox);
  });
  if (message.recipients.length === 0) details.push({ path: 'recipients', message: 'must name at least one recipient' });

  const to = message.to.flatMap((m, i) => {
    const mailbox = mailboxOf(m, `to[${i}]`, details);
    return mailbox ? [formatMailbox(mailbox)] : [];
  });
  const cc = message.cc.flatMap((m, i) => {
    const mailbox = mailboxOf(m, `cc[${i}]`, details);
    return mailbox ? [formatMailbox(mailbox)] : [];
  });

  let subject = '';
  const subjectCheck = checkSubject(message.subject);
  if ('value' in subjectCheck) subject = subjectCheck.value;
  else details.push({ path: 'subject', message: subjectCheck.problem });

  const ids: [string, string | null][] = [['message_id', message.messageId], ...message.references.map((r, i): [string, string] => [`references[${i}]`, r])];
  for (const [path, value] of ids) {
    if (value !== null && !MESSAGE_ID.test(value)) details.push({ path, message: 'must be one message id in angle brackets (<id@host>)' });
  }
  if (message.inReplyTo !== null && !MESSAGE_IDS.test(message.inReplyTo.trim())) {
    details.push({ path: 'in_reply_to', message: 'must be message ids in angle brackets (<id@host>)' });
  }

  const seenFields = new Map<string, number>();
  for (const { name } of message.headers) {
    const key = name.toLowerCase();
    seenFields.set(key, (seenFields.get(key) ?? 0) + 1);
  }
  for (const [key, count] of seenFields) {
    if (count > 1 && SINGLE_FIELDS.has(key)) details.push({ path: `headers.${key}`, message: `must appear at most once (it appears ${count} times)` });
  }

  const lines: [string, string][] = [];
  for (const { name, value } of message.headers) {
    if (!FIELD_NAME.test(name)) details.push({ path: `headers.${name}`, message: 'is not a valid header field name' });
    else if (!FOLDED_VALUE.test(value)) details.push({ path: `headers.${name}`, message: 'must not contain a line break that starts a new header' });
    else if (!isRebuiltHeader(name)) lines.push([name, value.trim().replace(/\r?\n/g, '\r\n')]);
  }

  let tags: EmailTag[] = [];
  const tagLines = message.headers.filter((h) => h.name.toLowerCase() === SUBMISSION_TAGS_HEADER.toLowerCase());
  const tagsPath = `headers.${SUBMISSION_TAGS_HEADER.toLowerCase()}`;
  if (tagLines.length > 1) details.push({ path: tagsPath, message: `must appear at most once (it appears ${tagLines.length} times)` });
  else if (tagLines.length === 1) {
    const parsed = parseTagsHeader(tagLines[0]!.value.replace(/\r?\n[ \t]/g, ' '), tagsPath);
    if ('details' in parsed) details.push(...parsed.details);
    else tags = parsed.tags;
  }

  message.attachments.forEach((a, i) => {
    const path = `attachments[${i}]`;
    if (a.filename !== null && /[\r\n\0]/.test(a.filename)) details.push({ path: `${path}.filename`, message: 'must not contain CR, LF or NUL' });
    if (!MEDIA_TYPE.test(a.contentType)) details.push({ path: `${path}.content_type`, message: 'must be a media type (type/subtype)' });
    if (a.contentId !== null && !/^[^<>\s]+$/.test(a.contentId))
      details.push({ path: `${path}.content_id`, message: 'must be a content id without angle brackets or spaces' });
  });

  // Every other text of the message (not the attachments' bytes, which are stored
  // as bytes); the checks above already name a NUL where they look for one.
  if (details.length === 0) {
    const nul = nulCharacter({ ...message, attachments: message.attachments.map(({ content: _bytes, ...described }) => described) });
    if (nul) details.push(nul);
  }

  if (details.length > 0 || !from) throw validationError(details);
  return {
    from,
    to: recipients,
    subject,
    content: { kind: 'parts', html: message.html, text: message.text },
    replyTo,
    preview: null,
    ...(tags.length > 0 ? { tags } : {}),
    submission: {
      messageId: message.messageId,
      headers: { to, cc, inReplyTo: message.inReplyTo === null ? null : message.inReplyTo.trim(), references: message.references, date: message.date, lines },
      attachments: message.attachments,
    },
  };
}

/**
 * What a resubmission must match to count as the same message: its content and
 * headers, attachments by digest. Not the Date and Message-ID, which mailers make
 * anew for each attempt, and not the recipients: the key is scoped by them
 * (`submissionIdempotencyKey`).
 */
export function submissionFingerprintInput(request: SubmissionRequest): unknown {
  const { headers, attachments } = request.submission;
  return {
    from: formatMailbox(request.from),
    replyTo: request.replyTo ? formatMailbox(request.replyTo) : null,
    subject: request.subject,
    content: request.content,
    // Only when given: an untagged message's fingerprint stays what it was.
    ...(request.tags ? { tags: request.tags } : {}),
    headers: { ...headers, date: null },
    attachments: attachments.map((a) => ({
      ...a,
      content: createHash('sha256').update(a.content).digest('hex'),
    })),
  };
}

/**
 * The idempotency key a submission is stored under: the client's key scoped by
 * the envelope's recipients. SMTP retries per recipient: a recipient deferred at
 * RCPT TO comes back later alone, with the same message and key, and must be
 * sent then; the same envelope again is a resubmission and is answered from the
 * first time. Throws validation_error for a key that is not 1–256 printable characters.
 */
export function submissionIdempotencyKey(key: string, request: SubmissionRequest): string {
  assertValidIdempotencyKey(key, SUBMISSION_IDEMPOTENCY_HEADER);
  const envelope = recipientsOf(request)
    .map((r) => mailboxKey(r.address))
    .sort()
    .join('\n');
  return `smtp:${createHash('sha256').update(key).update('\n\n').update(envelope).digest('hex')}`;
}
