import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail, type SimpleParserOptions } from 'mailparser';
import type { OriginalMessage, ReportRecipient, ReturnReport } from '../../src/index.ts';

// Reads a report that came back by mail (a DSN, RFC 3464; a feedback report,
// RFC 5965; a bounce in words only) into the core's ReturnReport. mailparser
// splits the MIME parts; the fields inside them are read here. It never throws:
// what cannot be read is left null, and a message that cannot be parsed at all
// is no report. docs/return-path.md lists the shapes it understands.

/** Recipient blocks read from one delivery-status part; the rest are ignored. */
const MAX_RECIPIENTS = 1000;
/** Characters kept of a diagnostic, a subject or any other field value. */
const MAX_VALUE = 1000;
/** Characters read of a delivery-status or feedback-report part. */
const MAX_FIELDS_TEXT = 1024 * 1024;
/** Bytes read of the returned message's header section. */
const MAX_ORIGINAL_HEADERS = 64 * 1024;
/** Characters of a bounce's human-readable text searched for a status and a recipient. */
const MAX_NOTICE = 64 * 1024;
/** Characters of one line of that text searched (the patterns then stay linear). */
const MAX_NOTICE_LINE = 2000;

const PARSER_OPTIONS: SimpleParserOptions & { ignoreEmbedded: boolean } = {
  // message/delivery-status stays a part of its own instead of being folded into the text.
  keepDeliveryStatus: true,
  // No HTML is rendered or linked: a report is read, never shown.
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  // Passed on to mailparser's MIME splitter: a returned message/rfc822 stays one
  // part even when marked inline (Yahoo's reports are), so its headers can be read.
  ignoreEmbedded: true,
};

const DELIVERY_STATUS_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
const FEEDBACK_TYPES = new Set(['message/feedback-report']);
/** The returned message, whole or its headers only (RFC 3462, RFC 6533). */
const ORIGINAL_TYPES = new Set(['message/rfc822', 'message/global', 'text/rfc822-headers', 'message/global-headers']);

const ACTIONS = new Set<ReportRecipient['action']>(['failed', 'delayed', 'delivered', 'relayed', 'expanded']);

/**
 * Parse a message received on the return path. Never throws: malformed,
 * truncated or hostile input gives the best partial report, or `none`.
 */
export async function parseReport(raw: Buffer): Promise<ReturnReport> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, PARSER_OPTIONS);
  } catch {
    // Beyond mailparser's bounds (a header section over 1 MiB, over 1000 parts): nothing can be read.
    return { kind: 'none', subject: null };
  }
  try {
    return await readReport(raw, mail);
  } catch {
    return { kind: 'none', subject: capped(mail.subject) };
  }
}

async function readReport(raw: Buffer, mail: ParsedMail): Promise<ReturnReport> {
  const parts = mail.attachments;
  const originalPart = parts.find((p) => ORIGINAL_TYPES.has(p.contentType));
  const original = originalPart ? await originalFromHeaders(headerSection(originalPart.content)) : null;

  const feedbackPart = parts.find((p) => FEEDBACK_TYPES.has(p.contentType));
  if (feedbackPart) return { ...readFeedback(fieldsText(feedbackPart.content)), original };

  const statusPart = parts.find((p) => DELIVERY_STATUS_TYPES.has(p.contentType));
  const statusText = statusPart ? fieldsText(statusPart.content) : unsplitReport(raw, mail);
  const status = statusText === null ? null : readDeliveryStatus(statusText);
  // Postfix names the returned message's envelope sender, the return path itself, even when it returns no headers.
  const withSender = status?.envelopeSender ? { ...(original ?? NO_ORIGINAL), returnPath: original?.returnPath ?? status.envelopeSender } : original;
  if (status && status.recipients.length > 0) {
    return { kind: 'delivery_status', reportingMta: status.reportingMta, recipients: status.recipients, original: withSender };
  }
  // No recipient could be read (no delivery-status part, or a broken one): what does the text say?
  return (await readPlainBounce(mail, withSender)) ?? { kind: 'none', subject: capped(mail.subject) };
}

/**
 * A delivery-status report that mailparser could not split into parts (its
 * boundary missing or never used): the body after the headers, to be read as
 * a delivery-status part. Null for anything else.
 */
