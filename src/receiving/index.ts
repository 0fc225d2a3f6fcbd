// Receiving email: messages the inbound listener takes for the organizations'
// receiving domains, each stored once with a record per organization and an
// `email.received` webhook, committed before the listener answers; the API's
// reads of them, and the threading of an answer (replyContext). Knows no mail
// library (the listener hands over an IncomingMail) and imports no door.
import type { OrgScope } from '../auth-scope/index.ts';
import type { Clock } from '../clock.ts';
import { createGroupCommit } from '../db/group-commit.ts';
import type { DatabaseHandle } from '../db/index.ts';
import type { ReceivedAttachmentsTable, ReceivedEmailsTable, ReceivedMessagesTable } from '../db/schema.ts';
import { formatMailbox, mailboxKey } from '../emails/address.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import { toPage, type Page, type PageRequest } from '../pagination.ts';
import { publishToSubscribers, type WebhookEvent } from '../webhooks/index.ts';
import type { IncomingAuthentication, IncomingMail, IncomingMailbox } from './incoming.ts';
import {
  DMARC_POLICY_REJECT,
  toReceivedEventData,
  type ReceivedAttachment,
  type ReceivedAuthentication,
  type ReceivedEmailListItem,
  type ReceivedEmailRecord,
} from './received-email-record.ts';
import {
  findAttachmentRow,
  findReceivedRaw,
  findReceivedRow,
  findReplyHeaders,
  insertReceived,
  listAttachmentRows,
  listReceivedRows,
  purgeReceived,
} from './received-email.repository.ts';

export * from './incoming.ts';
export * from './received-email-record.ts';

export interface ReceivedListQuery {
  /** Only mail with this address in To, Cc or the envelope recipients (without regard to case). */
  to?: string | undefined;
  /** Only mail from this address (the From header's, without regard to case). */
  from?: string | undefined;
  /** Only mail delivered to an address at this receiving domain (an envelope recipient's; without regard to case). */
  domain?: string | undefined;
  page: PageRequest;
}

/** One attachment's bytes, with what the record says of it. */
export interface ReceivedAttachmentContent extends ReceivedAttachment {
  receivedEmailId: string;
  content: Buffer;
}

/** What an answer to a received email is threaded with. */
export interface ReplyContext {
  /** Its Message-ID (angle brackets included); null when it had none. */
  messageId: string | null;
  /** Its References, then its Message-ID: the References of the answer. */
  references: string[];
  subject: string | null;
}

export interface ReceivingService {
  /** May the inbound listener accept mail for this address: some organization receives its domain. */
  acceptsRecipient(address: string): Promise<boolean>;
  /**
   * Store a message and announce it (`email.received`): one record per
   * organization its recipients belong to, all committed before it resolves,
   * with their ids (none when no recipient's domain is received any more).
   * Throws forbidden (code DMARC_POLICY_REJECT), storing nothing, when it failed
   * DMARC and its From domain's policy is reject.
   */
  receive(mail: IncomingMail): Promise<{ ids: string[] }>;
  /** Newest first, without bodies. */
  list(scope: OrgScope, query: ReceivedListQuery): Promise<Page<ReceivedEmailListItem>>;
  /** Throws not_found (another organization's included). */
  get(scope: OrgScope, id: string): Promise<ReceivedEmailRecord>;
  /** The message as stored. Throws not_found. */
  raw(scope: OrgScope, id: string): Promise<{ id: string; content: Buffer }>;
  /** Throws not_found for an attachment that is not one of this received email's. */
  attachment(scope: OrgScope, id: string, attachmentId: string): Promise<ReceivedAttachmentContent>;
  /** How to thread an answer to a received email of the organization; null when it has none by that id. */
  replyContext(organizationId: string, id: string): Promise<ReplyContext | null>;
  /** Drop what was received before the retention period (housekeeping); returns how many messages. */
  purge(now: number): Promise<number>;
}

