import { sql, type Kysely, type Transaction } from 'kysely';
import { fetchIdPage } from '../db/id-page.ts';
import { likeLiteral } from '../db/like.ts';
import { insertRows } from '../db/insert-rows.ts';
import type { Database, ReceivedAttachmentsTable, ReceivedEmailsTable, ReceivedMessagesTable } from '../db/schema.ts';
import type { PageRequest } from '../pagination.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Bytes of messages or attachments per insert statement: many small ones share one, a large one has its own. */
const STATEMENT_BYTES = 4 * 1024 * 1024;

/** Rows in runs whose sizes add up to at most STATEMENT_BYTES (a row larger than that alone). */
function bySize<T>(rows: readonly T[], size: (row: T) => number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (run.length > 0 && bytes + size(row) > STATEMENT_BYTES) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(row);
    bytes += size(row);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The rows of received messages, with one batched statement per table (and per few megabytes of bytes). */
export async function insertReceived(
  db: Db,
  rows: { messages: readonly ReceivedMessagesTable[]; emails: readonly ReceivedEmailsTable[]; attachments: readonly ReceivedAttachmentsTable[] },
): Promise<void> {
  for (const run of bySize(rows.messages, (m) => m.size)) {
    await insertRows(db, 'received_messages', run, (chunk) => db.insertInto('received_messages').values(chunk));
  }
  await insertRows(db, 'received_emails', rows.emails, (chunk) => db.insertInto('received_emails').values(chunk));
  for (const run of bySize(rows.attachments, (a) => a.size)) {
    await insertRows(db, 'received_attachments', run, (chunk) => db.insertInto('received_attachments').values(chunk));
  }
}

/** What a record shows of its message: every column but the bytes. */
const MESSAGE_COLUMNS = [
  'received_messages.size',
  'received_messages.from_address',
  'received_messages.to_addresses',
  'received_messages.cc_addresses',
  'received_messages.reply_to',
  'received_messages.subject',
  'received_messages.message_id',
  'received_messages.in_reply_to',
  'received_messages.reference_ids',
  'received_messages.date',
  'received_messages.authentication',
  'received_messages.mail_from',
] as const;

const EMAIL_COLUMNS = ['received_emails.id', 'received_emails.message', 'received_emails.recipients', 'received_emails.created_at'] as const;

function ownEmails(db: Db, organizationId: string) {
  return db
    .selectFrom('received_emails')
    .innerJoin('received_messages', 'received_messages.id', 'received_emails.message')
    .where('received_emails.organization_id', '=', organizationId);
}

export interface ReceivedFilter {
  /** An address of To, Cc or the envelope recipients, lower-cased. */
  to?: string | undefined;
  /** The From address, lower-cased. */
  from?: string | undefined;
  /** A receiving domain, lower-cased: an envelope recipient's address is at it. */
  domain?: string | undefined;
}

/** One page of the organization's received emails, newest first, without bodies; `limit + 1` rows (has_more). */
export async function listReceivedRows(db: Db, organizationId: string, filter: ReceivedFilter, page: PageRequest) {
  let query = ownEmails(db, organizationId).select([...EMAIL_COLUMNS, ...MESSAGE_COLUMNS]);
  if (filter.from !== undefined) query = query.where('received_emails.from_key', '=', filter.from);
  if (filter.to !== undefined) {
    const pattern = `%\n${filter.to.replace(/[\\%_]/g, (c) => `\\${c}`)}\n%`;
    // Both dialects take an explicit ESCAPE; SQLite has no default escape character.
    query = query.where(sql<boolean>`received_emails.address_keys like ${pattern} escape '\\'`);
  }
  if (filter.domain !== undefined) {
    // recipients is a JSON array of addresses: one at the domain ends in `@domain"`.
    query = query.where(sql<boolean>`lower(received_emails.recipients) like ${`%@${likeLiteral(filter.domain)}"%`} escape '\\'`);
  }
  return fetchIdPage(query, 'received_emails.id', page);
}

/** One received email of the organization, with its bodies and headers. */
export async function findReceivedRow(db: Db, organizationId: string, id: string) {
  return ownEmails(db, organizationId)
    .select([...EMAIL_COLUMNS, ...MESSAGE_COLUMNS, 'received_messages.text', 'received_messages.html', 'received_messages.headers'])
    .where('received_emails.id', '=', id)
    .executeTakeFirst();
}

/** The stored bytes of one received email of the organization. */
export async function findReceivedRaw(db: Db, organizationId: string, id: string) {
  return ownEmails(db, organizationId).select(['received_emails.id', 'received_messages.raw']).where('received_emails.id', '=', id).executeTakeFirst();
}

/** What threading an answer needs of one received email of the organization. */
export async function findReplyHeaders(db: Db, organizationId: string, id: string) {
  return ownEmails(db, organizationId)
    .select(['received_messages.message_id', 'received_messages.reference_ids', 'received_messages.subject'])
    .where('received_emails.id', '=', id)
    .executeTakeFirst();
}

/** The attachments of these messages, without their content, in order. */
export async function listAttachmentRows(db: Db, messages: readonly string[]) {
  if (messages.length === 0) return [];
  return db
    .selectFrom('received_attachments')
    .select(['id', 'message', 'position', 'filename', 'content_type', 'content_id', 'disposition', 'size'])
    .where('message', 'in', [...new Set(messages)])
    .orderBy('message')
    .orderBy('position')
    .execute();
}

/** One attachment, with its content, of a received email of the organization. */
export async function findAttachmentRow(db: Db, organizationId: string, id: string, attachmentId: string) {
  return db
    .selectFrom('received_attachments')
    .innerJoin('received_emails', 'received_emails.message', 'received_attachments.message')
    .selectAll('received_attachments')
    .where('received_emails.organization_id', '=', organizationId)
    .where('received_emails.id', '=', id)
    .where('received_attachments.id', '=', attachmentId)
    .executeTakeFirst();
}

/** Drop messages received before `before`, with their records and attachments (the foreign keys cascade). */
export async function purgeReceived(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('received_messages').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