function unsplitReport(raw: Buffer, mail: ParsedMail): string | null {
  if (reportTypeOf(mail) !== 'delivery-status' || mail.attachments.length > 0 || mail.text || mail.html) return null;
  const head = raw.subarray(0, MAX_ORIGINAL_HEADERS).toString('latin1');
  const blank = /\r?\n\r?\n/.exec(head);
  return blank ? fieldsText(raw.subarray(blank.index + blank[0].length)) : null;
}

/** The report-type of a multipart/report message, lower-cased. */
function reportTypeOf(mail: ParsedMail): string | undefined {
  const contentType = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  return contentType?.value === 'multipart/report' ? contentType.params?.['report-type']?.toLowerCase() : undefined;
}

const NO_ORIGINAL: OriginalMessage = { messageId: null, returnPath: null, from: null, to: null, subject: null };

// --- Fields: the `Name: value` blocks of delivery-status and feedback-report parts

/** One block of fields: lower-cased name → the value's lines (the first line, then each folded line), first occurrence kept. */
type FieldBlock = Map<string, string[]>;

function fieldsText(content: Buffer): string {
  return content.toString('utf8', 0, Math.min(content.length, MAX_FIELDS_TEXT));
}

/**
 * The blocks of fields of a delivery-status or feedback-report part: separated
 * by blank lines; a line starting with white space continues the field before
 * it; a line that is neither is skipped. At most `maxBlocks` blocks.
 */
function fieldBlocks(text: string, maxBlocks: number): FieldBlock[] {
  const blocks: FieldBlock[] = [];
  let block: FieldBlock | null = null;
  let lines: string[] | null = null;
  let length = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      block = null;
      lines = null;
      continue;
    }
    if (/^[ \t]/.test(line)) {
      // A folded line; a field holds no more than it can keep.
      if (lines && length < 4 * MAX_VALUE) {
        lines.push(line.trim());
        length += line.length;
      }
      continue;
    }
    const field = /^([!-9;-~]+)[ \t]*:(.*)$/.exec(line);
    if (!field) {
      lines = null;
      continue;
    }
    if (!block) {
      if (blocks.length === maxBlocks) break;
      block = new Map();
      blocks.push(block);
    }
    const name = field[1]!.toLowerCase();
    lines = [field[2]!.trim()];
    length = lines[0]!.length;
    if (!block.has(name)) block.set(name, lines);
  }
  return blocks;
}

/** A value on one line: folded lines joined, white space collapsed, at most MAX_VALUE characters; null when empty. */
function oneLine(lines: readonly string[] | undefined): string | null {
  if (!lines) return null;
  return capped(lines.join(' ').replace(/\s+/g, ' ').trim());
}

/** Drop a leading type (`rfc822;`, `dns;`, `smtp;`, `X-Postfix;`, `utf-8;`). */
function withoutType(value: string): string {
  return value.replace(/^\s*[A-Za-z][A-Za-z0-9-]*[ \t]*;/, '').trim();
}

/** A typed value without its type, on one line. */
function typedValue(lines: readonly string[] | undefined): string | null {
  return lines ? oneLine([withoutType(lines[0]!), ...lines.slice(1)]) : null;
}

/** An MTA's name (Reporting-MTA, Remote-MTA) without its type, a trailing comment or the root's dot: `dns; mx.example.org. (203.0.113.5)` → `mx.example.org`. */
function mtaName(lines: readonly string[] | undefined): string | null {
  return capped(
    typedValue(lines)
      ?.replace(/\s*\([^()]*\)$/, '')
      .replace(/\.$/, ''),
  );
}

/** An address field (`rfc822; a@b`, `<a@b>`): the address only, or null. Not xtext-decoded: a `+` in a VERP address stays a `+`. */
function addressValue(lines: readonly string[] | undefined): string | null {
  const value = typedValue(lines);
  if (value === null) return null;
  const bracketed = /<([^<>]*)>/.exec(value);
  const address = (bracketed ? bracketed[1]! : value.split(' ')[0]!).trim();
  return address === '' ? null : address;
}

/** An enhanced status code `c.s.d` (RFC 3463), or null. */
function statusCode(value: string | null): string | null {
  if (value === null) return null;
  const match = /(?<![\d.])([245]\.\d{1,3}\.\d{1,3})(?!\d|\.\d)/.exec(value);
  return match ? match[1]! : null;
}