export interface ReceivingDeps {
  db: DatabaseHandle;
  clock: Clock;
  /** The organization receiving mail for a domain (as written in an address), or null. */
  receivingOrganizationOf: (domain: string) => Promise<string | null>;
  /** How long received mail is kept (RECEIVED_RETENTION_DAYS). */
  retentionMs: number;
}

/** PostgreSQL text cannot hold NUL: it is dropped from every string stored (the listener drops it too). */
const clean = (value: string): string => (value.includes('\0') ? value.replaceAll('\0', '') : value);
const cleanOrNull = (value: string | null): string | null => (value === null ? null : clean(value));

/** A media type as a Content-Type header may carry it; anything else is served as bytes. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const mediaTypeOf = (value: string): string => (MEDIA_TYPE.test(value.trim().toLowerCase()) ? value.trim().toLowerCase() : 'application/octet-stream');

const mailbox = (m: IncomingMailbox): string => clean(formatMailbox({ name: m.name, address: m.address }));
const domainOfAddress = (address: string): string => address.slice(address.lastIndexOf('@') + 1);
const iso = (ms: number) => new Date(Number(ms)).toISOString();

function authenticationOf(a: IncomingAuthentication): ReceivedAuthentication {
  return {
    spf: { result: a.spf.result, domain: cleanOrNull(a.spf.domain) },
    dkim: {
      result: a.dkim.result,
      signatures: a.dkim.signatures.map((s) => ({ domain: clean(s.domain), selector: cleanOrNull(s.selector), result: s.result })),
    },
    dmarc: { result: a.dmarc.result, domain: cleanOrNull(a.dmarc.domain), policy: a.dmarc.policy },
    arc: { result: a.arc.result },
  };
}

/** A Date header as UTC, when it reads as a date. */
function dateOf(value: string | null): string | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The keys the `to` filter looks through, each between newlines. */
const addressKeys = (addresses: readonly string[]) => `\n${[...new Set(addresses.map(mailboxKey))].join('\n')}\n`;

interface Write {
  message: ReceivedMessagesTable;
  emails: ReceivedEmailsTable[];
  attachments: ReceivedAttachmentsTable[];
  events: WebhookEvent[];
}

type MessageRow = Pick<
  ReceivedMessagesTable,
  | 'size'
  | 'from_address'
  | 'to_addresses'
  | 'cc_addresses'
  | 'reply_to'
  | 'subject'
  | 'message_id'
  | 'in_reply_to'
  | 'reference_ids'
  | 'date'
  | 'authentication'
  | 'mail_from'
> &
  Pick<ReceivedEmailsTable, 'id' | 'recipients' | 'created_at'>;

type AttachmentRow = Pick<ReceivedAttachmentsTable, 'id' | 'filename' | 'content_type' | 'content_id' | 'disposition' | 'size'>;

function toAttachment(row: AttachmentRow): ReceivedAttachment {
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.content_type,
    size: Number(row.size),
    content_id: row.content_id,
    disposition: row.disposition === 'inline' ? 'inline' : 'attachment',
  };
}

function toListItem(row: MessageRow, attachments: readonly AttachmentRow[]): ReceivedEmailListItem {
  return {
    object: 'received_email',
    id: row.id,
    from: row.from_address,
    to: JSON.parse(row.to_addresses) as string[],
    cc: JSON.parse(row.cc_addresses) as string[],
    reply_to: JSON.parse(row.reply_to) as string[],
    subject: row.subject,
    message_id: row.message_id,
    in_reply_to: row.in_reply_to,
    references: JSON.parse(row.reference_ids) as string[],
    date: row.date,
    mail_from: row.mail_from,
    recipients: JSON.parse(row.recipients) as string[],
    size: Number(row.size),
    authentication: JSON.parse(row.authentication) as ReceivedAuthentication,
    attachments: attachments.map(toAttachment),
    created_at: iso(row.created_at),
  };
}

