import { sql, type Kysely, type Transaction } from 'kysely';
import { fetchIdPage } from '../db/id-page.ts';
import { insertRows } from '../db/insert-rows.ts';
import { likeLiteral } from '../db/like.ts';
import type { Database, EmailsTable, SubmissionAttachmentsTable, SubmissionsTable } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { EVENT_RANK, type EmailEventType } from './email-record.ts';
import type { EmailTag, TagFilter } from './email-tags.ts';
import { countEmailEvents, findEmailSenders } from './stats.repository.ts';
import { publishEmailEvents } from './webhook-events.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewEmailRow {
  email: EmailsTable;
  /** The recipient's address, lower-cased: what the recipient guard counts by. */
  mailbox: string;
  html: string;
  text: string;
  /** What its first event (`queued`, or `suppressed`) adds. */
  eventDetail?: Record<string, unknown>;
  /** The send's tags, stored with the email; absent: none. */
  tags?: readonly EmailTag[];
}

export interface NewSubmission {
  row: SubmissionsTable;
  attachments: SubmissionAttachmentsTable[];
}

/** Insert submitted messages' shared parts (before the emails that refer to them). */
export async function insertSubmissions(db: Db, submissions: NewSubmission[]): Promise<void> {
  if (submissions.length === 0) return;
  const rows = submissions.map((s) => s.row);
  await insertRows(db, 'submissions', rows, (chunk) => db.insertInto('submissions').values(chunk));
  const attachments = submissions.flatMap((s) => s.attachments);
  // One statement per attachment: they can be megabytes each, and a statement's parameters have limits.
  for (const a of attachments) await db.insertInto('submission_attachments').values(a).execute();
}

export interface StoredSubmission {
  headers: string;
  attachments: { filename: string | null; content_type: string; content_id: string | null; inline: number; content: Buffer }[];
}

/** Submissions' kept headers and attachments, for building their messages: two queries for any number. */
export async function findSubmissions(db: Db, ids: readonly string[]): Promise<Map<string, StoredSubmission>> {
  const found = new Map<string, StoredSubmission>();
  if (ids.length === 0) return found;
  const unique = [...new Set(ids)];
  const rows = await db.selectFrom('submissions').select(['id', 'headers']).where('id', 'in', unique).execute();
  for (const row of rows) found.set(row.id, { headers: row.headers, attachments: [] });
  const attachments = await db
    .selectFrom('submission_attachments')
    .select(['submission_id', 'filename', 'content_type', 'content_id', 'inline', 'content'])
    .where('submission_id', 'in', unique)
    .orderBy('submission_id')
    .orderBy('position')
    .execute();
  for (const { submission_id, ...attachment } of attachments) found.get(submission_id)?.attachments.push(attachment);
  return found;
}

/** Insert accepted emails with their bodies and their first event (`queued`, or `suppressed` for a recipient not mailed). */
export async function insertEmails(db: Db, rows: NewEmailRow[]): Promise<void> {
  if (rows.length === 0) return;
  const emails = rows.map((r) => r.email);
  await insertRows(db, 'emails', emails, (chunk) => db.insertInto('emails').values(chunk));
  const bodies = rows.map((r) => ({ email_id: r.email.id, html: r.html, text: r.text }));
  await insertRows(db, 'email_bodies', bodies, (chunk) => db.insertInto('email_bodies').values(chunk));
  const events = rows.map((r) => ({
    id: newId('evt', r.email.created_at),
    email_id: r.email.id,
    organization_id: r.email.organization_id,
    type: r.email.last_event,
    detail: r.eventDetail ? JSON.stringify(r.eventDetail) : null,
    created_at: r.email.created_at,
  }));
  await insertRows(db, 'email_events', events, (chunk) => db.insertInto('email_events').values(chunk));
  // Only tagged emails cost a statement more: an untagged send writes what it always did.
  const tags = rows.flatMap((r) =>
    (r.tags ?? []).map((t) => ({ email_id: r.email.id, organization_id: r.email.organization_id, name: t.name, value: t.value })),
  );
  if (tags.length > 0) await insertRows(db, 'email_tags', tags, (chunk) => db.insertInto('email_tags').values(chunk));
  await countEmailEvents(
    db,
    rows.map((r) => ({
      organizationId: r.email.organization_id,
      at: r.email.created_at,
      from: r.email.from_address,
      type: r.email.last_event,
      tags: r.tags,
    })),
  );
}