/** The first word of a value, lower-cased (`Delayed (retrying)` → `delayed`). */
function firstWord(value: string | null): string | null {
  return value === null ? null : value.split(/[\s(;]/)[0]!.toLowerCase();
}

function actionValue(lines: readonly string[] | undefined): ReportRecipient['action'] {
  const word = firstWord(oneLine(lines));
  return ACTIONS.has(word as ReportRecipient['action']) ? (word as ReportRecipient['action']) : null;
}

/**
 * Diagnostic-Code on one line, its type dropped. A multi-line SMTP reply
 * (`550-5.1.1 …`, folded) is joined: the code is said once, `550 5.1.1 …`.
 */
function diagnosticValue(lines: readonly string[] | undefined): string | null {
  if (!lines) return null;
  const parts = [withoutType(lines[0]!), ...lines.slice(1)].filter((line) => line !== '');
  const reply = /^(\d{3})[ -](?:(\d\.\d{1,3}\.\d{1,3})\s)?/.exec(parts[0] ?? '');
  if (reply) {
    parts[0] = parts[0]!.replace(/^(\d{3})-/, '$1 ');
    for (let i = 1; i < parts.length; i++) {
      const continued = /^(\d{3})[ -]\s*(?:(\d\.\d{1,3}\.\d{1,3})(?:\s+|$))?/.exec(parts[i]!);
      if (continued && continued[1] === reply[1] && (continued[2] === undefined || continued[2] === reply[2])) parts[i] = parts[i]!.slice(continued[0].length);
    }
  }
  return oneLine(parts);
}

interface DeliveryStatus {
  reportingMta: string | null;
  /** Postfix's X-Postfix-Sender: the returned message's envelope sender. */
  envelopeSender: string | null;
  recipients: ReportRecipient[];
}

const RECIPIENT_FIELDS = ['final-recipient', 'original-recipient', 'action', 'status', 'diagnostic-code', 'remote-mta'];

/**
 * A delivery-status part: its per-message fields, then one block per recipient.
 * A block with any recipient field is a recipient's, whatever its place (a
 * missing blank line or per-message block is forgiven).
 */
function readDeliveryStatus(text: string): DeliveryStatus {
  const result: DeliveryStatus = { reportingMta: null, envelopeSender: null, recipients: [] };
  for (const block of fieldBlocks(text, MAX_RECIPIENTS + 1)) {
    result.reportingMta ??= mtaName(block.get('reporting-mta'));
    result.envelopeSender ??= addressValue(block.get('x-postfix-sender'));
    if (!RECIPIENT_FIELDS.some((name) => block.has(name)) || result.recipients.length === MAX_RECIPIENTS) continue;
    result.recipients.push({
      finalRecipient: addressValue(block.get('final-recipient')),
      originalRecipient: addressValue(block.get('original-recipient')),
      action: actionValue(block.get('action')),
      status: statusCode(oneLine(block.get('status'))),
      diagnosticCode: diagnosticValue(block.get('diagnostic-code')),
      remoteMta: mtaName(block.get('remote-mta')),
    });
  }
  return result;
}

/** A feedback-report part (one block; fields of any block are read). A missing Feedback-Type is `other`, RFC 5965's word for the unclassified. */
function readFeedback(text: string) {
  const fields: FieldBlock = new Map();
  for (const block of fieldBlocks(text, 100)) for (const [name, lines] of block) if (!fields.has(name)) fields.set(name, lines);
  return {
    kind: 'feedback' as const,
    feedbackType: firstWord(oneLine(fields.get('feedback-type'))) ?? 'other',
    originalMailFrom: addressValue(fields.get('original-mail-from')),
    originalRcptTo: addressValue(fields.get('original-rcpt-to')),
    userAgent: oneLine(fields.get('user-agent')),
  };
}

// --- The returned message's headers

/** The header section at the start of a returned message (up to its first empty line), at most MAX_ORIGINAL_HEADERS bytes. */
function headerSection(content: Buffer): Buffer {
  let start = 0;
  while (start < content.length && (content[start] === 0x0d || content[start] === 0x0a)) start++;
  const head = content.subarray(start, start + MAX_ORIGINAL_HEADERS);
  const blank = /\r?\n\r?\n/.exec(head.toString('latin1'));
  if (blank) return head.subarray(0, blank.index);
  if (start + MAX_ORIGINAL_HEADERS >= content.length) return head;
  // Cut off inside the headers: the lines that ended before the cap.
  return head.subarray(0, Math.max(0, head.lastIndexOf(0x0a)));
}

/** Message-ID, Return-Path, From, To and Subject of a header section, read by mailparser; null when it holds none of them. */
async function originalFromHeaders(section: Buffer): Promise<OriginalMessage | null> {
  if (section.length === 0) return null;
  let headers: ParsedMail;
  try {
    headers = await simpleParser(Buffer.concat([section, Buffer.from('\r\n\r\n')]), PARSER_OPTIONS);
  } catch {
    return null;
  }
  const returnPath = headers.headers.get('return-path') as AddressObject | AddressObject[] | undefined;
  const original: OriginalMessage = {
    messageId: capped(headers.messageId),
    returnPath: addresses(returnPath)[0] ?? null,
    from: addresses(headers.from)[0] ?? null,
    to: capped(addresses(headers.to).join(', ')),
    subject: capped(headers.subject),
  };
  return Object.values(original).some((v) => v !== null) ? original : null;
}

/** The addresses of an address header, groups flattened, empty ones left out. */
function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const flatten = (a: EmailAddress): string[] => (a.group ? a.group.flatMap(flatten) : a.address ? [a.address] : []);
  return objects.flatMap((o) => o.value.flatMap(flatten));
}

