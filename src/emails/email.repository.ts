import type { Kysely, Transaction } from 'kysely';
import type { Database, EmailsTable } from '../db/schema.ts';
import { newId } from '../ids.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewEmailRow {
  email: EmailsTable;
  html: string;
  text: string;
}

/** Insert accepted emails with their bodies and their `queued` event. */
export async function insertEmails(db: Db, rows: NewEmailRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('emails').values(rows.map((r) => r.email)).execute();
  await db
    .insertInto('email_bodies')
    .values(rows.map((r) => ({ email_id: r.email.id, html: r.html, text: r.text })))
    .execute();
  await db
    .insertInto('email_events')
    .values(
      rows.map((r) => ({
        id: newId('evt', r.email.created_at),
        email_id: r.email.id,
        organization_id: r.email.organization_id,
        type: r.email.last_event,
        detail: null,
        created_at: r.email.created_at,
      })),
    )
    .execute();
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

/** The email a delivery job refers to, whatever its organization. */
export async function findEmailForDelivery(db: Db, id: string) {
  return db
    .selectFrom('emails')
    .innerJoin('email_bodies', 'email_bodies.email_id', 'emails.id')
    .selectAll('emails')
    .select(['email_bodies.html', 'email_bodies.text'])
    .where('emails.id', '=', id)
    .executeTakeFirst();
}

export const LIST_COLUMNS = [
  'id',
  'from_address',
  'to_address',
  'reply_to',
  'subject',
  'last_event',
  'created_at',
  'updated_at',
] as const;

/** One page, newest first, by id cursor. Returns up to `limit + 1` rows so the caller can tell has_more. */
export async function listEmailRows(
  db: Db,
  organizationId: string,
  page: { limit: number; after?: string | undefined; before?: string | undefined },
) {
  let query = db.selectFrom('emails').select(LIST_COLUMNS).where('organization_id', '=', organizationId);
  if (page.before !== undefined) {
    const rows = await query
      .where('id', '>', page.before)
      .orderBy('id', 'asc')
      .limit(page.limit + 1)
      .execute();
    return rows.reverse();
  }
  if (page.after !== undefined) query = query.where('id', '<', page.after);
  return query
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

export async function listEmailEvents(db: Db, emailId: string) {
  return db
    .selectFrom('email_events')
    .select(['id', 'type', 'detail', 'created_at'])
    .where('email_id', '=', emailId)
    .orderBy('id', 'asc')
    .execute();
}

/** Append an event to an email and make it the email's last_event. */
export async function recordEmailEvent(
  db: Db,
  input: { emailId: string; organizationId: string; type: string; detail?: Record<string, unknown> | null; at: number },
): Promise<void> {
  await db
    .insertInto('email_events')
    .values({
      id: newId('evt', input.at),
      email_id: input.emailId,
      organization_id: input.organizationId,
      type: input.type,
      detail: input.detail ? JSON.stringify(input.detail) : null,
      created_at: input.at,
    })
    .execute();
  await db
    .updateTable('emails')
    .set({ last_event: input.type, updated_at: input.at })
    .where('id', '=', input.emailId)
    .execute();
}

export async function storeCapturedMessage(db: Db, input: { emailId: string; raw: string; at: number }): Promise<void> {
  await db
    .insertInto('captured_messages')
    .values({ email_id: input.emailId, raw: input.raw, created_at: input.at })
    .onConflict((oc) => oc.column('email_id').doUpdateSet({ raw: input.raw, created_at: input.at }))
    .execute();
}