/** The tags of these emails, each email's in name order. */
export async function findEmailTags(db: Db, ids: readonly string[]): Promise<Map<string, EmailTag[]>> {
  const found = new Map<string, EmailTag[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('email_tags')
    .select(['email_id', 'name', 'value'])
    .where('email_id', 'in', [...ids])
    .orderBy('email_id')
    .orderBy('name')
    .execute();
  for (const r of rows) {
    const tags = found.get(r.email_id) ?? [];
    tags.push({ name: r.name, value: r.value });
    found.set(r.email_id, tags);
  }
  return found;
}

export async function findEmail(db: Db, organizationId: string, id: string) {
  return db
    .selectFrom('emails')
    .innerJoin('email_bodies', 'email_bodies.email_id', 'emails.id')
    .leftJoin('captured_messages', 'captured_messages.email_id', 'emails.id')
    .selectAll('emails')
    .select(['email_bodies.html', 'email_bodies.text', 'captured_messages.raw'])
    .where('emails.organization_id', '=', organizationId)
    .where('emails.id', '=', id)
    .executeTakeFirst();
}

/** The emails delivery jobs refer to, whatever their organization. */
export async function findEmailsForDelivery(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('emails')
    .innerJoin('email_bodies', 'email_bodies.email_id', 'emails.id')
    .selectAll('emails')
    .select(['email_bodies.html', 'email_bodies.text'])
    .where('emails.id', 'in', ids)
    .execute();
}

export type EmailForDelivery = Awaited<ReturnType<typeof findEmailsForDelivery>>[number];

/** What an email's webhook events say of it, whatever its organization. */
export async function findEmailsForWebhooks(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('emails')
    .select(['id', 'from_address', 'to_address', 'subject', 'campaign_id', 'created_at'])
    .where('id', 'in', [...ids])
    .execute();
}

/** What a tracking link needs of its email, whatever its organization. */
export async function findTrackedEmail(db: Db, id: string) {
  return db.selectFrom('emails').select(['id', 'organization_id', 'tracking_key', 'campaign_id']).where('id', '=', id).executeTakeFirst();
}

/** The stored HTML and text of these emails. */
export async function findEmailBodies(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('email_bodies').select(['email_id', 'html', 'text']).where('email_id', 'in', ids).execute();
}

export const LIST_COLUMNS = ['id', 'from_address', 'to_address', 'reply_to', 'subject', 'last_event', 'created_at', 'updated_at'] as const;

/** What a list of emails may be narrowed to; every field given must hold. */
export interface EmailListFilter {
  /** last_event is this. */
  status?: string | undefined;
  /** The recipient contains this text, without regard to case. */
  to?: string | undefined;
  /** Sent from this domain (lower-case): the From address ends in `@domain`. */
  domain?: string | undefined;
  /** Created at or after (ms). */
  since?: number | undefined;
  /** Created before (ms). */
  until?: number | undefined;
  /** The subject contains this text, without regard to case. */
  query?: string | undefined;
  /** Carries a tag of this name (and this value, when given). */
  tag?: TagFilter | undefined;
}

/** One page, newest first, by id cursor. Returns up to `limit + 1` rows so the caller can tell has_more. */
export async function listEmailRows(
  db: Db,
  organizationId: string,
  page: { limit: number; after?: string | undefined; before?: string | undefined },
  filter: EmailListFilter = {},
) {
  let query = db.selectFrom('emails').select(LIST_COLUMNS).where('organization_id', '=', organizationId);
  if (filter.status !== undefined) query = query.where('last_event', '=', filter.status);
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('created_at', '<', filter.until);
  if (filter.to !== undefined) query = query.where(sql<boolean>`lower(to_address) like ${`%${likeLiteral(filter.to.toLowerCase())}%`} escape '\\'`);
  if (filter.query !== undefined) query = query.where(sql<boolean>`lower(subject) like ${`%${likeLiteral(filter.query.toLowerCase())}%`} escape '\\'`);
  if (filter.domain !== undefined) {
    // Stored as `a@b.example` or `Name <a@b.example>`, the domain lower-cased (address.ts).
    const domain = likeLiteral(filter.domain);
    query = query.where((eb) =>
      eb.or([sql<boolean>`from_address like ${`%@${domain}`} escape '\\'`, sql<boolean>`from_address like ${`%@${domain}>`} escape '\\'`]),
    );
  }
  if (filter.tag !== undefined) {
    const { name, value } = filter.tag;
    query = query.where('id', 'in', (eb) => {
      const tagged = eb.selectFrom('email_tags').select('email_id').where('organization_id', '=', organizationId).where('name', '=', name);
      return value === undefined ? tagged : tagged.where('value', '=', value);
    });
  }
  return fetchIdPage(query, 'id', page);
}

/** The finished message kept of an email (capture transport), and who sent it. */
export async function findCapturedMessage(db: Db, organizationId: string, id: string) {
  return db
    .selectFrom('emails')
    .leftJoin('captured_messages', 'captured_messages.email_id', 'emails.id')
    .select(['emails.id', 'emails.source', 'captured_messages.raw'])
    .where('emails.organization_id', '=', organizationId)
    .where('emails.id', '=', id)
    .executeTakeFirst();
}

/** Has this email an event of this type already? */
export async function hasEmailEvent(db: Db, emailId: string, type: string): Promise<boolean> {
  const row = await db.selectFrom('email_events').select('id').where('email_id', '=', emailId).where('type', '=', type).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function listEmailEvents(db: Db, emailId: string) {
  return db.selectFrom('email_events').select(['id', 'type', 'detail', 'created_at']).where('email_id', '=', emailId).orderBy('id', 'asc').execute();
}

export interface NewEmailEvent {
  emailId: string;
  organizationId: string;
  type: string;
  detail: Record<string, unknown> | null;
  at: number;
  /** Where this event ranks for last_event, when not its type's rank (a reported delay: REPORTED_DELAY_RANK). */
  rank?: number;
}

/**
 * Append several events at once; the last one given for an email becomes its
 * last_event, unless the email is already further along (EVENT_RANK). The
 * webhooks subscribed to them get their deliveries in the same transaction.
 */
export async function recordEmailEvents(db: Db, events: NewEmailEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({
    id: newId('evt', e.at),
    email_id: e.emailId,
    organization_id: e.organizationId,
    type: e.type,
    detail: e.detail ? JSON.stringify(e.detail) : null,
    created_at: e.at,
  }));
  await insertRows(db, 'email_events', rows, (chunk) => db.insertInto('email_events').values(chunk));
  const senders = await findEmailSenders(db, [...new Set(events.map((e) => e.emailId))]);
  await countEmailEvents(
    db,
    events.flatMap((e) => {
      const sender = senders.get(e.emailId);
      return sender === undefined ? [] : [{ organizationId: e.organizationId, at: e.at, from: sender.from, type: e.type, tags: sender.tags }];
    }),
  );
  const last = new Map<string, NewEmailEvent>();
  for (const e of events) last.set(e.emailId, e);
  // One statement per chunk rather than one per email: the row of each email gets its own values.
  const latest = [...last.values()];
  for (let i = 0; i < latest.length; i += LAST_EVENT_CHUNK) {
    const chunk = latest.slice(i, i + LAST_EVENT_CHUNK);
    const typeOf = sql.join(
      chunk.map((e) => sql`when ${e.emailId} then ${e.type}`),
      sql` `,
    );
    const rankOf = sql.join(
      chunk.map((e) => sql`when ${e.emailId} then cast(${e.rank ?? rankOfType(e.type)} as integer)`),
      sql` `,
    );
    const atOf = sql.join(
      chunk.map((e) => sql`when ${e.emailId} then cast(${e.at} as bigint)`),
      sql` `,
    );
    await db
      .updateTable('emails')
      .set({
        last_event: sql<string>`case when ${CURRENT_RANK} <= case id ${rankOf} end then case id ${typeOf} end else last_event end`,
        updated_at: sql<number>`case id ${atOf} end`,
      })
      .where(
        'id',
        'in',
        chunk.map((e) => e.emailId),
      )
      .execute();
  }
  await publishEmailEvents(db, events);
}

/** Emails per last_event update: 7 parameters each, well under either database's limit. */
const LAST_EVENT_CHUNK = 500;

const rankOfType = (type: string) => EVENT_RANK[type as EmailEventType] ?? 0;

/** The rank of the email's stored last_event, in SQL. */
const CURRENT_RANK = sql`(case last_event ${sql.join(
  Object.entries(EVENT_RANK).map(([type, rank]) => sql`when ${sql.lit(type)} then ${sql.lit(rank)}`),
  sql` `,
)} else 0 end)`;

/** Keep finished messages (capture transport); a repeated delivery replaces the earlier copy. */
export async function storeCapturedMessages(db: Db, messages: { emailId: string; raw: string; at: number }[]): Promise<void> {
  if (messages.length === 0) return;
  const rows = messages.map((m) => ({ email_id: m.emailId, raw: m.raw, created_at: m.at }));
  await insertRows(db, 'captured_messages on conflict replace', rows, (chunk) =>
    db
      .insertInto('captured_messages')
      .values(chunk)
      .onConflict((oc) => oc.column('email_id').doUpdateSet((eb) => ({ raw: eb.ref('excluded.raw'), created_at: eb.ref('excluded.created_at') }))),
  );
}