function capped(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, MAX_VALUE);
}

// --- Bounces in words only

/** Subjects bounces are sent with. */
const BOUNCE_SUBJECT =
  /undeliver|delivery (?:status notification|failure|failed|has failed|problem|incomplete)|failure notice|returned mail|mail delivery failed|could not be delivered|non-?delivery|returned to sender|message not delivered/i;
/** Subjects of automatic answers, which are no bounce whatever they quote. */
const AUTO_REPLY_SUBJECT =
  /out of (?:the )?office|automatic reply|auto(?:matic)?[- ]?(?:reply|response)|autoreply|vacation|abwesenheit|absence|réponse automatique/i;
/** The mailboxes bounces come from. */
const DAEMON = /^(?:mailer-daemon|mailer_daemon|mail-daemon|postmaster)@/i;
/** The line where a bounce's copy of the returned message starts (lazy: a greedy `-{2,}.*` backtracks quadratically on a line of dashes). */
const COPY_MARKER = /^[ \t]*--.*?(?:copy of the|message follows|original message)/im;
/** The same line when the headers follow it (qmail, Exim, sendmail). */
const COPY_WITH_HEADERS = /copy of the message|message follows/i;

/**
 * A bounce without a readable delivery-status part: one that says so in its
 * headers (a mailer-daemon or postmaster sender, X-Failed-Recipients, a
 * delivery-status report type), or whose subject says so and whose text names
 * a status or a recipient. Null for anything else.
 */
async function readPlainBounce(mail: ParsedMail, original: OriginalMessage | null): Promise<ReturnReport | null> {
  const sender = mail.from?.value[0];
  const own = new Set([...addresses(mail.from), ...addresses(mail.to)].map((a) => a.toLowerCase()));
  const failedRecipients = headerText(mail.headers.get('x-failed-recipients'));
  const failedRecipient = failedRecipients === null ? null : failedRecipients.split(',')[0]!.replace(/[<>]/g, '').trim() || null;
  const fromDaemon = DAEMON.test(sender?.address ?? '') || /mail delivery (?:system|subsystem)/i.test(sender?.name ?? '');
  const subject = mail.subject ?? '';

  const text = noticeText(mail);
  const copy = COPY_MARKER.exec(text);
  const notice = copy ? text.slice(0, copy.index) : text;
  const found = statusIn(notice);
  const recipient = failedRecipient ?? recipientIn(notice, found?.diagnostic ?? null, own);

  const saysSo = fromDaemon || failedRecipient !== null || reportTypeOf(mail) === 'delivery-status';
  const subjectSaysSo = BOUNCE_SUBJECT.test(subject) && !AUTO_REPLY_SUBJECT.test(subject) && (found !== null || recipient !== null);
  if (!saysSo && !subjectSaysSo) return null;

  const copyLineEnd = copy ? text.indexOf('\n', copy.index) : -1;
  const afterCopyLine = copyLineEnd < 0 ? '' : text.slice(copyLineEnd + 1);
  const copied = copy && COPY_WITH_HEADERS.test(text.slice(copy.index, copyLineEnd)) ? await originalFromHeaders(copiedHeaders(afterCopyLine)) : null;
  return { kind: 'plain_bounce', status: found?.status ?? null, diagnostic: found?.diagnostic ?? null, recipient, original: original ?? copied };
}