export function createReceivingService(deps: ReceivingDeps): ReceivingService {
  const { clock } = deps;
  const db = deps.db.db;

  // Messages that arrive together share a commit; each is answered once its own is on disk.
  const writes = createGroupCommit<Write>(db, {
    // A group stays small in rows and in bytes: a large message weighs as much as many small ones.
    weight: (w) => w.emails.length + w.attachments.length + Math.ceil(w.message.size / (256 * 1024)),
    // Messages finish their checks one by one (each waits for its own DNS answers),
    // so without a wait a commit held 1.5 of them at 200 messages/s. Waiting 10 ms
    // makes it about 3.4, and the core's main-thread CPU per message (receive, its
    // webhook, the queue) went from about 1.35 to 1.1-1.2 ms (3 ms: 1.38); the 250
    // comes about 5 ms later, far inside what a sending MTA waits for it.
    delayMs: 10,
    // Answered only once on stable storage, but the disk syncs off the event loop,
    // which meanwhile reads, checks and commits the next messages.
    connection: deps.db.syncAfter,
    async apply(trx, items) {
      await insertReceived(trx, {
        messages: items.map((w) => w.message),
        emails: items.flatMap((w) => w.emails),
        attachments: items.flatMap((w) => w.attachments),
      });
      await publishToSubscribers(
        trx,
        items.flatMap((w) => w.events),
        Math.max(...items.map((w) => w.message.created_at)),
      );
    },
  });

  const notFound = (id: string) => new AppError('not_found', `Received email ${id} not found`);

  /** Each organization receiving for some of these recipients, with its own, in the order given (once each, without regard to case). */
  async function recipientsByOrganization(recipients: readonly string[]): Promise<Map<string, string[]>> {
    const domains = [...new Set(recipients.map((r) => domainOfAddress(r).toLowerCase()))];
    const owners = new Map(await Promise.all(domains.map(async (d) => [d, await deps.receivingOrganizationOf(d)] as const)));
    const byOrganization = new Map<string, string[]>();
    const seen = new Set<string>();
    for (const recipient of recipients) {
      const organizationId = owners.get(domainOfAddress(recipient).toLowerCase());
      if (!organizationId || seen.has(mailboxKey(recipient))) continue;
      seen.add(mailboxKey(recipient));
      byOrganization.set(organizationId, [...(byOrganization.get(organizationId) ?? []), clean(recipient)]);
    }
    return byOrganization;
  }

  return {
    async acceptsRecipient(address) {
      if (!address.includes('@')) return false;
      return (await deps.receivingOrganizationOf(domainOfAddress(address))) !== null;
    },

    async receive(mail) {
      const { dmarc } = mail.authentication;
      if (dmarc.result === 'fail' && dmarc.policy === 'reject') {
        throw new AppError('forbidden', `The message fails DMARC for ${dmarc.domain ?? 'its From domain'}, whose policy is reject`, {
          code: DMARC_POLICY_REJECT,
        });
      }
      const byOrganization = await recipientsByOrganization(mail.recipients);
      if (byOrganization.size === 0) return { ids: [] };

      const at = clock.now();
      const p = mail.parsed;
      const ids = [...byOrganization.keys()].map(() => newId('rcv', at));
      const messageId = ids[0]!;
      const raw = Buffer.from(mail.raw.buffer, mail.raw.byteOffset, mail.raw.byteLength);
      const from = p.from ? mailbox(p.from) : null;
      const to = p.to.map(mailbox);
      const cc = p.cc.map(mailbox);
      const authentication = authenticationOf(mail.authentication);
      const message: ReceivedMessagesTable = {
        id: messageId,
        raw,
        size: raw.byteLength,
        from_address: from,
        to_addresses: JSON.stringify(to),
        cc_addresses: JSON.stringify(cc),
        reply_to: JSON.stringify(p.replyTo.map(mailbox)),
        subject: cleanOrNull(p.subject),
        message_id: cleanOrNull(p.messageId),
        in_reply_to: cleanOrNull(p.inReplyTo),
        reference_ids: JSON.stringify(p.references.map(clean)),
        date: dateOf(p.date),
        text: cleanOrNull(p.text),
        html: cleanOrNull(p.html),
        headers: JSON.stringify(p.headers.map((h) => ({ name: clean(h.name), value: clean(h.value) }))),
        authentication: JSON.stringify(authentication),
        mail_from: cleanOrNull(mail.mailFrom),
        remote_address: clean(mail.remoteAddress),
        helo: cleanOrNull(mail.helo),
        created_at: at,
      };
      const attachments: ReceivedAttachmentsTable[] = p.attachments.map((a, position) => {
        const content = Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength);
        return {
          id: newId('att', at),
          message: messageId,
          position,
          filename: cleanOrNull(a.filename),
          content_type: mediaTypeOf(a.contentType),
          content_id: cleanOrNull(a.contentId),
          disposition: a.disposition === 'inline' ? 'inline' : 'attachment',
          size: content.byteLength,
          content,
        };
      });
      const headerKeys = [...p.to, ...p.cc].map((m) => m.address);
      const emails: ReceivedEmailsTable[] = [...byOrganization].map(([organizationId, recipients], i) => ({
        id: ids[i]!,
        organization_id: organizationId,
        message: messageId,
        recipients: JSON.stringify(recipients),
        from_key: p.from ? mailboxKey(clean(p.from.address)) : null,
        address_keys: clean(addressKeys([...headerKeys, ...recipients])),
        created_at: at,
      }));
      const events: WebhookEvent[] = [...byOrganization].map(([organizationId, recipients], i) => ({
        organizationId,
        type: 'email.received',
        at,
        data: toReceivedEventData({
          id: ids[i]!,
          from,
          to,
          cc,
          subject: message.subject,
          message_id: message.message_id,
          in_reply_to: message.in_reply_to,
          recipients,
          created_at: iso(at),
          authentication,
          attachments: attachments.map(toAttachment),
        }),
      }));
      await writes.write({ message, emails, attachments, events });
      return { ids };
    },

    async list(scope, query) {
      const rows = await listReceivedRows(
        db,
        scope.organizationId,
        {
          ...(query.to !== undefined ? { to: mailboxKey(query.to) } : {}),
          ...(query.from !== undefined ? { from: mailboxKey(query.from) } : {}),
          ...(query.domain !== undefined ? { domain: query.domain.toLowerCase() } : {}),
        },
        query.page,
      );
      const page = toPage(rows, query.page, (row) => row);
      const attachments = await listAttachmentRows(
        db,
        page.data.map((r) => r.message),
      );
      return {
        ...page,
        data: page.data.map((row) =>
          toListItem(
            row,
            attachments.filter((a) => a.message === row.message),
          ),
        ),
      };
    },

    async get(scope, id) {
      const row = await findReceivedRow(db, scope.organizationId, id);
      if (!row) throw notFound(id);
      const attachments = await listAttachmentRows(db, [row.message]);
      return {
        ...toListItem(row, attachments),
        text: row.text,
        html: row.html,
        headers: JSON.parse(row.headers) as { name: string; value: string }[],
      };
    },

    async raw(scope, id) {
      const row = await findReceivedRaw(db, scope.organizationId, id);
      if (!row) throw notFound(id);
      return { id: row.id, content: row.raw };
    },

    async attachment(scope, id, attachmentId) {
      const row = await findAttachmentRow(db, scope.organizationId, id, attachmentId);
      if (!row) throw new AppError('not_found', `Attachment ${attachmentId} of received email ${id} not found`);
      return { ...toAttachment(row), receivedEmailId: id, content: row.content };
    },

    async replyContext(organizationId, id) {
      const row = await findReplyHeaders(db, organizationId, id);
      if (!row) return null;
      const references = JSON.parse(row.reference_ids) as string[];
      return {
        messageId: row.message_id,
        references: row.message_id === null || references.includes(row.message_id) ? references : [...references, row.message_id],
        subject: row.subject,
      };
    },

    purge: (now) => purgeReceived(db, now - deps.retentionMs),
  };
}