function headerText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return null;
}

/** The human-readable text of a bounce, at most MAX_NOTICE characters: its text parts, or its HTML with the tags dropped. */
function noticeText(mail: ParsedMail): string {
  if (mail.text) return mail.text.slice(0, MAX_NOTICE);
  if (typeof mail.html === 'string') return mail.html.slice(0, MAX_NOTICE).replace(/<[^<>]*>/g, ' ');
  return '';
}

/** The header lines that follow a copy marker, as bytes for mailparser; empty when what follows is no header. */
function copiedHeaders(after: string): Buffer {
  const lines = after.replace(/^(?:[ \t]*\r?\n)+/, '');
  if (!/^[!-9;-~]+:/.test(lines)) return Buffer.alloc(0);
  return headerSection(Buffer.from(lines, 'utf8'));
}

/** An SMTP reply with an enhanced code of the same class (`550 5.1.1`, `550-5.1.1`); subjects are 0 to 7 (RFC 3463), so `4.96.2` is a version. */
const REPLY_WITH_STATUS = /(?<!\d)([45])\d\d[ -]\s?\1\.[0-7]\.\d{1,3}(?!\d|\.\d)/;
/** An enhanced code standing alone. */
const LONE_STATUS = /(?<![\w.])[45]\.[0-7]\.\d{1,3}(?!\d|\.\d)/;
/** A basic SMTP reply code followed by its text (`550 Requested action not taken`), or ending a line. */
const BASIC_REPLY = /(?<![\w.+-])([45][0-5]\d)(?:[ -](?=[^\d\s])|$)/;

/**
 * The status a bounce's text names, and the line naming it with the indented
 * lines continuing it: an enhanced code after a reply code first, then an
 * enhanced code alone, then a basic reply code as `c.0.0`.
 */
function statusIn(notice: string): { status: string; diagnostic: string } | null {
  const lines = notice.split(/\r?\n/).map((line) => line.slice(0, MAX_NOTICE_LINE));
  const search = (pattern: RegExp, status: (m: RegExpExecArray) => string) => {
    for (let i = 0; i < lines.length; i++) {
      const match = pattern.exec(lines[i]!);
      if (match) return { status: status(match), diagnostic: diagnosticAt(lines, i) };
    }
    return null;
  };
  return search(REPLY_WITH_STATUS, (m) => statusCode(m[0])!) ?? search(LONE_STATUS, (m) => m[0]) ?? search(BASIC_REPLY, (m) => `${m[1]![0]}.0.0`);
}

function diagnosticAt(lines: readonly string[], at: number): string {
  const taken = [lines[at]!];
  for (let i = at + 1; i < lines.length && /^[ \t]+\S/.test(lines[i]!) && taken.join(' ').length < MAX_VALUE; i++) taken.push(lines[i]!);
  return oneLine(taken)!;
}

/**
 * The recipient a bounce's text names: a line starting with `<address>`
 * (Postfix, qmail, sendmail), an indented line holding an address alone
 * (Exim), an address in the diagnostic, or after "delivered to" / "message to"
 * (Gmail, Exchange). The bounce's own sender and recipients are not it.
 */
function recipientIn(notice: string, diagnostic: string | null, own: ReadonlySet<string>): string | null {
  const lines = notice.split(/\r?\n/).map((line) => line.slice(0, MAX_NOTICE_LINE));
  const patterns = [/^\s*<([^<>\s]+@[^<>\s]+)>/, /^\s+([^<>\s]+@[^<>\s]+)\s*$/];
  for (const pattern of patterns) {
    for (const line of lines) {
      const address = pattern.exec(line)?.[1];
      if (address && !own.has(address.toLowerCase())) return address;
    }
  }
  const inDiagnostic = diagnostic === null ? undefined : /<([^<>\s]+@[^<>\s]+)>/.exec(diagnostic)?.[1];
  if (inDiagnostic && !own.has(inDiagnostic.toLowerCase())) return inDiagnostic;
  for (const line of lines) {
    const address = /\b(?:delivered to|message to|delivery to)\s+<?([^\s<>@]+@[^\s<>]+?)>?(?=[\s,;:]|\.?$|\.\s)/i.exec(line)?.[1];
    if (address && !own.has(address.toLowerCase())) return address;
  }
  return null;
}
